// Slow and numerous clients: a client that does not finish its headers, or its body, in time gets
// 408 and its connection closed; connections past the cap are closed as they arrive while the
// ones within it are served. Limits are set small here through the same variables an operator uses.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { createHarness, type Harness } from "../helpers/harness";
import { listenLocally } from "../helpers/raw-http";

let h: Harness;
let port: number;
let key: string;

beforeAll(async () => {
  h = await createHarness({
    workers: false,
    env: { HTTP_HEADERS_TIMEOUT_MS: "1000", HTTP_REQUEST_TIMEOUT_MS: "2000", HTTP_MAX_CONNECTIONS: "3" },
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
    expect(JSON.parse(bodyOf(received))).toEqual({ detail: expect.any(String) });
  });

  it("answers 408 to a body that never arrives in full, and closes", async () => {
    const { ended } = connectAndWrite(
      `POST /api/v1/keys/ HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    const { received } = await ended;
    expect(statusOf(received)).toBe(408);
  });

  it("serves a client that sends in time, on a connection it keeps", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});

describe("the connection cap", () => {
  it("closes connections past the cap at once, and serves the ones within it", async () => {
    // Three idle connections fill the cap of three (each sent half a request line, so the server
    // holds them open until the headers timeout).
    const held = [0, 1, 2].map(() => connectAndWrite("GET /healthz HTTP/1.1\r\n"));
    await Promise.all(held.map((c) => c.connected));
    // Accepted connections are counted once the server has seen them: wait until it has.
    await new Promise<void>((resolve, reject) => {
      const check = () =>
        h.canopy.app.server.getConnections((err, count) => {
          if (err) return reject(err);
          if (count >= 3) return resolve();
          setImmediate(check);
        });
      check();
    });
    const refused = connectAndWrite("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect((await refused.ended).received).toBe("");
    // A connection within the cap still gets its answer.
    held[0]!.socket.write("Host: localhost\r\nConnection: close\r\n\r\n");
    const { received } = await held[0]!.ended;
    expect(statusOf(received)).toBe(200);
    for (const c of held) c.socket.destroy();
  });
});

describe("configuration", () => {
  it("has defaults, and refuses a headers timeout longer than the request timeout", () => {
    expect(loadConfig({}).http).toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, maxConnections: 1024 });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: "40000" })).toThrow(/HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS/);
  });
});
