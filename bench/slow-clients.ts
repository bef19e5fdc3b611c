// Availability under slow clients: `canopy serve` with its default limits, one address (127.0.0.1)
// opening 1,100 connections that each send a piece every 5 s and never finish (half trickle their
// headers, half their body, as the probes of issue 21 did), and meanwhile another address
// (127.0.0.2, another client to the server: Linux routes all of 127.0.0.0/8 to the loopback
// device) making ordinary authenticated reads, each on a connection of its own. Printed: the other
// client's latency (p50, p99, max) and failures, and what became of the slow connections (refused
// as they arrived, answered 408 by the headers or the request timeout, and whether the server then
// really let them go). Loopback only.
//
//   npm run bench:slow-clients
//   options: --slow=1100 --duration=45 (s, past both default timeouts) --rate=20 (requests/s)
//            --every=5000 (ms between a slow connection's pieces)
//
// Printed, never asserted: timings depend on the machine and on what else runs, so the load
// average is printed too.
import http from "node:http";
import net from "node:net";
import os from "node:os";
import { parseArgs } from "node:util";
import { present } from "../src/platform/present";
import { nearestRank } from "./lib/report";
import { startCanopy } from "./lib/servers";

const SLOW_FROM = "127.0.0.1";
const OTHER_FROM = "127.0.0.2";

