// The errors a service throws to refuse what it was asked, named by what went wrong rather than
// by a transport's status: the HTTP edge maps each code to a status and the `{detail}` shape
// (http/errors.ts), the operator command line to an exit code (operator/failures.ts). Services,
// providers and the platform below HTTP throw these, and never know an HTTP status.

export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "payment_required"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "unavailable";

/** A refusal with a reason a person can read (`detail`). */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export class BadRequest extends ServiceError {
  constructor(detail: string) {
    super("bad_request", detail);
  }
}

export class Unauthorized extends ServiceError {
  constructor(detail: string) {
    super("unauthorized", detail);
  }
}

export class PaymentRequired extends ServiceError {
  constructor(detail = "Insufficient credits.") {
    super("payment_required", detail);
  }
}

export class Forbidden extends ServiceError {
  constructor(detail: string) {
    super("forbidden", detail);
  }
}

export class NotFound extends ServiceError {
  constructor(detail = "Not found.") {
    super("not_found", detail);
  }
}

export class Conflict extends ServiceError {
  constructor(detail: string) {
    super("conflict", detail);
  }
}

export class PayloadTooLarge extends ServiceError {
  constructor(detail: string) {
    super("payload_too_large", detail);
  }
}

export class Unavailable extends ServiceError {
  constructor(detail: string) {
    super("unavailable", detail);
  }
}

/** Input refused field by field: `{field: [messages]}`. */
export class ValidationFailed extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super("Validation failed");
  }
}

/** A refusal whose answer is a report of its own (the research bulk's failures), not `{detail}`. */
export class FailureReport extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly body: { message?: string; [field: string]: unknown },
  ) {
    super(body.message ?? "error");
  }
}
