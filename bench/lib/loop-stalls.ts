// Reads the event-loop figures of a server started with LOOP_PROBE preloaded (loop-probe.mjs):
// the benchmark signals it and parses the line it writes.
import { fileURLToPath } from "node:url";
import { present } from "../../src/platform/present";
import type { RunningCanopy } from "./servers";

/** Give to startCanopy's `nodeArgs` as `["--import", LOOP_PROBE]`. */
export const LOOP_PROBE = fileURLToPath(new URL("./loop-probe.mjs", import.meta.url));

export interface Stall {
  max_ms: number;
  p50_ms: number;
  p99_ms: number;
}

/** The server's event-loop delay since the last call (or its start). */
export async function loopStalls(server: RunningCanopy): Promise<Stall> {
  const lines = () => server.output().match(/loop-probe (\{.*\})/g) ?? [];
  const before = lines().length;
  process.kill(server.pid, "SIGUSR2");
  const deadline = Date.now() + 10_000;
  while (lines().length === before) {
    if (Date.now() > deadline) throw new Error(`the server's loop probe did not answer:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return JSON.parse(present(lines().at(-1), "the loop probe's answer").slice("loop-probe ".length)) as Stall;
}
