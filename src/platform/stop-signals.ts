// How a long-running canopy process (serve, worker) stops on SIGTERM and SIGINT (Ctrl-C). The
// first signal drains: it says so on stderr, with what it waits for and for how long, and the
// process exits 0 once requests in flight are answered, the audit log is flushed and running jobs
// are done. A second signal stops at once (exit 128 + the signal's number, as a shell reports a
// process killed by it): jobs are durable in the queue, so the ones cut short run again at the
// next start. The last line on stderr says the process stopped.

type Write = (line: string) => void;

export interface StopDetails {
  /** Stops gracefully. */
  shutdown(): Promise<void>;
  /** What the drain waits for, e.g. "requests in flight and 1 running job (cluster-run)". */
  waitingFor(): string;
  /** The longest the drain may take, in seconds. */
  drainSeconds: number;
  /** Also noted in the process's log. */
  log(message: string): void;
}

export interface StopSignals {
  /** Start-up is done: a signal from now on drains with these; one already received does now. */
  ready(details: StopDetails): void;
}

/**
 * `npm start` forwards the terminal's Ctrl-C to the server, which also receives it itself (the
 * whole foreground process group does): a repeat this soon after the first is the same keypress.
 */
export const SAME_SIGNAL_WITHIN_MS = 1000;

const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15 } as const;
type StopSignal = keyof typeof SIGNAL_NUMBERS;

function again(signal: StopSignal): string {
  return signal === "SIGINT" ? "Ctrl-C again" : "SIGTERM again";
}

export interface StopSignalOptions {
  write?: Write;
  /** process.exit; tests record the code instead. */
  exit?: (code: number) => void;
  now?: () => number;
}

export const STOPPED_LINE = "canopy stopped";

/** "requests in flight and 1 running job (cluster-run)": what a drain waits for. */
export function describeDrain(jobs: { queue: string; count: number }[], requests: boolean): string {
  const total = jobs.reduce((sum, job) => sum + job.count, 0);
  const names = jobs.map((job) => (job.count > 1 ? `${job.queue} x${job.count}` : job.queue)).join(", ");
  const running = total === 0 ? "no running job" : `${total} running job${total === 1 ? "" : "s"} (${names})`;
  return requests ? `requests in flight and ${running}` : running;
}

/** The signal handling, without installing it (tests call `receive`). */
export function stopSignalHandler(options: StopSignalOptions = {}): StopSignals & { receive(signal: StopSignal): void } {
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const now = options.now ?? Date.now;
  let details: StopDetails | null = null;
  let first: { signal: StopSignal; at: number } | null = null;
  let draining = false;

  const drain = (stop: StopDetails, signal: StopSignal) => {
    draining = true;
    const message = `canopy: ${signal}: draining: waiting for ${stop.waitingFor()}, up to about ${stop.drainSeconds} s; ${again(signal)} stops at once (unfinished jobs run again at the next start)`;
    write(message);
    stop.log(`${signal}: shutting down`);
    stop.shutdown().then(
      () => {
        write(STOPPED_LINE);
        exit(0);
      },
      (err: unknown) => {
        write(`canopy: shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
        write(STOPPED_LINE);
        exit(1);
      },
    );
  };

  const receive = (signal: StopSignal) => {
    if (!first) {
      first = { signal, at: now() };
      if (details) drain(details, signal);
      else write(`canopy: ${signal}: stopping once start-up is done; ${again(signal)} stops at once`);
      return;
    }
    if (now() - first.at < SAME_SIGNAL_WITHIN_MS) return;
    write(
      `canopy: ${signal} again: stopping now${draining ? " without waiting for the drain; unfinished jobs run again at the next start" : ""}`,
    );
    write(STOPPED_LINE);
    exit(128 + SIGNAL_NUMBERS[signal]);
  };

  return {
    receive,
    ready(stop) {
      details = stop;
      if (first && !draining) drain(stop, first.signal);
    },
  };
}

/** Installs the SIGTERM and SIGINT handlers; call before start-up, then `ready` after it. */
export function onStopSignals(): StopSignals {
  const handler = stopSignalHandler();
  process.on("SIGTERM", () => handler.receive("SIGTERM"));
  process.on("SIGINT", () => handler.receive("SIGINT"));
  return handler;
}
