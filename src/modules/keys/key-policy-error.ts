import { Forbidden } from "../../platform/errors";

/**
 * A key that the user may not have (plan, beta access, account state, Admin without staff). The
 * key routes answer it as a field error of `type`; the operator command line reads it as any
 * other refusal (a ServiceError), so it needs nothing of this module to report it.
 */
export class KeyPolicyError extends Forbidden {}
