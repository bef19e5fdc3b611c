// A baseline revision of this repository, checked out in a temporary worktree and built, so that a
// benchmark can run it beside this checkout in the same run. Removed with `remove()`.
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "./processes";

export async function baselineCheckout(revision: string, log: (line: string) => void): Promise<{ root: string; remove(): void }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "canopy-baseline-"));
  execFileSync("git", ["worktree", "add", "--detach", root, revision], { cwd: REPO_ROOT, stdio: "ignore" });
  await fs.symlink(path.join(REPO_ROOT, "node_modules"), path.join(root, "node_modules"));
  log(`building ${revision} in a temporary worktree`);
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" });
  return {
    root,
    remove: () => execFileSync("git", ["worktree", "remove", "--force", root], { cwd: REPO_ROOT, stdio: "ignore" }),
  };
}
