// Harmful domains by WordNet's own structure: a sense is harmful when it, or any class above it
// (its hypernyms, instance hypernyms included, to the top), is one of a few root synsets:
// weapons, explosives and ammunition, drugs of abuse, sexual activity and organs, pornography,
// tobacco and smoking, gambling, killing, violence, torture and the people who do them. So
// "grenade" and "car bomb" are harmful without being listed, and "bath bomb" never meets
// them unless the wrong sense of "bomb" is taken (sense.ts keeps that from happening).
import { related, sensesOf, synset, type Synset } from "./wordnet";

/** A root synset, named by a lemma and the start of its gloss (stable, readable, checked by a test). */
export interface HarmfulRoot {
  lemma: string;
  gloss: string;
}

export const HARMFUL_ROOTS: readonly HarmfulRoot[] = [
  { lemma: "weapon", gloss: "any instrument or instrumentality used in fighting" },
  { lemma: "weaponry", gloss: "weapons considered collectively" },
  { lemma: "explosive", gloss: "a chemical substance that undergoes a rapid chemical change" },
  { lemma: "explosive device", gloss: "device that bursts with sudden violence" },
  { lemma: "ammunition", gloss: "projectiles to be fired from a gun" },
  { lemma: "ammunition", gloss: "any nuclear or chemical or biological material" },
  { lemma: "drug of abuse", gloss: "a drug that is taken for nonmedicinal reasons" },
  { lemma: "narcotic", gloss: "a drug that produces numbness or stupor" },
  { lemma: "controlled substance", gloss: "a drug or chemical substance whose possession" },
  { lemma: "sexual activity", gloss: "activities associated with sexual intercourse" },
  { lemma: "sex organ", gloss: "any organ involved in sexual reproduction" },
  { lemma: "pornography", gloss: "creative activity (writing or pictures or films etc.) of no literary" },
  { lemma: "prostitute", gloss: "a woman who engages in sexual intercourse for money" },
  { lemma: "stripper", gloss: "a performer who provides erotic entertainment" },
  { lemma: "brothel", gloss: "" },
  { lemma: "tobacco", gloss: "leaves of the tobacco plant" },
  { lemma: "smoking", gloss: "the act of smoking tobacco" },
  { lemma: "gambling", gloss: "the act of playing for stakes" },
  { lemma: "wager", gloss: "the act of gambling" },
  { lemma: "wager", gloss: "the money risked on a gamble" },
  { lemma: "gambler", gloss: "a person who wagers money" },
  { lemma: "gambling house", gloss: "" },
  { lemma: "killing", gloss: "an event that causes someone to die" },
  { lemma: "killing", gloss: "the act of terminating a life" },
  { lemma: "killer", gloss: "someone who causes the death" },
  { lemma: "slain", gloss: "people who have been slain" },
  { lemma: "violence", gloss: "an act of aggression" },
  { lemma: "torture", gloss: "the deliberate, systematic, or wanton infliction" },
  { lemma: "torture", gloss: "unbearable physical pain" },
  { lemma: "terrorism", gloss: "the calculated use of violence" },
];

/** The root's synset: its lemma's sense whose gloss starts so (the first sense for an empty gloss). */
export function rootSynset(root: HarmfulRoot): Synset | null {
  for (const offset of sensesOf(root.lemma)) {
    const s = synset(offset);
    if (s.gloss.startsWith(root.gloss)) return s;
  }
  return null;
}

let rootOffsets: Set<number> | null = null;

function roots(): Set<number> {
  rootOffsets ??= new Set(HARMFUL_ROOTS.map(rootSynset).flatMap((s) => (s ? [s.offset] : [])));
  return rootOffsets;
}

const verdicts = new Map<number, boolean>();

/** Whether a noun sense lies in a harmful domain: it or any class above it is a root. */
export function isHarmfulSense(sense: Synset): boolean {
  if (sense.pos !== "noun") return false;
  const known = verdicts.get(sense.offset);
  if (known !== undefined) return known;
  const rootSet = roots();
  const seen = new Set<number>();
  let frontier: Synset[] = [sense];
  let harmful = false;
  // WordNet's noun hierarchy is under 20 levels deep; a class can have two parents ("bomb": explosive device, weaponry).
  for (let depth = 0; depth < 20 && frontier.length > 0 && !harmful; depth++) {
    const next: Synset[] = [];
    for (const s of frontier) {
      if (rootSet.has(s.offset)) harmful = true;
      if (seen.has(s.offset)) continue;
      seen.add(s.offset);
      next.push(...related(s, "@", "@i"));
    }
    frontier = next;
  }
  verdicts.set(sense.offset, harmful);
  return harmful;
}

/** Whether any noun sense of a lemma is harmful ("gun": yes; "glue": no). */
export function hasHarmfulSense(lemma: string): boolean {
  return sensesOf(lemma).some((o) => isHarmfulSense(synset(o)));
}
