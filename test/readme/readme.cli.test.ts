// The README's Quickstart and walkthrough, run as written against a fresh `canopy serve`: every
// marked ```sh block in one shell, in order, and every `# -> ` answer checked against what the
// command printed. Only the address differs: the server listens on a free port, not 8000.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, startServe, tempDataDir, type ServeProcess } from "../helpers/cli";
import { REPO_ROOT } from "../helpers/repo-root";
import { isTextAnswer, mismatch, parsePattern, readmeBlocks, textMismatch, writesToFile, type ReadmeStep } from "../helpers/readme-steps";

const README_ADDRESS = "http://127.0.0.1:8000";
const SEPARATOR = "@@readme-step-done@@";
// Server start-up on a busy machine, about thirty commands, two background jobs: minutes, not seconds.
const RUN_TIMEOUT_MS = 180_000;

const blocks = readmeBlocks(readFileSync(path.join(REPO_ROOT, "README.md"), "utf8"));
const steps = blocks.flat();

interface ShellRun {
  code: number | null;
  outputs: string[];
  stderr: string;
}

/**
 * Runs the steps in one `bash` in the checkout, as the README says to, printing a separator after
 * each so their outputs can be told apart. The files its downloads write there are removed after.
 */
async function runSteps(all: ReadmeStep[], baseUrl: string, env: Record<string, string>): Promise<ShellRun> {
  const before = new Set(readdirSync(REPO_ROOT));
  try {
    return await runShell(all, baseUrl, env);
  } finally {
    for (const name of readdirSync(REPO_ROOT)) if (!before.has(name)) rmSync(path.join(REPO_ROOT, name), { recursive: true, force: true });
  }
}

function runShell(all: ReadmeStep[], baseUrl: string, env: Record<string, string>): Promise<ShellRun> {
  const script = [
    "set -euo pipefail",
    ...all.map((step) => `${step.command.replaceAll(README_ADDRESS, baseUrl)}\nprintf '\\n%s\\n' '${SEPARATOR}'`),
  ].join("\n");
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], { cwd: REPO_ROOT, env: cliEnv(env), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, outputs: stdout.split(`\n${SEPARATOR}\n`), stderr });
    });
  });
}

describe("README examples", () => {
  let dataDir: Awaited<ReturnType<typeof tempDataDir>> | undefined;
  let server: ServeProcess | undefined;

  beforeAll(async () => {
    dataDir = await tempDataDir();
    server = await startServe({ env: { DATA_DIR: dataDir.dir } });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await dataDir?.remove();
  });

  it("marks the Quickstart and the walkthrough, and promises answers", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    expect(steps.filter((step) => step.expected !== null).length).toBeGreaterThanOrEqual(10);
    for (const step of steps) {
      // A request whose answer the README does not show would go unchecked.
      if (/^curl /.test(step.command) && !/\| grep -E?q/.test(step.command) && !writesToFile(step.command)) {
        expect(step.expected, step.command).not.toBeNull();
      }
    }
  });

  it(
    "runs every step as written and answers as the README says",
    async () => {
      const run = await runSteps(steps, server!.baseUrl, { DATA_DIR: dataDir!.dir });
      const problems: string[] = [];
      for (const [i, step] of steps.entries()) {
        if (step.expected === null) continue;
        const output = run.outputs[i];
        if (output === undefined) {
          problems.push(`step ${i + 1} did not run: ${step.command}`);
          continue;
        }
        if (isTextAnswer(step.expected)) {
          const found = textMismatch(output, step.expected);
          if (found) problems.push(`step ${i + 1}: ${step.command}\n  ${found}`);
          continue;
        }
        let actual: unknown;
        try {
          actual = JSON.parse(output);
        } catch {
          problems.push(`step ${i + 1} printed no JSON: ${step.command}\n${output}`);
          continue;
        }
        const found = mismatch(actual, parsePattern(step.expected));
        if (found) problems.push(`step ${i + 1}: ${step.command}\n  ${found}`);
      }
      expect(problems, run.stderr).toEqual([]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.outputs).toHaveLength(steps.length + 1);
    },
    RUN_TIMEOUT_MS + 60_000,
  );
});
