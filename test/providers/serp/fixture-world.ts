// A fake DataForSEO that answers from the published answers in fixtures/ (see its README): the
// real "conspiracy theories" SERP and related keywords, the documentation's "phone" keyword ideas,
// suggestions and related keywords, and its "albert einstein" autocomplete. A seed no fixture
// covers gets an empty answer, as DataForSEO gives for a keyword it knows nothing of; a SERP no
// fixture covers gets three plausible results of its own; a volume lookup knows no keyword (the
// fixtures carry no volume for them), so every looked-up keyword reads as zero searches.
import {
  AUTOCOMPLETE_PATH,
  envelope,
  FakeDataForSeo,
  fixture,
  LABS_IDEAS_PATH,
  LABS_RELATED_PATH,
  LABS_SUGGESTIONS_PATH,
  SERP_PATH,
  serpFor,
  VOLUME_PATH,
  type RecordedRequest,
  type ScriptedReply,
} from "./fake-dataforseo";

/** The seeds each endpoint has a published answer for, and the file holding it. */
const ANSWERS: Record<string, Record<string, string>> = {
  [SERP_PATH]: { "conspiracy theories": "serp-google-organic-live-advanced-conspiracy-theories.json" },
  [LABS_RELATED_PATH]: {
    "conspiracy theories": "labs-related-keywords-live-conspiracy-theories.json",
    phone: "labs-related-keywords-live-docs.json",
  },
  [LABS_IDEAS_PATH]: { phone: "labs-keyword-ideas-live-docs.json" },
  [LABS_SUGGESTIONS_PATH]: { phone: "labs-keyword-suggestions-live-docs.json" },
  [AUTOCOMPLETE_PATH]: { "albert einstein": "serp-google-autocomplete-live-advanced-docs.json" },
};

/** The topics some fixture covers: what a test or benchmark may research against this world. */
export const FIXTURE_TOPICS = ["conspiracy theories", "phone", "albert einstein"] as const;

function taskOf(request: RecordedRequest): Record<string, unknown> {
  const [task] = request.body as Record<string, unknown>[];
  return task ?? {};
}

/** The seed a request asks about: `keyword`, or the first of `keywords` (keyword ideas). */
function seedOf(task: Record<string, unknown>): string {
  const keywords = task.keywords;
  const seed = typeof task.keyword === "string" ? task.keyword : Array.isArray(keywords) ? String(keywords[0] ?? "") : "";
  return seed.trim().toLowerCase();
}

/** What DataForSEO answers for a volume lookup of keywords it has no data for: each with a null volume. */
function unknownVolumes(task: Record<string, unknown>): unknown {
  const keywords = Array.isArray(task.keywords) ? task.keywords : [];
  return envelope(keywords.map((keyword) => ({ keyword, search_volume: null, cpc: null, competition_index: null })));
}

function fixtureReply(request: RecordedRequest): ScriptedReply {
  const task = taskOf(request);
  if (request.path === VOLUME_PATH) return { body: unknownVolumes(task) };
  const seed = seedOf(task);
  const file = ANSWERS[request.path]?.[seed];
  if (file) return { body: fixture(file) };
  if (request.path === SERP_PATH) return { body: serpFor(seed) };
  // A research endpoint or autocomplete with nothing for this seed: a task with no items.
  return { body: envelope([{ items: [], items_count: 0, total_count: 0 }]) };
}

/** A fake DataForSEO answering from the fixtures; the caller closes it. */
export async function startFixtureWorld(login = "fixture-login", password = "fixture-password") {
  const fake = await FakeDataForSeo.start(login, password);
  fake.fallback = fixtureReply;
  return {
    fake,
    env: { SERP_PROVIDER: "dataforseo", DATAFORSEO_LOGIN: login, DATAFORSEO_PASSWORD: password, DATAFORSEO_BASE_URL: fake.url },
  };
}
