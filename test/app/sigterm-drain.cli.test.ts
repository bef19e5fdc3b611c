// SIGTERM with requests in flight: every request the server had begun (its headers read, which
// the server confirms by answering `Expect: 100-continue`) gets its full answer although its
// body arrives only after the signal, and the process then exits 0.
import net from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cliUserWithKey, startServe, tempDataDir, type ServeProcess } from "../helpers/cli";

const IN_FLIGHT = 5;

interface Pending {
  socket: net.Socket;
  /** Resolves once the server answered 100 Continue: it has read the request's headers. */
  continued: Promise<void>;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
}

function beginRequest(port: number, key: string, body: string): Pending {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  let markContinued: () => void = () => undefined;
  const continued = new Promise<void>((resolve) => (markContinued = resolve));
  socket.on("data", (chunk) => {
    received += chunk.toString("utf8");
    if (received.startsWith("HTTP/1.1 100")) markContinued();
  });
  const closed = new Promise<string>((resolve) => {
    socket.on("error", () => undefined);
    socket.once("close", () => resolve(received));
  });
  socket.write(
    `POST /api/v1/brands/ HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  return { socket, continued, closed };
}

describe("SIGTERM while requests are in flight", () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  let server: ServeProcess | undefined;

  beforeEach(async () => {
    data = await tempDataDir();
  });

  afterEach(async () => {
    await server?.stop("SIGKILL");
    await data.remove();
  });

  it("answers every begun request in full, then exits 0", { timeout: 180_000 }, async () => {
    server = await startServe({ env: { DATA_DIR: data.dir } });
    const key = await cliUserWithKey({ DATA_DIR: data.dir }, "drain@example.com");
    const port = Number(new URL(server.baseUrl).port);

    const bodies = Array.from({ length: IN_FLIGHT }, (_, i) =>
      JSON.stringify({ brand_name: `Drain ${i}`, website_url: `https://drain${i}.example` }),
    );
    const pending = bodies.map((body) => beginRequest(port, key, body));
    await Promise.all(pending.map((p) => p.continued));

    const exited = new Promise<number | null>((resolve) => server!.child.once("exit", (code) => resolve(code)));
    server.child.kill("SIGTERM");
    // The bodies arrive after the signal.
    pending.forEach((p, i) => {
      p.socket.write(bodies[i]!);
    });

    const answers = await Promise.all(pending.map((p) => p.closed));
    for (const [i, answer] of answers.entries()) {
      const final = answer.slice(answer.indexOf("\r\n\r\n") + 4);
      expect(final.startsWith("HTTP/1.1 201"), answer).toBe(true);
      expect(answer).toContain(`"brand_name":"Drain ${i}"`);
    }
    expect(await exited).toBe(0);
  });
});
