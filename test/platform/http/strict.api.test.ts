// Strict input where it protects the user (docs/conventions.md §2): an unknown body field answers 400 naming
// it, at any depth of a defined object; the read-only fields of the resource a route writes are
// accepted and dropped, so a read-modify-write round trip works; null for a field that is not
// nullable and blank required text are field errors; free-form JSON has bounded nesting and size,
// and object keys follow the text rules of values. Nothing refused is charged or stored.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FREE_FORM_MAX_DEPTH } from "../../../src/platform/http/free-form";
import type { Harness, Schemas } from "../../helpers/harness";
import {
  balance,
  brandWithTree,
  createBrand,
  openResearchHarness,
  type Owner,
  research,
  researchDetail,
} from "../../modules/research/helpers";

const UNKNOWN = "Unknown field.";
const NULL = "This field may not be null.";
const BLANK = "This field may not be blank.";
const NUL = "Null characters are not allowed.";
const TOO_DEEP = `Ensure this value has no more than ${FREE_FORM_MAX_DEPTH} levels of nesting.`;
const TOO_LARGE = "Ensure this value is no larger than 256 KB as JSON.";
const surrogate = (hex: string) => `Surrogate characters are not allowed: U+${hex}.`;

const SERP = [{ url: "https://brew.example/guide", title: "Brewing guide", snippet: "Grind size matters." }];

let h: Harness;
let owner: Owner;
let brandId: string;
beforeAll(async () => {
  // No workers: a started job stays queued, so a test sees only what its request did.
  ({ h, owner } = await openResearchHarness({ workers: false }));
  await h.grant(owner.user, 1000);
  brandId = await createBrand(h, owner, "Espresso Lab");
});
afterAll(async () => h.close());

const send = (method: string, url: string, body?: unknown) => h.request(method, url, { key: owner.key, body });
/** A body sent as written, so that JSON escapes such as "\ud800" arrive as escapes. */
const sendRaw = (method: string, url: string, body: string) => h.request(method, url, { key: owner.key, body });
const credits = () => balance(h, owner.user.id);
const brief = (body: Record<string, unknown>) =>
  send("POST", "/api/v1/briefs/generate/", { brand_id: brandId, selected_serp_data: SERP, ...body });

/** `{"a": {"a": ... 1 ...}}`, `levels` objects deep, built as text (a deep value has no recursive builder here). */
function nestedObjectText(levels: number): string {
  return `${'{"a":'.repeat(levels - 1)}{}${"}".repeat(levels - 1)}`;
}

