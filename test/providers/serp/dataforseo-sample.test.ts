// A real DataForSEO answer, written by no one here: the mapping must find its organic results,
// in order, and leave out the featured snippet that precedes them. The sample (fixtures/
// serp-google-organic-task-get-sample.json) is the `tasks` array of DataForSEO's
// `task_get/regular` answer for "beste mechanische toetsenborden" (Netherlands, Dutch, 2023) as
// published in a public repository, its `items` cut to the first 12 of 98 and otherwise as sent.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataForSeoProvider } from "../../../src/providers/serp/dataforseo";
import { parseEnvelope, serpPage } from "../../../src/providers/serp/dataforseo-wire";
import { match } from "../../helpers/matchers";
import { FakeDataForSeo, SERP_PATH } from "./fake-dataforseo";

const samplePath = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "serp-google-organic-task-get-sample.json");

/** The sample is the `tasks` array; live answers wrap the same tasks in this envelope. */
function sampleEnvelope(): unknown {
  const tasks: unknown = JSON.parse(readFileSync(samplePath, "utf8"));
  return {
    version: "0.1.20230807",
    status_code: 20000,
    status_message: "Ok.",
    time: "0.0261 sec.",
    cost: 0,
    tasks_count: 1,
    tasks_error: 0,
    tasks,
  };
}

const ORGANIC_IN_ORDER = [
  "https://top-x.nl/beste-mechanische-toetsenbord/",
  "https://techadviseur.nl/beste-mechanische-toetsenborden/",
  "https://tweakers.net/toetsenborden/",
  "https://www.techreview.nl/beste-mechanische-toetsenbord/",
  "https://www.eurogamer.nl/beste-mechanische-toetsenborden",
  "https://www.pocket-lint.com/nl-nl/laptops/koopgidsen/142759-beste-gaming-toetsenborden-mechanische-toetsenborden-en-stille-rgb-toetsenborden-om-te-kopen/",
  "https://doorgelicht.be/beste-mechanisch-toetsenbord/",
  "https://www.ergowerken.nl/ergonomisch-toetsenbord/mechanisch-toetsenbord/",
  "https://www.coolblue.nl/toetsenborden/gaming-toetsenborden/verlicht-toetsenbord/tot-60-euro",
  "https://nl.hardware.info/artikel/9896/dit-zijn-de-beste-mechanische-toetsenborden-maart-2020",
  "https://id.nl/zekerheid-en-gemak/veilig-online/beveiligingssoftware/de-beste-mechanische-toetsenborden",
];
const FEATURED_SNIPPET = "https://www.toetsenbord-totaal.nl/soorten-toetsenborden/gaming/beste-mechanische-toetsenborden/";

describe("the real DataForSEO sample", () => {
  it("maps every organic result in order, without the featured snippet", () => {
    const envelope = parseEnvelope(sampleEnvelope());
    const page = serpPage(envelope.tasks[0]?.result ?? [], 100);
    expect(page.results.map((r) => r.url)).toEqual(ORGANIC_IN_ORDER);
    expect(page.results.map((r) => r.position)).toEqual(ORGANIC_IN_ORDER.map((_, i) => i + 1));
    expect(page.results.map((r) => r.url)).not.toContain(FEATURED_SNIPPET);
    expect(page.results[0]).toEqual({
      position: 1,
      url: "https://top-x.nl/beste-mechanische-toetsenbord/",
      title: "Beste Mechanische Toetsenbord [Test 2023] - top-X",
      snippet: match.stringContaining("Logitech G915 Lightspeed"),
      domain: "top-x.nl",
    });
    expect(page.results[3]?.domain).toBe("techreview.nl");
    expect(page.totalResults).toBe(189000);
    expect(page.aiOverview).toBeNull();
  });

  describe("served as a live answer", () => {
    let fake: FakeDataForSeo;
    beforeAll(async () => {
      fake = await FakeDataForSeo.start("sample-login", "sample-password");
    });
    afterAll(async () => fake.close());

    it("gives the top 10 organic URLs in order through the adapter", async () => {
      fake.enqueue(SERP_PATH, { body: sampleEnvelope() });
      const provider = new DataForSeoProvider({
        login: "sample-login",
        password: "sample-password",
        baseUrl: fake.url,
        concurrency: 2,
        timeoutMs: 5000,
      });
      const [outcome] = await provider.fetchSerps([{ keyword: "beste mechanische toetsenborden", country: "nl", language: "nl" }]);
      expect(fake.shapeErrors).toEqual([]);
      expect(outcome?.ok).toBe(true);
      if (!outcome?.ok) return;
      expect(outcome.data.results.map((r) => r.url)).toEqual(ORGANIC_IN_ORDER.slice(0, 10));
      expect(outcome.data.dataSource).toBe("dataforseo");
    });
  });
});
