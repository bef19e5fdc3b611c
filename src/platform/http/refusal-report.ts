// What the connection caps refused, told to the operator. A cap that refuses in silence looks like
// a dead service: behind a reverse proxy every client shares the proxy's address, and a per-address
// cap set too low shuts them all out. A flood must not flood the log either, so a refusal is
// logged at once, and then at most once a minute, with how many were refused in between.
/** The part of a logger a report needs (pino's `warn`). */
export interface RefusalLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** Which cap refused: the server's own (HTTP_MAX_CONNECTIONS) or one client address's. */
export type RefusingCap = "total" | "per-address";

/** Reports a refused connection; `address` is the client's key (connection-guard.ts). */
export type RefusalReport = (cap: RefusingCap, address: string) => void;

const SETTING: Record<RefusingCap, string> = { total: "HTTP_MAX_CONNECTIONS", "per-address": "HTTP_MAX_CONNECTIONS_PER_ADDRESS" };

/**
 * A report that logs a refusal, then at most one a `quietMs` with the count of those it held back;
 * each cap on its own, so one address's flood never hides the server's own cap filling up.
 */
export function refusalReport(
  log: RefusalLog,
  limits: Record<RefusingCap, number>,
  now: () => number = () => performance.now(),
  quietMs = 60_000,
): RefusalReport {
  const state: Record<RefusingCap, { lastLogged: number; heldBack: number }> = {
    total: { lastLogged: Number.NEGATIVE_INFINITY, heldBack: 0 },
    "per-address": { lastLogged: Number.NEGATIVE_INFINITY, heldBack: 0 },
  };
  return (cap, address) => {
    const at = now();
    const own = state[cap];
    if (at - own.lastLogged < quietMs) {
      own.heldBack += 1;
      return;
    }
    const limit = limits[cap];
    log.warn(
      { cap, address, limit, refused_since_last_report: own.heldBack },
      `refused a connection from ${address}: ${limit} connections already open (${SETTING[cap]}); behind a reverse proxy every client shares its address`,
    );
    own.lastLogged = at;
    own.heldBack = 0;
  };
}
