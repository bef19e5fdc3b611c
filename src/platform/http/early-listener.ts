// The API's listening socket, bound before anything else of `canopy serve` starts. Binding first
// is the only check of PORT that cannot race: a free port probed and released could be taken by
// another process during the seconds the database takes to open, and the failure would then come
// after DATA_DIR was created and migrated. Bound, the address is ours; while the service starts,
// every request on it gets 503 with Retry-After (so /readyz reads "not ready", never "refused"),
// and once the app is built the same socket is handed to it: no connection is refused in between.
import http from "node:http";
import type net from "node:net";
import { ConfigError, type Config } from "../config";
import { clientErrorHandler } from "./server-errors";

export interface EarlyListener {
  /** The port bound (PORT=0 picks one). */
  port: number;
  /** What `app.listen` takes to listen on this socket instead of binding another. */
  handOff(): { _handle: unknown; host: string };
  /** Releases the address (start-up failed). */
  close(): Promise<void>;
}

const STARTING = "canopy is starting; try again in a moment.";

function describeBindFailure(err: NodeJS.ErrnoException, host: string, port: number): string {
  const address = `${host}:${port}`;
  if (err.code === "EADDRINUSE") return `${address} is already in use by another process; stop it, or set PORT (or HOST) to a free address`;
  if (err.code === "EACCES") return `${address} cannot be bound by this user (ports below 1024 need privileges); set PORT to 1024 or above`;
  if (err.code === "EADDRNOTAVAIL" || err.code === "ENOTFOUND") return `${address}: HOST is not an address of this machine`;
  return `${address} cannot be bound: ${err.message}`;
}

/** Binds HOST:PORT or throws a ConfigError naming PORT (and HOST) and the address. */
export function bindEarly(config: Pick<Config, "host" | "port" | "http">): Promise<EarlyListener> {
  const server = http.createServer(
    // The same limits as the service's own server: start-up must not be a window for slow clients.
    { headersTimeout: config.http.headersTimeoutMs, requestTimeout: config.http.requestTimeoutMs, connectionsCheckingInterval: 1000 },
    (_request, response) => {
      response.writeHead(503, {
        "content-type": "application/json; charset=utf-8",
        "x-content-type-options": "nosniff",
        "retry-after": "1",
        connection: "close",
      });
      response.end(JSON.stringify({ detail: STARTING }));
    },
  );
  // A request Node cannot parse, or too slow, gets the service's `{detail}` answer, as it will later.
  server.on("clientError", clientErrorHandler);
  server.maxConnections = config.http.maxConnections;
  return new Promise((resolve, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) => {
      const variable = err.code === "EADDRNOTAVAIL" || err.code === "ENOTFOUND" ? "HOST" : "PORT";
      reject(new ConfigError(variable, describeBindFailure(err, config.host, config.port)));
    });
    server.listen({ port: config.port, host: config.host }, () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        port,
        // net.Server#listen(handle) takes "anything with an underlying _handle member" (Node's
        // documentation): the app's server then accepts on this very socket. This server keeps
        // only the connections it already accepted, which it answers 503 and closes.
        handOff: () => ({ _handle: (server as unknown as { _handle: unknown })._handle, host: config.host }),
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
