// One step from a new query to its brief: a standalone brief on a query outside the brand's map has
// no SERP to be written from (400), until POST /api/v1/briefs/serp-data/ fetches the query's
// results for the brand; then the brief finds them. A second fetch within the day answers from what
// was kept; a brand of another workspace is not found; a provider that cannot answer is a 503.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_SERP_DATA } from "../../../src/modules/briefs/serp-input";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { fundedOwner, NO_LIMITS } from "../../helpers/owners";
import { FakeDataForSeo, SERP_PATH } from "../../providers/serp/fake-dataforseo";
import type { Owner } from "../clustering/helpers";
import { newBrand, runBrief } from "./helpers";

const QUERY = "How to descale an espresso machine";

describe("a query's search results for a standalone brief", () => {
  let h: Harness;
  let owner: Owner;
  let brandId: string;
  const post = (path: string, body: Record<string, unknown>, key = owner.key) => h.request("POST", path, { key, body });

  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await fundedOwner(h, 50);
    brandId = await newBrand(h, owner);
  });
  afterAll(async () => h.close());

  it("is missing at first, then fetched, kept, and used by the brief", async () => {
    const before = await post("/api/v1/briefs/generate/", { brand_id: brandId, query_text: QUERY });
    expect([before.statusCode, before.json<Schemas["Error"]>()]).toEqual([400, { detail: NO_SERP_DATA }]);

    const fetched = await post("/api/v1/briefs/serp-data/", { brand_id: brandId, query_text: QUERY });
    expect(fetched.statusCode, fetched.payload).toBe(200);
    const serp = fetched.json<Schemas["QuerySerp"]>();
    expect(serp).toMatchObject({ brand_id: brandId, query_text: QUERY.toLowerCase(), data_source: "offline", from_cache: false });
    expect(serp._meta.data_source).toBe("offline");
    expect(serp.serp_results.length).toBeGreaterThan(0);
    expect(serp.serp_results.map((r) => r.position)).toEqual(serp.serp_results.map((_, i) => i + 1));
    expect(serp.people_also_ask.length).toBeGreaterThan(0);

    const again = (await post("/api/v1/briefs/serp-data/", { brand_id: brandId, query_text: `  ${QUERY.toUpperCase()} ` })).json<
      Schemas["QuerySerp"]
    >();
    expect(again).toMatchObject({ from_cache: true, fetched_at: serp.fetched_at, serp_results: serp.serp_results });

    const started = await post("/api/v1/briefs/generate/", { brand_id: brandId, query_text: QUERY });
    expect(started.statusCode, started.payload).toBe(202);
    const { id } = started.json<{ id: string }>();
    await runBrief(h, id);
    const brief = (await h.request("GET", `/api/v1/briefs/${id}/`, { key: owner.key })).json<Schemas["Brief"]>();
    expect(brief.input_params).toMatchObject({ serp_source: "stored", serp_data_source: "offline" });
    const used = brief.input_params.selected_serp_data as { url: string }[];
    expect(used.map((r) => r.url)).toEqual(serp.serp_results.map((r) => r.url));
    expect(brief._meta.data_source).toBe("offline");
  });

  it("keeps a brand's results to its workspace, and refuses an empty query", async () => {
    const stranger = await fundedOwner(h, 0);
    expect((await post("/api/v1/briefs/serp-data/", { brand_id: brandId, query_text: QUERY }, stranger.key)).statusCode).toBe(404);
    const strangerBrand = await newBrand(h, stranger, "Elsewhere");
    // The stranger's brand has no results for the query: what the owner fetched stays the owner's.
    const theirs = await post("/api/v1/briefs/generate/", { brand_id: strangerBrand, query_text: QUERY }, stranger.key);
    expect(theirs.statusCode).toBe(400);
    const blank = await post("/api/v1/briefs/serp-data/", { brand_id: brandId, query_text: "   " });
    expect(blank.statusCode).toBe(400);
  });
});

describe("a query's search results when the provider cannot answer", () => {
  let h: Harness;
  let fake: FakeDataForSeo;

  beforeAll(async () => {
    fake = await FakeDataForSeo.start("login", "password");
    h = await createHarness({
      workers: false,
      env: {
        ...NO_LIMITS,
        SERP_PROVIDER: "dataforseo",
        DATAFORSEO_LOGIN: "login",
        DATAFORSEO_PASSWORD: "wrong",
        DATAFORSEO_BASE_URL: fake.url,
      },
    });
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  it("answers 503 with the provider's reason, and keeps nothing", async () => {
    const owner = await fundedOwner(h, 0);
    const brandId = await newBrand(h, owner);
    const res = await h.request("POST", "/api/v1/briefs/serp-data/", { key: owner.key, body: { brand_id: brandId, query_text: QUERY } });
    expect(res.statusCode).toBe(503);
    expect(res.json<Schemas["Error"]>().detail).toMatch(/^The search results could not be fetched: DataForSEO rejected the credentials/);
    expect(fake.requests.map((r) => r.path)).toEqual([SERP_PATH]);
    const brief = await h.request("POST", "/api/v1/briefs/generate/", { key: owner.key, body: { brand_id: brandId, query_text: QUERY } });
    expect(brief.statusCode).toBe(400);
  });
});
