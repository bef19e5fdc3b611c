// Uploading a map made with another tool, over HTTP: from a CSV file (quoted fields, a BOM, an
// embedded line break, headers in any case, an unknown column, a duplicate) and from JSON; the
// errors of each (named by row and column, or by field), the limits, the one route that takes
// text/csv; replacing a map; and the authority view of the uploaded map, without and with a
// research tree.
import { NO_LIMITS, fundedOwner } from "../../../helpers/owners";
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLUSTERING_WOULD_OVERWRITE } from "../../../../src/modules/maps/upload/upload";
import { createHarness, type Harness, type Schemas } from "../../../helpers/harness";
import { match } from "../../../helpers/matchers";
import { brandClustering, runClusteringJob, type Owner } from "../../clustering/helpers";
import { createBrand, importTree } from "../../research/helpers";

const FIXTURE = readFileSync(new URL("../../../fixtures/maps/upload.csv", import.meta.url));

type Cluster = Schemas["MapCluster"];

describe("map upload", () => {
  let h: Harness;
  let owner: Owner;
  const url = (brandId: string) => `/api/v1/maps/${brandId}/`;
  const putCsv = (brandId: string, body: string | Buffer, type = "text/csv") =>
    h.canopy.app.inject({ method: "PUT", url: url(brandId), headers: { "x-api-key": owner.key, "content-type": type }, payload: body });
  const putJson = (brandId: string, body: unknown) => h.request("PUT", url(brandId), { key: owner.key, body });
  const hierarchyOf = async (brandId: string) =>
    (await h.request("GET", `/api/v1/authority/${brandId}/`, { key: owner.key })).json<Schemas["AuthorityHierarchy"]>();

  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await fundedOwner(h, 100);
  });
  afterAll(async () => h.close());

  it("takes a CSV file: clusters by label, centroid of most volume, first of a duplicate, positions as given", async () => {
    const brandId = await createBrand(h, owner, "Bean There");
    const res = await putCsv(brandId, FIXTURE);
    expect(res.statusCode, res.payload).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["x-ratelimit-limit"]).toBeDefined();
    // The answer is a summary: what was read and what the map is, not the map.
    const summary = res.json<Schemas["TopicalMapUploadSummary"]>();
    expect(summary).toEqual({
      _meta: { description: match.any(String), data_source: "uploaded" },
      brand_id: brandId,
      brand_name: "Bean There",
      is_uploaded: true,
      created_at: match.any(String),
      updated_at: summary.created_at,
      cluster_count: 3,
      keyword_count: 6,
      rows_read: 7,
      duplicates_ignored: 1,
    });
    const map = (await h.request("GET", url(brandId), { key: owner.key })).json<Schemas["TopicalMap"]>();
    expect(map).toMatchObject({
      brand_id: brandId,
      is_uploaded: true,
      cluster_count: 3,
      updated_at: summary.updated_at,
      _meta: { data_source: "uploaded" },
    });
    const clusters: Cluster[] = map.clusters;
    expect(clusters.map((c) => [c.id, c.centroid, c.keyword_count, c.keywords.map((k) => k.keyword)])).toEqual([
      ["c1", "espresso machine", 3, ["espresso machine", "best espresso machine", "espresso machine, with grinder"]],
      ["c2", "green tea", 2, ["green tea", "matcha latte"]],
      ["c3", "cold brew", 1, ["cold brew"]],
    ]);
    const [first, best, grinder] = clusters[0]!.keywords;
    expect(first).toMatchObject({ sort_order: 0, search_volume: 9900, cpc: 1.8, competition: 0.62, similarity: 1, has_serp_data: false });
    expect(first).toMatchObject({
      main_topic: "Coffee",
      subtopic_2: "Machines",
      subtopic_3: "",
      subtopic_4: "",
      url_slug: "espresso-machine",
    });
    expect(best).toMatchObject({ sort_order: 1, similarity: 0, subtopic_3: "Reviews", search_intent: "commercial" });
    expect(grinder).toMatchObject({ search_volume: 880, sort_order: 2 });
    // The duplicate "COLD BREW" (row 7) lost to row 6; empty cells read as 0.
    expect(clusters[2]!.keywords[0]).toMatchObject({ search_volume: 2900, cpc: 0.9 });
    expect(clusters[1]!.keywords[1]).toMatchObject({ keyword: "matcha latte", cpc: 0, competition: 0 });

    // It is listed as uploaded.
    const listed = (await h.request("GET", "/api/v1/maps/", { key: owner.key, query: { brand_id: brandId } })).json<
      Schemas["TopicalMapList"]
    >();
    expect(listed).toEqual([expect.objectContaining({ brand_id: brandId, is_uploaded: true })]);
  });

  it("shows the uploaded positions as the authority hierarchy when the brand has no research tree, and node ids stay", async () => {
    const brandId = await createBrand(h, owner, "Tree From Map");
    expect((await putCsv(brandId, FIXTURE)).statusCode).toBe(200);
    const view = await hierarchyOf(brandId);
    expect(view).toMatchObject({ is_uploaded: true, node_count: 6, _meta: { data_source: "uploaded" } });
    const nodes = view.hierarchy;
    expect(nodes.map((n) => [n.name, n.type])).toEqual([
      ["Coffee", "PILLAR"],
      ["Machines", "CLUSTER"],
      ["Reviews", "TOPIC"],
      ["Brewing", "CLUSTER"],
      ["Tea", "PILLAR"],
      ["Matcha", "CLUSTER"],
    ]);
    expect(nodes[1]).toMatchObject({ keywords: ["espresso machine", "espresso machine, with grinder"], search_volume: 9900 + 880 + 4400 });
    expect(nodes[0]).toMatchObject({ search_volume: 9900 + 880 + 4400 + 2900, serp_position: null, aio_status: "N/A" });
    // A published toggle sticks across a re-upload that keeps the path.
    const machines = nodes[1]!.node_id;
    const publish = await h.request("PATCH", `/api/v1/authority/${brandId}/nodes/${machines}/published/`, {
      key: owner.key,
      body: { published: true },
    });
    expect(publish.statusCode, publish.payload).toBe(200);
    // The view is kept between reads of a map: a toggle since the last read still shows at once.
    expect((await hierarchyOf(brandId)).hierarchy.find((n) => n.node_id === machines)).toMatchObject({ published: true, coverage: 50 });
    expect((await putCsv(brandId, FIXTURE)).statusCode).toBe(200);
    const again = (await hierarchyOf(brandId)).hierarchy;
    expect(again.find((n) => n.node_id === machines)?.published).toBe(true);
    // And a map with other positions shows its own tree, not the one kept of the map before.
    expect(
      (await putJson(brandId, { keywords: [{ keyword: "matcha whisk", cluster: "tools", search_volume: 50, main_topic: "Tools" }] }))
        .statusCode,
    ).toBe(200);
    expect((await hierarchyOf(brandId)).hierarchy.map((n) => [n.name, n.search_volume])).toEqual([["Tools", 50]]);
    // No SERP was stored for an uploaded map.
    expect((await h.request("GET", `/api/v1/authority/${brandId}/serp-data/${machines}/`, { key: owner.key })).statusCode).toBe(404);
  });

  it("joins the uploaded metrics to the brand's research tree when it has one", async () => {
    const brandId = await createBrand(h, owner, "With Research");
    await importTree(h, owner, brandId, [
      {
        main_topic: "espresso",
        keywords: ["espresso machine"],
        subtopic_2: [{ name: "reviews", keywords: ["best espresso machine", "not uploaded"] }],
      },
    ]);
    expect((await putCsv(brandId, FIXTURE)).statusCode).toBe(200);
    const nodes = (await hierarchyOf(brandId)).hierarchy;
    expect(nodes.map((n) => [n.name, n.search_volume])).toEqual([
      ["espresso", 9900 + 4400],
      ["reviews", 4400],
    ]);
    expect(nodes[0]!.importance).toBe(100);
  });

  it("takes JSON with the same fields, nulls for absent values", async () => {
    const brandId = await createBrand(h, owner, "Json");
    const res = await putJson(brandId, {
      keywords: [
        { keyword: "  Kayak Fishing ", search_volume: "70", cluster: null, main_topic: "Outdoors" },
        { keyword: "kayak", search_volume: 900, cpc: null, competition: 0.5, cluster: "K" },
        { keyword: "kayak paddle", search_volume: 900, cluster: "k" },
      ],
    });
    expect(res.statusCode, res.payload).toBe(200);
    expect(res.json<Schemas["TopicalMapUploadSummary"]>()).toMatchObject({
      cluster_count: 2,
      keyword_count: 3,
      rows_read: 3,
      duplicates_ignored: 0,
    });
    const clusters: Cluster[] = (await h.request("GET", url(brandId), { key: owner.key })).json<Schemas["TopicalMap"]>().clusters;
    expect(clusters.map((c) => c.keywords.map((k) => k.keyword))).toEqual([["kayak", "kayak paddle"], ["kayak fishing"]]);
    expect(clusters[1]!.keywords[0]).toMatchObject({ search_volume: 70, main_topic: "Outdoors" });
  });

  it("stores text as it was sent: quotes, commas, backslashes, line breaks, characters past the BMP, and numbers exactly", async () => {
    // The embedded database takes the rows as CSV text (COPY): each of these must survive it.
    const odd = ['say "hi", then\nleave', "back\\slash \\n", "café ☕ 🫘", '"quoted"', ","];
    const brandId = await createBrand(h, owner, "Odd Text");
    const res = await putJson(brandId, {
      keywords: odd.map((keyword, i) => ({
        keyword,
        cluster: `"${i}"`,
        search_volume: 2_147_483_647 - i,
        cpc: 0.1 + 0.2,
        competition: 1 / 3,
        main_topic: `a,"b"\n${i}`,
      })),
    });
    expect(res.statusCode, res.payload).toBe(200);
    const clusters: Cluster[] = (await h.request("GET", url(brandId), { key: owner.key })).json<Schemas["TopicalMap"]>().clusters;
    const stored = clusters.flatMap((c) => c.keywords).sort((a, b) => b.search_volume - a.search_volume);
    expect(stored.map((k) => [k.keyword, k.search_volume, k.cpc, k.competition, k.main_topic])).toEqual(
      odd.map((keyword, i) => [keyword, 2_147_483_647 - i, 0.1 + 0.2, 1 / 3, `a,"b"\n${i}`]),
    );
  });

  it("replaces the previous map, whether a clustering or an upload wrote it", async () => {
    const brandId = await createBrand(h, owner, "Replaced");
    await importTree(h, owner, brandId, [{ main_topic: "coffee", keywords: ["cold brew", "espresso machine"] }]);
    const started = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} });
    await runClusteringJob(h, started.json<Schemas["BrandClusteringStarted"]>().task_id);
    const clustered = (await h.request("GET", url(brandId), { key: owner.key })).json<Schemas["TopicalMap"]>();
    expect(clustered).toMatchObject({ is_uploaded: false, _meta: { data_source: "offline" } });

    const uploaded = await putJson(brandId, { keywords: [{ keyword: "only one" }] });
    expect(uploaded.json<Schemas["TopicalMapUploadSummary"]>()).toMatchObject({
      is_uploaded: true,
      cluster_count: 1,
      created_at: clustered.created_at,
    });
    expect(uploaded.json<Schemas["TopicalMapUploadSummary"]>().updated_at > clustered.updated_at).toBe(true);
    const again = await putJson(brandId, { keywords: [{ keyword: "another" }, { keyword: "and another" }] });
    expect(again.json<Schemas["TopicalMapUploadSummary"]>()).toMatchObject({ cluster_count: 2, keyword_count: 2 });
    const read = (await h.request("GET", url(brandId), { key: owner.key })).json<Schemas["TopicalMap"]>();
    expect(read.clusters.map((c) => c.centroid)).toEqual(["another", "and another"]);
    expect((await hierarchyOf(brandId)).node_count).toBe(1);
  });

  it("names each bad CSV cell by row and column, the header's problems by column, and stores nothing", async () => {
    const brandId = await createBrand(h, owner, "Bad Rows");
    const csv = [
      "keyword,search_volume,cpc,competition,main_topic,subtopic_2,subtopic_3",
      "fine,10,1,0.5,a,b,c",
      "bad volume,12.5,x,2,a,,c",
      " ,1,,,,,",
    ].join("\n");
    const res = await putCsv(brandId, csv);
    expect(res.statusCode).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({
      rows: [
        "Row 3, column search_volume: expected a whole number from 0 to 2,147,483,647.",
        "Row 3, column cpc: expected a number from 0 to 1,000,000.",
        "Row 3, column competition: expected a number from 0 to 1.",
        "Row 3, column subtopic_3: given without subtopic_2 (a position is filled from main_topic down).",
        "Row 4, column keyword: the keyword is empty.",
      ],
    });
    const header = await putCsv(brandId, "term,volume\nx,1\n");
    expect([header.statusCode, header.json<Schemas["FieldErrors"]>()]).toEqual([
      400,
      { columns: [expect.stringMatching(/^The header row \(row 1\) has no keyword column; it names: term, volume\./)] },
    ]);
    const unclosed = await putCsv(brandId, 'keyword\nok\n"never closed\n');
    expect(unclosed.json<Schemas["FieldErrors"]>()).toEqual({ rows: ["Row 3: a quoted field is not closed before the end of the file."] });
    expect((await putCsv(brandId, "keyword\n")).json<Schemas["FieldErrors"]>()).toEqual({
      rows: [expect.stringContaining("no keyword rows")],
    });
    expect((await putCsv(brandId, Buffer.from("keyword\ncaf\xe9\n", "latin1"))).json<Schemas["Error"]>()).toEqual({
      detail: match.stringContaining("not valid UTF-8"),
    });
    expect((await h.request("GET", url(brandId), { key: owner.key })).statusCode).toBe(404);
  });

  it("refuses numbers past their column's range, in CSV and in JSON, naming the row or entry and the column", async () => {
    const brandId = await createBrand(h, owner, "Ranges");
    const csv = await putCsv(brandId, "keyword,search_volume,cpc\nfits,2147483647,1000000\nvolume,2147483648,1\ncpc,1,1000000.5\n");
    expect([csv.statusCode, csv.json<Schemas["FieldErrors"]>()]).toEqual([
      400,
      {
        rows: [
          "Row 3, column search_volume: expected a whole number from 0 to 2,147,483,647.",
          "Row 4, column cpc: expected a number from 0 to 1,000,000.",
        ],
      },
    ]);
    for (const search_volume of [2147483648, "2147483648", 1e20]) {
      const json = await putJson(brandId, {
        keywords: [
          { keyword: "fits", search_volume: 2147483647 },
          { keyword: "volume", search_volume },
        ],
      });
      expect([json.statusCode, Object.keys(json.json<Schemas["FieldErrors"]>())], json.payload).toEqual([
        400,
        ["keywords.1.search_volume"],
      ]);
    }
    const cpc = await putJson(brandId, { keywords: [{ keyword: "cpc", cpc: 1e7 }] });
    expect([cpc.statusCode, Object.keys(cpc.json<Schemas["FieldErrors"]>())]).toEqual([400, ["keywords.0.cpc"]]);
    expect((await h.request("GET", url(brandId), { key: owner.key })).statusCode).toBe(404);
    // The largest values fit their columns and read back as sent.
    const largest = await putJson(brandId, { keywords: [{ keyword: "fits", search_volume: 2147483647, cpc: 1000000, competition: 1 }] });
    expect(largest.statusCode, largest.payload).toBe(200);
    const [entry] = (await h.request("GET", url(brandId), { key: owner.key })).json<Schemas["TopicalMap"]>().clusters[0]!.keywords;
    expect(entry).toMatchObject({ search_volume: 2147483647, cpc: 1000000, competition: 1 });
  });

  it("leaves the previous map whole when a row near the end of an upload is refused", async () => {
    const brandId = await createBrand(h, owner, "Kept");
    expect((await putCsv(brandId, FIXTURE)).statusCode).toBe(200);
    const before = (await h.request("GET", url(brandId), { key: owner.key })).json<Schemas["TopicalMap"]>();
    const rows = Array.from({ length: 3000 }, (_, i) => `new keyword ${i},${i}`);
    rows[2990] = "bad row,2147483648";
    const refused = await putCsv(brandId, `keyword,search_volume\n${rows.join("\n")}\n`);
    expect([refused.statusCode, refused.json<Schemas["FieldErrors"]>()]).toEqual([
      400,
      { rows: ["Row 2992, column search_volume: expected a whole number from 0 to 2,147,483,647."] },
    ]);
    expect((await h.request("GET", url(brandId), { key: owner.key })).json<Schemas["TopicalMap"]>()).toEqual(before);
  });

  it("names each bad JSON entry by field, and refuses an empty list", async () => {
    const brandId = await createBrand(h, owner, "Bad Json");
    const res = await putJson(brandId, {
      keywords: [{ keyword: "ok" }, { keyword: "x", competition: 3 }, { keyword: " ", subtopic_2: "b" }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ "keywords.1.competition": [expect.any(String)] });
    const semantic = await putJson(brandId, { keywords: [{ keyword: " ", subtopic_2: "b" }] });
    expect(semantic.json<Schemas["FieldErrors"]>()).toEqual({
      "keywords.0.keyword": ["The keyword is empty."],
      "keywords.0.subtopic_2": ["Given without main_topic (a position is filled from main_topic down)."],
    });
    expect((await putJson(brandId, { keywords: [] })).json<Schemas["FieldErrors"]>()).toEqual({ keywords: ["No keywords to upload."] });
    expect((await putJson(brandId, {})).json<Schemas["FieldErrors"]>()).toEqual({ keywords: ["This field is required."] });
  });

  it("answers 413 past 50,000 rows or 10 MB, and 415 for other media types", async () => {
    const brandId = await createBrand(h, owner, "Limits");
    const rows = Array.from({ length: 50_001 }, (_, i) => `k${i}`).join("\n");
    const many = await putCsv(brandId, `keyword\n${rows}\n`);
    expect([many.statusCode, many.json<Schemas["Error"]>()]).toEqual([413, { detail: "At most 50,000 keyword rows per upload." }]);
    const manyJson = await putJson(brandId, { keywords: Array.from({ length: 50_001 }, (_, i) => ({ keyword: `k${i}` })) });
    expect(manyJson.statusCode).toBe(413);
    const huge = await putCsv(brandId, `keyword,notes\nx,${"n".repeat(10 * 1024 * 1024)}\n`);
    expect([huge.statusCode, huge.json<Schemas["Error"]>()]).toEqual([413, { detail: "Request body is too large: at most 10 MB." }]);
    const plain = await putCsv(brandId, "keyword\nx\n", "text/plain");
    expect(plain.statusCode).toBe(415);
    // The upload says both ways it takes a body.
    expect(plain.json<Schemas["Error"]>().detail).toBe(
      'Unsupported media type "text/plain" in request. Send the body as JSON with the header Content-Type: application/json, ' +
        "or as text/csv with that Content-Type.",
    );
    // The one route that takes text/csv: every other body route still answers 415 to it.
    const elsewhere = await h.canopy.app.inject({
      method: "PUT",
      url: `/api/v1/research/${brandId}/`,
      headers: { "x-api-key": owner.key, "content-type": "text/csv" },
      payload: "keyword\nx\n",
    });
    expect([elsewhere.statusCode, elsewhere.json<Schemas["Error"]>()]).toEqual([
      415,
      { detail: 'Unsupported media type "text/csv" in request. Send the body as JSON with the header Content-Type: application/json.' },
    ]);
  });

  it("answers 409 while a clustering of the brand runs, and 404 for an unknown brand", async () => {
    const brandId = await createBrand(h, owner, "Busy");
    await importTree(h, owner, brandId, [{ main_topic: "coffee", keywords: ["cold brew"] }]);
    // No workers in this suite: the started clustering stays queued.
    expect((await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} })).statusCode).toBe(202);
    const busy = await putCsv(brandId, FIXTURE);
    expect([busy.statusCode, busy.json<Schemas["Error"]>()]).toEqual([409, { detail: CLUSTERING_WOULD_OVERWRITE }]);
    const unknown = await putCsv(randomUUID(), FIXTURE);
    expect(unknown.statusCode).toBe(404);
  });
});
