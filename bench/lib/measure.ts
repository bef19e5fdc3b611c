// One autocannon measurement: a warm-up whose figures are thrown away (JIT, caches, pools),
// then the measured run. Figures in requests per second and milliseconds, plus the server
// process's CPU time per request over the measured run.
import autocannon from "autocannon";
import { cpuMs } from "./process-cpu";

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface Target {
  url: string;
  headers: Record<string, string>;
  /** The server's process id, for its CPU time. */
  pid: number;
}

export interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU microseconds the server process spent per request; null where it cannot be read. */
  serverCpuUsPerRequest: number | null;
}

export async function measure(target: Target, load: LoadOptions): Promise<Figures> {
  const base = { url: target.url, headers: target.headers, connections: load.connections };
  if (load.warmupSeconds > 0) await autocannon({ ...base, duration: load.warmupSeconds });
  const cpuBefore = cpuMs(target.pid);
  const result = await autocannon({ ...base, duration: load.durationSeconds });
  const cpuAfter = cpuMs(target.pid);
  const requests = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCpuUsPerRequest:
      cpuBefore === null || cpuAfter === null || requests === 0 ? null : ((cpuAfter - cpuBefore) * 1000) / requests,
  };
}
