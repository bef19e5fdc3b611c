// The offline brief: an outline built from what the ranking pages actually cover. Sections
// follow the themes the competitors share; talking points are the sentences of their snippets
// that make each point, and the SERP analysis says what was found and where.
import { present } from "../../../platform/present";
import type { BriefInput, BriefOutput, HeaderSection } from "../types";
import { intentOf, readSerp, type Intent, type ReadResult } from "./serp-reading";
import type { SenseContext } from "../../lexicon/sense";
import { isLemma } from "../../lexicon/wordnet";
import { countedSubject, lexiconQuestions, lexiconSections } from "./brief-lexicon";
import { subjectOfClass } from "./class-subject";
import { ASPECT_NAMES, isShelfAdvice, ownAspects, proseFor } from "./aspect-prose";
import { analyzeKeyword } from "../../serp/offline-keywords";
import type { FacetId } from "../../serp/offline-facets";
import { brandSenseContext } from "./brand-senses";
import { isShelfless, subjectClassOf, type SubjectClass } from "./subject-class";
import { lexiconSentences } from "./lexicon-sentences";
import { readQuery } from "./query-subject";
import { subjectOfTopic } from "./topic-narrowing";
import { competitorData, keywordRecommendations, serpAnalysis } from "./brief-serp-data";
import { safeBrief, safeJson } from "./safe-output";
import { capitalize, contentWords, shortAudience, titleCase, truncateWords, words } from "./text";
import { stem, themesOf, vocabularyOf, type Term } from "./vocabulary";

export const OFFLINE_AGENT_VERSION = "canopy-offline-1";

const THEME_HEADINGS = [
  "Understanding {T}",
  "Getting {T} Right",
  "{T} Explained",
  "A Closer Look at {T}",
  "What to Know About {T}",
  "How to Approach {T}",
];

const DEFAULT_TOTAL_WORDS: Record<Intent, number> = { informational: 1600, commercial: 1800, transactional: 1200 };
const MAX_POINT_CHARS = 220;

