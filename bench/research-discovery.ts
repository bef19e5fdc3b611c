// Research before and after it was built from search demand, in one run, through `canopy serve`:
// this checkout against a baseline revision (built in a temporary worktree of this repository).
//
// 1. On published DataForSEO answers (test/providers/serp/fixtures, served by a fake DataForSEO on
//    127.0.0.1), for each topic they cover: the share of the tree's keywords that are in the
//    topic's discovered universe, the share with searches, the place of the head term (the
//    universe's most searched keyword) among the tree's nodes in reading order, duplicates, and
//    the time of one generation. The universe is what this checkout's discovery lists for the
//    topic; both trees are measured against it.
// 2. Offline, on the labelled set (test/fixtures/research-labelled.ts, written before anything
//    was measured against it): what a strategist expects at each level, found or not, and the
//    phrases that would make them wince (bench/lib/research-sense.ts).
//
//   npm run bench:research-discovery [-- --before=<revision>]   (default: fbcec04)
//
// Printed, never asserted.
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { FIXTURE_TOPICS, startFixtureWorld } from "../test/providers/serp/fixture-world";
import { RESEARCH_LABELLED, type LabelledResearchBrand } from "../test/fixtures/research-labelled";
import { baselineCheckout } from "./lib/baseline";
import type { Env } from "./lib/processes";
import { aggregateSense, scoreResearchSense, type SenseNode } from "./lib/research-sense";
import { ApiClient } from "./lib/api-client";
import { startCanopy } from "./lib/servers";
import { textTable } from "./lib/text-table";
import type { WireNode } from "../test/modules/research/helpers";

const { values } = parseArgs({ options: { before: { type: "string", default: "fbcec04" } } });
const BEFORE = values.before;
const log = (line: string) => process.stderr.write(`${line}\n`);

function senseTree(nodes: WireNode[], level: 1 | 2 | 3 | 4 = 1): SenseNode[] {
  return nodes.map((n) => ({
    name: n.main_topic ?? n.name ?? "",
    keywords: n.keywords,
    level,
    children:
      level === 4 ? [] : senseTree([...(n.subtopic_2 ?? []), ...(n.subtopic_3 ?? []), ...(n.subtopic_4 ?? [])], (level + 1) as 2 | 3 | 4),
  }));
}

/** Every node, in reading order. */
function nodesOf(tree: readonly SenseNode[]): SenseNode[] {
  return tree.flatMap((n) => [n, ...nodesOf(n.children)]);
}

