// The TypeScript client's package (clients/typescript) installs on its own, with its own lockfile,
// while the root's tests import it from source with the root's dependencies: both must name the
// same versions, or the client tested here would not be the client installed there.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (file: string) =>
  JSON.parse(readFileSync(file, "utf8")) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

describe("the client package", () => {
  it("depends on the versions the root installs", () => {
    const root = read("package.json");
    const client = read("clients/typescript/package.json");
    const rootVersions = { ...root.dependencies, ...root.devDependencies };
    for (const [name, version] of Object.entries({ ...client.dependencies, ...client.devDependencies })) {
      expect(rootVersions[name], name).toBe(version);
    }
    const lock = JSON.parse(readFileSync("clients/typescript/package-lock.json", "utf8")) as {
      packages: Record<string, { version?: string }>;
    };
    for (const [name, version] of Object.entries(client.dependencies ?? {}))
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(version);
  });
});