describe("unknown body fields", () => {
  it("answers a typo'd field 400 naming it, and neither charges nor starts anything", async () => {
    const before = await credits();
    const res = await send("POST", research(brandId, "generate/"), { core_topik: "home espresso" });
    expect(res.statusCode).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ core_topik: [UNKNOWN] });
    expect(await credits()).toBe(before);
    expect((await send("GET", research(brandId, "task-status/"))).json<Schemas["ResearchTaskStatus"]>().has_running_task).toBe(false);
  });

  it("refuses an unknown field on a brand instead of dropping it", async () => {
    const count = (await send("GET", "/api/v1/brands/")).json<Schemas["BrandList"]>().length;
    const created = await send("POST", "/api/v1/brands/", { brand_name: "Typo Co", webiste: "typo.example" });
    expect(created.statusCode).toBe(400);
    expect(created.json<Schemas["FieldErrors"]>()).toEqual({ webiste: [UNKNOWN] });
    expect((await send("GET", "/api/v1/brands/")).json<Schemas["BrandList"]>()).toHaveLength(count);
    const updated = await send("PATCH", `/api/v1/brands/${brandId}/`, { tagline: "Fresh", webiste: "typo.example" });
    expect(updated.json<Schemas["FieldErrors"]>()).toEqual({ webiste: [UNKNOWN] });
    expect((await send("GET", `/api/v1/brands/${brandId}/`)).json<Schemas["Brand"]>().tagline).toBeNull();
  });

  it("names unknown fields inside known nested objects by their path", async () => {
    const before = await credits();
    const res = await brief({ query_text: "espresso grind", selected_serp_data: [{ url: "https://a.example/", titel: "A" }] });
    expect(res.statusCode).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ "selected_serp_data.0.titel": [UNKNOWN] });
    const specialists = await send("POST", "/api/v1/content/articles/generate/", {
      brief_id: randomUUID(),
      ai_model_id: "offline",
      specialists: { fact_check: true, fact_chek: true },
    });
    expect(specialists.statusCode).toBe(400);
    expect(specialists.json<Schemas["FieldErrors"]>()).toEqual({ "specialists.fact_chek": [UNKNOWN] });
    expect(await credits()).toBe(before);
  });

  it("refuses any field on a route that takes no body fields", async () => {
    const rotate = await send("POST", `/api/v1/keys/${owner.id}/rotate/`, { reason: "leaked" });
    expect(rotate.statusCode).toBe(400);
    expect(rotate.json<Schemas["FieldErrors"]>()).toEqual({ reason: [UNKNOWN] });
    const regenerate = await send("POST", `/api/v1/briefs/${randomUUID()}/generate/`, { query_text: "espresso" });
    expect(regenerate.statusCode).toBe(400);
    expect(regenerate.json<Schemas["FieldErrors"]>()).toEqual({ query_text: [UNKNOWN] });
  });

  it("does not store an unknown field in a brief's input_params: the request is refused whole", async () => {
    const before = await credits();
    const res = await brief({ query_text: "espresso grind", intractive: true });
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ intractive: [UNKNOWN] });
    expect(await credits()).toBe(before);
  });
});

describe("read-only fields", () => {
  it("takes a brand read with GET, edited and sent back, and writes none of its read-only fields", async () => {
    const read = (await send("GET", `/api/v1/brands/${brandId}/`)).json<Schemas["Brand"]>();
    const edited = {
      ...read,
      tagline: "Dial it in",
      id: randomUUID(),
      stage: "completed",
      created_at: "2000-01-01T00:00:00.000Z",
      brand_story: "made up",
    };
    const res = await send("PATCH", `/api/v1/brands/${brandId}/`, edited);
    expect(res.statusCode, res.payload).toBe(200);
    const after = (await send("GET", `/api/v1/brands/${brandId}/`)).json<Schemas["Brand"]>();
    expect(after).toMatchObject({
      id: brandId,
      tagline: "Dial it in",
      stage: read.stage,
      created_at: read.created_at,
      brand_story: read.brand_story,
    });
  });

  it("creates a brand from another one's answer, with its own id and stage", async () => {
    const read = (await send("GET", `/api/v1/brands/${brandId}/`)).json<Schemas["Brand"]>();
    const res = await send("POST", "/api/v1/brands/", { ...read, brand_name: "Espresso Lab Two", stage: "completed" });
    expect(res.statusCode, res.payload).toBe(201);
    expect(res.json<Schemas["Brand"]>().id).not.toBe(brandId);
    expect(res.json<Schemas["Brand"]>().stage).toBe("new");
  });

  it("takes a research tree read with GET and sent back as an import", async () => {
    const withTree = await brandWithTree(h, owner, undefined, "Round Trip");
    const read = await researchDetail(h, owner, withTree);
    const res = await send("PUT", research(withTree), read);
    expect(res.statusCode, res.payload).toBe(200);
    expect(res.json<Schemas["ResearchTree"]>().research_data).toEqual(read.research_data);
  });

  it("creates a draft brief from another brief's answer, with its own id and status", async () => {
    const first = await send("POST", "/api/v1/briefs/", { brand_id: brandId, query_text: "espresso grind size", selected_serp_data: SERP });
    expect(first.statusCode, first.payload).toBe(201);
    const read = (await send("GET", `/api/v1/briefs/${first.json<Schemas["Brief"]>().id}/`)).json<Schemas["Brief"]>();
    // The answer names its brand as `brand`, and keeps no SERP of its own: a new brief names them both.
    const res = await send("POST", "/api/v1/briefs/", {
      ...read,
      brand_id: brandId,
      selected_serp_data: SERP,
      status: "COMPLETE",
      created_at: "2000-01-01T00:00:00.000Z",
    });
    expect(res.statusCode, res.payload).toBe(201);
    const made = res.json<Schemas["Brief"]>();
    expect(made.id).not.toBe(read.id);
    expect(made).toMatchObject({ status: "DRAFT", query_text: "espresso grind size" });
    expect(made.created_at).not.toBe("2000-01-01T00:00:00.000Z");
  });

  it("still refuses a field that is neither writable nor read-only", async () => {
    const read = (await send("GET", `/api/v1/brands/${brandId}/`)).json<Schemas["Brand"]>();
    const res = await send("PATCH", `/api/v1/brands/${brandId}/`, { ...read, mision: "typo" });
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ mision: [UNKNOWN] });
  });
});

