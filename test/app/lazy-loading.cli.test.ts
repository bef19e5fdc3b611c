// Each command loads only what it uses: what `canopy --help` loads (dist/main.js and the chunks it
// imports statically), what an operator command sent to a running server loads on top
// (src/operator/run.ts's chunk), and what `canopy mcp` loads (src/mcp/server.ts's chunk: the MCP
// SDK, and its tools from dist/mcp-tools.json rather than from the route registry), hold no HTTP
// framework, no database layer and no provider. `canopy serve` itself starts without the LLM SDKs
// and the Redis client, which load when a model is called or REDIS_URL is set. Read from the
// compiled bundle that `canopy` runs (the test setup builds it), following its imports; a package
// counts whether a chunk imports it from node_modules or has it bundled in (its source map says).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/repo-root";

const DIST = path.join(REPO_ROOT, "dist");
const STATIC_IMPORT = /^import\s+(?:[^"']*?\s+from\s+)?["']([^"']+)["'];?$/gm;

/** The chunk compiled from `source` (a path under src/), found through the chunks' source maps. */
function chunkOf(source: string): string {
  for (const file of fs.readdirSync(DIST).filter((name) => name.endsWith(".js.map"))) {
    const sources = (JSON.parse(fs.readFileSync(path.join(DIST, file), "utf8")) as { sources: string[] }).sources;
    if (sources.includes(`../src/${source}`)) return file.slice(0, -".map".length);
  }
  throw new Error(`no chunk of dist/ holds src/${source}`);
}

const BUNDLED_PACKAGE = /^\.\.\/node_modules\/((?:@[^/]+\/)?[^/]+)\//;

/**
 * Everything `entry` loads before it runs: chunks it imports statically, and the packages in them
 * (imported from node_modules, or bundled into the chunk).
 */
function staticClosure(entry: string): { chunks: Set<string>; packages: Set<string> } {
  const chunks = new Set<string>();
  const packages = new Set<string>();
  const visit = (chunk: string) => {
    if (chunks.has(chunk)) return;
    chunks.add(chunk);
    for (const [, specifier] of fs.readFileSync(path.join(DIST, chunk), "utf8").matchAll(STATIC_IMPORT)) {
      if (specifier!.startsWith("./")) visit(specifier!.slice(2));
      else packages.add(specifier!);
    }
    for (const source of sourcesOf(new Set([chunk]))) {
      const bundled = BUNDLED_PACKAGE.exec(source);
      if (bundled) packages.add(bundled[1]!);
    }
  };
  visit(entry);
  return { chunks, packages };
}

/** The src/ files compiled into `chunks`. */
function sourcesOf(chunks: Set<string>): string[] {
  return [...chunks].flatMap(
    (chunk) => (JSON.parse(fs.readFileSync(path.join(DIST, `${chunk}.map`), "utf8")) as { sources: string[] }).sources,
  );
}

const HEAVY = /^(fastify|@fastify\/|drizzle-orm|@electric-sql\/pglite|pg$|pg-boss|ai$|@ai-sdk\/|ioredis|pino)/;
// Source files of the service proper; the few light ones the command line shares are named.
const HEAVY_SOURCE = /\/(modules\/|providers\/|platform\/(http\/(?!errors|field-messages)|jobs\/(?!drain)|audit\/|db\/(?!data-dir)))/;

describe("what each command loads", () => {
  it("canopy --help loads node's own modules and the argument parsing only", () => {
    const { chunks, packages } = staticClosure("main.js");
    expect([...packages].filter((name) => !name.startsWith("node:"))).toEqual([]);
    expect(sourcesOf(chunks).filter((source) => HEAVY_SOURCE.test(source))).toEqual([]);
  });

  it("an operator command adds the socket client, and nothing heavy", () => {
    const { chunks, packages } = staticClosure(chunkOf("operator/run.ts"));
    expect([...packages].filter((name) => HEAVY.test(name))).toEqual([]);
    expect(sourcesOf(chunks).filter((source) => HEAVY_SOURCE.test(source))).toEqual([]);
  });

  it("canopy mcp adds the MCP SDK, and nothing heavy", () => {
    const { chunks, packages } = staticClosure(chunkOf("mcp/server.ts"));
    expect([...packages].filter((name) => HEAVY.test(name))).toEqual([]);
    expect([...packages]).toEqual(expect.arrayContaining(["@modelcontextprotocol/sdk/server/mcp.js"]));
    expect(sourcesOf(chunks).filter((source) => HEAVY_SOURCE.test(source) || source.includes("/routes"))).toEqual([]);
  });

  it("canopy serve starts without the LLM SDKs and the Redis client", () => {
    const { packages } = staticClosure(chunkOf("app/app.ts"));
    expect([...packages].filter((name) => /^(ai$|@ai-sdk\/|ioredis)/.test(name))).toEqual([]);
  });

  it("the follower of these imports sees the heavy ones where they are", () => {
    // A check that could not fail would prove nothing: the HTTP app's chunk does load them.
    const { chunks, packages } = staticClosure(chunkOf("app/app.ts"));
    expect([...packages].filter((name) => HEAVY.test(name))).toEqual(expect.arrayContaining(["fastify", "drizzle-orm"]));
    expect(sourcesOf(chunks).filter((source) => HEAVY_SOURCE.test(source)).length).toBeGreaterThan(50);
  });
});
