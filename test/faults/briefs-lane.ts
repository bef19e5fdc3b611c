// The briefs of a fault run. Standalone briefs for the run's brands, some interactive: those
// stop at AWAITING_OUTLINE_REVIEW and most are resumed there, half of them by two resumes at
// once through both API processes (what a client does that retries a resume whose answer it
// lost): exactly one may be accepted, the other must answer 409 naming a status past the
// review. Authority briefs go to nodes of brands whose brand clustering has completed.
import type { Answer } from "./client";
import { between, keywordList, pick, serpSelection, shuffle, type Kind, type Rng } from "./plan";
import { settledLater, sleep, type Workload } from "./workload";

export interface ResumeFigures {
  /** Resume requests sent (two for a doubled resume). */
  sent: number;
  /** Answered 202. */
  accepted: number;
  /** 409s by why one was expected and the status they named, e.g. "second of two: RESUMING_PROCESSING". */
  conflicts: Map<string, number>;
}

const BRIEF_COST = 5;
/** The statuses a brief may have once a resume has been accepted. */
const PAST_REVIEW = new Set(["RESUMING_PROCESSING", "RETRY_PAUSED", "COMPLETE", "PARTIAL_COMPLETE", "FAILED"]);

/** Records a brief's 202 (null for any other answer); `authority`: a brief of a node of `brand`. */
function started(w: Workload, res: Answer, kind: Kind, what: string, brand: string, authority: boolean): string | null {
  if (!w.accept(res, kind, String(res.body.id), what)) return null;
  // A replayed start (its answer lost, sent again with its Idempotency-Key) answers the first 202 again.
  if (res.body.credits_charged !== BRIEF_COST)
    throw new Error(`${what} answered 202 charging ${String(res.body.credits_charged)}, not ${BRIEF_COST}`);
  const id = String(res.body.id);
  w.subjects.set(id, { kind: "brief", state: "open", everCompleted: false, brand, authority });
  return id;
}

/** Standalone briefs, plain and interactive, in a seeded order over most of the window. */
export async function briefLane(w: Workload, rng: Rng): Promise<void> {
  const { quotas, runId, client } = w.o;
  const kinds: Kind[] = shuffle(rng, [
    ...Array<Kind>(quotas.brief).fill("brief"),
    ...Array<Kind>(quotas.brief_resumed).fill("brief_resumed"),
    ...Array<Kind>(quotas.brief_in_review).fill("brief_in_review"),
  ]);
  const resumes: Promise<void>[] = [];
  for (const [i, kind] of kinds.entries()) {
    await w.pace(rng, kinds.length, 0.7);
    const topic = keywordList(rng, 1)[0]!;
    const brand = pick(rng, w.brands);
    const res = await client.request("POST", "/api/v1/briefs/generate/", {
      body: { query_text: topic, brand_id: brand, selected_serp_data: serpSelection(rng, topic), interactive: kind !== "brief" },
      idempotencyKey: `${runId}-brief-${i}`,
    });
    const id = started(w, res, kind, "brief", brand, false);
    if (id === null) throw new Error(`brief refused: ${res.status} ${JSON.stringify(res.body)}`);
    if (kind === "brief_resumed") resumes.push(settledLater(resumeAfterReview(w, id, rng() < 0.5, between(rng, 0, 1000), rng() < 0.5)));
  }
  await Promise.all(resumes);
}

/** The outline as a reviewer might send it back: one section of their own. */
const REVIEWED = [
  {
    heading: "What the reviewer wants first",
    level: "h2",
    subheadings: [],
    talking_points: ["Lead with the answer."],
    word_count_target: 300,
  },
];

/**
 * Resumes a brief once it waits for review (after `thinkMs`, a reviewer's moment), with the
 * generated outline or a reviewed one; `twice` sends two resumes at once. A brief whose outline
 * failed is never in review: nothing to resume.
 */
async function resumeAfterReview(w: Workload, id: string, twice: boolean, thinkMs: number, reviewed: boolean): Promise<void> {
  const subject = w.subjects.get(id)!;
  const reached = await w.until(() => (subject.state === "open" ? undefined : subject.state === "review"));
  if (!reached) return;
  await sleep(thinkMs);
  const body = reviewed ? { header_sections: REVIEWED } : {};
  const answers = await Promise.all((twice ? [0, 1] : [0]).map(() => w.o.client.request("POST", `/api/v1/briefs/${id}/resume/`, { body })));
  w.resumes.sent += answers.length;
  for (const res of answers) {
    if (res.status === 202) {
      w.resumes.accepted++;
      continue;
    }
    const named = /The brief is (\w+)/.exec(String(res.body.detail))?.[1] ?? "?";
    // A 409 is an answer to expect only from the second of two, or from a retry of a resume whose
    // first answer was lost; and it must name where the accepted one took the brief.
    const why = twice ? "second of two" : res.retries > 0 ? "retried after a lost answer" : "unexpected";
    if (res.status !== 409 || !PAST_REVIEW.has(named) || why === "unexpected") {
      throw new Error(`resuming brief ${id} answered ${res.status} (${why}): ${JSON.stringify(res.body)}`);
    }
    const key = `${why}: ${named}`;
    w.resumes.conflicts.set(key, (w.resumes.conflicts.get(key) ?? 0) + 1);
  }
  // Watched again until it ends (a doubled resume that was accepted twice is left to the checks).
  subject.state = "open";
}

interface HierarchyNode {
  node_id: string;
  name: string;
  keywords: string[];
}

/**
 * Authority briefs, each for a random node of a brand whose brand clustering has completed:
 * from the node's stored SERP data, or, for a node without keywords, from a selection.
 */
export async function authorityLane(w: Workload, rng: Rng): Promise<void> {
  const { quotas, runId, client } = w.o;
  for (let i = 0; i < quotas.brief_authority; i++) {
    await w.pace(rng, quotas.brief_authority, 0.8);
    for (let attempt = 1; ; attempt++) {
      const brand = await w.until(() => {
        const mapped = [...w.subjects].filter(([, s]) => s.kind === "brand_report" && s.everCompleted);
        return mapped.length > 0 ? pick(rng, mapped)[0].slice("brand:".length) : undefined;
      });
      let last = await client.request("GET", `/api/v1/authority/${brand}/`);
      const nodes = last.status === 200 ? (last.body.hierarchy as HierarchyNode[]) : [];
      if (nodes.length > 0) {
        const node = pick(rng, nodes);
        const body =
          node.keywords.length > 0
            ? { node_id: node.node_id }
            : { node_id: node.node_id, selected_serp_data: serpSelection(rng, node.name) };
        last = await client.request("POST", `/api/v1/authority/${brand}/briefs/generate/`, {
          body,
          idempotencyKey: `${runId}-authority-${i}-${attempt}`,
        });
        if (started(w, last, "brief_authority", "authority brief", brand, true) !== null) break;
      } else {
        w.refused(`authority view ${last.status} (${nodes.length} nodes)`);
      }
      // A refusal is counted and printed; another node (or brand) is tried, a few times at most.
      if (attempt === 5)
        throw new Error(`authority brief ${i}: refused 5 times (last: ${last.status} ${JSON.stringify(last.body).slice(0, 300)})`);
    }
  }
}