describe("null and blank", () => {
  it("answers null for a field that is not nullable as a field error, never as false, 0 or an empty string", async () => {
    const before = await credits();
    const res = await brief({ query_text: null, interactive: null, user_provided_keywords: ["ok", null] });
    expect(res.statusCode).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ query_text: [NULL], interactive: [NULL], "user_provided_keywords.1": [NULL] });
    const overlap = await send("POST", "/api/v1/clustering/", { report_name: "Coffee", keywords: ["espresso"], overlap_percentage: null });
    expect(overlap.json<Schemas["FieldErrors"]>()).toEqual({ overlap_percentage: [NULL] });
    expect(await credits()).toBe(before);
  });

  it("still takes null where a field is nullable", async () => {
    const res = await send("PATCH", `/api/v1/brands/${brandId}/`, { tagline: null });
    expect(res.statusCode, res.payload).toBe(200);
    expect(res.json<Schemas["Brand"]>().tagline).toBeNull();
  });

  it('takes booleans as true/false, "true"/"false" and 1/0, nothing else', async () => {
    for (const interactive of [true, "true", 1, false, "false", 0]) {
      const res = await brief({ query_text: "espresso grind", interactive });
      expect(res.statusCode, `${JSON.stringify(interactive)}: ${res.payload}`).toBe(202);
    }
    for (const interactive of ["yes", 2, [], {}]) {
      const res = await brief({ query_text: "espresso grind", interactive });
      expect(res.statusCode, JSON.stringify(interactive)).toBe(400);
      expect(Object.keys(res.json<Schemas["FieldErrors"]>())).toEqual(["interactive"]);
    }
  });

  it("answers required text that is blank after trimming 400, and charges nothing", async () => {
    const before = await credits();
    for (const blank of ["", "   ", "\t\n "]) {
      const res = await brief({ query_text: blank });
      expect(res.statusCode, JSON.stringify(blank)).toBe(400);
      expect(res.json<Schemas["FieldErrors"]>()).toEqual({ query_text: [BLANK] });
    }
    expect((await send("POST", "/api/v1/brands/", { brand_name: "  " })).json<Schemas["FieldErrors"]>()).toEqual({ brand_name: [BLANK] });
    // An optional core topic, when given, must say something: blank would generate from nothing.
    expect((await send("POST", research(brandId, "generate/"), { core_topic: "   " })).json<Schemas["FieldErrors"]>()).toEqual({
      core_topic: [BLANK],
    });
    expect(await credits()).toBe(before);
  });
});

