// Slow clients: a client that does not finish its headers, or its body, in time gets 408 and its
// connection closed, whether or not it closes its own side. Timeouts are set small here through
// the same variables an operator uses. The connection caps are tested in connection-caps.test.ts.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/platform/config";
import { createHarness, type Harness } from "../../helpers/harness";
import { match } from "../../helpers/matchers";
import { listenLocally } from "../../helpers/raw-http";
import { openConnections, slowClient, waitUntil } from "../../helpers/slow-client";
import { parseJson } from "../../helpers/json";

let h: Harness;
let port: number;
let key: string;

beforeAll(async () => {
  h = await createHarness({
    workers: false,
    env: { HTTP_HEADERS_TIMEOUT_MS: "1000", HTTP_REQUEST_TIMEOUT_MS: "2000" },
  });
  port = await listenLocally(h.canopy.app);
  ({ key } = await h.userWithKey(["user:read", "keys:write"]));
});

afterAll(async () => h.close());

interface Ended {
  received: string;
}

/** Connects, writes `parts` (the later ones only while the connection is open), and resolves when the server closes it. */
function connectAndWrite(first: string): { socket: net.Socket; ended: Promise<Ended>; connected: Promise<void> } {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const ended = new Promise<Ended>((resolve) => {
    socket.on("error", () => undefined);
    socket.once("close", () => resolve({ received }));
  });
  socket.write(first);
  return { socket, ended, connected };
}

const statusOf = (received: string) => Number(received.split(" ")[1]);
const bodyOf = (received: string) => received.slice(received.indexOf("\r\n\r\n") + 4);

describe("timeouts for slow clients", () => {
  it("answers 408 in the wire's shape to headers that never end, and closes", async () => {
    const { ended } = connectAndWrite("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    const { received } = await ended;
    expect(statusOf(received)).toBe(408);
    expect(parseJson(bodyOf(received))).toEqual({ detail: match.any(String) });
  });

  it("answers 408 to a body that never arrives in full, and closes", async () => {
    const { ended } = connectAndWrite(
      `POST /api/v1/keys/ HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    const { received } = await ended;
    expect(statusOf(received)).toBe(408);
  });

  it("closes slow clients that keep their side open, whichever part of the request they are slow in", async () => {
    const post = `POST /api/v1/keys/ HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`;
    const writers = [
      // Headers a line at a time, never the blank line that ends them.
      slowClient(port, { first: "GET /healthz HTTP/1.1\r\nHost: localhost\r\n", trickle: "X-Slow: 1\r\n" }),
      // The whole head, then a body a byte at a time.
      slowClient(port, { first: post, trickle: " " }),
      // One request answered on a kept-alive connection, then the next one's headers trickling.
      slowClient(port, {
        first: "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\nGET /healthz HTTP/1.1\r\nHost: localhost\r\n",
        trickle: "X-Slow: 1\r\n",
      }),
    ];
    // Connected, and not a byte sent.
    const silent = slowClient(port, { first: "" });
    // Each writer sees its connection closed (its next write is refused) well past the timeouts.
    for (const { closed } of writers) {
      const { received } = await closed;
      // The last answer, when it reached the client ahead of the close, is the 408.
      const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
      expect([undefined, 408]).toContain(statuses.at(-1));
    }
    // The server holds none of them, the silent one included, though no client closed its side.
    await waitUntil("the server closed every slow connection", async () => (await openConnections(h.canopy.app.server)) === 0);
    silent.socket.destroy();
  });

  it("serves a client that sends in time, on a connection it keeps", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});

describe("configuration", () => {
  it("has defaults, and refuses a headers timeout longer than the request timeout", () => {
    expect(loadConfig({}).http).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      maxConnections: 1024,
      maxConnectionsPerAddress: 256,
    });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: "40000" })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS/,
    );
  });
});
