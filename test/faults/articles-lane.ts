// The articles of a fault run, drafted by the offline model: standalone articles from standalone
// briefs that have completed, some with specialists; authority articles from authority briefs
// that have completed (through the brand's authority routes); and regenerations of articles
// that have ended, each a new version of its article. Each start is a charged drafting task.
import type { Answer } from "./client";
import { pick, shuffle, specialistChoice, type Kind, type Rng } from "./plan";
import type { Subject } from "./subjects";
import type { Workload } from "./workload";

const MODEL = "offline";
/** What a drafting may charge: 10, plus 2 for each specialist that applies (at most three: a resource page's). */
const COSTS = new Set([10, 12, 14, 16]);

/** Records an article drafting's 202 (false for any other answer); a new article becomes a subject. */
function started(w: Workload, res: Answer, kind: Kind, what: string, article: Subject | null): boolean {
  const id = String(res.body.id);
  if (!w.accept(res, kind, id, what)) return false;
  // A replayed start (its answer lost, sent again with its Idempotency-Key) answers the first 202 again.
  if (!COSTS.has(Number(res.body.credits_charged))) throw new Error(`${what} answered 202 charging ${String(res.body.credits_charged)}`);
  if (article !== null) w.subjects.set(id, article);
  return true;
}

/** A brief of the run that has completed (COMPLETE or PARTIAL_COMPLETE), standalone or authority, once there is one. */
function completedBrief(w: Workload, rng: Rng, authority: boolean): Promise<[string, Subject]> {
  return w.until(() => {
    const done = [...w.subjects].filter(([, s]) => s.kind === "brief" && s.state === "completed" && s.authority === authority);
    return done.length > 0 ? pick(rng, done) : undefined;
  });
}

/** Standalone articles, plain and with specialists, in a seeded order over most of the window. */
export async function articleLane(w: Workload, rng: Rng): Promise<void> {
  const { quotas, runId, client } = w.o;
  const kinds: Kind[] = shuffle(rng, [
    ...Array<Kind>(quotas.article).fill("article"),
    ...Array<Kind>(quotas.article_specialists).fill("article_specialists"),
  ]);
  for (const [i, kind] of kinds.entries()) {
    await w.pace(rng, kinds.length, 0.8);
    const [briefId, brief] = await completedBrief(w, rng, false);
    const specialists = kind === "article_specialists" ? { specialists: specialistChoice(rng) } : {};
    const res = await client.request("POST", "/api/v1/content/articles/generate/", {
      body: { brief_id: briefId, ai_model_id: MODEL, ...specialists },
      idempotencyKey: `${runId}-article-${i}`,
    });
    const article: Subject = { kind: "article", state: "open", everCompleted: false, brand: brief.brand };
    if (!started(w, res, kind, "article", article)) throw new Error(`article refused: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** Authority articles, each from an authority brief that has completed, half of them with specialists. */
export async function authorityArticleLane(w: Workload, rng: Rng): Promise<void> {
  const { quotas, runId, client } = w.o;
  for (let i = 0; i < quotas.article_authority; i++) {
    await w.pace(rng, quotas.article_authority, 0.9);
    const [briefId, brief] = await completedBrief(w, rng, true);
    const specialists = rng() < 0.5 ? { specialists: specialistChoice(rng) } : {};
    const res = await client.request("POST", `/api/v1/authority/${brief.brand}/articles/generate/`, {
      body: { brief_id: briefId, ai_model_id: MODEL, ...specialists },
      idempotencyKey: `${runId}-authority-article-${i}`,
    });
    const article: Subject = { kind: "article", state: "open", everCompleted: false, brand: brief.brand, authority: true };
    if (!started(w, res, "article_authority", "authority article", article))
      throw new Error(`authority article refused: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/**
 * Regenerations, each of a random article of the run that has ended (through the authority
 * routes for an authority article), with or without specialists; half of them sent twice at once
 * through both API processes (a user's double click): exactly one may be accepted, the other
 * must answer 409. A 409 to a single one (our view of the article was stale: a drafting of it
 * runs) is counted and another article is tried.
 */
export async function regenerationLane(w: Workload, rng: Rng): Promise<void> {
  const { quotas, runId, client } = w.o;
  for (let i = 0; i < quotas.article_regenerated; i++) {
    await w.pace(rng, quotas.article_regenerated, 0.9);
    for (let attempt = 1; ; attempt++) {
      const [id, article] = await w.until(() => {
        const ended = [...w.subjects].filter(([, s]) => s.kind === "article" && s.state === "completed");
        return ended.length > 0 ? pick(rng, ended) : undefined;
      });
      const path = article.authority
        ? `/api/v1/authority/${article.brand}/articles/${id}/generate/`
        : `/api/v1/content/articles/${id}/generate/`;
      const body = { ai_model_id: MODEL, ...(rng() < 0.5 ? { specialists: specialistChoice(rng) } : {}) };
      const copies = rng() < 0.5 ? ["a", "b"] : ["a"];
      // Distinct keys: two requests, not one replayed.
      const answers = await Promise.all(
        copies.map((copy) => client.request("POST", path, { body, idempotencyKey: `${runId}-regenerate-${i}-${attempt}-${copy}` })),
      );
      // Open again either way: accepted, or a drafting of it runs; the watcher says when it ends.
      article.state = "open";
      const what = copies.length === 2 ? "article regeneration (one of two at once)" : "article regeneration";
      const accepted = answers.filter((res) => started(w, res, "article_regenerated", what, null)).length;
      const other = answers.find((res) => res.status !== 202 && res.status !== 409);
      if (other) throw new Error(`regenerating article ${id} answered ${other.status}: ${JSON.stringify(other.body)}`);
      if (accepted > 1) throw new Error(`two regenerations of article ${id} sent at once were both accepted`);
      if (accepted === 1) {
        w.regenerations.set(id, (w.regenerations.get(id) ?? 0) + 1);
        break;
      }
      if (attempt === 10) throw new Error(`regeneration ${i}: refused 10 times`);
    }
  }
}
