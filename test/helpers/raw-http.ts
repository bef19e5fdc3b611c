// Requests written byte for byte to a listening app, for what app.inject cannot reach: Node's
// HTTP parser (oversized headers, malformed request lines) and the router's own failures.
import net from "node:net";
import type { FastifyInstance } from "fastify";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Starts `app` on a free local port (once) and answers its port. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("the app listens on no TCP port");
  return address.port;
}

function parseResponse(raw: string): RawResponse {
  const end = raw.indexOf("\r\n\r\n");
  if (end === -1) throw new Error(`no complete response in ${JSON.stringify(raw.slice(0, 200))}`);
  const [statusLine, ...lines] = raw.slice(0, end).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers["content-length"] ?? NaN);
  const rest = raw.slice(end + 4);
  return { status: Number(statusLine!.split(" ")[1]), headers, body: Number.isNaN(length) ? rest : rest.slice(0, length) };
}

/**
 * Sends `request` as is and reads the first response: until the server closes the connection, or
 * until a response with a Content-Length is complete (the connection then stays open).
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 5000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let raw = "";
    let finished = false;
    const timer = setTimeout(() => {
      finished = true;
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms; received ${JSON.stringify(raw.slice(0, 200))}`));
    }, timeoutMs);
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      try {
        resolve(parseResponse(raw));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    socket.on("data", (chunk) => {
      raw += chunk.toString("latin1");
      const end = raw.indexOf("\r\n\r\n");
      const length = end === -1 ? null : /\r\ncontent-length:\s*(\d+)/i.exec(raw.slice(0, end))?.[1];
      if (end !== -1 && length != null && Buffer.byteLength(raw.slice(end + 4), "latin1") >= Number(length)) finish();
    });
    // A server that answers and closes may reset the connection while the request is still being sent.
    socket.on("error", () => undefined);
    socket.on("close", finish);
    socket.write(request);
  });
}