function positive(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got "${value}"`);
  return n;
}

const { values } = parseArgs({
  options: {
    slow: { type: "string", default: "1100" },
    duration: { type: "string", default: "45" },
    rate: { type: "string", default: "20" },
    every: { type: "string", default: "5000" },
  },
  strict: true,
});
const SLOW = positive(values.slow, "slow");
const DURATION_MS = positive(values.duration, "duration") * 1000;
const RATE = positive(values.rate, "rate");
const EVERY_MS = positive(values.every, "every");

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

type SlowKind = "headers" | "body";

interface SlowOutcome {
  kind: SlowKind;
  /** Milliseconds from opening to the server's FIN (or reset), or null before it. */
  closedAfterMs: number | null;
  /** Whether any answer (a 408) came before the FIN. */
  answered: boolean;
  /**
   * Whether the server let the connection go: a FIN alone leaves it half-open and held by the
   * server while this client keeps writing; the write after a real close is refused (reset), so
   * this is known within one EVERY_MS of the close.
   */
  released: boolean;
}

const sockets: net.Socket[] = [];
/** One promise per slow connection, settled once it is open (or already closed). */
const settling: Promise<void>[] = [];

/**
 * A connection that sends `head`, then `piece` every EVERY_MS until `stopAt`, never finishing and
 * never closing its side on its own (allowHalfOpen), as a client does that keeps writing.
 */
function openSlow(port: number, kind: SlowKind, head: string, piece: string, stopAt: number): SlowOutcome {
  const outcome: SlowOutcome = { kind, closedAfterMs: null, answered: false, released: false };
  const opened = performance.now();
  const socket = net.connect({ port, host: "127.0.0.1", localAddress: SLOW_FROM, allowHalfOpen: true });
  let timer: NodeJS.Timeout | undefined;
  const serverClosed = () => (outcome.closedAfterMs ??= performance.now() - opened);
  socket.on("error", serverClosed);
  socket.on("data", () => (outcome.answered = true));
  socket.once("end", serverClosed);
  socket.once("close", () => {
    clearInterval(timer);
    outcome.released = true;
  });
  socket.once("connect", () => {
    socket.write(head);
    timer = setInterval(() => {
      if (Date.now() >= stopAt) clearInterval(timer);
      else if (socket.writable) socket.write(piece);
    }, EVERY_MS);
  });
  sockets.push(socket);
  settling.push(
    new Promise<void>((resolve) => {
      socket.once("connect", () => resolve());
      socket.once("close", () => resolve());
    }),
  );
  return outcome;
}

/** One read from the other address on a connection of its own: its latency, or null on failure. */
function read(port: number, key: string): Promise<number | null> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: "127.0.0.1",
        port,
        path: "/api/v1/me/profile/",
        localAddress: OTHER_FROM,
        agent: false,
        headers: { "x-api-key": key },
        timeout: 60_000,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode === 200 ? performance.now() - started : null));
        response.on("error", () => resolve(null));
      },
    );
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(null));
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? NaN : nearestRank(sorted, p / 100);
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const server = await startCanopy(
  { kind: "embedded" },
  { rateLimits: "Integration=100000000", redisUrl: null, scopes: "user:read,keys:write" },
);
try {
  const { port } = new URL(server.url);
  const key = server.apiKey;
  const load = present(os.loadavg()[0], "the one-minute load average").toFixed(1);
  log(`server up; ${SLOW} slow connections from ${SLOW_FROM}, ${RATE} reads/s from ${OTHER_FROM} for ${DURATION_MS / 1000} s`);

  const stopAt = Date.now() + DURATION_MS;
  const headerHead = "GET /api/v1/me/profile/ HTTP/1.1\r\nHost: localhost\r\n";
  const bodyHead =
    `POST /api/v1/keys/ HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${key}\r\n` +
    "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{";
  const slow = Array.from({ length: SLOW }, (_, i) =>
    i % 2 === 0
      ? openSlow(Number(port), "headers", headerHead, "X-Slow: 1\r\n", stopAt)
      : openSlow(Number(port), "body", bodyHead, " ", stopAt),
  );

  // The flood first: the reads measure a server that holds it, not one still accepting it.
  const opening = performance.now();
  await Promise.all(settling);
  const openedInMs = performance.now() - opening;

  // The other client: RATE reads a second, each started on time whether or not the last is done.
  const reads: Promise<number | null>[] = [];
  const started = Date.now();
  for (let i = 0; Date.now() < stopAt; i++) {
    const due = started + (i * 1000) / RATE;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    reads.push(read(Number(port), key));
  }
  const results = await Promise.all(reads);

  const latencies = results.filter((r): r is number => r !== null).sort((a, b) => a - b);
  const failures = results.length - latencies.length;
  const closed = slow.filter((s): s is SlowOutcome & { closedAfterMs: number } => s.closedAfterMs !== null);
  // Closed with no answer: refused as it arrived (over a cap). Closed after an answer: a 408.
  const atArrival = closed.filter((s) => !s.answered);
  const timedOut = (kind: SlowKind) =>
    closed
      .filter((s) => s.answered && s.kind === kind)
      .map((s) => s.closedAfterMs)
      .sort((a, b) => a - b);
  const seconds = (sorted: number[]) => {
    const last = sorted.at(-1);
    return last === undefined ? "-" : `after ${(percentile(sorted, 50) / 1000).toFixed(1)} s p50, ${(last / 1000).toFixed(1)} s max`;
  };
  const byHeaders = timedOut("headers");
  const byRequest = timedOut("body");
  const stillOpen = slow.length - closed.length;
  const heldAfterFin = closed.filter((s) => !s.released).length;

  const lines = [
    `\nslow clients: ${SLOW} from one address, a piece every ${EVERY_MS} ms, ${DURATION_MS / 1000} s; load average ${load} at the start`,
    `opening them took ${ms(openedInMs)}; then the other address's reads began`,
    `other address: ${results.length} reads, ${failures} failed; p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}`,
    `slow connections refused as they arrived: ${atArrival.length} (after ${(
      percentile(
        atArrival.map((s) => s.closedAfterMs).sort((a, b) => a - b),
        99,
      ) / 1000
    ).toFixed(2)} s p99)`,
    `header tricklers answered 408 (headers timeout): ${byHeaders.length} (${seconds(byHeaders)})`,
    `body tricklers answered 408 (request timeout): ${byRequest.length} (${seconds(byRequest)})`,
    `told (FIN) but still held by the server at the end: ${heldAfterFin}; not even told: ${stillOpen}`,
  ];
  console.log(lines.join("\n"));
  console.log(
    JSON.stringify({
      bench: "slow-clients",
      slow: SLOW,
      duration_s: DURATION_MS / 1000,
      opened_ms: openedInMs,
      reads: results.length,
      failed: failures,
      p50_ms: percentile(latencies, 50),
      p99_ms: percentile(latencies, 99),
      refused_at_arrival: atArrival.length,
      answered_408_headers_timeout: byHeaders.length,
      answered_408_request_timeout: byRequest.length,
      held_after_fin: heldAfterFin,
      still_open: stillOpen,
      load_average: Number(load),
    }),
  );
} finally {
  for (const socket of sockets) socket.destroy();
  await server.stop();
}
