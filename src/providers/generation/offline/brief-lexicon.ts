// What the lexicon adds to a brief: questions and sections about the query's subject that a
// writer would cover whatever the ranking pages say: what it is, its kinds and parts, what it
// is compared with, how it is made or cleaned. From WordNet, for a sense the brand's words
// confirm (../../lexicon/sense.ts); a definition only for a subject WordNet names whole.
import { topicFacts } from "../../lexicon/entity-facts";
import { NO_CONTEXT, type SenseContext } from "../../lexicon/sense";
import { nounLemma, sensesOf, singularLast, synset } from "../../lexicon/wordnet";
import type { HeaderSection } from "../types";
import { isServiceWord } from "./local-topic";
import { isPluralSubject } from "./plural-subject";
import type { SubjectClass } from "./subject-class";
import { isAcronym, titleCase, words } from "./text";
import { pluralOf } from "./topic-lexicon";

type Section = Omit<HeaderSection, "word_count_target">;

interface Read {
  /** "Espresso Maker", singular; "Espresso" for stuff. */
  S: string;
  /** "Espresso Makers". */
  P: string;
  /** "an " / "a " / "". */
  a: string;
  gloss: string | null;
  kinds: string[];
  parts: string[];
  sisters: string[];
  kind: "food" | "artifact" | "other";
}

function read(core: string, context: SenseContext = NO_CONTEXT): Read {
  const list = words(core);
  // An initialism ("headless cms"), a gerund ("trip planning") or work done ("crane hire") at
  // the head is not counted.
  const last = list.at(-1) ?? "";
  const uncounted = isAcronym(last) || /ing$/.test(last) || isServiceWord(last);
  const singular = uncounted ? list : [...list.slice(0, -1), nounLemma(last) ?? last].filter(Boolean);
  const facts = singular.length > 0 ? topicFacts(singular, context) : null;
  // The anchor is the subject's head ("espresso" of "home espresso"): its kinds may serve; its
  // gloss defines only the whole ("a bath bomb" is no "explosive device").
  const covers = facts !== null && facts.span[1] === singular.length;
  const head = singular.at(-1);
  const counted =
    !uncounted &&
    (covers
      ? facts.entityClass === "artifact" || facts.entityClass === "living" || /^(a|an)\b/.test(facts.gloss)
      : head !== undefined && countedHead(head));
  const name = counted ? singular.join(" ") : list.join(" ");
  return {
    S: titleCase(name),
    P: titleCase(counted ? pluralOf(name) : name),
    a: counted ? (/^[aeiou]/i.test(name) ? "an " : "a ") : "",
    gloss: covers && facts.whole ? facts.gloss : null,
    kinds: covers ? facts.kinds.slice(0, 4) : [],
    parts: covers ? facts.parts.slice(0, 4) : [],
    sisters: covers ? facts.sisters.slice(0, 3) : [],
    kind: covers && facts.entityClass === "food" ? "food" : covers && facts.entityClass === "artifact" ? "artifact" : "other",
  };
}

/** A subject as a guide names it: "coffee grinder" -> "coffee grinders"; stuff stays as it is. */
export function countedSubject(subject: string): string {
  const r = read(subject);
  return r.a !== "" ? r.P.toLowerCase() : subject;
}

/**
 * Grammar only, for a head no sense was confirmed for ("machine" of "espresso machine"): a
 * plural says nothing of meaning, so the word's most usual sense decides whether it is counted.
 */
function countedHead(head: string): boolean {
  const first = sensesOf(head)[0];
  if (first === undefined) return false;
  const s = synset(first);
  return s.lexFile === 5 || s.lexFile === 6 || s.lexFile === 18 || /^(a|an)\b/.test(s.gloss);
}

const joinAnd = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? ""));

/**
 * FAQ questions about the subject itself, most basic first. A place is visited, not bought or
 * got wrong, and an idea is understood: each is asked what its readers ask.
 */
export function lexiconQuestions(core: string, context: SenseContext = NO_CONTEXT, subjectClass?: SubjectClass): string[] {
  const r = read(core, context);
  if (subjectClass === "place") {
    return [
      `What Is ${r.S} Known For?`,
      `When Is the Best Time to Visit ${r.S}?`,
      `How Many Days Do You Need in ${r.S}?`,
      `How Do You Get Around ${r.S}?`,
    ];
  }
  if (subjectClass === "concept") {
    return [
      `What Is ${r.S}?`,
      `Where Does ${r.S} Come From?`,
      `How Is ${r.S} Used in Practice?`,
      `What Are Common Misconceptions About ${r.S}?`,
    ];
  }
  // A name left plural ("virtual assistant services") is asked of in the plural.
  const plural = r.a === "" && isPluralSubject(r.S);
  const [is, does] = plural ? ["Are", "Do"] : ["Is", "Does"];
  const out = [`What ${is} ${r.a}${r.S}?`];
  if (r.kinds.length >= 2) out.push(`What Are the Main Types of ${r.P}?`);
  if (r.sisters[0]) out.push(`How ${does} ${r.a}${r.S} Compare With ${titleCase(r.sisters[0])}?`);
  if (r.kind === "artifact") out.push(`How Do You Clean ${r.a}${r.S}?`);
  // Made things are stuff ("espresso", "vegan dinner"); a counted food ("coffee bean") is grown.
  if (r.kind === "food" && r.a === "") out.push(`How Do You Make ${r.S}?`);
  out.push(
    `What ${does} ${r.a}${r.S} Cost?`,
    `What Are Common ${plural ? singularLast(words(r.S)).map(titleCase).join(" ") : r.S} Mistakes?`,
  );
  return out;
}

/** Sections the lexicon can fill on its own: the subject's kinds, parts, comparisons and care. */
export function lexiconSections(core: string, audience: string, context: SenseContext = NO_CONTEXT): Section[] {
  const r = read(core, context);
  const sections: Section[] = [];
  if (r.gloss) {
    sections.push({
      heading: `What Is ${r.a}${r.S}?`,
      level: "h2",
      subheadings: [],
      talking_points: [`Define it plainly: ${r.gloss}.`, `Say what it means for ${audience}.`],
    });
  }
  if (r.kinds.length >= 2) {
    sections.push({
      heading: `Types of ${r.P}`,
      level: "h2",
      subheadings: r.kinds.map(titleCase),
      talking_points: [`Describe the main kinds: ${joinAnd(r.kinds)}.`, `Say which reader each kind is best for.`],
    });
  }
  if (r.parts.length >= 2) {
    sections.push({
      heading: `The Parts of ${r.a}${r.S}`,
      level: "h2",
      subheadings: [],
      talking_points: [`Name the parts and what each does: ${joinAnd(r.parts)}.`],
    });
  }
  const [first, second] = r.sisters;
  if (first !== undefined && second !== undefined) {
    sections.push({
      heading: `${r.S} Compared With ${titleCase(first)} and ${titleCase(second)}`,
      level: "h2",
      subheadings: [],
      talking_points: [`Compare ${core} with ${joinAnd(r.sisters)} on the points readers weigh.`],
    });
  }
  if (r.kind === "artifact") {
    sections.push({
      heading: `How to Clean and Maintain ${r.a}${r.S}`,
      level: "h2",
      subheadings: [],
      talking_points: [`Give a cleaning schedule and the steps for ${core}.`],
    });
  }
  if (r.kind === "food") {
    sections.push({
      heading: `How to Make ${r.S} at Home`,
      level: "h2",
      subheadings: [],
      talking_points: [`Give the method step by step, with timing and equipment needed.`],
    });
  }
  return sections;
}
