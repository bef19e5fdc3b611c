// The offline section draft: plain, readable paragraphs about the heading that work each
// subheading and talking point in, sized to the word target (within 8% either way). A heading
// about an aspect of the subject ("What You Need for Coffee Beans") is written from the aspect
// table's advice (aspect-prose-*.ts), an FAQ question gets the answer the table or the lexicon
// has, and the draft is filled with what the lexicon records of the subject and the advice of
// the facet's other aspects. It does not copy competitors' sentences, and no sentence template
// is used twice in one section.
import { ASPECTS } from "../../serp/offline-text";
import type { BrandContext, HeaderSection, SectionInput } from "../types";
import { ASPECT_NAMES, aspectOfHeading, aspectOfQuestion, aspectsOfFacet, proseFor } from "./aspect-prose";
import { guideSubject } from "./brief";
import { brandSenseContext } from "./brand-senses";
import { subjectClassOf } from "./subject-class";
import { subjectOfClass } from "./class-subject";
import { subjectOfTopic } from "./topic-narrowing";
import { facetSentences, lexiconSentences } from "./lexicon-sentences";
import { safeText } from "./safe-output";
import { countWords, seededRandom, shortAudience, words, type Random } from "./text";
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
  /** Lower is dropped first when the draft runs long. */
  priority: number;
  /** Starts a paragraph of its own (an FAQ question). */
  opens?: boolean;
}

// The section's opening when neither the aspect table nor the lexicon knows its focus.
const OPENERS = ["This section looks at {F} for {T}.", "Here the subject is {F}, as it applies to {T}."];

function fillSlots(template: string, values: Record<string, string>): string {
  return template
    .replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A talking point that is an instruction of the brief ("Link to ...") becomes its own sentence. */
function instructionSentence(point: string, values: Record<string, string>, definition: string | null): string | null {
  const link = /^Link to "(.+)" \((\S+)\)\.?$/.exec(point);
  if (link) return `For more detail, see our guide to [${link[1]}](${link[2]}).`;
  const keyword = /^Use the keyword "(.+)" naturally\.?$/.exec(point);
  if (keyword) return `This is also where ${keyword[1]} comes into play.`;
  const recap = /^Recap (.+) in a few sentences\.?$/.exec(point);
  if (recap) return `To recap, ${recap[1]} are the points that matter most.`;
  if (/^Close with how /.test(point) && values.B)
    return `If you want help along the way, ${values.B} works with ${values.A} on exactly this.`;
  if (/^(Answer "|Define )/.test(point)) return definition ?? "";
  // The brief's advice to its writer ("Tell home baristas what they will be able to do") has no subject to write about.
  if (/^(Tell|Covered by|Answer each question) /.test(point)) return "";
  return null;
}

/** The words of a talking point worth writing about, without the brief's own instructions. */
function pointSubject(point: string): string {
  const quoted = /“([^”]+)”|"([^"]+)"/.exec(point);
  if (/^Cover the angle of /.test(point) && quoted) return quoted[1] ?? quoted[2] ?? "";
  return point.replace(/\([^)]*\)/g, " ").replace(/^Explain /, "");
}

/** A term worth a sentence: a phrase of two or more words, or a word the lexicon knows as a thing. */
const worthSaying = (term: string, audience: string, known: (term: string) => string[]) =>
  term !== audience && !audience.includes(term) && (term.includes(" ") || known(term).length > 0);

/** Blanks the names in a sentence, so two sentences of one template share what is left. */
function skeletonMaker(names: string[]): { of: (text: string) => string; add: (name: string) => void } {
  let pattern: RegExp | null = null;
  const escapeForPattern = (n: string) => n.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return {
    of: (text) => {
      // One pass with the longest names first: a draft checks a few hundred sentences.
      pattern ??= new RegExp(
        [...new Set(names.filter(Boolean))]
          .sort((a, b) => b.length - a.length)
          .map(escapeForPattern)
          .join("|"),
        "g",
      );
      return text.toLowerCase().replace(pattern, "_").replace(/\s+/g, " ");
    },
    add: (name) => {
      names.push(name);
      pattern = null;
    },
  };
}

