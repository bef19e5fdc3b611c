// The canopy processes of a fault run: API processes (`serve --no-workers`) and worker slots
// (`worker`), each process's output copied to its own log file (read afterwards for the task
// lines). A worker slot can be SIGKILLed and refilled. Started the way a supervisor (systemd's
// Restart=always) starts them: a process that refuses to start (it does while the database is
// down: start-up checks DATABASE_URL) is started again a second later. A running process that
// ends without being told to is recorded as a violation (the service must ride through a
// database restart), and refilled so the run can finish and show what else went wrong.
import fs from "node:fs";
import path from "node:path";
import {
  canopyArgs,
  freePort,
  startProcess,
  stopProcess,
  waitForHttp,
  waitForOutput,
  type Env,
  type Server,
} from "../../bench/lib/processes";

export interface Unexpected {
  name: string;
  code: number | null;
  signal: string | null;
  tail: string;
}

interface Slot {
  server: Server;
  /** Set before we end the process ourselves, so its exit is not reported as unexpected. */
  ending: boolean;
  ready: boolean;
}

export interface Api {
  name: string;
  base: string;
}

// Start-up compiles nothing (dist/ is built) but migrates under a lock; a busy machine is slow.
const START_TIMEOUT_MS = 120_000;

export class Fleet {
  readonly unexpected: Unexpected[] = [];
  /** Start-ups that ended before the process was ready (and were tried again), by slot. */
  readonly refusedStarts = new Map<string, number>();
  private readonly slots = new Map<string, Slot>();
  private readonly apiPorts = new Map<string, number>();
  /** One per process ever started: settles once its output is all in its log file. */
  private readonly flushed: Promise<void>[] = [];
  private generation = 0;
  private closed = false;

  constructor(
    private readonly env: Env,
    private readonly logDir: string,
  ) {
    fs.mkdirSync(logDir, { recursive: true });
  }

  get logFiles(): string[] {
    return fs
      .readdirSync(this.logDir)
      .filter((f) => f.endsWith(".log"))
      .map((f) => path.join(this.logDir, f));
  }

  private spawn(key: string, args: string[], extraEnv: Env): Slot {
    this.generation++;
    const name = `${key}#${this.generation}`;
    const server = startProcess(name, canopyArgs(args), { ...this.env, ...extraEnv });
    const file = fs.createWriteStream(path.join(this.logDir, `${key}.${this.generation}.log`));
    server.child.stdout?.on("data", (chunk: string) => file.write(chunk));
    server.child.stderr?.on("data", (chunk: string) => file.write(chunk));
    // 'close', not 'exit': output can still arrive after the exit, until the pipes close.
    this.flushed.push(
      new Promise<void>((resolve) => {
        server.child.on("close", () => file.end(resolve));
        server.child.on("error", () => file.end(resolve));
      }),
    );
    const slot: Slot = { server, ending: false, ready: false };
    this.slots.set(key, slot);
    void server.exited.then(({ code, signal }) => {
      // Not ready yet: a refused start-up, which start() retries.
      if (slot.ending || this.closed || !slot.ready) return;
      this.unexpected.push({ name, code, signal, tail: server.output().slice(-4000) });
      // Refilled so that the run goes on; the violation is reported at the end.
      if (this.slots.get(key) === slot) void this.refill(key).catch(() => undefined);
    });
    return slot;
  }

  private async refill(key: string): Promise<void> {
    if (key.startsWith("api")) await this.startApi(key);
    else await this.startWorker(key);
  }

  /**
   * Spawns the slot's process until one gets ready (`ready` resolves): one that exits first
   * refused to start, and is spawned again a second later.
   */
  private async start(key: string, args: string[], extraEnv: Env, ready: (server: Server) => Promise<void>): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const slot = this.spawn(key, args, extraEnv);
      try {
        await ready(slot.server);
        slot.ready = true;
        return;
      } catch (err) {
        const refused = slot.server.child.exitCode !== null;
        if (!refused || this.closed || Date.now() > deadline) throw err;
        this.refusedStarts.set(key, (this.refusedStarts.get(key) ?? 0) + 1);
        // A supervisor's restart delay: the database may still be down.
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  /** Starts (or restarts, on the same port) API process `key` and waits until it answers. */
  async startApi(key: string): Promise<Api> {
    let port = this.apiPorts.get(key);
    if (port === undefined) {
      port = await freePort();
      this.apiPorts.set(key, port);
    }
    const base = `http://127.0.0.1:${port}`;
    await this.start(key, ["serve", "--no-workers"], { PORT: String(port) }, (server) =>
      waitForHttp(server, `${base}/healthz`, START_TIMEOUT_MS),
    );
    return { name: key, base };
  }

  /** Starts worker `key` and waits for its "worker started" line. */
  async startWorker(key: string): Promise<void> {
    await this.start(key, ["worker"], {}, (server) => waitForOutput(server, /"msg":"worker started"/, START_TIMEOUT_MS));
  }

  workerKeys(): string[] {
    return [...this.slots.keys()].filter((key) => key.startsWith("worker"));
  }

  /** Whether the slot's current process has finished starting (a kill then hits a working worker). */
  isReady(key: string): boolean {
    return this.slots.get(key)?.ready ?? false;
  }

  /** SIGKILLs the slot's process, waits for it to be gone, and starts a new one in its place. */
  async killAndRestart(key: string): Promise<void> {
    const slot = this.slots.get(key);
    if (!slot) throw new Error(`no process ${key}`);
    slot.ending = true;
    slot.ready = false;
    slot.server.child.kill("SIGKILL");
    await slot.server.exited;
    await this.startWorker(key);
  }

  /** SIGTERM to every process (SIGKILL after 30 s); resolves once every log file is complete. */
  async stopAll(): Promise<{ name: string; killed: boolean; code: number | null }[]> {
    this.closed = true;
    const slots = [...this.slots.values()];
    for (const slot of slots) slot.ending = true;
    const results = await Promise.all(slots.map((slot) => stopProcess(slot.server, 30_000)));
    await Promise.all(this.flushed);
    return results.map((r, i) => ({ name: slots[i]!.server.name, killed: r.killed, code: r.code }));
  }

  /** SIGKILL to whatever still runs; synchronous, for exit handlers. */
  killAllSync(): void {
    this.closed = true;
    for (const slot of this.slots.values()) {
      const { child } = slot.server;
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  }
}
