// The offline research tree: the angles a content strategist maps around any topic (basics,
// strategy, tools, costs, mistakes, ...), made specific with the terms the ranking pages use
// and the brand's audience. Four levels: pillar, cluster, topic, page idea.
import { cleanKeywords, cleanName, normalizeTree } from "../tree-shape";
import type { ResearchNodeOut, ResearchTreeInput } from "../types";
import { seededRandom, shortAudience, words, type Random } from "./text";
import { themesOf, vocabularyOf } from "./vocabulary";

interface Facet {
  main: string;
  /** Clusters, as noun phrases so that deeper names can build on them. */
  hubs: string[];
}

// {t} topic, {a} audience, {v} a term from the topic's vocabulary.
const FACETS: Facet[] = [
  { main: "{t} basics", hubs: ["{t} definition", "{t} process", "{t} terminology", "{t} benefits", "{t} history"] },
  { main: "{t} strategy", hubs: ["{t} planning", "{t} goals and metrics", "{t} best practices", "{t} for {a}", "{t} budgeting"] },
  { main: "{t} tools", hubs: ["free {t} tools", "{t} software", "{t} equipment", "{t} templates"] },
  { main: "{t} costs", hubs: ["{t} pricing", "{t} budget planning", "{t} return on investment", "affordable {t} options"] },
  { main: "{t} mistakes", hubs: ["common {t} mistakes", "{t} troubleshooting", "{t} myths", "{t} risks"] },
  { main: "{t} examples", hubs: ["{t} case studies", "{t} ideas", "{t} success stories"] },
  { main: "{t} trends", hubs: ["{t} outlook", "{t} statistics", "{t} innovations"] },
  { main: "{t} guides", hubs: ["{t} for beginners", "advanced {t}", "{t} checklist", "{t} step by step"] },
  { main: "{t} comparisons", hubs: ["{t} alternatives", "{t} reviews", "{t} providers"] },
];

// Clusters of a pillar built on a term the ranking pages share.
const TERM_HUBS = ["{v} basics", "{v} selection", "{v} techniques", "{v} problems", "{v} for {a}"];

// A topic under a cluster is the cluster seen from one angle; a page idea is a format of it.
// Angles add a tail ("for home baristas") or a format word ("tips") to the cluster's name.
interface Angle {
  format?: string;
  tail?: string;
  prefix?: string;
}
const TOPIC_ANGLES: Angle[] = [
  { tail: " for {a}" },
  { tail: " with {v}" },
  { prefix: "{v} and " },
  { format: "tips" },
  { format: "examples" },
  { format: "questions" },
  { format: "techniques" },
];
const PAGE_FORMATS = ["guide", "checklist", "faq", "template", "overview", "case study", "explained"];

/** Sibling names are unique: a template that repeats a taken name is skipped. */
function addUnique(siblings: ResearchNodeOut[], taken: Set<string>, node: ResearchNodeOut): boolean {
  if (node.name === "" || taken.has(node.name)) return false;
  taken.add(node.name);
  siblings.push(node);
  return true;
}

function fillName(template: string, values: Record<string, string>): string {
  return cleanName(template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? ""));
}

function lastWord(phrase: string): string {
  return phrase.slice(phrase.lastIndexOf(" ") + 1);
}

interface Context {
  topic: string;
  audience: string;
  terms: string[];
  random: Random;
}

/** 1 to 5 searches a page on this node could target, in the topic's own vocabulary. */
function keywordsFor(name: string, base: string, ctx: Context, level: number): string[] {
  const { random, topic, terms } = ctx;
  const ownTerm = terms.find((t) => name.includes(t));
  const candidates = [
    base !== name ? base : "",
    ownTerm ? `${ownTerm} ${topic}` : "",
    level <= 2 && !name.includes(topic) ? `${topic} ${name}` : "",
    level <= 2 ? `${name} guide` : "",
    level === 3 && !name.includes(" for ") ? `${base} for ${ctx.audience}` : "",
  ].filter((k) => k !== "" && k.length <= 80 && k !== name);
  const count = random.int(0, Math.min(4, candidates.length));
  return cleanKeywords([name, ...random.shuffle(candidates).slice(0, count)]);
}

function pagesOf(base: string, tail: string, ctx: Context): ResearchNodeOut[] {
  const { random } = ctx;
  const pages: ResearchNodeOut[] = [];
  const taken = new Set<string>();
  const wanted = random.int(1, 3);
  for (const format of random.shuffle(PAGE_FORMATS)) {
    if (pages.length >= wanted) break;
    if (lastWord(base) === format) continue;
    const name = cleanName(`${base} ${format}${tail}`);
    addUnique(pages, taken, { name, keywords: keywordsFor(name, `${base} ${format}`, ctx, 4), children: [] });
  }
  return pages;
}

