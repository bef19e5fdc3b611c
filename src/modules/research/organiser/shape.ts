// The demand rules: how much demand a modifier needs to head a pillar, how many pillars a
// universe of a given size supports, and the greedy split of groups by their modifiers that
// makes pillars (and, inside a pillar, hubs).
//
// A pillar (beyond the core topic's own) needs all of:
//  - at least MIN_PILLAR_KEYWORDS keywords that people search (volume not 0) in its groups,
//  - at least MIN_PILLAR_SHARE of the universe's known monthly searches outside the core topic's
//    own group (the head term dwarfs everything in most universes, so the share that tells a
//    real pillar is a share of the rest), counted over the groups no bigger pillar took,
//  - room: one pillar per KEYWORDS_PER_PILLAR searched keywords of the universe (the core
//    topic's included), never more than MAX_PILLARS. A narrow topic thus gets one or two
//    pillars, and nothing is padded to reach a count.
// Groups that no pillar takes stay under the core topic's pillar.
import { compareGroups, type KeywordGroup } from "./groups";
import { canName } from "./terms";

const MIN_PILLAR_KEYWORDS = 2;
const MIN_PILLAR_SHARE = 0.05;
const KEYWORDS_PER_PILLAR = 12;
export const MAX_PILLARS = 10;

/** The groups that share one modifier (and every modifier of the context above them). */
export interface Part {
  modifier: string;
  groups: KeywordGroup[];
  demand: number;
}

/** Pillars the universe supports, the core topic's included. */
export function pillarRoom(searchedKeywords: number): number {
  return Math.min(MAX_PILLARS, 1 + Math.floor(searchedKeywords / KEYWORDS_PER_PILLAR));
}

/** Whether a modifier's demand is enough for a pillar of its own. */
export function supportsPillar(demand: number, searchedKeywords: number, demandBeyondCore: number): boolean {
  return searchedKeywords >= MIN_PILLAR_KEYWORDS && demand > 0 && demand >= MIN_PILLAR_SHARE * demandBeyondCore;
}

interface Tally {
  demand: number;
  searched: number;
}

function tallyModifiers(groups: readonly KeywordGroup[], context: ReadonlySet<string>): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const group of groups) {
    const searched = group.terms.filter(canName).length;
    for (const modifier of group.modifiers) {
      if (context.has(modifier)) continue;
      const tally = tallies.get(modifier);
      if (tally === undefined) tallies.set(modifier, { demand: group.demand, searched });
      else {
        tally.demand += group.demand;
        tally.searched += searched;
      }
    }
  }
  return tallies;
}

/** The modifier with the most demand, then the most searched keywords, then a-z. */
function strongest(tallies: ReadonlyMap<string, Tally>): [string, Tally] | undefined {
  let best: [string, Tally] | undefined;
  for (const entry of tallies) {
    const [modifier, tally] = entry;
    if (best === undefined) {
      best = entry;
      continue;
    }
    const [bestModifier, bestTally] = best;
    const better =
      tally.demand !== bestTally.demand
        ? tally.demand > bestTally.demand
        : tally.searched !== bestTally.searched
          ? tally.searched > bestTally.searched
          : modifier < bestModifier;
    if (better) best = entry;
  }
  return best;
}

/**
 * Splits groups greedily by modifier: the modifier with the most demand among the groups left
 * (outside the context's) takes every group left that has it; then the next, recounted over
 * what is left, while `accept` agrees and fewer than `limit` parts were made. Groups no part
 * took are the rest, in their given order. Parts are in the order they were made.
 */
export function splitByModifier(
  groups: readonly KeywordGroup[],
  context: ReadonlySet<string>,
  accept: (demand: number, searchedKeywords: number) => boolean,
  limit: number,
): { parts: Part[]; rest: KeywordGroup[] } {
  let left = [...groups];
  const parts: Part[] = [];
  while (parts.length < limit) {
    const pick = strongest(tallyModifiers(left, context));
    if (pick === undefined) break;
    const [modifier, tally] = pick;
    if (!accept(tally.demand, tally.searched)) break;
    const taken = left.filter((group) => group.modifiers.includes(modifier)).sort(compareGroups);
    left = left.filter((group) => !group.modifiers.includes(modifier));
    parts.push({ modifier, groups: taken, demand: tally.demand });
  }
  return { parts, rest: left };
}
