// Listens on the operator socket. Putting the socket in place succeeds for one process at a time,
// so holding the socket doubles as the lock on the embedded database: a file left behind by a
// process that died is recognised (nobody answers) and removed; a live holder is reported.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import { busy, MAX_MESSAGE_BYTES, parseRequest, type OperatorRequest, type OperatorResponse } from "./protocol";
import { askOperatorSocket, SocketUnanswered } from "./socket-client";
import { setTimeout as sleep } from "node:timers/promises";

export type RequestHandler = (request: OperatorRequest) => Promise<OperatorResponse>;

export interface OperatorSocket {
  readonly path: string;
  /** Stops listening and removes the socket file; waits for open connections to be answered. */
  close(): Promise<void>;
}

/** Somebody alive holds the socket; `answer` is what they said to a probe. */
export class SocketHeld extends Error {
  constructor(
    readonly socketPath: string,
    readonly answer: OperatorResponse,
  ) {
    super(answer.ok ? `${socketPath} is held by a running canopy server` : answer.message);
  }
}

const PROBE_TIMEOUT_MS = 10_000;
// A connection must deliver its request promptly; the command itself may take longer.
const REQUEST_TIMEOUT_MS = 10_000;
const BUSY_RETRY_MS = 200;
const MAX_STALE_REMOVALS = 5;

function serveConnection(socket: net.Socket, handler: RequestHandler): void {
  let received = "";
  let handled = false;
  const answer = (response: OperatorResponse) => socket.end(`${JSON.stringify(response)}\n`);
  socket.setEncoding("utf8");
  socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
  socket.on("error", () => socket.destroy());
  socket.on("data", (chunk: string) => {
    if (handled) return;
    received += chunk;
    const end = received.indexOf("\n");
    if (end < 0) {
      if (received.length > MAX_MESSAGE_BYTES) {
        handled = true;
        answer({ ok: false, exitCode: 2, message: "operator request too large" });
      }
      return;
    }
    handled = true;
    socket.setTimeout(0);
    const request = parseRequest(received.slice(0, end));
    if (!request) {
      answer({ ok: false, exitCode: 2, message: "malformed operator request" });
      return;
    }
    handler(request).then(answer, (err: unknown) =>
      answer({ ok: false, exitCode: 1, message: `operator command failed: ${err instanceof Error ? err.message : String(err)}` }),
    );
  });
}

function closeServer(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * Listens under a private name, then links the socket into place. link() fails when the name
 * exists, so exactly one process gets it; and the socket accepts connections from the moment
 * anyone can see it, so a refused connection really means that its holder is gone.
 * Null when the name is taken.
 */
async function listen(socketPath: string, handler: RequestHandler): Promise<OperatorSocket | null> {
  const privatePath = `${socketPath}.${randomBytes(4).toString("hex")}`;
  const server = net.createServer((socket) => serveConnection(socket, handler));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Only the owner may talk to the socket: the umask covers the moment between bind and chmod.
    const previousUmask = process.umask(0o177);
    try {
      server.listen(privatePath, () => {
        server.off("error", reject);
        resolve();
      });
    } finally {
      process.umask(previousUmask);
    }
  });
  try {
    fs.chmodSync(privatePath, 0o600);
    fs.linkSync(privatePath, socketPath);
  } catch (err) {
    await closeServer(server);
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return null;
    throw err;
  }
  fs.unlinkSync(privatePath);
  const inode = fs.lstatSync(socketPath).ino;
  let closing: Promise<void> | null = null;
  return {
    path: socketPath,
    close: () =>
      (closing ??= closeServer(server).then(() => {
        try {
          if (fs.lstatSync(socketPath).ino === inode) fs.unlinkSync(socketPath);
        } catch {
          // Already gone.
        }
      })),
  };
}

function inodeOf(socketPath: string): number | null {
  try {
    const stat = fs.lstatSync(socketPath);
    if (!stat.isSocket()) throw new Error(`${socketPath} exists and is not a socket; remove it`);
    return stat.ino;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/**
 * Takes the operator socket, in a directory that exists (DATA_DIR, prepared by the caller). A live holder that answers busy is waited for up to
 * `waitWhileBusyMs`; any other live holder, or a busy one past the wait, throws SocketHeld.
 */
export async function claimOperatorSocket(
  socketPath: string,
  handler: RequestHandler,
  options: { waitWhileBusyMs?: number } = {},
): Promise<OperatorSocket> {
  const deadline = Date.now() + (options.waitWhileBusyMs ?? 0);
  let staleRemovals = 0;
  for (;;) {
    const socket = await listen(socketPath, handler);
    if (socket) return socket;
    const inode = inodeOf(socketPath);
    if (inode === null) continue;
    const answer = await askOperatorSocket(socketPath, { probe: true }, PROBE_TIMEOUT_MS).catch((err: unknown) => {
      // Alive but not answering: deep in synchronous work, or hung. Waited for like a busy holder.
      if (err instanceof SocketUnanswered) return { status: "silent" as const, message: err.message };
      throw err;
    });
    if (answer.status === "absent") {
      if (++staleRemovals > MAX_STALE_REMOVALS) throw new Error(`cannot take ${socketPath}: it keeps reappearing`);
      // Left by a process that died. Removed only if it is still the file that refused: another
      // process may have cleared it and put its own in place meanwhile.
      if (inodeOf(socketPath) === inode) fs.rmSync(socketPath, { force: true });
      continue;
    }
    const response =
      answer.status === "answered"
        ? answer.response
        : busy(answer.status === "silent" ? answer.message : "another canopy process is letting go of the socket");
    if (!response.ok && response.busy && Date.now() < deadline) {
      await sleep(BUSY_RETRY_MS);
      continue;
    }
    throw new SocketHeld(socketPath, response);
  }
}

/** The handler of a short-lived command holding the embedded database: everyone waits. */
export const holdingHandler: RequestHandler = async () => busy("another canopy command is using the embedded database");
