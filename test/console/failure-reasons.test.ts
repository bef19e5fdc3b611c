// Why a job failed, shown where the strategist looks, in Chromium against a real server whose
// model sits behind a local fake OpenAI-compatible server that rejects its key: the research
// screen explains its last generation's failure, a failed brief says why and what to check, a
// failed drafting says why on the article and its sections, and a partly complete brief lists
// the parts it lacks and why.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poll } from "../helpers/poll";
import { startFakeLlmServer, type FakeLlmServer } from "../providers/llm/fake-llm-server";
import { briefPartOf, MODEL_ANSWERS } from "../providers/llm/model-answers";
import { accessibilityViolations } from "./accessibility";
import { createBrand, signedInConsole, type SignedInConsole } from "./signed-in";

const MODEL = "openai:test-model";
const REJECTED = { status: 401, body: JSON.stringify({ error: { message: "Incorrect API key provided" } }) };

let llm: FakeLlmServer;
let opened: SignedInConsole;
let page: Page;
let brandId = "";

beforeAll(async () => {
  llm = await startFakeLlmServer();
  llm.script(REJECTED);
  opened = await signedInConsole({ env: { OPENAI_BASE_URL: llm.baseUrl, OPENAI_MODELS: "test-model" } });
  page = opened.page;
  brandId = await createBrand(page, { name: "Rejected Key Roasters" });
}, 180_000);

afterAll(async () => {
  await opened.close();
  await llm.close();
});

describe("the console: why a job failed", () => {
  it("tells on the research screen why the last generation failed, and that its credits came back", async () => {
    await opened.api("POST", `/api/v1/research/${brandId}/generate/`, { core_topic: "specialty coffee", ai_model_id: MODEL });
    await poll("the generation to fail", 60_000, async () =>
      (await opened.api<{ has_running_task: boolean }>("GET", `/api/v1/research/${brandId}/task-status/`)).has_running_task
        ? undefined
        : true,
    );
    await page.goto(`${opened.baseUrl}/console/#/brands/${brandId}/research`);
    const alert = page.getByRole("alert", { name: "Last generation failed" });
    await expect.poll(() => alert.textContent()).toMatch(/credits were refunded\..*credentials \(401\)\. Check OPENAI_API_KEY\.$/);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("says on a failed brief why it failed and what to check", async () => {
    const started = await opened.api<{ id: string }>("POST", "/api/v1/briefs/generate/", {
      query_text: "how to dial in espresso",
      brand_id: brandId,
      ai_model_id: MODEL,
      selected_serp_data: [{ url: "https://homebarista.example/dial-in", title: "Dialling in espresso" }],
    });
    await poll("the brief to fail", 60_000, async () =>
      (await opened.api<{ status: string }>("GET", `/api/v1/briefs/${started.id}/status/`)).status === "FAILED" ? true : undefined,
    );
    await page.goto(`${opened.baseUrl}/console/#/briefs/${started.id}`);
    const status = page.getByRole("status", { name: "Brief status" });
    await expect
      .poll(() => status.locator(".brief-failure").textContent())
      .toMatch(/^Why: The model could not write the brief's outline: .*\(401\)\. Check OPENAI_API_KEY\.$/);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("says on an article whose drafting failed why, and on each section why it was not drafted", async () => {
    // The brief is the built-in model's; the drafting is asked of the model whose key is rejected.
    const brief = await opened.api<{ id: string }>("POST", "/api/v1/briefs/generate/", {
      query_text: "espresso grind size",
      brand_id: brandId,
      selected_serp_data: [{ url: "https://homebarista.example/grind-size", title: "Grind size for espresso" }],
    });
    await poll("the brief to complete", 60_000, async () =>
      (await opened.api<{ status: string }>("GET", `/api/v1/briefs/${brief.id}/status/`)).status === "COMPLETE" ? true : undefined,
    );
    // Three sections, as the brief's editor left them: the first fails, the others are never reached.
    const header_sections = ["Why Grind Size Matters", "Dialling In", "Common Mistakes"].map((heading) => ({
      heading,
      level: "h2",
      subheadings: [],
      talking_points: [],
      word_count_target: 150,
    }));
    await opened.api("PATCH", `/api/v1/briefs/${brief.id}/`, { curated_brief_json: { header_sections } });
    const article = await opened.api<{ id: string }>("POST", "/api/v1/content/articles/generate/", {
      brief_id: brief.id,
      ai_model_id: MODEL,
    });
    await poll("the drafting to fail", 60_000, async () =>
      (await opened.api<{ machine_state: string }>("GET", `/api/v1/content/articles/${article.id}/status/`)).machine_state === "incomplete"
        ? true
        : undefined,
    );
    await page.goto(`${opened.baseUrl}/console/#/articles/${article.id}`);
    const alert = page.getByRole("alert", { name: "Drafting failed" });
    await expect.poll(() => alert.textContent()).toMatch(/credits were refunded\..*\(401\)\. Check OPENAI_API_KEY\.$/);
    await expect.poll(() => page.getByText(/^Not drafted: The model could not draft the article/).count()).toBe(1);
    expect(await page.getByText("Not drafted: the drafting stopped at an earlier section.").count()).toBeGreaterThan(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("lists on a partly complete brief each part that is missing, and why", async () => {
    // The outline and two parts are written; the keyword recommendations are refused (a 400 is
    // not retried), so the brief ends PARTIAL_COMPLETE at once.
    llm.respond((body) => {
      const part = briefPartOf(body);
      if (part === "keyword_recommendations") return { status: 400, body: JSON.stringify({ error: { message: "bad request" } }) };
      return { json: MODEL_ANSWERS[part] };
    });
    const started = await opened.api<{ id: string }>("POST", "/api/v1/briefs/generate/", {
      query_text: "milk frothing",
      brand_id: brandId,
      ai_model_id: MODEL,
      selected_serp_data: [{ url: "https://homebarista.example/milk", title: "Frothing milk at home" }],
    });
    await poll("the brief to finish", 60_000, async () =>
      (await opened.api<{ status: string }>("GET", `/api/v1/briefs/${started.id}/status/`)).status === "PARTIAL_COMPLETE"
        ? true
        : undefined,
    );
    llm.respond(null);
    await page.goto(`${opened.baseUrl}/console/#/briefs/${started.id}`);
    const missing = page.getByRole("complementary", { name: "Missing parts" });
    await expect
      .poll(() => missing.getByRole("listitem").allTextContents())
      .toEqual([expect.stringMatching(/^The model could not write the keyword recommendations: .*400.*refused the request/)]);
    expect(await accessibilityViolations(page)).toEqual([]);
    // The research read of a brand without a tree answers 404 (a state the screen shows as such),
    // which Chromium logs; nothing else went wrong.
    expect(opened.problems.filter((problem) => !problem.includes("status of 404 (Not Found)"))).toEqual([]);
  });
});
