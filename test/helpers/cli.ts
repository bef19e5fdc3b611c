// Runs the real `canopy` command (node bin/canopy.js) in a child process with a clean
// environment, for tests of the command line and of a running server.
import { spawn, type ChildProcess } from "node:child_process";
import { link, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { poll } from "./poll";
import { REPO_ROOT } from "./repo-root";
const BIN = path.join(REPO_ROOT, "bin", "canopy.js");

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Only what the command needs: no DATABASE_URL, REDIS_URL or the like leaks in from the test run. */
export function cliEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? os.tmpdir(),
    TMPDIR: os.tmpdir(),
    LOG_LEVEL: "silent",
    ...extra,
  };
}

function collect(child: ChildProcess): { stdout: () => string; stderr: () => string } {
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return { stdout: () => stdout, stderr: () => stderr };
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    child.once("error", reject);
    // "close" rather than "exit": by then stdout and stderr have been read to the end.
    child.once("close", (code, signal) => resolve({ code, signal }));
  });
}

/**
 * Runs `canopy args...` (in the repository unless `options.cwd` says where); `options.input` is
 * written to its standard input (otherwise it has none).
 */
export async function runCli(
  args: string[],
  env: Record<string, string>,
  options: { input?: string; cwd?: string } = {},
): Promise<CliResult> {
  const stdin = options.input === undefined ? "ignore" : "pipe";
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: cliEnv(env),
    stdio: [stdin, "pipe", "pipe"],
  });
  child.stdin?.end(options.input);
  const output = collect(child);
  const { code, signal } = await exited(child);
  return { code, signal, stdout: output.stdout(), stderr: output.stderr() };
}

/**
 * The one JSON object a successful command printed; throws (with the command's stderr) when it
 * failed or printed anything else.
 */
export function jsonOf(result: CliResult): Record<string, unknown> {
  if (result.code !== 0) throw new Error(`command failed with exit ${result.code}: ${result.stderr}`);
  const lines = result.stdout.split("\n");
  if (lines.length !== 2 || lines[1] !== "") throw new Error(`expected one line of JSON on stdout, got: ${result.stdout}`);
  const value: unknown = JSON.parse(lines[0]!);
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`not a JSON object: ${lines[0]}`);
  return value as Record<string, unknown>;
}

/**
 * A user made through the command line, granted `credits` when given, with an Integration key of
 * `scopes` (the type's defaults when omitted); the key's plaintext.
 */
export async function cliUserWithKey(
  env: Record<string, string>,
  email: string,
  options: { scopes?: string; credits?: number } = {},
): Promise<string> {
  const cli = async (...args: string[]) => jsonOf(await runCli(args, env));
  await cli("users", "create", "--email", email);
  if (options.credits) await cli("credits", "grant", "--email", email, "--amount", String(options.credits));
  const created = await cli(
    "keys",
    "create",
    "--email",
    email,
    "--name",
    "test",
    "--type",
    "Integration",
    ...(options.scopes ? ["--scopes", options.scopes] : []),
  );
  if (typeof created.key !== "string") throw new Error(`keys create printed no key: ${JSON.stringify(created)}`);
  return created.key;
}

export async function tempDataDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "canopy-cli-"));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface CanopyProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Sends `signal` (unless the process already ended) and resolves with how it ended. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once `pattern` appears on stdout; rejects if the process ends first or time runs out. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
}

/** A long-running `canopy` command (serve, worker). */
export function spawnCanopy(args: string[], env: Record<string, string>): CanopyProcess {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, env: cliEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  const output = collect(child);
  const ended = exited(child);
  let gone = false;
  void ended.then(() => (gone = true));
  return {
    child,
    stdout: output.stdout,
    stderr: output.stderr,
    async stop(signal = "SIGTERM") {
      if (!gone) child.kill(signal);
      return ended;
    },
    async waitForOutput(pattern, timeoutMs = 90_000) {
      try {
        await poll(`canopy ${args[0]} to print ${pattern}`, timeoutMs, async () => {
          if (pattern.test(output.stdout())) return true;
          if (gone) throw new Error(`canopy ${args[0]} exited before printing ${pattern}`);
          return undefined;
        });
      } catch (error) {
        throw new Error(`${error instanceof Error ? error.message : String(error)}: ${output.stderr()}`, { cause: error });
      }
    },
  };
}

export interface ServeProcess extends CanopyProcess {
  baseUrl: string;
}

/** Starts `canopy serve` on a free port and resolves once /healthz answers. */
export async function startServe(options: { env: Record<string, string>; args?: string[]; timeoutMs?: number }): Promise<ServeProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serve = { ...spawnCanopy(["serve", ...(options.args ?? [])], { HOST: "127.0.0.1", PORT: String(port), ...options.env }), baseUrl };
  try {
    return await poll("canopy serve to answer /healthz", options.timeoutMs ?? 90_000, async () => {
      if (serve.child.exitCode !== null || serve.child.signalCode !== null) throw new Error("canopy serve exited before answering");
      try {
        const res = await fetch(`${baseUrl}/healthz`);
        return res.ok ? serve : undefined;
      } catch {
        return undefined; // Not listening yet.
      }
    });
  } catch (error) {
    await serve.stop("SIGKILL");
    throw new Error(`${error instanceof Error ? error.message : String(error)}: ${serve.stderr()}`, { cause: error });
  }
}

/**
 * Leaves a socket file at `socketPath` that nobody listens on, as a process killed while
 * holding the operator socket would (a hard link to a socket that is then closed).
 */
export async function leaveStaleSocket(socketPath: string): Promise<void> {
  const live = `${socketPath}.live`;
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(live, () => resolve());
  });
  await link(live, socketPath);
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
