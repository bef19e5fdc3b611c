// CSV exports of maps, clustering reports and authority hierarchies, and the streamed map
// detail: byte for byte what the response schema's serializer gives, and never two maps mixed.
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MapChanged, MAP_PAGE_ROWS, mapPages } from "../../../src/modules/maps/detail-stream";
import { MapDetailSchema } from "../../../src/modules/maps/schemas";
import { topicalMaps } from "../../../src/modules/maps/table";
import { uploadedMapRows } from "../../../src/modules/maps/upload/map";
import { writeTopicalMap } from "../../../src/modules/maps/writer";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { brandClustering, createReport, runClusteringJob, waitForReport, type Owner } from "../clustering/helpers";
import { createBrand, importTree } from "../research/helpers";
import { parseJson } from "../../helpers/json";

const BOM = "\uFEFF";

/** The records of a CSV export (its mark checked and dropped), as a spreadsheet would read them. */
function records(body: string): string[][] {
  expect(body.startsWith(BOM)).toBe(true);
  return parse(body.slice(1), { record_delimiter: "\r\n" });
}

describe("exports and the streamed map", () => {
  let h: Harness;
  let owner: Owner;
  let brandId: string;
  const get = (url: string, options: { query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
    h.request("GET", url, { key: owner.key, ...options });

  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await fundedOwner(h, 100);
    brandId = await createBrand(h, owner, "Bean There, Inc.");
    await importTree(h, owner, brandId, [
      {
        main_topic: "coffee",
        keywords: ["coffee"],
        subtopic_2: [{ name: "machines", keywords: ["espresso machine", "best espresso machine"] }],
      },
      { main_topic: "tea", keywords: ["green tea"] },
    ]);
    const started = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} });
    await runClusteringJob(h, started.json<Schemas["BrandClusteringStarted"]>().task_id);
  });
  afterAll(async () => h.close());

  it("sends the map as CSV: a mark, CRLF, a header, one row per keyword, as an attachment named after the brand", async () => {
    const res = await get(`/api/v1/maps/${brandId}/`, { query: { format: "csv" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="bean-there-inc-map.csv"');
    expect(res.headers["x-ratelimit-remaining"]).toBeDefined();
    expect(res.body.split("\r\n").at(-1)).toBe("");
    const [header, ...rows] = records(res.body);
    expect(header!.slice(0, 4)).toEqual(["cluster", "centroid", "keyword", "main_topic"]);
    const json = (await get(`/api/v1/maps/${brandId}/`)).json<Schemas["TopicalMap"]>();
    const entries = json.clusters.flatMap((c) => c.keywords.map((k) => [c.id, c.centroid, ...Object.values(k).map(String)]));
    expect(rows).toEqual(entries);
    // Accept chooses CSV too, and `format` wins over it.
    expect((await get(`/api/v1/maps/${brandId}/`, { headers: { accept: "text/csv" } })).headers["content-type"]).toMatch(/^text\/csv/);
    expect(
      (await get(`/api/v1/maps/${brandId}/`, { headers: { accept: "text/csv" }, query: { format: "json" } })).headers["content-type"],
    ).toMatch(/^application\/json/);
    const unknown = await get(`/api/v1/maps/${brandId}/`, { query: { format: "xml" } });
    expect([unknown.statusCode, unknown.json<Schemas["FieldErrors"]>()]).toEqual([400, { format: ["Must be one of: json, csv."] }]);
  });

  it("uploads an exported map back unchanged, formula-looking keywords included", async () => {
    const source = await createBrand(h, owner, "Round Trip");
    const put = (id: string, payload: string) =>
      h.canopy.app.inject({
        method: "PUT",
        url: `/api/v1/maps/${id}/`,
        headers: { "x-api-key": owner.key, "content-type": "text/csv" },
        payload,
      });
    const csv = 'keyword,search_volume,cluster,main_topic\n=1+1,10,a,"@home, ""quoted"""\n-5 degrees,20,a,\n+plus,5,,x\n';
    expect((await put(source, csv)).statusCode).toBe(200);
    const exported = (await get(`/api/v1/maps/${source}/`, { query: { format: "csv" } })).body;
    expect(exported).toContain("'=1+1");
    expect(exported).toContain(`"'@home, ""quoted"""`);
    const copy = await createBrand(h, owner, "Copy");
    expect((await put(copy, exported.slice(1))).statusCode).toBe(200);
    const [a, b] = [
      (await get(`/api/v1/maps/${source}/`)).json<Schemas["TopicalMap"]>(),
      (await get(`/api/v1/maps/${copy}/`)).json<Schemas["TopicalMap"]>(),
    ];
    expect(b.clusters).toEqual(a.clusters);
    expect(a.clusters[0]!.keywords.map((k) => k.keyword)).toEqual(["-5 degrees", "=1+1"]);
  });

  it("sends a clustering report as CSV, one row per keyword", async () => {
    const report = await createReport(h, owner);
    const empty = await get(`/api/v1/clustering/${report.id}/`, { query: { format: "csv" } });
    expect(records(empty.body)).toEqual([
      ["cluster", "centroid", "keyword", "sort_order", "search_volume", "cpc", "competition", "has_serp_data", "serp_fetched_at"],
    ]);
    await runClusteringJob(h, report.task_id);
    await waitForReport(h, report.id);
    const res = await get(`/api/v1/clustering/${report.id}/`, { headers: { accept: "application/json;q=0.5, text/csv" } });
    expect(res.headers["content-disposition"]).toBe('attachment; filename="coffee-clustering.csv"');
    const [, ...rows] = records(res.body);
    const detail = (await get(`/api/v1/clustering/${report.id}/`)).json<Schemas["ClusteringReport"]>();
    const expected = detail.clusters.flatMap((c) =>
      c.keywords.map((k) =>
        [c.id, c.centroid, k.keyword, k.sort_order, k.search_volume, k.cpc, k.competition, k.has_serp_data, k.serp_fetched_at].map(String),
      ),
    );
    expect(rows).toEqual(expected);
  });

  it("sends the authority hierarchy as CSV, one row per node", async () => {
    const res = await get(`/api/v1/authority/${brandId}/`, { query: { format: "csv" } });
    expect(res.headers["content-disposition"]).toBe('attachment; filename="bean-there-inc-authority.csv"');
    const [header, ...rows] = records(res.body);
    const nodes = (await get(`/api/v1/authority/${brandId}/`)).json<Schemas["AuthorityHierarchy"]>().hierarchy;
    expect(header).toEqual(Object.keys(nodes[0]!));
    expect(rows).toHaveLength(nodes.length);
    const machines = rows.find((r) => r[1] === "machines")!;
    const node = nodes.find((n) => n.name === "machines")!;
    expect(machines[header!.indexOf("keywords")]).toBe(node.keywords.join("; "));
    expect(machines[header!.indexOf("serp_position")]).toBe(node.serp_position === null ? "" : String(node.serp_position));
  });

  it("streams the map detail as exactly the bytes the response schema's serializer gives", async () => {
    const streamed = await get(`/api/v1/maps/${brandId}/`);
    const serializer = Fastify();
    serializer.get("/", { schema: { response: { 200: MapDetailSchema } } }, async () => parseJson(streamed.body));
    const serialized = await serializer.inject({ method: "GET", url: "/" });
    await serializer.close();
    expect(streamed.body).toBe(serialized.body);
  });

  it("ends a streamed read with an error when the map is rewritten between pages, never mixing two maps", async () => {
    const id = await createBrand(h, owner, "Rewritten");
    const entries = Array.from({ length: MAP_PAGE_ROWS + 10 }, (_, i) => ({
      keyword: `k${i}`,
      cluster: null,
      searchVolume: i,
      cpc: 0,
      competition: 0,
      path: [],
    }));
    const { rows, clusterCount } = uploadedMapRows(entries);
    const db = { db: h.testDb.database.db };
    const source = { brandId: id, workspaceId: owner.user.id, reportId: null, isUploaded: true, dataSource: "uploaded" };
    await writeTopicalMap(db, source, clusterCount, rows);
    const [map] = await h.testDb.database.db.select().from(topicalMaps).where(eq(topicalMaps.brandId, id));
    const pages = mapPages(db, map!);
    expect((await pages.next()).value).toHaveLength(MAP_PAGE_ROWS);
    // Rewritten with the same number of rows, within the same millisecond as likely as not.
    await writeTopicalMap(db, source, clusterCount, rows);
    await expect(pages.next()).rejects.toBeInstanceOf(MapChanged);
  });
});

describe("a streamed response is audited and logged like any other", () => {
  it("records the request once it has been sent, with its status, in the audit log and the request log", async () => {
    const lines: string[] = [];
    const h = await createHarness({
      workers: false,
      env: { ...NO_LIMITS, LOG_LEVEL: "info" },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const owner = await fundedOwner(h, 0);
      const brandId = await createBrand(h, owner, "Audited");
      const put = await h.canopy.app.inject({
        method: "PUT",
        url: `/api/v1/maps/${brandId}/`,
        headers: { "x-api-key": owner.key, "content-type": "text/csv" },
        payload: "keyword\ncold brew\n",
      });
      expect(put.statusCode).toBe(200);
      expect((await h.request("GET", `/api/v1/maps/${brandId}/`, { key: owner.key, query: { format: "csv" } })).statusCode).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      await h.canopy.audit.flush();
      const audit = (await h.request("GET", "/api/v1/me/audit-logs/", { key: owner.key })).json<Schemas["AuditLogPage"]>().results;
      const mapUrl = `/api/v1/maps/${brandId}/`;
      expect(
        audit
          .filter((e) => e.endpoint === mapUrl)
          .map((e) => [e.method, e.status_code])
          .sort(),
      ).toEqual([
        ["GET", 200],
        ["PUT", 200],
      ]);
      const logged = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => l.msg === "request" && l.route === "/api/v1/maps/:brand_id/");
      expect(logged.map((l) => [l.method, l.status]).sort()).toEqual([
        ["GET", 200],
        ["PUT", 200],
      ]);
    } finally {
      await h.close();
    }
  });
});
