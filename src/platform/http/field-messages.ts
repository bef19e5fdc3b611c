// The wire's words for the request rules' field errors, apart from the rules themselves: the error
// mapping (errors.ts) needs the words, and the command line loads that mapping without any of the
// validation machinery.

export const NULL_MESSAGE = "This field may not be null.";
export const BLANK_MESSAGE = "This field may not be blank.";
export const UNKNOWN_FIELD_MESSAGE = "Unknown field.";

/** Keywords whose error message is already the wire's wording. */
export const WORDED_KEYWORDS: ReadonlySet<string> = new Set(["notNull", "notBlank", "freeForm"]);
