// How an operator command's failure reaches the operator: an exit code and one message, the same
// whether the command ran in this process or in the running server.
import { ServiceError, ValidationFailed } from "../platform/errors";

/** Bad arguments: exit code 2. */
export class UsageError extends Error {}

/** A refusal or failure with its exit code, as the server's socket reported it. */
export class OperatorFailure extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** Field errors as one line, each field named as `names` says (a flag) or by itself. */
export function describeFieldErrors(fields: Record<string, string[]>, names: Record<string, string> = {}): string {
  return Object.entries(fields)
    .map(([field, messages]) => `${names[field] ?? field}: ${messages.join(" ")}`)
    .join("; ");
}

/** The exit code and message of an expected failure; null for anything else (a bug, an outage). */
export function describeFailure(err: unknown): { exitCode: number; message: string } | null {
  if (err instanceof UsageError) return { exitCode: EXIT_USAGE, message: err.message };
  if (err instanceof OperatorFailure) return { exitCode: err.exitCode, message: err.message };
  // Refused values; execute.ts reports them by flag, this covers any it has no flag for.
  if (err instanceof ValidationFailed) return { exitCode: EXIT_USAGE, message: describeFieldErrors(err.fields) };
  if (err instanceof ServiceError) return { exitCode: EXIT_FAILURE, message: err.message };
  return null;
}
