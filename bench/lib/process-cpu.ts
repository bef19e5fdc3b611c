// CPU time a process has used so far, from Linux's /proc, so that the benchmark can print the
// server's CPU cost per request beside throughput and latency. Null where /proc is not there.
import fs from "node:fs";

// Linux reports utime and stime in clock ticks; USER_HZ is 100 on every mainstream kernel.
const TICKS_PER_SECOND = 100;

/** User plus system CPU milliseconds of the process (all its threads), or null. */
export function cpuMs(pid: number): number | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU milliseconds used so far by every process whose command line contains `text`, or null
 * where /proc is not there. PostgreSQL shows each backend's database in its command line
 * ("postgres: user database host(port) state"), so a database name picks out the backends
 * serving one benchmark run and no one else's. A process that ends between two readings takes
 * its time with it: the figure is a lower bound.
 */
export function cpuMsOfProcessesMatching(text: string): number | null {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return null;
  }
  let total = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(text)) continue;
      total += cpuMs(Number(entry)) ?? 0;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}
