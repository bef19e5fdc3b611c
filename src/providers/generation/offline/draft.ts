// The offline section draft: plain, readable paragraphs about the heading that work each
// subheading and talking point in, sized to the word target (within 8% either way). It does
// not copy competitors' sentences: it writes its own around the terms they raise.
import type { SectionInput } from "../types";
import { coreOf } from "./brief";
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

// When the heading is the article's own subject ("Coffee Brewing at a Glance").
const SUBJECT_OPENERS = [
  "{Fc} covers more ground than most people expect, so it helps to start with the essentials.",
  "Before going into detail, it is worth being clear about what {F} involves.",
];
const OPENERS = [
  "{Fc} is one of the parts of {T} that deserves real attention.",
  "When people think about {T}, {F} is often where the biggest gains are hiding.",
  "{Fc} shapes much of what happens next in {T}, so it is worth getting clear on it.",
];
const FRAMING = [
  "This section explains what {F} involves, why it matters for {A}, and how to handle it with confidence.",
  "Below, we look at what {F} really means in practice and how {A} can make good decisions about it.",
];
// {X} a term of the point; {Y} a second, different one.
const POINT_SENTENCES = [
  "{Xc} matters here because it has a direct effect on {Y}.",
  "A practical approach is to get {X} right first and then fine-tune {Y}.",
  "It pays to look at {X} and {Y} together, since one rarely changes without the other.",
  "Once {X} is settled, decisions about {Y} become much simpler.",
];
const SINGLE_POINT_SENTENCES = [
  "Many {A} overlook {X}, yet it often makes the difference between an average result and a good one.",
  "Think of {X} as a starting point rather than a fixed rule, and adjust it to your situation.",
  "Paying attention to {X} early saves a lot of guesswork later on.",
  "{Xc} deserves more attention than it usually gets.",
];
const SUBHEADING_SENTENCES = [
  "{Sc} is a natural next step.",
  "It is worth spending a moment on {S}.",
  "Next comes {S}, which is simpler than it first appears.",
];
const QUESTION_FOLLOW_UPS = [
  "The short answer depends on {X}, but a few principles hold in most cases.",
  "In most cases the answer comes down to {X} and how much time you can give it.",
];
const FILLERS = [
  "Small, consistent improvements to {X} tend to add up over time.",
  "It helps to write down what you want from {X} before changing anything.",
  "Keep notes on what works, because the right approach to {X} depends on your own situation.",
  "If something does not work as expected, change one thing at a time so you can see what made the difference.",
  "There is no single right answer for every case, but these principles hold up well.",
  "Take the time to compare a few options before settling on one.",
  "Start simple and adjust as you learn.",
  "Consistency matters more than perfection here.",
  "The details are worth the effort.",
  "Over time, {X} becomes second nature.",
  "Ask yourself what a good result looks like before you begin.",
  "A little planning goes a long way with {X}.",
  "The link between {X} and {Y} is easy to miss at first.",
  "Once {X} is in place, {Y} usually becomes much easier to manage.",
  "Most problems with {X} come from rushing rather than from a lack of knowledge.",
  "{Xc} is rarely a one-time decision; it is worth revisiting as your needs change.",
  "A simple checklist for {X} keeps the important steps from slipping.",
  "Good results with {X} come from understanding the reasons behind each step, not just the steps.",
  "For {A}, the most useful habit is to review {X} regularly.",
  "When in doubt, return to the basics of {X} and build from there.",
  "Comparing notes with others who handle {X} can reveal shortcuts you would not find alone.",
  "Measure what you can, so that changes to {X} are based on evidence rather than guesswork.",
  "Even experienced {A} find that {X} rewards a second look.",
  "Clear priorities make {X} far less overwhelming.",
  "It is tempting to change {X} and {Y} at the same time, but patience pays off.",
  "The goal is steady progress with {X}, not a perfect result on the first try.",
  "Each adjustment to {X} teaches you something about {Y}.",
  "Treat {X} as part of a routine rather than a special project.",
  "A good test is whether you could explain {X} to someone new in a few sentences.",
  "Good information about {X} is easy to find; applying it consistently is the harder part.",
  "Set aside time to review how {X} is going, and adjust {Y} when the results call for it.",
  "Little changes to {X} can have an outsized effect on {Y}.",
];
const ASPECTS = ["the {F} process", "your {F} goals", "{F} basics", "common {F} problems", "{F} results", "your approach to {F}", "the tools for {F}", "{F} habits"];
const CLOSERS = ["In short, {F} rewards a steady, deliberate approach.", "Handled well, {F} makes the rest of {T} far easier."];

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

