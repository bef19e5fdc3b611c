// The fact-check specialist: finds the claims in the drafts (sentences with a figure, a
// superlative or an absolute word) and flags each one no source supports, saying why. A source
// sentence supports a claim when it discusses the same thing (shares enough of its words), gives
// every figure the claim gives, and backs each superlative or absolute word with the same kind
// of word ("ideal" backs "best"; "always" needs "always").
import { domainOf } from "../../../providers/generation/offline/text";
import { clipWords, joinAnd, sentencesOf, termSet } from "../words";
import {
  drafted,
  MARKER_TERMS,
  markersIn,
  numbersIn,
  sourceSentences,
  type DraftedSection,
  type Marker,
  type Source,
  type SourceSentence,
} from "./common";

/**
 * {
 *   checked: number,                // claims found in the drafts
 *   flagged: [{                     // the claims no source supports
 *     position: number, heading: string,
 *     claim: string,                // the draft's sentence
 *     signals: ("number" | "superlative" | "absolute")[],
 *     reason: string,               // plain English
 *     closest_source_url: string | null,
 *   }],
 *   supported: [{ position: number, claim: string, source_url: string }],
 * }
 */
type ClaimSignal = "number" | "superlative" | "absolute";
interface FlaggedClaim {
  position: number;
  heading: string;
  claim: string;
  signals: ClaimSignal[];
  reason: string;
  closest_source_url: string | null;
}
interface SupportedClaim {
  position: number;
  claim: string;
  source_url: string;
}
export interface FactCheckResult {
  checked: number;
  flagged: FlaggedClaim[];
  supported: SupportedClaim[];
}

/** Source sentences sharing this many of the claim's subject words discuss the same thing. */
function wordsNeeded(subjectWords: number): number {
  return Math.max(1, Math.min(3, Math.ceil(subjectWords * 0.4)));
}

const quote = (items: string[]) => joinAnd(items.map((i) => `"${i}"`));

interface Verdict {
  supportedBy: SourceSentence | null;
  reason: string;
  closest: string | null;
}

function check(claim: string, numbers: string[], markers: Marker[], sources: SourceSentence[], sourceCount: number): Verdict {
  if (sourceCount === 0) return { supportedBy: null, reason: "There are no sources to check it against.", closest: null };
  const subject = [...termSet(claim)].filter((t) => !MARKER_TERMS.has(t));
  const need = wordsNeeded(subject.length);
  const scored = sources.map((s) => ({ s, shared: subject.filter((t) => s.terms.has(t)).length })).sort((a, b) => b.shared - a.shared);
  const closest = scored[0] && scored[0].shared > 0 ? scored[0].s.url : null;
  const onTopic = scored.filter((x) => x.shared >= need).map((x) => x.s);
  const [firstOnTopic] = onTopic;
  if (firstOnTopic === undefined) {
    const n = `${sourceCount} source${sourceCount === 1 ? "" : "s"}`;
    return { supportedBy: null, reason: `None of the ${n} discusses this: no source sentence shares enough of its words.`, closest };
  }
  const hasNumbers = (s: SourceSentence) => numbers.every((n) => s.numbers.includes(n));
  const hasMarkers = (s: SourceSentence) => markers.every((m) => s.backs.includes(m.group));
  const support = onTopic.find((s) => hasNumbers(s) && hasMarkers(s));
  if (support) return { supportedBy: support, reason: "", closest: support.url };

  const withNumbers = onTopic.filter(hasNumbers);
  const [best] = withNumbers;
  if (best === undefined) {
    const missing = numbers.filter((n) => !onTopic.some((s) => s.numbers.includes(n)));
    const figures = missing.length > 0 ? missing : numbers;
    const theirs = [...new Set(onTopic.flatMap((s) => numbersIn(s.text)))].slice(0, 4);
    return {
      supportedBy: null,
      reason:
        theirs.length > 0
          ? `The sources on this give other figures (${theirs.join(", ")}), not ${quote(figures)}; closest: ${domainOf(firstOnTopic.url)}, "${clipWords(firstOnTopic.text, 25)}"`
          : `No source that discusses this gives the figure${figures.length === 1 ? "" : "s"} ${quote(figures)}.`,
      closest: firstOnTopic.url,
    };
  }
  const unbacked = markers.filter((m) => !withNumbers.some((s) => s.backs.includes(m.group)));
  const kinds = new Set(unbacked.map((m) => m.kind));
  const what = kinds.size === 1 ? (kinds.has("superlative") ? "the superlative" : "the absolute claim") : "the claims";
  return {
    supportedBy: null,
    reason: `The sources discuss this but none backs ${what} ${quote(unbacked.map((m) => m.word))}; closest: ${domainOf(best.url)}, "${clipWords(best.text, 25)}"`,
    closest: best.url,
  };
}

export function factCheck(sections: readonly DraftedSection[], sources: readonly Source[]): FactCheckResult {
  const pool = sourceSentences(sources, true);
  const sourceCount = new Set(pool.map((s) => s.url)).size;
  const result: FactCheckResult = { checked: 0, flagged: [], supported: [] };
  for (const section of drafted(sections)) {
    for (const sentence of sentencesOf(section.draft)) {
      if (/\?["”’)]?$/.test(sentence)) continue; // a question claims nothing
      const numbers = numbersIn(sentence);
      const markers = markersIn(sentence);
      const signals: ClaimSignal[] = [];
      if (numbers.length > 0) signals.push("number");
      if (markers.some((m) => m.kind === "superlative")) signals.push("superlative");
      if (markers.some((m) => m.kind === "absolute")) signals.push("absolute");
      if (signals.length === 0) continue;
      result.checked += 1;
      const verdict = check(sentence, numbers, markers, pool, sourceCount);
      if (verdict.supportedBy) {
        result.supported.push({ position: section.position, claim: sentence, source_url: verdict.supportedBy.url });
      } else {
        result.flagged.push({
          position: section.position,
          heading: section.heading,
          claim: sentence,
          signals,
          reason: verdict.reason,
          closest_source_url: verdict.closest,
        });
      }
    }
  }
  return result;
}