function slot(template: string, values: Record<string, string>): string {
  return template
    .replace(/\{(\w)\}/g, (_, k: string) => values[k] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

function joinAnd(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}` : (items[0] ?? "");
}

/** The subject of a query without its question or shopping words: "how to brew coffee" -> "brew coffee". */
export function coreOf(query: string): string {
  const core = query
    .toLowerCase()
    .replace(/\?+$/, "")
    .replace(/^(how to|how do i|how do you|what is|what are|why is|why are|why do|when to|where to|which|the|a|an)\s+/, "")
    .replace(/^(best|top \d+|top|cheap|buy)\s+/, "")
    .replace(/\s+(near me|for sale|in \d{4}|\d{4})$/, "")
    .trim();
  // "how to use coffee beans" is about coffee beans: the how-to's verb goes too.
  const verb = /^how (to|do i|do you) /.test(query.toLowerCase()) ? /^(\w+) (.+)$/.exec(core) : null;
  // "how to prepare for kitesurfing lessons" is about kitesurfing lessons: the verb's preposition goes too.
  const [, verbWord, object] = verb ?? [];
  const subject =
    verbWord !== undefined && object !== undefined && isLemma(verbWord, "verb")
      ? object.replace(/^(for|to|with|from|on) /, "").replace(/^(a|an|the|your|my) /, "")
      : core;
  return subject || query.toLowerCase().trim();
}

function mentions(text: string, phrase: string): boolean {
  const have = new Set(words(text).map(stem));
  return words(phrase)
    .map(stem)
    .every((w) => have.has(w));
}

const PAGE_KINDS = /^(buying guides?|guides?|reviews?|tips|tutorials?|videos?|news|step by step|top picks|how to)$/;
const ASPECT_STEMS = new Set([...ASPECT_NAMES].flatMap((a) => contentWords(a.replace(/-/g, " ")).map(stem)));

/**
 * Whether a snippet sentence tells a writer something: most of its words are more than the
 * subject and the names of the points a page covers ("Our guide to coffee beans covers timing
 * and equipment needed" says only what the page is about, not anything about it).
 */
function informative(sentence: string, core: string): boolean {
  const subject = new Set(contentWords(core).map(stem));
  const all = contentWords(sentence).map(stem);
  const rest = all.filter((w) => !subject.has(w) && !ASPECT_STEMS.has(w));
  return rest.length >= 4 && rest.length * 2 >= all.length;
}

class PointPool {
  private readonly used = new Set<string>();
  private readonly usedTitles = new Set<number>();
  constructor(
    private readonly results: ReadResult[],
    private readonly core: string,
  ) {}

  /** A point naming a competitor's angle, each competitor at most once in the outline. */
  takeTitle(from: number[]): string | null {
    const r = this.results.find((r) => from.includes(r.position - 1) && r.title && !this.usedTitles.has(r.position));
    if (!r) return null;
    this.usedTitles.add(r.position);
    return `Cover the angle of “${r.title}” (${r.domain}).`;
  }

  /** Unused snippet sentences of these results (all when none given) that mention every word of `about`. */
  take(about: string | null, limit: number, from?: number[]): string[] {
    const out: string[] = [];
    for (const r of this.results) {
      if (from && !from.includes(r.position - 1)) continue;
      for (const point of r.points) {
        if (out.length >= limit) return out;
        const key = point.toLowerCase();
        if (this.used.has(key) || (about !== null && !mentions(point, about)) || !informative(point, this.core)) continue;
        this.used.add(key);
        out.push(`${truncateWords(point, MAX_POINT_CHARS)}.`);
      }
    }
    return out;
  }
}

function totalWords(input: BriefInput, intent: Intent): number {
  const info = input.contentInfo ?? {};
  for (const key of ["word_count", "target_word_count", "word_count_target", "wordCount"]) {
    const value = Number(info[key]);
    if (Number.isFinite(value) && value >= 300 && value <= 6000) return Math.round(value);
  }
  return DEFAULT_TOTAL_WORDS[intent];
}

function roundTo10(n: number): number {
  return Math.max(100, Math.round(n / 10) * 10);
}

function introHeading(query: string, core: string, intent: Intent): string {
  const q = query.toLowerCase().trim();
  if (/^how to\b/.test(q)) return `${titleCase(q.replace(/\?+$/, ""))}: The Short Version`;
  if (/^(what|why|when|which|can|is|are|does|do|should)\b/.test(q)) return `${titleCase(q.replace(/\?+$/, ""))}?`;
  if (intent === "commercial") return `What to Look For in ${titleCase(core)}`;
  if (intent === "transactional") return `Before You Buy: ${titleCase(core)}`;
  return `${titleCase(core)} at a Glance`;
}

function titleOf(query: string, core: string, intent: Intent, audience: string | null): string {
  const q = query.trim().replace(/\?+$/, "");
  if (/^(how|what|why|when|which)\b/i.test(q)) return `${titleCase(q.toLowerCase())}: A Practical Guide`;
  if (intent === "commercial") return `${titleCase(q.toLowerCase())}: How to Compare and Choose`;
  if (intent === "transactional") return `${titleCase(core)}: Prices, Options and What to Know`;
  return audience ? `${titleCase(core)}: A Complete Guide for ${titleCase(audience)}` : `${titleCase(core)}: A Complete Guide`;
}

function metaDescriptionOf(core: string, intent: Intent, themes: Term[], brand: string): string {
  const lead =
    intent === "commercial"
      ? `Compare ${core} options`
      : intent === "transactional"
        ? `What ${core} costs and how to choose`
        : `Learn ${core}`;
  const list = joinAnd(themes.slice(0, 3).map((t) => t.text));
  const middle = list ? `: ${list}, explained clearly` : " step by step";
  const text = `${lead}${middle}. A practical guide from ${brand}.`;
  return text.length <= 155 ? text : `${truncateWords(text, 152)}...`;
}

/** Who covers a theme, as a point: "Covered by 4 of the 10 ranking pages (a.example, b.example, ...)." */
function coveragePoint(theme: Term, results: ReadResult[]): string | null {
  const domains = [...new Set(results.filter((r) => theme.sources.includes(r.position - 1)).map((r) => r.domain))];
  if (domains.length === 0) return null;
  const shown = domains.slice(0, 3).join(", ") + (domains.length > 3 ? ", ..." : "");
  return `Covered by ${theme.documents} of the ${results.length} ranking pages (${shown}); go further than they do.`;
}

function themeSection(
  theme: Term,
  index: number,
  results: ReadResult[],
  pool: PointPool,
  subject: string,
  subjectClass: SubjectClass,
): Omit<HeaderSection, "word_count_target"> {
  // A theme that is an aspect of the subject ("equipment needed") gets the heading and the
  // points a writer would give it, and says which ranking pages cover it.
  const prose = proseFor(theme.text, subject, subjectClass);
  if (prose) {
    const evidence = [...pool.take(theme.text, 1, theme.sources), coveragePoint(theme, results)].filter((p): p is string => p !== null);
    return { heading: prose.heading, level: "h2", subheadings: [], talking_points: [...prose.points, ...evidence] };
  }
  const T = titleCase(theme.text);
  const heading = slot(present(THEME_HEADINGS[index % THEME_HEADINGS.length], "a theme heading"), { T });
  const subheadings: string[] = [];
  // A competitor title on this theme is a proven angle; keep one as a subheading.
  const titled = results.find((r) => theme.sources.includes(r.position - 1) && mentions(r.title, theme.text) && r.title.length <= 90);
  if (titled) subheadings.push(titleCase(titled.title));
  const points = pool.take(theme.text, 3, theme.sources);
  while (points.length < 2) {
    const angle = pool.takeTitle(theme.sources);
    if (!angle) break;
    points.push(angle);
  }
  if (points.length === 0) points.push(`Explain ${theme.text} in plain terms and show how it applies.`);
  return { heading, level: "h2", subheadings: subheadings.slice(0, 3), talking_points: points };
}

function faqSection(
  core: string,
  subject: string,
  subjectClass: SubjectClass,
  results: ReadResult[],
  pool: PointPool,
  context: SenseContext,
): Omit<HeaderSection, "word_count_target"> {
  const C = titleCase(core);
  // A ranking page's question counts only when it names the whole subject: "what should I know
  // about bath?" is no question about bath bombs.
  const questions = results
    .filter((r) => r.angle === "question" && r.title.length <= 100 && !/\?./.test(r.title.trim()) && mentions(r.title, subject))
    .map((r) => (r.title.endsWith("?") ? r.title : `${r.title}?`))
    .map((q) => capitalize(q));
  // Fewer than three questions on the page: the lexicon's questions about the subject.
  // The same question asked twice ("What is paint stripper?", "What Is a Paint Stripper?") is asked once.
  const key = (q: string) => q.toLowerCase().replace(/\b(a|an|the) /g, "");
  const asked = (q: string) => questions.some((x) => key(x) === key(q));
  for (const q of lexiconQuestions(subject, context, subjectClass)) if (questions.length < 3 && !asked(q)) questions.push(q);
  const unique = questions.filter((q, i) => questions.findIndex((x) => key(x) === key(q)) === i).slice(0, 4);
  const points = pool.take(null, 3);
  if (points.length === 0)
    points.push(`Answer each question in two or three sentences that stand on their own, so search engines can quote them.`);
  return { heading: `Frequently Asked Questions About ${C}`, level: "h2", subheadings: unique, talking_points: points };
}

/** The section whose text shares the most words with `text`; the first when none does. */
function bestSection<S extends Omit<HeaderSection, "word_count_target">>(sections: readonly S[], text: string): S | undefined {
  const wanted = new Set(contentWords(text).map(stem));
  let best = sections[0];
  let bestScore = 0;
  for (const s of sections) {
    const have = contentWords(`${s.heading} ${s.subheadings.join(" ")} ${s.talking_points.join(" ")}`).map(stem);
    const score = new Set(have.filter((w) => wanted.has(w))).size;
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

const PROVIDER_END = /\s(service|services|company|companies|agency|agencies)$/;
const THING_WORDS = /\s(tools?|software|apps?|equipment|gear|supplies|kits?)$/;
const WHOLE_PHRASE = new Set<FacetId>(["general", "local", "comparison"]);

/**
 * What a guide is about and its facet: "coffee grinder cleaning" is a cleaning guide to coffee
 * grinders; local and comparison searches are about the whole phrase ("coffee shop",
 * "french press vs aeropress"), and so is a general one.
 */
export function guideSubject(text: string): { facet: FacetId; subject: string } {
  const read = analyzeKeyword(text);
  const core = coreOf(text);
  // "kubernetes monitoring tools" are the tools themselves, not a buying search about kubernetes monitoring.
  if (read.facet === "buying" && THING_WORDS.test(core)) return { facet: read.facet, subject: countedSubject(core) };
  if (read.facet === "local") return { facet: read.facet, subject: countedSubject(core) };
  // A provider named by its work keeps the work's word, and the work is what it sells, not the
  // guide's facet: "spring cleaning service" is no "how to clean spring service".
  if (PROVIDER_END.test(core)) return { facet: "general", subject: core };
  return { facet: read.facet, subject: WHOLE_PHRASE.has(read.facet) || !read.subject ? core : countedSubject(read.subject) };
}

/** The facet's aspects the ranking pages name, with the pages that do, most covered first. */
function aspectThemesOf(results: ReadResult[], family: Set<string>): Term[] {
  return [...family]
    .map((text) => {
      const sources = results.filter((r) => `${r.title}. ${r.snippet}`.toLowerCase().includes(text)).map((r) => r.position - 1);
      return { text, documents: sources.length, occurrences: sources.length, sources };
    })
    .filter((t) => t.documents >= 2)
    .sort((a, b) => b.documents - a.documents);
}

/**
 * Headings any subject of its class can take: a place is visited ("Getting Around Japan", not
 * "Tools for Japan") and an idea understood; anything else is started, got wrong and equipped.
 */
function everySubjectHeadings(C: string, subjectClass: SubjectClass): string[] {
  if (subjectClass === "place") return [`Getting to ${C}`, `Getting Around ${C}`, `Where to Eat in ${C}`, `${C} on a Budget`];
  if (subjectClass === "concept")
    return [`The Key Ideas of ${C}`, `${C} in Practice`, `Common Misconceptions About ${C}`, `Further Reading on ${C}`];
  return [`How to Get Started With ${C}`, `Common ${C} Mistakes`, `Tools for ${C}`, `${C} Step by Step`];
}

/** Titles and openings of guides whose facet says more than their intent does ("espresso machine problems"). */
function facetTitle(facet: FacetId, query: string, core: string, subject: string): string | null {
  if (/^(how|what|why|when|which)\b/i.test(query)) return null;
  const C = titleCase(core);
  const titles: Partial<Record<FacetId, string>> = {
    problems: `${C}: Common Causes and How to Fix Them`,
    cleaning: `How to Clean ${titleCase(subject)}: A Practical Guide`,
    ideas: `${C}: Easy Ideas to Try This Week`,
    health: `${C}: What the Evidence Says`,
    local: `${C}: How to Find a Good One Near You`,
    comparison: `${C}: Which Should You Choose?`,
  };
  return titles[facet] ?? null;
}

export function offlineBrief(input: BriefInput): BriefOutput {
  const asked = input.queryText.replace(/\s+/g, " ").trim();
  // A question is read for its subject: "how do i stop my dog pulling on the lead" is a guide on
  // how to stop a dog pulling on the lead, and its headings never embed the question.
  const reading = readQuery(asked, (w) => isLemma(w, "verb"));
  const query = reading.text;
  const core = reading.topic ?? coreOf(query);
  const { facet, subject: typedSubject } = guideSubject(query);
  // The brand's words and the query confirm which sense of a word the brief may explain.
  const context = brandSenseContext(input.brand, query);
  const results = readSerp(input.serpResults);
  const intent = intentOf(query, results);
  const audienceRaw = input.brand.targetAudience ?? null;
  const audience = shortAudience(audienceRaw, "readers");
  const vocabulary = vocabularyOf(
    results.map((r) => `${r.title}. ${r.snippet}`),
    query,
  );
  const themes = themesOf(vocabulary, 12);
  const pool = new PointPool(results, core);

  const sections: Omit<HeaderSection, "word_count_target">[] = [];
  const introPoints = pool.take(core, 2);
  if (introPoints.length < 2) introPoints.push(...pool.take(null, 2 - introPoints.length));
  const defined = lexiconSentences(core, context)[0];
  if (introPoints.length < 2 && defined)
    introPoints.push(`Define ${core} in a sentence: ${defined.charAt(0).toLowerCase()}${defined.slice(1)}`);
  introPoints.push(`Answer "${asked}" directly in the first paragraph.`);
  if (introPoints.length < 3) introPoints.push(`Tell ${audience} what they will be able to do by the end.`);
  const ownTitle = facetTitle(facet, query, core, typedSubject);
  const opening = ownTitle ? `${titleCase(core)} at a Glance` : introHeading(query, core, intent);
  sections.push({ heading: opening, level: "h2", subheadings: [], talking_points: introPoints });

  // The subject without the facet's words ("coffee grinder cleaning" is about coffee grinders),
  // and the aspects its facet's guides cover: a cleaning guide has no section on prices.
  // The class of the subject decides its sections: software and services get no shop-shelf ones.
  // Sections and questions are about the subject without the audience, setting or level the
  // query narrows it to, written as its class writes it ("yoga for women": the types of yoga;
  // "travel to japan": where to stay in japan); the title and the opening keep the query.
  const narrowedSubject = subjectOfTopic(typedSubject);
  const subjectClass = subjectClassOf(input.brand, narrowedSubject || core);
  const about = subjectOfClass(subjectOfTopic(core), subjectClass, core);
  // A place is named as typed ("isle of skye"), not by its head terms ("isle skye").
  const subject = subjectClass === "place" ? about : subjectOfClass(narrowedSubject, subjectClass, core);
  const family = new Set(ownAspects(facet, subject, subjectClass));
  const familyWords = new Set([...family].flatMap((a) => contentWords(a)));
  // Not a section: another facet's aspect, a fragment of one of ours ("schedule" of "cleaning
  // schedule") or the name of a kind of page ("buying guide", "reviews").
  const fits = (t: Term) =>
    ASPECT_NAMES.has(t.text) ? family.has(t.text) : !PAGE_KINDS.test(t.text) && !contentWords(t.text).every((w) => familyWords.has(w));
  const fitting = themes.filter(fits);
  // Pages that name the facet's aspects outright (the offline world does) give the sections;
  // the other words they share are fragments of titles ("research says"), not topics.
  const aspectThemes = aspectThemesOf(results, family);
  const usable = aspectThemes.length >= 2 ? aspectThemes : fitting;
  const sectionThemes = usable.filter((t) => t.documents >= 2).slice(0, 5);
  for (const t of usable) if (sectionThemes.length < 3 && !sectionThemes.includes(t)) sectionThemes.push(t);
  sectionThemes.forEach((theme, i) => {
    const section = themeSection(theme, i, results, pool, subject, subjectClass);
    // Two aspects with one piece of advice in a class's table ("price", "value for money") make one section.
    if (!sections.some((s) => s.heading === section.heading)) sections.push(section);
  });
  // Short of four sections, the lexicon's own: what it is, its kinds, parts, comparisons, care.
  for (const section of lexiconSections(about, audience, context)) {
    if (sections.length >= 4) break;
    // "Types of Coffee Beans" after "The Main Types of Coffee Beans" would say it twice.
    const own = (h: string) =>
      new Set(
        contentWords(h)
          .map(stem)
          .filter((w) => !words(about).map(stem).includes(w)),
      );
    const theirs = own(section.heading);
    if (sections.some((s) => [...own(s.heading)].some((w) => theirs.has(w)))) continue;
    const points = pool.take(null, 1);
    sections.push({ ...section, talking_points: [...section.talking_points, ...points] });
  }
  // The subject is unknown to the lexicon too: the facets every subject has.
  for (const heading of everySubjectHeadings(titleCase(about), subjectClass)) {
    if (sections.length >= 4) break;
    const points = pool.take(null, 2);
    if (points.length === 0) points.push(`Give ${audience} concrete, practical steps they can follow.`);
    sections.push({ heading, level: "h2", subheadings: [], talking_points: points });
  }

  const faq = faqSection(core, subject, subjectClass, results, pool, context);
  sections.push(faq);
  const closingPoints = [
    sectionThemes.length > 0
      ? `Recap ${joinAnd(sectionThemes.slice(0, 3).map((t) => t.text))} in a few sentences.`
      : `Recap the main steps.`,
    `Close with how ${input.brand.name} helps ${audience} with ${core}${input.brand.websiteUrl ? ` (${input.brand.websiteUrl})` : ""}.`,
  ];
  sections.push({ heading: `Next Steps With ${titleCase(core)}`, level: "h2", subheadings: [], talking_points: closingPoints });

  // Keywords and links go where the outline already talks about them (it has at least four body sections).
  const bodySections = sections.slice(0, -2);
  const bodyFor = (text: string) => present(bestSection(bodySections, text), "a body section");
  for (const keyword of input.userKeywords ?? []) {
    const k = keyword.trim();
    if (k) bodyFor(k).talking_points.push(`Use the keyword "${k.toLowerCase()}" naturally.`);
  }
  for (const link of input.internalLinks ?? []) {
    bodyFor(link.anchor_text).talking_points.push(`Link to "${link.anchor_text}" (${link.url}).`);
  }

  const total = totalWords(input, intent);
  const fixed = { intro: total * 0.1, faq: total * 0.12, close: total * 0.08 };
  const bodyCount = sections.length - 3;
  const perBody = (total - fixed.intro - fixed.faq - fixed.close) / Math.max(1, bodyCount);
  // Software and services keep no shop-shelf point or subheading the ranking pages suggested.
  // The subject's own words are no advice: "spring cleaning service" is not about cleaning a product.
  const withoutSubject = (t: string) =>
    [core, subject, about].reduce((text, name) => (name ? text.split(name.toLowerCase()).join(" ") : text), t.toLowerCase());
  const offShelf = (list: string[]) => (isShelfless(subjectClass) ? list.filter((t) => !isShelfAdvice(withoutSubject(t))) : list);
  const header_sections: HeaderSection[] = sections.map((s, i) => {
    const share = i === 0 ? fixed.intro : i === sections.length - 2 ? fixed.faq : i === sections.length - 1 ? fixed.close : perBody;
    return { ...s, subheadings: offShelf(s.subheadings), talking_points: offShelf(s.talking_points), word_count_target: roundTo10(share) };
  });

  // Nothing from a harmful domain that the brand or the query did not say (safe-output.ts).
  const outline = safeBrief(
    {
      title: ownTitle ?? titleOf(query, core, intent, audienceRaw ? audience : null),
      meta_description: metaDescriptionOf(core, intent, themes, input.brand.name),
      header_sections,
    },
    context.own,
    titleCase(query),
  );
  return {
    agent_version: OFFLINE_AGENT_VERSION,
    ...outline,
    // What the ranking pages said, kept only where it brings no harm either.
    serp_analysis: safeJson(serpAnalysis(query, intent, results, themes), context.own),
    competitor_data: safeJson(competitorData(results, themes), context.own),
    keyword_recommendations: safeJson(keywordRecommendations(query, core, themes, input.userKeywords ?? [], faq.subheadings), context.own),
  };
}