export function offlineSectionDraft(input: SectionInput): string {
  const random = seededRandom(`draft|${input.articleTitle}|${input.heading}`);
  const F = focusOf(input.heading);
  const T = coreOf((input.articleTitle.split(/:\s+/)[0] ?? input.articleTitle).trim()) || F;
  const A = shortAudience(input.brand.targetAudience, "readers");
  const base: Record<string, string> = { F, T, A, B: input.brand.name };
  const nextPair = rotation(random, POINT_SENTENCES);
  const nextSingle = rotation(random, SINGLE_POINT_SENTENCES);
  const pointSentence = (X: string, Y: string | undefined) =>
    Y && Y !== X ? fillSlots(nextPair(), { ...base, X, Y }) : fillSlots(nextSingle(), { ...base, X });
  const nextSub = rotation(random, SUBHEADING_SENTENCES);
  const nextFollowUp = rotation(random, QUESTION_FOLLOW_UPS);
  const context = `${input.heading} ${input.articleTitle}`;
  const terms: string[] = [];
  const addTerms = (text: string, n: number) => {
    const found = keyPhrases(text, context, n).filter((t) => !terms.includes(t));
    terms.push(...found);
    return found;
  };

  const body: Sentence[] = [];
  let paragraph = 0;
  body.push({ text: fillSlots(random.pick(T === F ? SUBJECT_OPENERS : OPENERS), base), paragraph, priority: 10 });
  body.push({ text: fillSlots(random.pick(FRAMING), base), paragraph, priority: 4 });
  if (input.previousHeadings.length > 0) {
    const previous = focusOf(input.previousHeadings[input.previousHeadings.length - 1]!);
    if (previous !== F) body.push({ text: `Having covered ${previous}, we can now turn to ${F} itself.`, paragraph, priority: 2 });
  }

  for (const sub of input.subheadings) {
    paragraph += 1;
    const S = focusOf(sub);
    const found = addTerms(sub, 2);
    const X = found[0] ?? F;
    if (/\?\s*$/.test(sub)) {
      body.push({ text: `A common question is this: ${sub.trim()}`, paragraph, priority: 8 });
      body.push({ text: fillSlots(nextFollowUp(), { ...base, X }), paragraph, priority: 5 });
    } else {
      body.push({ text: fillSlots(nextSub(), { ...base, S }), paragraph, priority: 8 });
      body.push({ text: pointSentence(X, found[1] ?? F), paragraph, priority: 5 });
    }
  }

  input.talkingPoints.forEach((point, i) => {
    if (i % 2 === 0) paragraph += 1;
    const instruction = instructionSentence(point.trim(), base);
    if (instruction) {
      body.push({ text: instruction, paragraph, priority: 9 });
      return;
    }
    const found = addTerms(pointSubject(point), 3);
    if (found.length === 0) return;
    const X = found[0]!;
    const Y = found[1] ?? F;
    body.push({ text: pointSentence(X, Y), paragraph, priority: 9 });
    if (found.length > 1) body.push({ text: pointSentence(Y, found[2] ?? F), paragraph, priority: 3 });
  });

  const closing: Sentence = { text: fillSlots(random.pick(T === F ? CLOSERS.slice(0, 1) : CLOSERS), base), paragraph: paragraph + 1, priority: 10 };
  // The heading's own subject, the article's, and a few aspects of the subject are always
  // available to write about, so even a bare heading can fill a long target.
  const aspects = ASPECTS.map((a) => fillSlots(a, base));
  const pool = [...new Set([...terms, F, ...(T !== F ? [T] : []), ...aspects])];
  return fit(body, closing, input.wordCountTarget, pool, base, random);
}

/** Trims or extends the sentences until the word count sits inside the target's window. */
function fit(body: Sentence[], closing: Sentence, target: number, terms: string[], base: Record<string, string>, random: Random): string {
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

  // Too short: add general sentences about the terms, spread over the paragraphs.
  const paragraphs = [...new Set(body.map((s) => s.paragraph))];
  const fillers = random.shuffle(FILLERS);
  const n = terms.length;
  let turn = 0;
  let misses = 0;
  while (total() < lower && misses < fillers.length * (n + 2)) {
    // Each template meets every term in turn (round r pairs template t with term t + r).
    const t = turn % fillers.length;
    const round = Math.floor(turn / fillers.length);
    const template = fillers[t]!;
    const X = terms[(t + round) % n]!;
    const Y = terms[(t + round + 1 + Math.floor(round / n)) % n]!;
    turn += 1;
    // A template about two terms needs two different ones.
    if (template.includes("{Y}") && Y === X) {
      misses += 1;
      continue;
    }
    const text = fillSlots(template, { ...base, X, Y });
    if (body.some((s) => s.text === text) || total() + countWords(text) > upper) {
      misses += 1;
      continue;
    }
    const where = paragraphs[turn % paragraphs.length] ?? 0;
    const at = body.map((s) => s.paragraph).lastIndexOf(where) + 1;
    body.splice(at, 0, { text, paragraph: where, priority: 1 });
    misses = 0;
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
