// Kept apart from the service so that code reporting the error (the operator command line)
// does not load the database layer with it.
/** A key that the user may not have (plan, beta access, account state, Admin without staff). */
export class KeyPolicyError extends Error {}
