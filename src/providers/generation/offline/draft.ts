// The offline section draft: plain, readable paragraphs about the heading that work each
// subheading and talking point in, sized to the word target (within 8% either way). It does
// not copy competitors' sentences: it writes its own around the terms they raise, and fills
// the rest with what the lexicon records of those terms and what the article's intent facet
// weighs (lexicon-sentences.ts), never with sentences that would fit any topic.
import { analyzeKeyword } from "../../serp/offline-keywords";
import { ASPECTS } from "../../serp/offline-text";
import type { SectionInput } from "../types";
import { coreOf } from "./brief";
import { facetSentences, lexiconSentences } from "./lexicon-sentences";
import { capitalize, countWords, seededRandom, shortAudience, type Random } from "./text";
import { keyPhrases } from "./vocabulary";

/** How far from the target a draft may land: inside the ±10% the article checks allow. */
const TOLERANCE = 0.08;

const HEADING_LEADS =
  /^(understanding|getting|a closer look at|what to know about|how to approach|why|choosing|next steps with|frequently asked questions about|before you buy:|what to look for in|the basics of|an introduction to)\s+/i;
const HEADING_TAILS = /\s+(right|explained|at a glance|matters|basics)$/i;

/** "Getting French Press Right" -> "french press"; "What Is SEO?" -> "what is SEO". */
export function focusOf(heading: string): string {
  let focus = heading.replace(/[?!.]+$/, "").trim();
  focus = focus.split(/:\s+/)[0] ?? focus;
  focus = focus.replace(HEADING_LEADS, "").replace(HEADING_TAILS, "").trim();
  const cased = focus
    .split(/\s+/)
    .map((w) => (/^[A-Z0-9]{2,}$/.test(w) ? w : w.toLowerCase()))
    .join(" ");
  return cased || heading.toLowerCase();
}

interface Sentence {
  text: string;
  paragraph: number;
  /** Lower is dropped first when the draft runs long. */
  priority: number;
}

// The section's opening when the lexicon has no definition of its focus, and its framing.
const OPENERS = ["This section looks at {F} for {T}.", "Here the subject is {F}, as it applies to {T}."];
const FRAMING = ["It covers {A1}, {A2} and {A3}.", "The points that follow are {A1}, {A2} and {A3}."];
// {S} a subheading's subject.
const SUBHEADING_SENTENCES = ["{Sc} comes next.", "Then there is {S}.", "On to {S}."];
const CLOSERS = ["In short, {A1} and {A2} decide most of what {F} comes down to.", "Get {A1} right, and the rest of {F} follows."];

function fillSlots(template: string, values: Record<string, string>): string {
  const out = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (key.endsWith("c") && key.length === 2) return capitalize(values[key[0]!] ?? "");
    return values[key] ?? "";
  });
  return out.replace(/\s+/g, " ").trim();
}

/** A talking point that is an instruction of the brief ("Link to ...") becomes its own sentence. */
function instructionSentence(point: string, values: Record<string, string>): string | null {
  const link = /^Link to "(.+)" \((\S+)\)\.?$/.exec(point);
  if (link) return `For more detail, see our guide to [${link[1]}](${link[2]}).`;
  const keyword = /^Use the keyword "(.+)" naturally\.?$/.exec(point);
  if (keyword) return `This is also where ${keyword[1]} comes into play.`;
  const recap = /^Recap (.+) in a few sentences\.?$/.exec(point);
  if (recap) return `To recap, ${recap[1]} are the points that matter most.`;
  if (/^Close with how /.test(point) && values.B) return `If you want help along the way, ${values.B} works with ${values.A} on exactly this.`;
  if (/^Answer "/.test(point)) return `The short version: ${values.F} comes down to a handful of clear, practical choices.`;
  return null;
}

/** The words of a talking point worth writing about, without the brief's own instructions. */
function pointSubject(point: string): string {
  const quoted = /“([^”]+)”|"([^"]+)"/.exec(point);
  if (/^Cover the angle of /.test(point) && quoted) return quoted[1] ?? quoted[2] ?? "";
  return point.replace(/\([^)]*\)/g, " ").replace(/^Explain /, "");
}

/** Cycles through a shuffled copy, so consecutive sentences never share a template. */
function rotation(random: Random, items: readonly string[]): () => string {
  const order = random.shuffle(items);
  let i = 0;
  return () => order[i++ % order.length]!;
}

/** A term worth a sentence: a phrase of two or more words, or a word the lexicon knows as a thing. */
const worthSaying = (term: string, audience: string) => term !== audience && !audience.includes(term) && (term.includes(" ") || lexiconSentences(term).length > 0);

