// The operator socket's wire format and location. While a process holds the embedded database
// (PGlite serves exactly one process), it listens on a Unix socket in DATA_DIR; other canopy
// processes send it one request per connection, as one line of JSON, and read one line back.
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";

/**
 * `{probe: true}` asks who holds the socket: a server answers `{owner: "serve", pid}`, a command
 * holding the database for a moment answers busy. `{argv}` runs an operator command.
 */
export type OperatorRequest = { probe: true } | { argv: string[] };

export type OperatorResponse =
  | { ok: true; result: Record<string, unknown> }
  /** `busy`: the holder cannot serve now (starting, stopping, or a short-lived command); ask again. */
  | { ok: false; exitCode: number; message: string; busy?: boolean };

const SOCKET_NAME = "canopy.sock";
/** A request or answer larger than this is refused: commands are a few hundred bytes. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;
// sockaddr_un holds 108 bytes on Linux (104 on macOS), the terminating NUL included; the socket
// is first bound under its name plus a 9-character suffix (see socket-server.ts).
const MAX_SOCKET_PATH_BYTES = 90;

/**
 * `<DATA_DIR>/canopy.sock`; when DATA_DIR is too deep for a socket address, a name in the
 * temporary directory derived from DATA_DIR, so every process still finds the same socket.
 */
export function operatorSocketPath(dataDir: string): string {
  const inDataDir = path.join(dataDir, SOCKET_NAME);
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH_BYTES) return inDataDir;
  const digest = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 24);
  return path.join(os.tmpdir(), `canopy-${digest}.sock`);
}

/** One line of JSON holding an object; null for anything else (the caller answers it as malformed). */
function parseObjectLine(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function parseRequest(line: string): OperatorRequest | null {
  const record = parseObjectLine(line);
  if (!record) return null;
  if (record.probe === true) return { probe: true };
  const argv = record.argv;
  if (Array.isArray(argv) && argv.every((a): a is string => typeof a === "string")) return { argv };
  return null;
}

export function parseResponse(line: string): OperatorResponse | null {
  const record = parseObjectLine(line);
  if (!record) return null;
  if (record.ok === true && typeof record.result === "object" && record.result !== null) {
    return { ok: true, result: record.result as Record<string, unknown> };
  }
  if (record.ok === false && typeof record.exitCode === "number" && typeof record.message === "string") {
    return { ok: false, exitCode: record.exitCode, message: record.message, ...(record.busy === true ? { busy: true } : {}) };
  }
  return null;
}

export function busy(message: string): OperatorResponse {
  return { ok: false, exitCode: 1, message, busy: true };
}
