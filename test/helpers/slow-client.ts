// Clients that hold a connection the way a slow or hostile one does, and an ordinary one that may
// come from another loopback address (Linux routes all of 127.0.0.0/8 to the loopback device, so a
// socket bound to 127.0.0.2 is another client address to the server). Loopback only.
import http from "node:http";
import net from "node:net";

export interface SlowClientOptions {
  /** The local address to connect from; default 127.0.0.1. */
  from?: string;
  /** Written as soon as the socket opens (may be empty: a client that says nothing). */
  first: string;
  /** Written again every `everyMs` while the server keeps the connection open (none: silent). */
  trickle?: string;
  everyMs?: number;
  /** Bound on the trickle writes, so a connection the server never closes cannot loop forever. */
  maxWrites?: number;
  /**
   * Closes its side when the server closes its own, as an ordinary client does. By default it
   * keeps its side open (allowHalfOpen), as a client does that keeps writing, so that only a
   * server that really closes the connection (destroys it) ends it.
   */
  closesWhenTold?: boolean;
}

export interface SlowClient {
  socket: net.Socket;
  /** Resolves when the connection is established, or closed first (refused). */
  settled: Promise<void>;
  /** Resolves when the connection is closed, with what the server sent. */
  closed: Promise<{ received: string }>;
  isClosed(): boolean;
}

/** A client that sends `first` and then, if asked, a little more now and then; it never finishes. */
export function slowClient(port: number, options: SlowClientOptions): SlowClient {
  const socket = net.connect({
    port,
    host: "127.0.0.1",
    localAddress: options.from ?? "127.0.0.1",
    allowHalfOpen: !options.closesWhenTold,
  });
  let received = "";
  let writes = 0;
  let isClosed = false;
  let timer: NodeJS.Timeout | undefined;
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  // A write to a connection the server has closed fails with a reset; the close follows.
  socket.on("error", () => undefined);
  const settled = new Promise<void>((resolve) => {
    socket.once("connect", () => resolve());
    socket.once("close", () => resolve());
  });
  const closed = new Promise<{ received: string }>((resolve) =>
    socket.once("close", () => {
      isClosed = true;
      clearInterval(timer);
      resolve({ received });
    }),
  );
  socket.once("connect", () => {
    if (options.first) socket.write(options.first);
    const trickle = options.trickle;
    if (!trickle) return;
    timer = setInterval(() => {
      writes += 1;
      if (writes > (options.maxWrites ?? 600)) clearInterval(timer);
      else if (socket.writable) socket.write(trickle);
    }, options.everyMs ?? 100);
  });
  return { socket, settled, closed, isClosed: () => isClosed };
}

/** A GET on a connection of its own from `from`; answers the status, or throws when refused. */
export function getFrom(port: number, path: string, from: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, localAddress: from, agent: false, headers }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Waits until `check` holds, polling every few milliseconds, or fails after `deadlineMs`. */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, deadlineMs = 20_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not so within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** How many connections the server holds open now. */
export function openConnections(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => server.getConnections((err, count) => (err ? reject(err) : resolve(count))));
}
