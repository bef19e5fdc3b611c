// A section as a writer's skeleton: without a model, canopy does not write prose that pretends to
// be the article. It lists what the section must do and cover, the questions it answers, the
// terms it uses, the sources it can quote and the pages it links to, all taken from the brief, in
// Markdown a writer works from. Pure and deterministic; it states no fact and no figure of its own.
import type { InternalLink, SectionFact, SectionInput, SensitiveTopic } from "../types";

/** How many words of a fact name its link. */
const LINK_WORDS = 6;

const RELATION_LABELS: Record<InternalLink["relation"], string> = {
  parent: "parent topic",
  child: "subtopic",
  sibling: "related topic",
  suggested: "suggested",
};

const SENSITIVE_NOTICES: Record<SensitiveTopic, string> = {
  health:
    "Health topic: check every figure and claim against a source; do not give medical advice — point readers to a doctor or pharmacist for their own case.",
  legal:
    "Legal topic: check every statement against a source and say where it depends on the country; do not give legal advice — point readers to a lawyer for their own case.",
  finance:
    "Finance topic: check every figure, rate and claim against a dated source; do not give financial advice — point readers to a qualified adviser for their own case.",
};

/** One line of input text: a line break or a run of spaces in it must not break the Markdown around it. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Text inside a link's brackets, where a bracket of its own would end the link early. */
const linkText = (text: string) => text.replace(/([[\]\\])/g, "\\$1");

/** An address inside a link's parentheses: spaces and parentheses percent-encoded. */
const linkTarget = (url: string) => oneLine(url).replace(/ /g, "%20").replace(/\(/g, "%28").replace(/\)/g, "%29");

const quoted = (text: string) => `"${text}"`;

/** Non-empty one-line items, each once (compared case-insensitively), in their order. */
function distinct(items: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items ?? []) {
    const line = oneLine(item);
    const key = line.toLowerCase();
    if (line === "" || seen.has(key)) continue;
    seen.add(key);
    out.push(line);
  }
  return out;
}

/** What the section must do, from its heading and its place among the article's headings. */
function goal(input: SectionInput): string {
  const heading = quoted(oneLine(input.heading));
  const query = oneLine(input.query ?? "");
  const reader = query ? `a reader searching ${quoted(query)}` : `a reader of ${quoted(oneLine(input.articleTitle))}`;
  const previous = input.previousHeadings.map(oneLine).filter(Boolean);
  const later = (input.laterHeadings ?? []).map(oneLine).filter(Boolean);
  const leave = later.length > 0 ? `, leaving ${quoted(later[0] ?? "")} to the next section` : "";
  if (previous.length === 0) return `Introduce ${heading} to ${reader}: say what the article covers and why it matters to them${leave}.`;
  const last = previous.at(-1) ?? "";
  if (later.length === 0) return `Close the article for ${reader} under ${heading}, building on ${quoted(last)} without repeating it.`;
  return `Cover ${heading} for ${reader}, building on ${quoted(last)} without repeating it${leave}.`;
}

function sourceLine(fact: SectionFact): string {
  const text = oneLine(fact.text);
  const all = text.split(" ");
  const lead = all.slice(0, LINK_WORDS).join(" ");
  const label = all.length > LINK_WORDS ? `${lead}…` : lead;
  return `- [${linkText(label)}](${linkTarget(fact.url)}) — ${quoted(text)}`;
}

function linkLine(link: InternalLink): string {
  return `[${linkText(oneLine(link.anchor) || oneLine(link.url))}](${linkTarget(link.url)}) (${RELATION_LABELS[link.relation]})`;
}

const block = (label: string, lines: readonly string[]) => (lines.length === 0 ? null : `**${label}:**\n${lines.join("\n")}`);
const inline = (label: string, text: string) => (text === "" ? null : `**${label}:** ${text}`);

/** The section's skeleton as Markdown: its blocks in a fixed order, an empty block left out. */
export function sectionSkeleton(input: SectionInput): string {
  const cover = distinct([...input.subheadings, ...input.talkingPoints]);
  const questions = distinct(input.questions);
  const terms = distinct([...(input.keywords ?? []), ...(input.terms ?? [])]);
  const facts = (input.facts ?? []).filter((f) => oneLine(f.text) !== "" && oneLine(f.url) !== "");
  const links = (input.internalLinks ?? []).filter((l) => oneLine(l.url) !== "");
  const target = Math.round(input.wordCountTarget);
  const blocks = [
    inline("Goal", goal(input)),
    block(
      "Cover",
      cover.map((item) => `- ${item}`),
    ),
    block(
      "Questions to answer",
      questions.map((q) => `- ${q}`),
    ),
    inline("Terms to use", terms.join(", ")),
    block("Sources", facts.map(sourceLine)),
    inline("Link to", links.map(linkLine).join(", ")),
    inline("Length", Number.isFinite(target) && target > 0 ? `about ${target} words.` : ""),
    input.sensitiveTopic ? `> ${SENSITIVE_NOTICES[input.sensitiveTopic]}` : null,
  ];
  return blocks.filter((b): b is string => b !== null).join("\n\n");
}
