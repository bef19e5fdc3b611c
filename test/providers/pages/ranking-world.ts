// A world in which the labelled brief queries (test/fixtures/brief-labelled.ts) can be briefed end
// to end with no internet: a fake DataForSEO whose organic SERP for each query is the one written
// for it in test/fixtures/ranking-pages (People Also Ask, related searches and AI Overview
// references included), with each result's address pointing at our own page for it on a local
// page server, which canopy reads itself (PAGE_SOURCE=direct, that server's host allowed). A result
// with no page of ours points at an address there that answers 404, as a dead link does.
import { envelope, FakeDataForSeo, SERP_PATH, type RecordedRequest, type ScriptedReply } from "../serp/fake-dataforseo";
import { loadRankingSerp, startRankingPageServer, type RankingPageServer, type RankingSerp } from "../../helpers/ranking-page-server";
import { BRIEF_LABELLED } from "../../fixtures/brief-labelled";

/** The folder of a query's pages: its words joined by hyphens. */
export const rankingSlug = (query: string) =>
  query
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The address canopy is given for a SERP result: our page for it, else a dead link on the same server. */
function servedUrl(pages: RankingPageServer, serpUrl: string, position: number, slug: string): string {
  try {
    return pages.pageUrl(serpUrl);
  } catch {
    return `${pages.url}/${slug}/unavailable-${position}.html`;
  }
}

/** The query's SERP in DataForSEO's organic live/advanced shape. */
function serpAnswer(serp: RankingSerp, pages: RankingPageServer, slug: string): unknown {
  const organic = serp.organic.map((result) => {
    const url = servedUrl(pages, result.url, result.position, slug);
    return {
      type: "organic",
      rank_group: result.position,
      rank_absolute: result.position,
      domain: new URL(url).host,
      title: result.title,
      url,
      description: result.snippet,
    };
  });
  const features = [
    ...(serp.ai_overview_references.length > 0
      ? [{ type: "ai_overview", rank_group: 1, rank_absolute: 0, items: [], references: serp.ai_overview_references }]
      : []),
    ...(serp.people_also_ask.length > 0
      ? [
          {
            type: "people_also_ask",
            items: serp.people_also_ask.map((question) => ({ type: "people_also_ask_element", title: question })),
          },
        ]
      : []),
    ...(serp.related_searches.length > 0 ? [{ type: "related_searches", items: serp.related_searches }] : []),
  ];
  // Features after the first organic result, as Google places its People Also Ask box.
  const items = [...organic.slice(0, 1), ...features, ...organic.slice(1)];
  return envelope([{ keyword: serp.query, type: "organic", se_results_count: 100_000, items_count: items.length, items }]);
}

/**
 * A SERP for a keyword no labelled query covers (a map's keywords, say): three results on the page
 * server that answer 404, so that nothing is ever looked up beyond this machine.
 */
function localSerp(keyword: string, pages: RankingPageServer): unknown {
  const slug = rankingSlug(keyword) || "keyword";
  return serpAnswer(
    {
      query: keyword,
      organic: [1, 2, 3].map((position) => ({
        position,
        url: `${pages.url}/elsewhere/${slug}-${position}.html`,
        title: `${keyword} ${position}`,
        snippet: `About ${keyword}.`,
      })),
      people_also_ask: [],
      related_searches: [],
      ai_overview_references: [],
    },
    pages,
    "elsewhere",
  );
}

export interface RankingWorld {
  fake: FakeDataForSeo;
  pages: RankingPageServer;
  /** The variables that point canopy at this world. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startRankingWorld(): Promise<RankingWorld> {
  const pages = await startRankingPageServer();
  const login = "ranking-login";
  const password = "ranking-password";
  const fake = await FakeDataForSeo.start(login, password);
  const answers = new Map(
    BRIEF_LABELLED.map((labelled) => {
      const slug = rankingSlug(labelled.query);
      return [labelled.query, serpAnswer(loadRankingSerp(slug), pages, slug)] as const;
    }),
  );
  fake.fallback = (request: RecordedRequest): ScriptedReply => {
    const [task] = request.body as Record<string, unknown>[];
    const keyword = String(task?.keyword ?? "").toLowerCase();
    if (request.path === SERP_PATH) return { body: answers.get(keyword) ?? localSerp(keyword, pages) };
    return { body: envelope([{ items: [], items_count: 0, total_count: 0 }]) };
  };
  return {
    fake,
    pages,
    env: {
      SERP_PROVIDER: "dataforseo",
      DATAFORSEO_LOGIN: login,
      DATAFORSEO_PASSWORD: password,
      DATAFORSEO_BASE_URL: fake.url,
      PAGE_SOURCE: "direct",
      PAGE_FETCH_ALLOW_HOSTS: new URL(pages.url).hostname,
    },
    async close() {
      await Promise.all([fake.close(), pages.close()]);
    },
  };
}
