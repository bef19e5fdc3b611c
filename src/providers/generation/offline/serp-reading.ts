// Reads a SERP the way an editor skims one: what each page is (its cleaned title, domain and
// angle), what the query is after, and which sentences of the snippets say something.
import { domainOf, sentences, words } from "./text";

export type Intent = "informational" | "commercial" | "transactional";
type Angle = "how-to" | "list" | "question" | "comparison" | "guide" | "review" | "product" | "article";

export interface ReadResult {
  position: number;
  url: string;
  domain: string;
  /** The title without the site name ("How to Brew Coffee | Example" -> "How to Brew Coffee"). */
  title: string;
  snippet: string;
  angle: Angle;
  /** Snippet sentences long enough to carry a point. */
  points: string[];
}

function cleanTitle(raw: string): string {
  const segments = raw
    .split(/\s+[|–—-]\s+|\s+::\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const [first, ...others] = segments;
  if (first === undefined || others.length === 0) return raw.trim();
  // Site names are the short segment; the subject is the longest.
  return others.reduce((best, s) => (s.length > best.length ? s : best), first);
}

function angleOf(title: string): Angle {
  const t = title.toLowerCase();
  if (/^how (to|do|does|can)\b/.test(t) || /\bhow to\b/.test(t)) return "how-to";
  if (/^\d+\b|\b(top|best) \d+\b|^\d+ (best|ways|tips)/.test(t)) return "list";
  if (/\?$/.test(t) || /^(what|why|when|where|which|who|is|are|can|should|does)\b/.test(t)) return "question";
  if (/\bvs\.?\b|\bversus\b|\bcompar/.test(t)) return "comparison";
  if (/\breview/.test(t)) return "review";
  if (/\bguide\b|\btutorial\b|\bexplained\b/.test(t)) return "guide";
  if (/\b(buy|shop|price|pricing|sale|deal)\b/.test(t)) return "product";
  return "article";
}

export function readSerp(results: { url: string; title?: string; snippet?: string }[]): ReadResult[] {
  return results.map((r, i) => {
    const title = cleanTitle(r.title ?? "");
    const snippet = (r.snippet ?? "").replace(/\s+/g, " ").trim();
    const points = sentences(snippet).filter((s) => words(s).length >= 5 && words(s).length <= 45);
    return { position: i + 1, url: r.url, domain: domainOf(r.url), title, snippet, angle: angleOf(title), points };
  });
}

const COMMERCIAL = /\b(best|top|review|reviews|vs|versus|compare|comparison|alternatives?)\b/;
const TRANSACTIONAL = /\b(buy|price|prices|pricing|cost|costs|cheap|deal|deals|discount|coupon|order|hire|near me|for sale)\b/;

export function intentOf(query: string, results: ReadResult[]): Intent {
  const q = query.toLowerCase();
  if (TRANSACTIONAL.test(q)) return "transactional";
  if (COMMERCIAL.test(q)) return "commercial";
  const commercialTitles = results.filter((r) => r.angle === "list" || r.angle === "review" || r.angle === "comparison").length;
  if (results.length > 0 && commercialTitles / results.length >= 0.5) return "commercial";
  return "informational";
}