/** "french press for home baristas" -> ["french press", " for home baristas"]: formats go between. */
function splitTail(name: string): [string, string] {
  const at = name.indexOf(" for ");
  return at > 0 ? [name.slice(0, at), name.slice(at)] : [name, ""];
}

function topicsOf(hub: string, ctx: Context): ResearchNodeOut[] {
  const { random, audience, terms } = ctx;
  const [hubBase, hubTail] = splitTail(hub);
  const topics: ResearchNodeOut[] = [];
  const taken = new Set<string>();
  const wanted = random.int(2, 3);
  let termIndex = random.int(0, Math.max(0, terms.length - 1));
  for (const angle of random.shuffle(TOPIC_ANGLES)) {
    if (topics.length >= wanted) break;
    const usesTerm = `${angle.prefix ?? ""}${angle.tail ?? ""}`.includes("{v}");
    if (usesTerm && terms.length === 0) continue;
    const term = usesTerm ? terms[termIndex++ % terms.length]! : "";
    if (term && hub.includes(term)) continue;
    if (angle.tail && hubTail) continue;
    if (angle.format && lastWord(hubBase) === angle.format) continue;
    const values = { a: audience, v: term };
    const base = cleanName(`${fillName(angle.prefix ?? "", values)} ${hubBase} ${angle.format ?? ""}`);
    const tail = hubTail || (angle.tail ? ` ${fillName(angle.tail, values)}` : "");
    const name = cleanName(`${base}${tail}`);
    addUnique(topics, taken, { name, keywords: keywordsFor(name, base, ctx, 3), children: pagesOf(base, tail, ctx) });
  }
  return topics;
}

function hubsOf(templates: string[], ctx: Context, values: Record<string, string>): ResearchNodeOut[] {
  const { random } = ctx;
  const hubs: ResearchNodeOut[] = [];
  const taken = new Set<string>();
  const wanted = random.int(2, Math.min(4, templates.length));
  for (const template of templates.slice(0, 1).concat(random.shuffle(templates.slice(1)))) {
    if (hubs.length >= wanted) break;
    const name = fillName(template, values);
    addUnique(hubs, taken, { name, keywords: keywordsFor(name, name, ctx, 2), children: topicsOf(name, ctx) });
  }
  return hubs;
}

function topicOf(input: ResearchTreeInput): string {
  const topic = cleanName(input.coreTopic) || cleanName(input.brand.name) || "content";
  // Long topics make unreadable names three levels down.
  return words(topic).length > 6 ? words(topic).slice(0, 6).join(" ") : topic;
}

export function offlineResearchTree(input: ResearchTreeInput): ResearchNodeOut[] {
  const topic = topicOf(input);
  const serp = input.serpResults ?? [];
  const documents = [
    ...serp.map((r) => `${r.title}. ${r.snippet}`),
    input.brand.description ?? "",
  ].filter(Boolean);
  const themes = themesOf(vocabularyOf(documents, topic), 12);
  // Words a single page uses are noise unless the SERP offers little else.
  const shared = themes.filter((t) => t.documents >= 2);
  const terms = (shared.length >= 3 ? shared : themes.slice(0, 4)).map((t) => t.text);
  const random = seededRandom(`tree|${topic}|${input.brand.name}|${serp.map((r) => r.url).join("|")}`);
  const ctx: Context = { topic, audience: shortAudience(input.brand.targetAudience), terms, random };

  const mainCount = random.int(4, 6);
  // Pillars on the terms several pages share come first: they are what this SERP is about.
  const [basics, ...others] = FACETS;
  const facets = [basics!, ...random.shuffle(others)];

  const mains: ResearchNodeOut[] = [];
  const taken = new Set<string>();
  for (const theme of shared.slice(0, 2)) {
    if (mains.length >= mainCount - 2) break;
    const name = fillName("{v} in {t}", { v: theme.text, t: topic });
    addUnique(mains, taken, {
      name,
      keywords: keywordsFor(name, name, ctx, 1),
      children: hubsOf(TERM_HUBS, ctx, { v: theme.text, a: ctx.audience, t: topic }),
    });
  }
  for (const facet of facets) {
    if (mains.length >= mainCount) break;
    const name = fillName(facet.main, { t: topic });
    addUnique(mains, taken, { name, keywords: keywordsFor(name, name, ctx, 1), children: hubsOf(facet.hubs, ctx, { t: topic, a: ctx.audience }) });
  }
  return normalizeTree(mains);
}