export function offlineSectionDraft(input: SectionInput): string {
  const random = seededRandom(`draft|${input.articleTitle}|${input.heading}`);
  const F = focusOf(input.heading);
  const titleHead = (input.articleTitle.split(/:\s+/)[0] ?? input.articleTitle).trim();
  // The article's subject and intent facet: "How to Use Coffee Beans" is a how-to about coffee beans.
  const guide = guideSubject(titleHead);
  // Its prose is about the subject without the audience or setting the title narrows it to,
  // written as its class writes it ("Yoga for Women": prices of yoga; "Travel to Japan": japan). The
  // class of the subject decides the advice: software and services get none from the shop shelf.
  const narrowedSubject = subjectOfTopic(guide.subject);
  const subjectClass = subjectClassOf(input.brand, narrowedSubject || F);
  const T = subjectOfClass(narrowedSubject, subjectClass, titleHead) || F;
  const facet = guide.facet;
  const A = shortAudience(input.brand.targetAudience, "readers");
  const base: Record<string, string> = { F, T, A, B: input.brand.name };
  // The brand's words confirm which sense of a term the lexicon may speak of (brand-senses.ts).
  const context = brandSenseContext(input.brand, input.articleTitle);
  const lexicon = (term: string) => lexiconSentences(term, context);
  const definitionOfSubject = lexicon(T)[0] ?? null;

  const said = new Set<string>();
  const skeletons = new Set<string>();
  const skeleton = skeletonMaker([T, F, ...ASPECT_NAMES]);
  const fresh = (text: string) => !said.has(text) && !skeletons.has(skeleton.of(text));
  const body: Sentence[] = [];
  const say = (text: string | null | undefined, priority: number, opens = false) => {
    if (!text || !fresh(text)) return false;
    said.add(text);
    skeletons.add(skeleton.of(text));
    body.push({ text, priority, ...(opens ? { opens } : {}) });
    return true;
  };
  // A term neither the table nor the lexicon knows gets one sentence of what the facet weighs.
  const weigh = (term: string, priority: number) => {
    skeleton.add(term);
    const options = facetSentences(facet, T, [term]).filter(fresh);
    say(options[random.int(0, Math.max(0, options.length - 1))], priority);
  };
  // What there is to say about a term: its aspect's advice, else what the lexicon records of it.
  const aboutTerm = (term: string, priority: number, count: number) => {
    const aspect = ASPECT_NAMES.has(term) ? term : null;
    const options = aspect ? (proseFor(aspect, T, subjectClass)?.sentences ?? []) : lexicon(term);
    let n = 0;
    for (const text of options) if (n < count && say(text, priority)) n += 1;
    // A section with advice of its own, or about the subject as a whole, has better to say than a template.
    if (n === 0 && !own && !aboutSubject) weigh(term, priority);
  };

  // The section's own aspect ("What You Need for Coffee Beans" is about the equipment needed).
  const aspect = aspectOfHeading(input.heading, T, subjectClass);
  const own = aspect ? proseFor(aspect, T, subjectClass) : null;
  const ownPoints = new Set([...ASPECT_NAMES].flatMap((a) => proseFor(a, T, subjectClass)?.points ?? []));
  // An FAQ opens with its first question; other sections with what the focus is, else with
  // what the subject is when the heading is about the subject as a whole.
  const faq = /^frequently asked questions/i.test(input.heading);
  const namesSubject = words(F).some((w) => words(T).includes(w));
  const aboutSubject = namesSubject || HEADING_OVERVIEW.test(input.heading);
  // An overview with no definition to open with starts straight on the advice, which names the subject.
  if (!faq) say(lexicon(F)[0] ?? (own ? null : aboutSubject ? lexicon(T)[0] : fillSlots(random.pick(OPENERS), base)), 10);
  if (own) for (const [i, text] of random.shuffle(own.sentences).entries()) say(text, i < 3 ? 7 : 2);

  for (const sub of input.subheadings) {
    const question = /\?\s*$/.test(sub);
    if (question) {
      // An FAQ: the question in bold, then the answer the table or the lexicon has for it.
      const asked = aspectOfQuestion(sub);
      const thing = /^(what (is|are)|how does) (an? |the )?(.+?)( compare with .*)?$/i.exec(focusOf(sub).replace(/\?$/, ""))?.[4] ?? "";
      const known = thing ? lexicon(thing) : [];
      // "What is ...?" is answered by the definition, "How does ... compare with ...?" by the lexicon's sister kinds.
      const answer = /^what (is|are) /i.test(sub)
        ? known[0]
        : /\bcompare with\b/i.test(sub)
          ? known.find((t) => t.includes("weighed against"))
          : null;
      const text = [answer, ...(asked ? random.shuffle(proseFor(asked, T, subjectClass)?.sentences ?? []) : [])].find((t) => t && fresh(t));
      if (text && fresh(`**${sub.trim()}**`)) {
        say(`**${sub.trim()}**`, 8, true);
        say(text, 8);
      }
      continue;
    }
    const subAspect = aspectOfHeading(sub, T, subjectClass);
    if (subAspect) aboutTerm(subAspect, 6, 2);
    else
      for (const term of keyPhrases(sub, `${input.heading} ${input.articleTitle}`, 1).filter((t) =>
        worthSaying(t, A.toLowerCase(), lexicon),
      ))
        aboutTerm(term, 6, 1);
  }

  for (const point of input.talkingPoints) {
    const trimmed = point.trim();
    if (ownPoints.has(trimmed)) continue; // the aspect's own instructions: its sentences carry them
    const instruction = instructionSentence(trimmed, base, definitionOfSubject);
    if (instruction !== null) {
      say(instruction, 9);
      continue;
    }
    const terms = keyPhrases(pointSubject(trimmed), `${input.heading} ${input.articleTitle}`, 2).filter((t) =>
      worthSaying(t, A.toLowerCase(), lexicon),
    );
    for (const [k, term] of terms.entries()) aboutTerm(term, k === 0 ? 9 : 3, 1);
  }
  // Nothing said yet about a heading the fill does not name: say what the section is about.
  if (body.length === 0 && !namesSubject) say(fillSlots(random.pick(OPENERS), base), 10);

  // More to say, should the section fall short of its target. Aspects other sections are about
  // are said there, so the fill keeps to the rest first.
  const covered = new Set([...input.previousHeadings, ...(input.laterHeadings ?? [])].map((h) => aspectOfHeading(h, T, subjectClass)));
  const others = aspectsOfFacet(facet, T, subjectClass).filter((a) => a !== aspect);
  const adviceOf = (list: string[]) => list.flatMap((a) => random.shuffle(proseFor(a, T, subjectClass)?.sentences ?? []));
  // Each section starts its fill at its own place in a pool, so the sections of one article
  // say different things until the pool runs out.
  const place = input.previousHeadings.length;
  const sections = place + 1 + (input.laterHeadings?.length ?? 0);
  const rotate = (pool: string[]) => {
    const start = Math.floor((place * pool.length) / sections);
    return [...pool.slice(start), ...pool.slice(0, start)];
  };
  const more = [
    // A heading the table does not know ("Water Temperature") is weighed as the facet weighs its points.
    ...(own || aboutSubject || faq ? [] : facetSentences(facet, T, [F])),
    // What the lexicon records and the advice no other section is about, then the advice the
    // other sections are about (better said twice than padded), and only then the facet's templates.
    ...rotate([...[F, T].flatMap((t) => lexicon(t)), ...adviceOf(others.filter((a) => !covered.has(a)))]),
    ...rotate(adviceOf(others.filter((a) => covered.has(a)))),
    ...facetSentences(facet, T, ASPECTS[facet]),
    ...facetSentences("general", T, [...ASPECTS.general, ...ASPECTS.howto]),
  ];
  const extra: string[] = [];
  // fit() never uses more than the target's worth of extra words; twice that leaves it choice.
  let extraWords = 0;
  for (const text of more) {
    if (extraWords > 2 * input.wordCountTarget + 50) break;
    if (!fresh(text)) continue;
    extraWords += countWords(text);
    said.add(text);
    skeletons.add(skeleton.of(text));
    extra.push(text);
  }
  // Nothing from a harmful domain that the brand did not say (safe-output.ts).
  return safeText(paragraphs(fit(body, input.wordCountTarget, extra), random), context.own);
}

