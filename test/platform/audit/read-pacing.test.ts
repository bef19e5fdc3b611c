// How audit reads share the process (src/platform/audit/read-pacing.ts), with stand-in reads
// that finish when the test says: one user's reads beyond QUERIES_PER_USER wait their turn, in
// order, while another user's read starts at once; on the embedded database the steps of all
// reads run one at a time, the event loop turning before each.
import { describe, expect, it } from "vitest";
import { pacedAuditRead, QUERIES_PER_USER, type Step } from "../../../src/platform/audit/read-pacing";

/** A read that reports when it starts and ends when `finish` is called. */
function heldRead(started: string[], name: string) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const read = async () => {
    started.push(name);
    await finished;
    return name;
  };
  return { read, finish: () => finish() };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("audit read pacing", () => {
  it("runs a user's reads a few at a time, in order, and another user's at once", async () => {
    const started: string[] = [];
    const reads = Array.from({ length: QUERIES_PER_USER + 2 }, (_, i) => heldRead(started, `a${i}`));
    const results = reads.map((r) => pacedAuditRead("user-a", false, r.read));
    const other = heldRead(started, "b0");
    const otherResult = pacedAuditRead("user-b", false, other.read);
    await turn();
    expect(started).toEqual([...reads.slice(0, QUERIES_PER_USER).map((_, i) => `a${i}`), "b0"]);

    reads[1]!.finish();
    await results[1];
    await turn();
    expect(started.at(-1)).toBe(`a${QUERIES_PER_USER}`);
    for (const r of reads) r.finish();
    other.finish();
    expect(await Promise.all(results)).toEqual(reads.map((_, i) => `a${i}`));
    expect(await otherResult).toBe("b0");
  });

  it("on the embedded database, runs the steps of all reads one at a time with a turn of the event loop before each", async () => {
    let turns = 0;
    let running = true;
    const count = () => {
      turns++;
      if (running) setImmediate(count);
    };
    setImmediate(count);
    let inStep = 0;
    let mostAtOnce = 0;
    const stepTurns: number[] = [];
    const read = (steps: number) => async (step: Step) => {
      for (let i = 0; i < steps; i++) {
        await step(async () => {
          stepTurns.push(turns);
          mostAtOnce = Math.max(mostAtOnce, ++inStep);
          await Promise.resolve();
          inStep--;
        });
      }
    };
    await Promise.all([
      pacedAuditRead("user-a", true, read(5)),
      pacedAuditRead("user-a", true, read(5)),
      pacedAuditRead("user-b", true, read(5)),
    ]);
    running = false;
    expect(mostAtOnce).toBe(1);
    expect(stepTurns).toHaveLength(15);
    for (let i = 1; i < stepTurns.length; i++) expect(stepTurns[i]).toBeGreaterThan(stepTurns[i - 1]!);
  });
});
