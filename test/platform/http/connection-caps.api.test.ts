// The connection caps: connections past HTTP_MAX_CONNECTIONS_PER_ADDRESS from one address, or past
// HTTP_MAX_CONNECTIONS in all, are closed as they arrive, and one address flooding the server with
// slow connections leaves it answering everyone else. The caps are set small here through the same
// variables an operator uses, and the timeouts long, so that held connections stay held while a
// test looks. Other client addresses are other loopback addresses (127.0.0.2, ...).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../helpers/harness";
import { listenLocally } from "../../helpers/raw-http";
import { getFrom, openConnections, slowClient, waitUntil, type SlowClient } from "../../helpers/slow-client";

const MAX = 64;
const PER_ADDRESS = 16;
const HALF_REQUEST = "GET /healthz HTTP/1.1\r\n";

let h: Harness;
let port: number;
let key: string;
let clients: SlowClient[] = [];
/** The service's log lines, to see what the caps told the operator. */
const logLines: string[] = [];

beforeAll(async () => {
  h = await createHarness({
    workers: false,
    logStream: { write: (line) => void logLines.push(line) },
    env: {
      HTTP_HEADERS_TIMEOUT_MS: "120000",
      HTTP_REQUEST_TIMEOUT_MS: "120000",
      HTTP_MAX_CONNECTIONS: String(MAX),
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
      LOG_LEVEL: "warn",
    },
  });
  port = await listenLocally(h.canopy.app);
  ({ key } = await h.userWithKey(["user:read", "keys:write"]));
});

afterEach(async () => {
  for (const client of clients) client.socket.destroy();
  clients = [];
  await waitUntil("the server let go of the test's connections", async () => (await openConnections(h.canopy.app.server)) === 0);
});

afterAll(async () => h.close());

/**
 * Opens `count` connections from `from` that each sent `first` (half a request), once all are
 * settled. They are ordinary clients, which close when the server closes.
 */
async function hold(count: number, from: string, first = HALF_REQUEST): Promise<SlowClient[]> {
  const opened = Array.from({ length: count }, () => slowClient(port, { from, first, closesWhenTold: true }));
  clients.push(...opened);
  await Promise.all(opened.map((client) => client.settled));
  return opened;
}

/** Whether the server closed the connection (within a deadline) without a byte of answer. */
async function refused(client: SlowClient): Promise<boolean> {
  await waitUntil("the server closed the connection", () => client.isClosed());
  return (await client.closed).received === "";
}

/** Finishes a held connection's request and answers its status. */
async function finish(client: SlowClient): Promise<number> {
  client.socket.write("Host: localhost\r\nConnection: close\r\n\r\n");
  const { received } = await client.closed;
  return Number(received.split(" ")[1]);
}

describe("the per-address cap", () => {
  it("closes connections from one address past its cap at once, while another address is served", async () => {
    const held = await hold(PER_ADDRESS, "127.0.0.1");
    await waitUntil("the server holds the first connections", async () => (await openConnections(h.canopy.app.server)) === PER_ADDRESS);
    const [extra] = await hold(1, "127.0.0.1", "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(await refused(extra!)).toBe(true);
    // The operator is told which cap refused whom, so a cap set too low is found, not guessed.
    const warnings = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.cap === "per-address");
    expect(warnings[0]).toMatchObject({ address: "127.0.0.1", limit: PER_ADDRESS });
    expect(await getFrom(port, "/healthz", "127.0.0.2")).toBe(200);
    // A connection within the cap still gets its answer, and frees a place for its address.
    expect(await finish(held[0]!)).toBe(200);
    await waitUntil(
      "the server let go of the finished connection",
      async () => (await openConnections(h.canopy.app.server)) === PER_ADDRESS - 1,
    );
    expect(await getFrom(port, "/healthz", "127.0.0.1")).toBe(200);
  });
});

describe("the global cap", () => {
  it("closes connections past it at once, and serves the ones within it", async () => {
    // Four addresses at their own cap fill the global one.
    const addresses = ["127.0.0.1", "127.0.0.3", "127.0.0.4", "127.0.0.5"];
    const held = (await Promise.all(addresses.map((from) => hold(PER_ADDRESS, from)))).flat();
    expect(held.length).toBe(MAX);
    await waitUntil("the server holds every connection it may", async () => (await openConnections(h.canopy.app.server)) === MAX);
    const [extra] = await hold(1, "127.0.0.6", "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(await refused(extra!)).toBe(true);
    const warnings = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.cap === "total");
    expect(warnings[0]).toMatchObject({ address: "127.0.0.6", limit: MAX });
    expect(await finish(held[0]!)).toBe(200);
  });
});

describe("one address with many slow connections", () => {
  it("leaves every request from another address answered", { timeout: 120_000 }, async () => {
    // A hundred connections from one address, more than the global cap: in turn one that trickles
    // its headers and one that trickles its body, a piece every 200 ms.
    const post = `POST /api/v1/keys/ HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`;
    const slow = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0
        ? slowClient(port, { from: "127.0.0.1", first: HALF_REQUEST, trickle: "X-Slow: 1\r\n", everyMs: 200 })
        : slowClient(port, { from: "127.0.0.1", first: post, trickle: " ", everyMs: 200 }),
    );
    clients.push(...slow);
    await Promise.all(slow.map((client) => client.settled));

    // Another client's requests, four at a time, each on a connection of its own.
    const statuses: (number | string)[] = [];
    for (let round = 0; round < 8; round++) {
      const answers = await Promise.allSettled(
        Array.from({ length: 4 }, () => getFrom(port, "/api/v1/me/profile/", "127.0.0.2", { "x-api-key": key })),
      );
      statuses.push(...answers.map((answer) => (answer.status === "fulfilled" ? answer.value : String(answer.reason))));
    }
    expect(statuses).toEqual(Array<number>(32).fill(200));

    // And the flood was held meanwhile: the address kept its whole share, and no more.
    const stillOpen = () => slow.filter((client) => !client.isClosed()).length;
    await waitUntil("the connections past the address's cap are closed", () => stillOpen() === PER_ADDRESS);
  });
});
