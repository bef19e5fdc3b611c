// The first-start banner is the README Quickstart's beginning: the same commands, and a key with
// the same scopes, so that its key runs every example the README shows.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstStartBanner, QUICKSTART_SCOPES } from "../../src/operator/first-start";
import { REPO_ROOT } from "../helpers/repo-root";
import { readmeBlocks } from "../helpers/readme-steps";

const quickstart = readmeBlocks(readFileSync(path.join(REPO_ROOT, "README.md"), "utf8"))[0]!.map((step) => step.command);

describe("the first-start banner", () => {
  const banner = firstStartBanner("127.0.0.1", 8000);

  it("gives the Quickstart key's scopes", () => {
    const keysCreate = quickstart.find((command) => command.includes("canopy keys create"));
    const scopes = /--scopes (\S+)/.exec(keysCreate ?? "")?.[1]?.split(",");
    expect(scopes).toEqual([...QUICKSTART_SCOPES]);
    expect(banner).toContain(`--scopes ${QUICKSTART_SCOPES.join(",")}`);
  });

  it("starts with the Quickstart's commands, as written there", () => {
    const commands = banner
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line.startsWith("npx canopy users") || line.startsWith("npx canopy credits"));
    expect(commands).toHaveLength(2);
    for (const command of commands) expect(quickstart).toContain(command);
  });

  it("points at the server it was printed by, and at its console", () => {
    const printed = firstStartBanner("0.0.0.0", 9100);
    expect(printed).toContain("http://0.0.0.0:9100/api/v1/me/profile/");
    expect(printed).toContain("http://0.0.0.0:9100/console/");
  });
});