export function offlineSectionDraft(input: SectionInput): string {
  const random = seededRandom(`draft|${input.articleTitle}|${input.heading}`);
  const F = focusOf(input.heading);
  const titleHead = (input.articleTitle.split(/:\s+/)[0] ?? input.articleTitle).trim();
  // The article's subject and intent facet: "How to Use Coffee Beans" is a how-to about coffee beans.
  const read = analyzeKeyword(titleHead);
  const T = (read.facet === "general" ? coreOf(titleHead) : read.subject) || F;
  const facet = read.facet;
  const A = shortAudience(input.brand.targetAudience, "readers");
  const aspects = aspectsFor(facet, random);
  const base: Record<string, string> = { F, T, A, B: input.brand.name, A1: aspects[0]!, A2: aspects[1]!, A3: aspects[2]! };
  // A point's term is weighed the way the article's facet weighs its aspects ("Owner reviews
  // of espresso makers say more about build quality than a specification sheet does").
  const used = new Set<string>();
  const pointSentence = (X: string) => {
    const options = facetSentences(facet, T, [X]).filter((t) => !used.has(t));
    const text = options[random.int(0, Math.max(0, options.length - 1))] ?? null;
    if (text) used.add(text);
    return text;
  };
  const nextSub = rotation(random, SUBHEADING_SENTENCES);
  const context = `${input.heading} ${input.articleTitle}`;
  const terms: string[] = [];
  const addTerms = (text: string, n: number) => {
    const found = keyPhrases(text, context, n).filter((t) => !terms.includes(t) && worthSaying(t, A.toLowerCase()));
    terms.push(...found);
    return found;
  };

  const body: Sentence[] = [];
  let paragraph = 0;
  body.push({ text: lexiconSentences(F)[0] ?? fillSlots(random.pick(OPENERS), base), paragraph, priority: 10 });
  body.push({ text: fillSlots(random.pick(FRAMING), base), paragraph, priority: 4 });
  if (input.previousHeadings.length > 0) {
    const previous = focusOf(input.previousHeadings[input.previousHeadings.length - 1]!);
    if (previous !== F) body.push({ text: `Having covered ${previous}, we can now turn to ${F} itself.`, paragraph, priority: 2 });
  }

  for (const sub of input.subheadings) {
    paragraph += 1;
    const found = addTerms(sub, 2);
    if (/\?\s*$/.test(sub)) body.push({ text: `A common question is this: ${sub.trim()}`, paragraph, priority: 8 });
    else body.push({ text: fillSlots(nextSub(), { ...base, S: focusOf(sub) }), paragraph, priority: 8 });
    const said = pointSentence(found[0] ?? F);
    if (said) body.push({ text: said, paragraph, priority: 5 });
  }

  input.talkingPoints.forEach((point, i) => {
    if (i % 2 === 0) paragraph += 1;
    const instruction = instructionSentence(point.trim(), base);
    if (instruction) {
      body.push({ text: instruction, paragraph, priority: 9 });
      return;
    }
    for (const [k, X] of addTerms(pointSubject(point), 2).entries()) {
      const said = pointSentence(X);
      if (said) body.push({ text: said, paragraph, priority: k === 0 ? 9 : 3 });
    }
  });

  const closing: Sentence = { text: fillSlots(random.pick(CLOSERS), base), paragraph: paragraph + 1, priority: 10 };
  // More to say, in order: what the lexicon records of the things named, then what the facet
  // weighs of the subject under each aspect, so even a bare heading can fill a long target.
  const things = [...new Set([F, T, ...terms])].filter((n) => lexiconSentences(n).length > 0);
  const weigh = [...new Set([...(lexiconSentences(F).length === 0 && F !== T ? [F] : []), ...terms.filter((t) => !things.includes(t)), ...aspects])];
  const said = new Set([...body.map((b) => b.text), ...used]);
  const more = [...things.flatMap(lexiconSentences), ...facetSentences(facet, T, weigh)].filter((t) => !said.has(t));
  // A guide of any facet can still say what any guide says about its subject.
  if (facet !== "general") more.push(...facetSentences("general", T, [...ASPECTS.general, ...ASPECTS.howto]).filter((t) => !said.has(t)));
  return fit(body, closing, input.wordCountTarget, [...new Set(more)]);
}

/** The facet's aspects, and for a general guide those of the facets a complete guide covers. */
function aspectsFor(facet: keyof typeof ASPECTS, random: Random): string[] {
  const own = random.shuffle(ASPECTS[facet]);
  const wider = facet === "general" ? [...ASPECTS.howto, ...ASPECTS.buying, ...ASPECTS.problems, ...ASPECTS.definitions] : [];
  return [...new Set([...own, ...random.shuffle(wider)])];
}

/** Trims or extends the sentences until the word count sits inside the target's window. */
function fit(body: Sentence[], closing: Sentence, target: number, more: string[]): string {
  const lower = Math.ceil(target * (1 - TOLERANCE));
  const upper = Math.floor(target * (1 + TOLERANCE));
  const size = (s: Sentence) => countWords(s.text);
  const total = () => body.reduce((n, s) => n + size(s), 0) + size(closing);

  // Too long: drop the least important sentences, latest first among equals.
  while (total() > upper && body.length > 1) {
    let drop = body.length - 1;
    for (let i = body.length - 1; i >= 0; i -= 1) if (body[i]!.priority < body[drop]!.priority) drop = i;
    body.splice(drop, 1);
  }

  // Too short: add the sentences there are more of, in order, spread over the paragraphs.
  const paragraphs = [...new Set(body.map((s) => s.paragraph))];
  let turn = 0;
  for (const text of more) {
    if (total() >= lower) break;
    if (total() + countWords(text) > upper) continue;
    const where = paragraphs[turn % paragraphs.length] ?? 0;
    const at = body.map((s) => s.paragraph).lastIndexOf(where) + 1;
    body.splice(at, 0, { text, paragraph: where, priority: 1 });
    turn += 1;
  }

  const all = [...body, closing];
  const out: string[] = [];
  let current = -1;
  for (const s of all) {
    if (s.paragraph !== current) {
      out.push("");
      current = s.paragraph;
    }
    out[out.length - 1] = `${out[out.length - 1]} ${s.text}`.trim();
  }
  return out.filter(Boolean).join("\n\n");
}
