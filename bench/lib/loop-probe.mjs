// Preloaded into a benchmarked server (`node --import ./bench/lib/loop-probe.mjs ...`): watches
// the server's own event loop, which a benchmark in another process cannot see. On SIGUSR2 it
// writes one line, `loop-probe {"max_ms":..,"p50_ms":..,"p99_ms":..}`, for the time since the
// previous signal (or its start) and starts over. Plain JavaScript, so that the server runs
// without the TypeScript loader the benchmarks use.
import { monitorEventLoopDelay } from "node:perf_hooks";

// 1 ms: the finest the monitor samples; a stall shows up as one late sample of its length.
const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();

const ms = (ns) => Math.round(ns / 1e4) / 100;

process.on("SIGUSR2", () => {
  const figures = { max_ms: ms(histogram.max), p50_ms: ms(histogram.percentile(50)), p99_ms: ms(histogram.percentile(99)) };
  histogram.reset();
  process.stderr.write(`loop-probe ${JSON.stringify(figures)}\n`);
});
