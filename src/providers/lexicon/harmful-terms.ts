// The last safety net of the offline world: words of the harmful domains (weapons and
// explosives, drugs, sexual content, violence, tobacco, gambling) that no produced text may
// bring in unless the brand's own words (or the user's query) already say them. WordNet's
// structure keeps harmful senses out upstream (harmful-senses.ts); this list catches what a
// gloss, a sister term or a template still lets through ("a small bomb thrown by hand").
//
// Chosen for precision: a word whose everyday reading is innocent ("shot", "pot", "joint",
// "crack", "trigger", "pipe", "chip") is not listed, or only in a phrase that fixes its harmful
// sense. Matching is whole-word on folded plurals, so "grenades" is "grenade".

const TERMS_BY_DOMAIN: Readonly<Record<string, string>> = {
  weapons: `weapon, weaponry, armament, munition, ammunition, ammo, firearm, gun, handgun, pistol, revolver, rifle, shotgun,
    carbine, musket, machine gun, gunpowder, gunfire, gunshot, gunman, gunmen, bullet, bomb, bombing, bomber, firebomb,
    explosive, explosive device, grenade, landmine, land mine, dynamite, detonator, detonate, detonation, warhead, missile,
    artillery, cannon, howitzer, torpedo, napalm, bazooka, rocket launcher, nerve gas, mustard gas, dagger, bayonet, machete,
    switchblade, crossbow, flamethrower, shrapnel, booby trap, atom bomb`,
  drugs: `narcotic, cocaine, heroin, opium, opiate, opioid, morphine, fentanyl, methamphetamine, amphetamine, crystal meth,
    ecstasy pill, lsd, psilocybin, magic mushroom, hallucinogen, mescaline, peyote, ketamine, marijuana, marihuana, cannabis,
    hashish, ganja, reefer, spliff, bong, drug of abuse, street drug, drug addict, drug dealer, junkie, overdose`,
  sexual: `porn, porno, pornography, pornographic, erotica, erotic, sex, sexual, sexually, intercourse, copulation, coitus,
    fornication, orgasm, masturbation, genital, genitalia, penis, vagina, erection, ejaculation, prostitute, prostitution,
    whore, harlot, brothel, pimp, striptease, stripteaser, escort service, call girl, nude, nudity, naked, fetish, bondage,
    dildo, orgy, incest, paedophile, pedophile, molestation`,
  violence: `kill, killed, killing, killer, murder, murdered, murderer, homicide, manslaughter, assassin, assassination,
    massacre, slaughter, genocide, slain, slay, stab, stabbing, strangle, strangulation, behead, beheading, decapitate,
    decapitation, torture, tortured, torturer, rape, rapist, terrorism, terrorist, hostage, kidnap, kidnapping, bloodshed,
    carnage, mutilate, mutilation, dismember, firing squad, lethal injection, violence, violent, brutality, suicide, corpse`,
  tobacco: `tobacco, cigarette, cigar, cigarillo, cheroot, nicotine, vape, vaping, snuff, chewing tobacco, hookah, shisha,
    ashtray, tobacconist`,
  gambling: `gamble, gambling, gambler, casino, betting, bookmaker, bookie, sportsbook, slot machine, roulette, blackjack,
    poker, baccarat, lottery, wager, wagering`,
};

/**
 * Everyday compounds that hold a listed word and are no harm ("glue gun", "bath bomb"): a
 * listed word inside one of them is not counted.
 */
const INNOCENT_COMPOUNDS = `glue gun|heat gun|nail gun|spray gun|staple gun|caulking gun|massage gun|bath bomb|seed bomb|
  photo bomb|bullet point|bullet journal|bullet journaling|killer whale|weed killer|pain killer|killer feature|kill switch|
  explosive growth|sex of|fire poker|poker face|naked eye|nude colour|nude color|cannon beach|cannon bone|shrimp cocktail`
  .split("|")
  .map((s) => s.trim());

/** "grenades" -> "grenade", "knives" stays: a simple plural fold, the same on both sides. */
function fold(word: string): string {
  if (word.length > 4 && /(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && /[^su]s$/.test(word)) return word.slice(0, -1);
  return word;
}

const foldedWords = (text: string): string[] => (text.toLowerCase().match(/[a-z]+/g) ?? []).map(fold);

const parse = (phrase: string): string[] => foldedWords(phrase);

const TERMS: ReadonlyArray<{ term: string; parts: string[] }> = [
  ...new Map(
    Object.values(TERMS_BY_DOMAIN)
      .flatMap((list) => list.split(","))
      .map((t) => [parse(t).join(" "), parse(t)] as const),
  ),
]
  .map(([term, parts]) => ({ term, parts }))
  .filter((t) => t.parts.length > 0);

const INNOCENT = INNOCENT_COMPOUNDS.map(parse);

// Single words of the list, and every multi-word entry as written, for a quick lookup.
const SINGLE = new Set(TERMS.filter((t) => t.parts.length === 1).map((t) => t.term));
const MULTI = TERMS.filter((t) => t.parts.length > 1);

function at(sequence: readonly string[], parts: readonly string[], i: number): boolean {
  return parts.every((p, k) => sequence[i + k] === p);
}

function findAll(sequence: readonly string[], parts: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + parts.length <= sequence.length; i++) if (at(sequence, parts, i)) out.push(i);
  return out;
}

/** The harmful terms a text holds, outside innocent compounds ("glue gun"), folded. */
export function harmfulTermsIn(text: string): string[] {
  const sequence = foldedWords(text);
  const covered = new Set<number>();
  for (const compound of INNOCENT)
    for (const i of findAll(sequence, compound)) for (let k = 0; k < compound.length; k++) covered.add(i + k);
  const found = new Set<string>();
  sequence.forEach((w, i) => {
    if (SINGLE.has(w) && !covered.has(i)) found.add(w);
  });
  for (const { term, parts } of MULTI)
    if (findAll(sequence, parts).some((i) => parts.every((_, k) => !covered.has(i + k)))) found.add(term);
  return [...found];
}

/** The words someone brought (a brand's texts, a query), folded: what they may see again. */
export interface OwnWords {
  sequences: ReadonlyArray<readonly string[]>;
}

export function ownWordsOf(texts: ReadonlyArray<string | null | undefined>): OwnWords {
  return { sequences: texts.filter((t): t is string => !!t).map(foldedWords) };
}

/** Whether the owner's own words say the term (its words in a row, plurals folded). */
export function namedBy(own: OwnWords, term: string): boolean {
  const parts = parse(term);
  return parts.length > 0 && own.sequences.some((s) => findAll(s, parts).length > 0);
}

/** Whether a text brings a harmful term its owner did not say: such a text is never emitted. */
export function introducesHarm(text: string, own: OwnWords): boolean {
  return harmfulTermsIn(text).some((term) => !namedBy(own, term));
}
