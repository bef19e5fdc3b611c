// Signals reach the server and stop it as promised: `npm start` passes SIGTERM and SIGINT to the
// node process it starts (which must not be left behind, serving), the first signal drains and
// says so, a second one stops at once, and the last line says the server stopped.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SAME_SIGNAL_WITHIN_MS } from "../../src/platform/stop-signals";
import { cliEnv, cliUserWithKey, freePort, startServe, tempDataDir, type ServeProcess } from "../helpers/cli";
import { REPO_ROOT } from "../helpers/repo-root";
import { poll } from "../helpers/poll";

const SLOW = 180_000;

// One data directory for the file: a first start (initdb) is the slow part of each server here.
let data: Awaited<ReturnType<typeof tempDataDir>>;
beforeAll(async () => {
  data = await tempDataDir();
});
afterAll(async () => data.remove());

/** The pids of `pid`'s descendants, from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the 2nd field after the command name, which is in parentheses.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const visit = (p: number) =>
    (children.get(p) ?? []).forEach((child) => {
      found.push(child);
      visit(child);
    });
  visit(pid);
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  await poll(what, timeoutMs, async () => ((await condition()) ? true : undefined));
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

describe("npm start", () => {
  let leftBehind: number[] = [];

  afterEach(() => {
    for (const pid of leftBehind) if (alive(pid)) process.kill(pid, "SIGKILL");
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`passes ${signal} to the server, which stops and says so`, { timeout: SLOW }, async () => {
      const port = await freePort();
      const npm = spawn("npm", ["start"], {
        cwd: REPO_ROOT,
        env: cliEnv({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: data.dir, LOG_LEVEL: "warn" }),
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      npm.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      npm.stdout.resume();
      const closed = new Promise<void>((resolve) => npm.once("close", () => resolve()));
      await until("/readyz", async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
        } catch {
          return false;
        }
      });
      leftBehind = descendants(npm.pid!);
      expect(leftBehind.length).toBeGreaterThan(0);

      npm.kill(signal);
      await closed;
      await until("every process npm started to end", () => leftBehind.every((pid) => !alive(pid)));
      expect(await answers(`http://127.0.0.1:${port}/healthz`)).toBe(false);
      expect(stderr).toContain(`canopy: ${signal}: draining`);
      expect(stderr.trimEnd().split("\n").at(-1)).toBe("canopy stopped");
    });
  }
});

describe("a second signal while draining", () => {
  let server: ServeProcess | undefined;

  afterEach(async () => {
    await server?.stop("SIGKILL");
  });

  for (const [signal, code, again] of [
    ["SIGINT", 130, "Ctrl-C again"],
    ["SIGTERM", 143, "SIGTERM again"],
  ] as const) {
    it(`${signal}: the first says it drains and for how long, the second stops at once with ${code}`, { timeout: SLOW }, async () => {
      server = await startServe({ env: { DATA_DIR: data.dir } });
      const key = await cliUserWithKey({ DATA_DIR: data.dir }, `${signal.toLowerCase()}@example.com`);
      // A request whose body never comes: the drain waits for it (up to HTTP_REQUEST_TIMEOUT_MS).
      const socket = net.connect(Number(new URL(server.baseUrl).port), "127.0.0.1");
      socket.on("error", () => undefined);
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString("utf8")));
      socket.write(
        `POST /api/v1/brands/ HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\n` +
          "Content-Length: 100\r\nExpect: 100-continue\r\n\r\n",
      );
      await until("100 Continue", () => received.startsWith("HTTP/1.1 100"));

      const exited = new Promise<number | null>((resolve) => server!.child.once("exit", (exitCode) => resolve(exitCode)));
      const firstAt = Date.now();
      server.child.kill(signal);
      await until("the draining line", () => server!.stderr().includes(`canopy: ${signal}: draining`));
      expect(server.stderr()).toContain(
        `canopy: ${signal}: draining: waiting for requests in flight and no running job, up to about 20 s; ${again} stops at once`,
      );
      // A repeat within the window is taken for the same keypress (npm forwards Ctrl-C): the
      // second signal is sent after it.
      await until("the repeat window to pass", () => Date.now() - firstAt > SAME_SIGNAL_WITHIN_MS + 100, 10_000);
      server.child.kill(signal);
      expect(await exited).toBe(code);
      const lines = server.stderr().trimEnd().split("\n");
      expect(lines.at(-2)).toBe(
        `canopy: ${signal} again: stopping now without waiting for the drain; unfinished jobs run again at the next start`,
      );
      expect(lines.at(-1)).toBe("canopy stopped");
      socket.destroy();
    });
  }
});
