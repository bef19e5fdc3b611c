// The content score's rules, the server's own (src/platform/content-score), bundled into the
// console: that folder imports nothing outside itself. The article view scores the text being
// edited with them, before it is saved, and the API scores the saved text with the same ones.
import { scoreDraft, type ContentScore, type ScoreBasis } from "../../../src/platform/content-score";
import type { Schemas } from "../api";

export type { ContentScore, TermStatus } from "../../../src/platform/content-score";

/**
 * What the article's score was measured against, rebuilt from the article itself: its sections'
 * outline (heading, subheadings, word target) and the terms with the bounds the API resolved.
 */
function basisOf(article: Schemas["Article"], score: ContentScore): ScoreBasis {
  return {
    sections: article.sections.map((s) => ({ heading: s.heading, subheadings: s.subheadings, word_count_target: s.word_count_target })),
    terms: score.terms.map((t) => ({ term: t.term, min: t.min, max: t.max })),
  };
}

/**
 * The article's score with `edits` (unsaved texts by section id) in place of the saved texts:
 * the API's own score while nothing is edited, null when the article has none.
 */
export function liveScore(article: Schemas["Article"], edits: Readonly<Record<string, string>>): ContentScore | null {
  const saved = article.content_score;
  if (saved === null) return null;
  if (Object.keys(edits).length === 0) return saved;
  return scoreDraft(
    basisOf(article, saved),
    article.sections.map((s) => edits[s.id] ?? s.ai_draft),
  );
}