/** Headings about the subject as a whole: the brief's introduction and closing. */
const HEADING_OVERVIEW = /(the short version|at a glance|what to look for in|before you buy|next steps with)/i;

/** Groups sentences into paragraphs of three or four; an FAQ question starts its own. */
function paragraphs(sentences: Sentence[], random: Random): string {
  let current: string[] = [];
  const out = [current];
  let size = random.int(3, 4);
  for (const s of sentences) {
    // A bold question and its answer read as one paragraph: "**Q?** A."
    const answered = /^\*\*/.test(current[0] ?? "") && current.length >= 2;
    if (current.length > 0 && (s.opens || answered || current.length >= size)) {
      current = [];
      out.push(current);
      size = random.int(3, 4);
    }
    current.push(s.text);
  }
  return out
    .filter((p) => p.length > 0)
    .map((p) => p.join(" "))
    .join("\n\n");
}

/** Trims or extends the sentences until the word count sits inside the target's window. */
function fit(body: Sentence[], target: number, more: string[]): Sentence[] {
  const lower = Math.ceil(target * (1 - TOLERANCE));
  const upper = Math.floor(target * (1 + TOLERANCE));
  const size = (s: Sentence) => countWords(s.text);
  const total = () => body.reduce((n, s) => n + size(s), 0);

  // Too long: drop the least important sentences, latest first among equals.
  while (total() > upper && body.length > 1) {
    let drop = body.length - 1;
    let lowest = Infinity;
    for (const [i, s] of body.entries()) {
      if (s.priority <= lowest) {
        drop = i;
        lowest = s.priority;
      }
    }
    body.splice(drop, 1);
  }

  // Too short: add the sentences there are more of, in order, after what the section must say.
  for (const text of more) {
    if (total() >= lower) break;
    if (total() + countWords(text) > upper) continue;
    body.push({ text, priority: 1 });
  }
  return body;
}

/** Drafts an outline's sections in order, each knowing the headings before and after it, as the article job passes them. */
export function draftOutline(articleTitle: string, sections: readonly HeaderSection[], brand: BrandContext): string[] {
  const headings = sections.map((s) => s.heading);
  return sections.map((section, i) =>
    offlineSectionDraft({
      articleTitle,
      heading: section.heading,
      subheadings: section.subheadings,
      talkingPoints: section.talking_points,
      wordCountTarget: section.word_count_target,
      brand,
      intent: "human",
      previousHeadings: headings.slice(0, i),
      laterHeadings: headings.slice(i + 1),
    }),
  );
}
