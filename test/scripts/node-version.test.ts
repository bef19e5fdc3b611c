// The Node.js version check that `npm ci` (preinstall) and bin/canopy.js run before anything else.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const check = require("../../scripts/node-version.cjs") as {
  SUPPORTED_RANGE: string;
  isSupportedNode(version: string): boolean;
  unsupportedNodeMessage(version: string): string;
};
const packageJson = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { engines: { node: string } };

describe("the supported Node.js versions", () => {
  it("are package.json's engines", () => {
    expect(check.SUPPORTED_RANGE).toBe(packageJson.engines.node);
  });

  it("take 22.12 and later 22.x, any 24.x and 26.x, with or without the v", () => {
    for (const version of ["22.12.0", "v22.12.0", "22.12.1", "22.23.3", "22.100.0", "24.0.0", "v24.21.0", "26.0.0", "26.10.0"]) {
      expect(check.isSupportedNode(version), version).toBe(true);
    }
  });

  it("refuse older 22.x, odd releases, older and newer majors, and anything unreadable", () => {
    for (const version of [
      "22.11.9",
      "22.0.0",
      "20.20.2",
      "v20.19.0",
      "18.20.0",
      "23.5.0",
      "25.1.0",
      "27.0.0",
      "2.12.0",
      "220.12.0",
      "",
      "latest",
      "v22",
    ]) {
      expect(check.isSupportedNode(version), version).toBe(false);
    }
  });

  it("say which versions are supported, and which one this is", () => {
    const message = check.unsupportedNodeMessage("v20.20.2");
    expect(message).toContain(packageJson.engines.node);
    expect(message).toContain("v20.20.2");
  });

  it("include the Node running the tests", () => {
    expect(check.isSupportedNode(process.versions.node)).toBe(true);
  });
});
