// One autocannon measurement: a warm-up whose figures are thrown away (JIT, caches, pools),
// then the measured run. Figures in requests per second and milliseconds, plus the server
// process's CPU time per request over the measured run (and its database server's, when that
// runs on this machine).
import autocannon from "autocannon";
import { cpuMs, cpuMsOfProcessesMatching } from "./process-cpu";

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
  /** Text in the command line of the database server's processes serving it (PostgreSQL backends). */
  databaseProcesses?: string;
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
  /** The same for the database server's processes; null without a separate local database. */
  databaseCpuUsPerRequest: number | null;
}

function perRequest(before: number | null, after: number | null, requests: number): number | null {
  return before === null || after === null || requests === 0 ? null : ((after - before) * 1000) / requests;
}

export async function measure(target: Target, load: LoadOptions): Promise<Figures> {
  const base = { url: target.url, headers: target.headers, connections: load.connections };
  if (load.warmupSeconds > 0) await autocannon({ ...base, duration: load.warmupSeconds });
  const databaseCpu = () => (target.databaseProcesses ? cpuMsOfProcessesMatching(target.databaseProcesses) : null);
  const cpuBefore = cpuMs(target.pid);
  const databaseBefore = databaseCpu();
  const result = await autocannon({ ...base, duration: load.durationSeconds });
  const cpuAfter = cpuMs(target.pid);
  const databaseAfter = databaseCpu();
  const requests = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCpuUsPerRequest: perRequest(cpuBefore, cpuAfter, requests),
    databaseCpuUsPerRequest: perRequest(databaseBefore, databaseAfter, requests),
  };
}
