// `canopy cluster` called directly: the export format, keyword clean-up, --overlap, and errors.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsageError } from "../../src/operator/failures";
import { clusterCommand } from "../../src/operator/cluster-command";
import { parseJson } from "../helpers/json";

const SHOES = ["https://www.shoes.com/", "https://runner.example/best", "https://reviews.example/shoes#top", "https://blog.example/a"];

describe("clusterCommand", () => {
  let dir: string;
  let n = 0;
  const file = async (content: unknown): Promise<string> => {
    const name = path.join(dir, `serp-${++n}.json`);
    await writeFile(name, typeof content === "string" ? content : JSON.stringify(content));
    return name;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "canopy-cluster-"));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it("clusters an export at the default overlap 0.4, cleaning keywords as the service does", async () => {
    const input = await file([
      { keyword: "  Running Shoes ", search_volume: 5000, urls: SHOES },
      { keyword: "best running shoes", search_volume: 3000, urls: ["http://shoes.com", ...SHOES.slice(1), "https://other.example/"] },
      { keyword: "RUNNING SHOES", search_volume: 9999, urls: [] },
      { keyword: "shoe laces", urls: ["https://laces.example/", ...SHOES.slice(0, 2)] },
      { keyword: "   ", search_volume: 10, urls: SHOES },
      { keyword: "no results", search_volume: null, urls: [] },
    ]);
    expect(await clusterCommand(["--input", input])).toEqual({
      clusters: [
        { id: "c1", centroid: "running shoes", keywords: ["running shoes", "best running shoes"] },
        { id: "c2", centroid: "no results", keywords: ["no results"] },
        { id: "c3", centroid: "shoe laces", keywords: ["shoe laces"] },
      ],
    });
  });

  it("uses --overlap", async () => {
    const input = await file([
      { keyword: "running shoes", search_volume: 5000, urls: SHOES },
      { keyword: "shoe laces", search_volume: 10, urls: ["https://laces.example/", ...SHOES.slice(0, 2)] },
    ]);
    const result = await clusterCommand(["--input", input, "--overlap", "0.2"]);
    expect(result).toEqual({ clusters: [{ id: "c1", centroid: "running shoes", keywords: ["running shoes", "shoe laces"] }] });
    expect(parseJson(JSON.stringify(result))).toEqual(result);
  });

  it.each([
    [["--input"]],
    [[]],
    [["--overlap", "0.4"]],
    [["--input", "x.json", "--overlap", "0.1"]],
    [["--input", "x.json", "--overlap", "0.95"]],
    [["--input", "x.json", "--overlap", "forty"]],
    [["--input", "x.json", "--overlap", ""]],
    [["--input", "x.json", "--verbose"]],
    [["--input", "x.json", "extra"]],
  ])("refuses bad arguments %j with a usage error", async (args) => {
    await expect(clusterCommand(args)).rejects.toBeInstanceOf(UsageError);
  });

  it("accepts the ends of the overlap range", async () => {
    const input = await file([{ keyword: "a", urls: [] }]);
    for (const overlap of ["0.2", "0.9"]) {
      await expect(clusterCommand(["--input", input, "--overlap", overlap])).resolves.toEqual({
        clusters: [{ id: "c1", centroid: "a", keywords: ["a"] }],
      });
    }
  });

  it("reports a missing file", async () => {
    const missing = path.join(dir, "missing.json");
    const failure = clusterCommand(["--input", missing]);
    await expect(failure).rejects.toThrow(/cannot read --input .*missing\.json/);
    await expect(failure).rejects.not.toBeInstanceOf(UsageError);
  });

  it.each([
    ["not JSON", "[{", /is not valid JSON/],
    ["not an array", { keyword: "a", urls: [] }, /must hold a JSON array/],
    ["an entry that is no object", [{ keyword: "a", urls: [] }, "b"], /entry 1: expected an object/],
    ["a keyword that is no string", [{ keyword: 7, urls: [] }], /entry 0: "keyword" must be a string/],
    ["a negative volume", [{ keyword: "a", search_volume: -1, urls: [] }], /entry 0: "search_volume"/],
    ["a volume given as text", [{ keyword: "a", search_volume: "10", urls: [] }], /entry 0: "search_volume"/],
    ["missing urls", [{ keyword: "a" }], /entry 0: "urls" must be an array of strings/],
    ["a url that is no string", [{ keyword: "a", urls: ["https://a.com", 3] }], /entry 0: "urls"/],
    ["no keywords at all", [], /holds no keywords/],
    ["only blank keywords", [{ keyword: "  ", urls: [] }], /holds no keywords/],
  ])("reports a malformed file: %s", async (_, content, message) => {
    const failure = clusterCommand(["--input", await file(content)]);
    await expect(failure).rejects.toThrow(message);
    await expect(failure).rejects.not.toBeInstanceOf(UsageError);
  });
});
