// The final safety net over what the offline generator returns: a tree node, keyword, heading,
// talking point or draft sentence that holds a harmful term the brand (or the user's query)
// did not say is dropped, never emitted (../../lexicon/harmful-terms.ts). The lexicon keeps
// harmful senses out upstream; this catches what a gloss or a ranking page's title still carries.
import { introducesHarm, type OwnWords } from "../../lexicon/harmful-terms";
import type { BriefOutput, HeaderSection, ResearchNodeOut } from "../types";

/** The tree without the nodes (and their branches) and keywords that bring harm. */
export function safeTree(nodes: readonly ResearchNodeOut[], own: OwnWords): ResearchNodeOut[] {
  return nodes
    .filter((n) => !introducesHarm(n.name, own))
    .map((n) => ({ ...n, keywords: n.keywords.filter((k) => !introducesHarm(k, own)), children: safeTree(n.children, own) }));
}

function safeSection(section: HeaderSection, own: OwnWords): HeaderSection {
  return {
    ...section,
    subheadings: section.subheadings.filter((h) => !introducesHarm(h, own)),
    talking_points: section.talking_points.filter((p) => !introducesHarm(p, own)),
  };
}

/** A brief whose title, meta description, sections and keyword lists bring no harm. */
export function safeBrief<B extends Pick<BriefOutput, "title" | "meta_description" | "header_sections">>(
  brief: B,
  own: OwnWords,
  fallbackTitle: string,
): B {
  const harmless = (text: string) => !introducesHarm(text, own);
  return {
    ...brief,
    title: harmless(brief.title) ? brief.title : fallbackTitle,
    meta_description: harmless(brief.meta_description) ? brief.meta_description : "",
    header_sections: brief.header_sections.filter((s) => harmless(s.heading)).map((s) => safeSection(s, own)),
  };
}

/** A draft's text with every sentence that brings harm taken out (paragraphs and lines kept). */
export function safeText(text: string, own: OwnWords): string {
  return text
    .split("\n")
    .map((line) => {
      if (!introducesHarm(line, own)) return line;
      const kept = line.split(/(?<=[.!?]["')*]*)\s+/).filter((sentence) => !introducesHarm(sentence, own));
      return kept.join(" ");
    })
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
}

/** Whether a string anywhere in a JSON value brings harm. */
function holdsHarm(value: unknown, own: OwnWords): boolean {
  if (typeof value === "string") return introducesHarm(value, own);
  if (Array.isArray(value)) return value.some((item) => holdsHarm(item, own));
  if (value !== null && typeof value === "object") return Object.values(value).some((item) => holdsHarm(item, own));
  return false;
}

/**
 * Free-form JSON (a brief's SERP analysis, competitors and keyword recommendations, read from the
 * ranking pages) without what brings harm: a list drops each item that holds a harmful string
 * (a competitor, a keyword), an object each text field that is one.
 */
export function safeJson<T>(value: T, own: OwnWords): T {
  if (Array.isArray(value)) {
    const items: readonly unknown[] = value;
    return items.filter((item) => !holdsHarm(item, own)).map((item) => safeJson(item, own)) as T;
  }
  if (value !== null && typeof value === "object") {
    const kept = Object.entries(value).filter(([, item]) => typeof item !== "string" || !introducesHarm(item, own));
    return Object.fromEntries(kept.map(([key, item]) => [key, safeJson(item, own)])) as T;
  }
  return value;
}
