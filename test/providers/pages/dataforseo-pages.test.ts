// Pages read by DataForSEO's content parsing, against the local stand-in for DataForSEO (never
// the real service): the request as documented, the answer mapped (headings 1-3, the topics'
// primary content as text), and failures through the same client as the SERP provider's,
// credentials never shown.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/platform/config";
import { createPageReader } from "../../../src/providers/pages";
import type { PageOutcome } from "../../../src/providers/pages/types";
import { CONTENT_PARSING_PATH, envelope, FakeDataForSeo } from "../serp/fake-dataforseo";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LOGIN = "canopy-pages@example.com";
const PASSWORD = "pages-s3cr3t-0f-the-tests";
const SECRETS = [PASSWORD, LOGIN, Buffer.from(`${LOGIN}:${PASSWORD}`).toString("base64")];
const PAGE = "https://brewguide.example/guides/descale-espresso-machine";
const here = path.dirname(fileURLToPath(import.meta.url));
const contentParsing = JSON.parse(readFileSync(path.join(here, "fixtures", "content-parsing-live.json"), "utf8")) as unknown;

let fake: FakeDataForSeo;

beforeEach(async () => {
  fake = await FakeDataForSeo.start(LOGIN, PASSWORD);
});
afterEach(async () => {
  await fake.close();
  expect(fake.shapeErrors).toEqual([]);
});

function reader(password = PASSWORD) {
  const config = loadConfig({
    SERP_PROVIDER: "dataforseo",
    DATAFORSEO_LOGIN: LOGIN,
    DATAFORSEO_PASSWORD: password,
    DATAFORSEO_BASE_URL: fake.url,
    DATAFORSEO_TIMEOUT_MS: "5000",
  });
  return createPageReader(config, { name: "dataforseo" }, { clock: () => new Date("2025-05-26T15:00:00Z") });
}

function failed(outcome: PageOutcome): Extract<PageOutcome, { ok: false }> {
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome)}`);
  for (const secret of SECRETS) expect(outcome.error).not.toContain(secret);
  return outcome;
}

describe("DataForSEO content parsing", () => {
  it("asks for the page as documented and maps the answer", async () => {
    fake.enqueue(CONTENT_PARSING_PATH, { body: contentParsing });
    const pages = reader();
    expect(pages.source).toBe("dataforseo");
    const outcome = await pages.read(PAGE);
    expect(fake.requests.map((r) => [r.path, r.body])).toEqual([[CONTENT_PARSING_PATH, [{ url: PAGE }]]]);
    if (!outcome.ok) throw new Error(outcome.error);
    const { page } = outcome;
    expect(page).toMatchObject({
      url: PAGE,
      title: "How to descale an espresso machine",
      source: "dataforseo",
      fetchedAt: new Date("2025-05-26T15:00:00Z"),
    });
    expect(page.headings).toEqual([
      { level: 1, text: "How to descale an espresso machine" },
      { level: 2, text: "What you need" },
      { level: 3, text: "Rinse the water tank" },
      { level: 2, text: "How often to descale" },
    ]);
    const paragraphs = page.text.split("\n\n");
    expect(paragraphs).toContain("Scale builds up inside every machine that heats hard water.");
    expect(paragraphs).toContain("Most kitchen shops sell it.");
    // Header, footer and secondary content are the site's, not the page's.
    expect(page.text).not.toMatch(/Home Guides|invented site|Share this guide/);
    expect(page.wordCount).toBe(page.text.split(/\s+/).filter((w) => /\w/.test(w)).length);
  });

  it("says when the page itself answered an error, or DataForSEO parsed nothing", async () => {
    const notFound = JSON.parse(JSON.stringify(contentParsing)) as { tasks: { result: { items: { status_code: number }[] }[] }[] };
    const item = notFound.tasks[0]?.result[0]?.items[0];
    if (item) item.status_code = 404;
    fake.enqueue(CONTENT_PARSING_PATH, { body: notFound }, { body: envelope([], 40102, "No Search Results.") });
    const pages = reader();
    expect(failed(await pages.read(PAGE))).toMatchObject({ url: PAGE, error: "HTTP 404", transient: false });
    expect(failed(await pages.read(PAGE))).toMatchObject({ transient: false, error: expect.stringMatching(/parsed no content/) });
  });

  it("refuses an address that is not http(s) before any call", async () => {
    expect(failed(await reader().read("ftp://brewguide.example/file"))).toMatchObject({ transient: false });
    expect(fake.requests).toEqual([]);
  });

  it("fails through the DataForSEO client: rejected credentials, a task error, no secrets shown", async () => {
    fake.enqueue(CONTENT_PARSING_PATH, { body: envelope([], 40501, `Invalid Field: url ${PASSWORD}`) });
    const taskError = failed(await reader().read(PAGE));
    expect(taskError).toMatchObject({ transient: false, error: expect.stringMatching(/status 40501/) });

    const rejected = failed(await reader("wrong-password-here").read(PAGE));
    expect(rejected.error).toMatch(/rejected the credentials/);
  });
});
