// SIGTERM and SIGINT handling of serve and worker: the first drains and says so, a repeat right
// after it (npm start forwarding the terminal's Ctrl-C) is the same request, a later one stops at
// once with 128 + the signal's number, and the last line says the process stopped.
import { describe, expect, it } from "vitest";
import { describeDrain, SAME_SIGNAL_WITHIN_MS, STOPPED_LINE, stopSignalHandler, type StopDetails } from "../../src/platform/stop-signals";

function harness() {
  const lines: string[] = [];
  const exits: number[] = [];
  let clock = 1_000_000;
  let finish: () => void = () => undefined;
  const shutdownDone = new Promise<void>((resolve) => (finish = resolve));
  const handler = stopSignalHandler({
    write: (line) => lines.push(line),
    exit: (code) => exits.push(code),
    now: () => clock,
  });
  const details: StopDetails = {
    shutdown: () => shutdownDone,
    waitingFor: () => "requests in flight and no running job",
    drainSeconds: 20,
    log: () => undefined,
  };
  const receive = (signal: "SIGINT" | "SIGTERM") => handler.receive(signal);
  return { handler, details, lines, exits, receive, finish, advance: (ms: number) => (clock += ms) };
}

describe("stop signals", () => {
  it("the first one drains, says for what and how long, and ends with the stopped line and exit 0", async () => {
    const h = harness();
    h.handler.ready(h.details);
    h.receive("SIGINT");
    expect(h.lines).toEqual([
      "canopy: SIGINT: draining: waiting for requests in flight and no running job, up to about 20 s; Ctrl-C again stops at once (unfinished jobs run again at the next start)",
    ]);
    expect(h.exits).toEqual([]);
    h.finish();
    await expect.poll(() => h.exits).toEqual([0]);
    expect(h.lines.at(-1)).toBe(STOPPED_LINE);
  });

  it("a repeat within the window is the same one; a later one stops at once with 130 for SIGINT", () => {
    const h = harness();
    h.handler.ready(h.details);
    h.receive("SIGINT");
    h.advance(SAME_SIGNAL_WITHIN_MS - 1);
    h.receive("SIGINT");
    expect(h.exits).toEqual([]);
    h.advance(2);
    h.receive("SIGINT");
    expect(h.exits).toEqual([130]);
    expect(h.lines.slice(1)).toEqual([
      "canopy: SIGINT again: stopping now without waiting for the drain; unfinished jobs run again at the next start",
      STOPPED_LINE,
    ]);
  });

  it("SIGTERM behaves the same, with 143", () => {
    const h = harness();
    h.handler.ready(h.details);
    h.receive("SIGTERM");
    expect(h.lines[0]).toContain("SIGTERM: draining");
    expect(h.lines[0]).toContain("SIGTERM again stops at once");
    h.advance(SAME_SIGNAL_WITHIN_MS);
    h.receive("SIGTERM");
    expect(h.exits).toEqual([143]);
  });

  it("during start-up the first one waits for it to finish, then drains; a second stops at once", () => {
    const h = harness();
    h.receive("SIGTERM");
    expect(h.lines).toEqual(["canopy: SIGTERM: stopping once start-up is done; SIGTERM again stops at once"]);
    h.handler.ready(h.details);
    expect(h.lines[1]).toContain("SIGTERM: draining");

    const early = harness();
    early.receive("SIGINT");
    early.advance(SAME_SIGNAL_WITHIN_MS);
    early.receive("SIGINT");
    expect(early.exits).toEqual([130]);
    expect(early.lines.at(-1)).toBe(STOPPED_LINE);
  });

  it("a failed shutdown says why and exits 1", async () => {
    const h = harness();
    h.handler.ready({ ...h.details, shutdown: () => Promise.reject(new Error("the database would not close")) });
    h.receive("SIGTERM");
    await expect.poll(() => h.exits).toEqual([1]);
    expect(h.lines.slice(1)).toEqual(["canopy: shutdown failed: the database would not close", STOPPED_LINE]);
  });

  it("names what the drain waits for", () => {
    expect(describeDrain([], true)).toBe("requests in flight and no running job");
    expect(describeDrain([{ queue: "cluster-run", count: 1 }], true)).toBe("requests in flight and 1 running job (cluster-run)");
    expect(
      describeDrain(
        [
          { queue: "brief", count: 2 },
          { queue: "cluster-run", count: 1 },
        ],
        false,
      ),
    ).toBe("3 running jobs (brief x2, cluster-run)");
  });
});