class Client extends ApiClient {
  /** A brand with its profile, a generation to its end; the tree and the generation's seconds. */
  async research(brand: Record<string, unknown>, coreTopic: string): Promise<{ brandId: string; tree: SenseNode[]; seconds: number }> {
    const { id } = await this.call<{ id: string }>("POST", "/api/v1/brands/", brand);
    const started = performance.now();
    await this.call("POST", `/api/v1/research/${id}/generate/`, { core_topic: coreTopic, ai_model_id: "offline" });
    for (;;) {
      const status = await this.call<{ has_running_task: boolean }>("GET", `/api/v1/research/${id}/task-status/`);
      if (!status.has_running_task) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const detail = await this.call<{ research_data?: WireNode[] }>("GET", `/api/v1/research/${id}/`).catch(() => ({ research_data: [] }));
    return { brandId: id, tree: senseTree(detail.research_data ?? []), seconds };
  }

  /** The discovered universe (not the user's keywords), every page of it. */
  async universe(brandId: string): Promise<Map<string, number | null>> {
    const found = new Map<string, number | null>();
    for (let page = 1; ; page += 1) {
      const answer = await this.call<{ next: string | null; results: { keyword: string; source: string; search_volume: number | null }[] }>(
        "GET",
        `/api/v1/research/${brandId}/keywords/?page_size=200&page=${page}`,
      );
      for (const row of answer.results) if (row.source !== "user") found.set(row.keyword, row.search_volume);
      if (answer.next === null) return found;
    }
  }
}

async function withServer<T>(root: string | undefined, env: Env, work: (client: Client) => Promise<T>): Promise<T> {
  const server = await startCanopy(
    { kind: "embedded" },
    {
      rateLimits: "Integration=100000",
      redisUrl: null,
      credits: 1000,
      root,
      env,
      scopes: "brands:write,brands:read,research:read,research:write",
    },
  );
  try {
    return await work(new Client(server));
  } finally {
    await server.stop();
  }
}

interface FixtureRun {
  topic: string;
  tree: SenseNode[];
  seconds: number;
}

function fixtureFigures(run: FixtureRun, universe: Map<string, number | null>) {
  const nodes = nodesOf(run.tree);
  const words = nodes.flatMap((n) => [n.name, ...n.keywords]);
  const distinct = [...new Set(words)];
  const inUniverse = distinct.filter((w) => universe.has(w));
  const searched = distinct.filter((w) => (universe.get(w) ?? 0) > 0);
  const head = [...universe].sort((a, b) => (b[1] ?? -1) - (a[1] ?? -1))[0]?.[0] ?? run.topic;
  const headAt = nodes.findIndex((n) => n.name === head || n.keywords.includes(head));
  const keywordsOfNodes = nodes.flatMap((n) => [...new Set(n.keywords)]);
  const duplicates = keywordsOfNodes.length - new Set(keywordsOfNodes).size;
  const pct = (part: number) => (distinct.length === 0 ? "-" : `${((100 * part) / distinct.length).toFixed(0)}%`);
  return [
    String(nodes.length),
    pct(inUniverse.length),
    pct(searched.length),
    headAt < 0 ? "absent" : `node ${headAt + 1}`,
    String(duplicates),
    run.seconds.toFixed(2),
  ];
}

function labelledBrandBody(brand: LabelledResearchBrand): Record<string, unknown> {
  const b = brand.brand;
  return {
    brand_name: b.name,
    description: b.description,
    tagline: b.tagline,
    unique_selling_proposition: b.usp,
    key_competitors: b.competitors.join(", "),
    target_audience: b.target_audience,
    brand_voice: b.brand_voice,
    country_code: b.country_code,
  };
}

async function measure(label: string, root: string | undefined, fixtureEnv: Env) {
  log(`${label}: fixtures`);
  const fixtureRuns = await withServer(root, fixtureEnv, async (client) => {
    const runs: (FixtureRun & { brandId: string })[] = [];
    for (const topic of FIXTURE_TOPICS) runs.push({ topic, ...(await client.research({ brand_name: `Bench ${topic}` }, topic)) });
    // The universe, where this server can list it (this checkout); the baseline has no such endpoint.
    const universes = new Map<string, Map<string, number | null>>();
    for (const run of runs) {
      const universe = await client.universe(run.brandId).catch(() => null);
      if (universe) universes.set(run.topic, universe);
    }
    return { runs, universes };
  });
  log(`${label}: labelled set, offline`);
  const labelled = await withServer(root, { SERP_PROVIDER: "offline" }, async (client) => {
    const scores = [];
    for (const brand of RESEARCH_LABELLED) {
      const { tree } = await client.research(labelledBrandBody(brand), brand.coreTopic);
      scores.push(scoreResearchSense(brand, tree));
    }
    return scores;
  });
  return { fixtureRuns, labelled };
}

async function main() {
  const world = await startFixtureWorld();
  const baseline = await baselineCheckout(BEFORE, log);
  try {
    const before = await measure(`before (${BEFORE})`, baseline.root, world.env);
    const now = await measure("now", undefined, world.env);
    const universes = now.fixtureRuns.universes;

    const rows: string[][] = [];
    for (const [label, result] of [
      [`before (${BEFORE})`, before],
      ["now", now],
    ] as const) {
      for (const run of result.fixtureRuns.runs) {
        rows.push([label, run.topic, ...fixtureFigures(run, universes.get(run.topic) ?? new Map())]);
      }
    }
    console.log("On published DataForSEO answers (no model):");
    console.log(textTable(["", "topic", "nodes", "in universe", "searched", "head term", "duplicates", "seconds"], rows));

    const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
    const senseRows = [[`before (${BEFORE})`, before.labelled] as const, ["now", now.labelled] as const].map(([label, scores]) => {
      const all = aggregateSense(scores);
      return [
        label,
        pct(all.pillarRecall),
        pct(all.hubRecall),
        pct(all.resourceRecall),
        pct(all.keptShare),
        String(all.winces),
        `${scores.filter((s) => s.headIsCore).length} of ${scores.length}`,
      ];
    });
    console.log(`\nOffline, on the labelled set (${RESEARCH_LABELLED.length} brands):`);
    console.log(
      textTable(["", "pillars found", "hubs found", "resources found", "nodes kept", "winces", "headed by the topic"], senseRows),
    );
    for (const [label, scores] of [
      ["before", before.labelled],
      ["now", now.labelled],
    ] as const) {
      for (const s of scores)
        if (s.winces.length > 0) log(`${label} ${s.id}: ${s.winces.map((w) => `"${w.node}" (${w.phrase})`).join(", ")}`);
    }
  } finally {
    baseline.remove();
    await world.fake.close();
  }
}

await main();
