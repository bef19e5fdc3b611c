// Whether an error says the database connection was lost or could not be made (a restart, a
// failover, a network fault) rather than that the database refused a statement. Work that
// failed so may well succeed a moment later: jobs retry it instead of failing it for good.
// The error may be wrapped: drizzle's DrizzleQueryError carries the driver's error as `cause`.

/** SQLSTATE class 08 (connection exception); 57P01-57P03: admin shutdown, crash shutdown, cannot connect now. */
const LOST_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123])$/;

/** The socket's own failures, as Node reports them. */
const LOST_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);

/** node-postgres and pg-pool say these without a code. */
const LOST_MESSAGES = [
  /^Connection terminated/,
  /has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
];

const MAX_CAUSES = 5;

export function isConnectionLoss(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth <= MAX_CAUSES && typeof current === "object" && current !== null; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (LOST_SQLSTATE.test(code) || LOST_SOCKET_CODES.has(code))) return true;
    if (typeof message === "string" && LOST_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}
