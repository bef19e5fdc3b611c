// Runs the `canopy` command (and other small Node scripts) as child processes, the way an
// operator would: one-shot commands that print one JSON object, and long-running servers that
// are waited on until they answer and stopped with SIGTERM, then SIGKILL if they hang.
// Shared by the benchmarks and the scale-out tests.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The `canopy` command of a checkout: this one by default, or another (a baseline revision's). */
const canopyBin = (root: string = REPO_ROOT): string => `${root.replace(/\/+$/, "")}/bin/canopy.js`;

export type Env = Record<string, string | undefined>;

// Only what a process needs from the surrounding environment. Inheriting everything would leak
// the caller's settings into the child (a test runner, for one, sets BASE_URL, which canopy
// reads as its public address), so each caller states the canopy settings it wants.
const INHERITED = ["PATH", "HOME", "TMPDIR", "TMP", "TEMP", "LANG", "LC_ALL", "TZ", "SYSTEMROOT"];

export function baseEnv(settings: Env): Env {
  const env: Env = {};
  for (const name of INHERITED) if (process.env[name] !== undefined) env[name] = process.env[name];
  return { ...env, ...settings };
}

/** A port that was free a moment ago (the kernel picks it; a race with others is unlikely). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error("no port assigned"))));
    });
  });
}

/** Runs `canopy <args>` to completion and parses the one JSON object it prints. */
export function runCanopy(args: string[], env: Env, timeoutMs = 60_000, root: string = REPO_ROOT): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [canopyBin(root), ...args], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const command = `canopy ${args.join(" ")}`;
      if (code !== 0) {
        reject(new Error(`${command} exited with ${code ?? signal}: ${stderr.trim() || stdout.trim()}`));
        return;
      }
      try {
        const parsed: unknown = JSON.parse(stdout);
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not a JSON object");
        resolve(parsed as Record<string, unknown>);
      } catch (err) {
        reject(new Error(`${command} printed something other than one JSON object (${(err as Error).message}): ${stdout}`));
      }
    });
  });
}

export interface Server {
  name: string;
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr interleaved (for failure messages). */
  output(): string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts a long-running process; `args` go to node (use canopyArgs for the canopy command). */
export function startProcess(name: string, nodeArgs: string[], env: Env): Server {
  const child = spawn(process.execPath, nodeArgs, { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: string) => {
    // Enough to explain a failure; a chatty server must not grow this without bound.
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.setEncoding("utf8").on("data", keep);
  child.stderr.setEncoding("utf8").on("data", keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on("exit", (code, signal) => resolve({ code, signal }));
    child.on("error", (err) => {
      keep(`spawn error: ${err.message}\n`);
      resolve({ code: null, signal: null });
    });
  });
  return { name, child, output: () => output, exited };
}

export function canopyArgs(args: string[], root?: string): string[] {
  return [canopyBin(root), ...args];
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether the process has exited, kept up to date: a field, as a callback sets it while the caller polls. */
function exitWatch(server: Server): { ended: boolean } {
  const watch = { ended: false };
  void server.exited.then(() => {
    watch.ended = true;
  });
  return watch;
}

/** Polls `url` until it answers 200; fails early, with the process's output, if it exits. */
export async function waitForHttp(server: Server, url: string, timeoutMs = 60_000): Promise<void> {
  const exit = exitWatch(server);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit.ended) throw new Error(`${server.name} exited before answering ${url}:\n${server.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(150);
  }
  throw new Error(`${server.name} did not answer ${url} within ${timeoutMs} ms:\n${server.output()}`);
}

/** Resolves once the process has written `pattern` (on stdout or stderr). */
export async function waitForOutput(server: Server, pattern: RegExp, timeoutMs = 60_000): Promise<void> {
  const exit = exitWatch(server);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (pattern.test(server.output())) return;
    if (exit.ended) throw new Error(`${server.name} exited before printing ${pattern}:\n${server.output()}`);
    await sleep(100);
  }
  throw new Error(`${server.name} did not print ${pattern} within ${timeoutMs} ms:\n${server.output()}`);
}

/** SIGTERM, then SIGKILL if the process has not ended after `graceMs`. */
export async function stopProcess(
  server: Server,
  graceMs = 10_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return { ...(await server.exited), killed: false };
  child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), graceMs)));
  const first = await Promise.race([server.exited, timedOut]);
  clearTimeout(timer);
  if (first !== "timeout") return { ...first, killed: false };
  child.kill("SIGKILL");
  return { ...(await server.exited), killed: true };
}
