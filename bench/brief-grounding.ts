// Briefs before and after they were grounded in what ranks, in one run, through `canopy serve`
// with no model (the offline generator): this checkout against a baseline revision (built in a
// temporary worktree). Every labelled query (test/fixtures/brief-labelled.ts, written before
// anything was measured against it) is briefed from its SERP, served by a fake DataForSEO, whose
// results are our own pages on a local server (test/providers/pages/ranking-world.ts). For each:
// the share of the SERP's People Also Ask questions the outline asks word for word, the share of
// the headings two or more ranking pages share that it covers, the strategist's topics and terms
// found, the phrases that would send it back, and the seconds from request to finished brief.
//
//   npm run bench:brief-grounding [-- --before=<revision>]   (default: 645463e)
//
// Printed, never asserted.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { BRIEF_LABELLED } from "../test/fixtures/brief-labelled";
import { loadRankingSerp } from "../test/helpers/ranking-page-server";
import { rankingSlug, startRankingWorld } from "../test/providers/pages/ranking-world";
import { baselineCheckout } from "./lib/baseline";
import { judgeBrief, sharedHeadings, type BriefSense, type BriefUnderTest } from "./lib/brief-sense";
import { REPO_ROOT, type Env } from "./lib/processes";
import { ApiClient } from "./lib/api-client";
import { startCanopy } from "./lib/servers";
import { textTable } from "./lib/text-table";
import { present } from "../src/platform/present";

const { values } = parseArgs({ options: { before: { type: "string", default: "645463e" } } });
const BEFORE = values.before;
const log = (line: string) => process.stderr.write(`${line}\n`);

const PAGES_DIR = path.join(REPO_ROOT, "test", "fixtures", "ranking-pages");
const FINISHED = new Set(["COMPLETE", "PARTIAL_COMPLETE", "FAILED"]);

/** The H2s of each of the query's pages, read from our own HTML. */
function pageH2s(slug: string): string[][] {
  const pages = JSON.parse(fs.readFileSync(path.join(PAGES_DIR, slug, "pages.json"), "utf8")) as Record<string, string>;
  return Object.values(pages).map((file) => {
    const html = fs.readFileSync(path.join(PAGES_DIR, slug, file), "utf8");
    return [...html.matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/gi)].map((m) => (m[1] ?? "").replace(/<[^>]+>/g, "").trim());
  });
}

class Client extends ApiClient {
  /** A brand, the query's SERP fetched, a brief generated to its end: the brief and its seconds. */
  async brief(query: string): Promise<{ brief: Record<string, unknown>; seconds: number }> {
    const { id: brandId } = await this.call<{ id: string }>("POST", "/api/v1/brands/", {
      brand_name: `Bench ${query}`,
      country_code: "US",
    });
    const started = performance.now();
    await this.call("POST", "/api/v1/briefs/serp-data/", { brand_id: brandId, query_text: query });
    const { id } = await this.call<{ id: string }>("POST", "/api/v1/briefs/generate/", {
      brand_id: brandId,
      query_text: query,
      ai_model_id: "offline",
    });
    for (;;) {
      const status = await this.call<{ status: string }>("GET", `/api/v1/briefs/${id}/status/`);
      if (FINISHED.has(status.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    return { brief: await this.call<Record<string, unknown>>("GET", `/api/v1/briefs/${id}/`), seconds };
  }
}

const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** What the judge reads of a brief: its headings, their subheadings and points, its term list. */
function underTest(brief: Record<string, unknown>): BriefUnderTest {
  const result = (brief.result_json ?? {}) as Record<string, unknown>;
  const sections = (Array.isArray(result.header_sections) ? result.header_sections : []) as Record<string, unknown>[];
  const terms = Array.isArray(result.terms)
    ? (result.terms as { term: string }[]).map((t) => t.term)
    : ((Array.isArray(result.keyword_recommendations) ? result.keyword_recommendations : []) as { keyword: string }[]).map(
        (k) => k.keyword,
      );
  return {
    headings: [String(brief.generated_title ?? ""), ...sections.map((s) => String(s.heading ?? ""))],
    lines: sections.flatMap((s) => [...texts(s.subheadings), ...texts(s.talking_points)]),
    terms,
  };
}

interface Judged extends BriefSense {
  query: string;
  seconds: number;
  sections: number;
}

async function measure(label: string, root: string | undefined, env: Env): Promise<Judged[]> {
  log(`${label}: ${BRIEF_LABELLED.length} briefs`);
  const server = await startCanopy(
    { kind: "embedded" },
    {
      rateLimits: "Integration=100000",
      redisUrl: null,
      credits: 1000,
      root,
      env,
      scopes: "brands:write,brands:read,briefs:read,briefs:write",
    },
  );
  try {
    const client = new Client(server);
    const out: Judged[] = [];
    for (const labelled of BRIEF_LABELLED) {
      const slug = rankingSlug(labelled.query);
      const { brief, seconds } = await client.brief(labelled.query);
      const judged = underTest(brief);
      const sense = judgeBrief(labelled, loadRankingSerp(slug).people_also_ask, sharedHeadings(pageH2s(slug)), judged);
      out.push({ query: labelled.query, seconds, sections: judged.headings.length - 1, ...sense });
    }
    return out;
  } finally {
    await server.stop();
  }
}

const pct = (share: number | null) => (share === null ? "-" : `${Math.round(100 * share)}%`);
const mean = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
};

async function main() {
  const world = await startRankingWorld();
  const baseline = await baselineCheckout(BEFORE, log);
  try {
    const before = await measure(`before (${BEFORE})`, baseline.root, world.env);
    const now = await measure("now", undefined, world.env);
    const rows = BRIEF_LABELLED.map((labelled, i) => {
      const b = present(before[i], "the baseline's brief of each query");
      const n = present(now[i], "this checkout's brief of each query");
      return [
        labelled.query,
        `${pct(b.paaAsked)} -> ${pct(n.paaAsked)}`,
        `${pct(b.commonCovered)} -> ${pct(n.commonCovered)}`,
        `${pct(b.topicsCovered)} -> ${pct(n.topicsCovered)}`,
        `${pct(b.termsFound)} -> ${pct(n.termsFound)}`,
        `${b.winces.length} -> ${n.winces.length}`,
        `${b.seconds.toFixed(2)} -> ${n.seconds.toFixed(2)}`,
      ];
    });
    const total = (runs: Judged[]) => [
      pct(mean(runs.map((r) => r.paaAsked))),
      pct(mean(runs.map((r) => r.commonCovered))),
      pct(mean(runs.map((r) => r.topicsCovered))),
      pct(mean(runs.map((r) => r.termsFound))),
      String(runs.reduce((sum, r) => sum + r.winces.length, 0)),
      (runs.reduce((sum, r) => sum + r.seconds, 0) / runs.length).toFixed(2),
    ];
    const [tb, tn] = [total(before), total(now)];
    rows.push(["mean (winces: total)", ...tb.map((value, i) => `${value} -> ${tn[i]}`)]);
    process.stdout.write(
      `Briefs without a model, before (${BEFORE}) -> now, ${BRIEF_LABELLED.length} labelled queries:\n${textTable(
        ["query", "PAA asked", "shared headings covered", "strategist's topics", "strategist's terms", "winces", "seconds"],
        rows,
      )}\n`,
    );
    for (const run of now) if (run.winces.length > 0) process.stdout.write(`winces now, ${run.query}: ${run.winces.join("; ")}\n`);
  } finally {
    baseline.remove();
    await world.close();
  }
}

await main();