describe("free-form JSON", () => {
  it("answers content_info_context nested 5,000 levels 400, not 500, and charges nothing", async () => {
    const before = await credits();
    const body = `{"brand_id": "${brandId}", "query_text": "espresso grind", "content_info_context": ${nestedObjectText(5000)}}`;
    const res = await sendRaw("POST", "/api/v1/briefs/generate/", body);
    expect(res.statusCode, res.payload).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ content_info_context: [TOO_DEEP] });
    expect(await credits()).toBe(before);
  });

  it("takes 32 levels of nesting, not 33", async () => {
    const at = (levels: number) =>
      sendRaw(
        "POST",
        "/api/v1/briefs/generate/",
        `{"brand_id": "${brandId}", "query_text": "espresso grind", "selected_serp_data": ${JSON.stringify(SERP)}, "content_info_context": ${nestedObjectText(levels)}}`,
      );
    const deepest = await at(FREE_FORM_MAX_DEPTH);
    expect(deepest.statusCode, deepest.payload).toBe(202);
    expect((await at(FREE_FORM_MAX_DEPTH + 1)).json<Schemas["FieldErrors"]>()).toEqual({ content_info_context: [TOO_DEEP] });
  });

  it("answers free-form JSON over 256 KB 400", async () => {
    const res = await brief({ query_text: "espresso grind", content_info_context: { notes: "x".repeat(256 * 1024) } });
    expect(res.statusCode).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ content_info_context: [TOO_LARGE] });
  });

  it("bounds the extra members of curated_brief_json, not its outline", async () => {
    const outline = [{ heading: "Grind", level: "h2", subheadings: [], talking_points: [], word_count_target: 300 }];
    const deep = `{"curated_brief_json": {"header_sections": ${JSON.stringify(outline)}, "notes": ${nestedObjectText(5000)}}}`;
    const res = await sendRaw("PATCH", `/api/v1/briefs/${randomUUID()}/`, deep);
    expect(res.statusCode, res.payload).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ curated_brief_json: [TOO_DEEP] });
    const large = await send("PATCH", `/api/v1/briefs/${randomUUID()}/`, {
      curated_brief_json: { header_sections: outline, notes: "x".repeat(300 * 1024) },
    });
    expect(large.json<Schemas["FieldErrors"]>()).toEqual({ curated_brief_json: [TOO_LARGE] });
  });

  it("answers deep nesting in a research tree import 400, not 500", async () => {
    const res = await sendRaw("PUT", research(brandId), `{"research_data": [${nestedObjectText(5000)}]}`);
    expect(res.statusCode, res.payload).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ "research_data.0": [TOO_DEEP] });
  });
});

describe("object keys", () => {
  it("answers a NUL or a lone surrogate in a key of free-form JSON 400, under the object that holds it", async () => {
    const before = await credits();
    const nul = await sendRaw(
      "POST",
      "/api/v1/briefs/generate/",
      `{"brand_id": "${brandId}", "query_text": "espresso", "content_info_context": {"a\\u0000b": 1}}`,
    );
    expect(nul.statusCode, nul.payload).toBe(400);
    expect(nul.json<Schemas["FieldErrors"]>()).toEqual({ content_info_context: [NUL] });
    const lone = await sendRaw(
      "POST",
      "/api/v1/briefs/generate/",
      `{"brand_id": "${brandId}", "query_text": "espresso", "content_info_context": {"x": {"\\ud800": 1}}}`,
    );
    expect(lone.json<Schemas["FieldErrors"]>()).toEqual({ "content_info_context.x": [surrogate("D800")] });
    expect(await credits()).toBe(before);
  });

  it("checks keys of every body, at the top level too", async () => {
    const res = await sendRaw("POST", "/api/v1/brands/", '{"brand_name": "Keys", "tag\\u0000line": "x"}');
    expect(res.statusCode).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ non_field_errors: [NUL] });
  });
});

describe("number ranges", () => {
  it("answers a position past the 32-bit range 400 naming its maximum", async () => {
    const withTree = await brandWithTree(h, owner, undefined, "Positions");
    const res = await send("POST", research(withTree, "nodes/add/"), { parent_path: [], name: "far away", position: 2_147_483_648 });
    expect(res.statusCode).toBe(400);
    expect(res.json<Schemas["FieldErrors"]>()).toEqual({ position: ["Must be <= 2147483647."] });
    const appended = await send("POST", research(withTree, "nodes/add/"), { parent_path: [], name: "far away", position: 2_147_483_647 });
    expect(appended.statusCode, appended.payload).toBe(200);
  });
});
