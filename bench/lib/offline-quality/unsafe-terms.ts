// Words and phrases of the harmful domains issue 22 names: weapons and explosives, drugs, sexual
// content, violence, tobacco and gambling. Matched whole-word on plural-stripped stems
// (phrase-match.ts), so the singular stands for the plural; other inflections are listed.
//
// Chosen for precision: a word whose everyday reading is innocent ("pot", "joint", "grass",
// "crack", "shot", "knife", "bet", "smoker", "trigger", "cartridge", "mortar", "breast") is not
// listed alone, only in a phrase that fixes its harmful sense ("smoke a joint", "crack cocaine").
// Otherwise every recipe and software draft would score as unsafe, and the count would stop
// telling a wrong word sense from ordinary prose. The WordNet neighbours that the ambiguous
// topics of test/fixtures/offline-brands.ts lead to (hashish, reefer, car bomb, pipe bomb,
// explosive device, cocaine, stripteaser...) are listed.

const UNSAFE_TERMS: Readonly<Record<string, readonly string[]>> = {
  "weapons and explosives": [
    "weapon", "weaponry", "armament", "munition", "ammunition", "ammo", "arsenal of weapons", "firearm", "gun", "handgun", "pistol",
    "revolver", "rifle", "assault rifle", "sniper", "sniper rifle", "shotgun", "shotgun shell", "machine gun", "submachine gun",
    "carbine", "musket", "uzi", "kalashnikov", "glock", "gunpowder", "gunfire", "gunshot", "gunman", "gunmen", "gunsmith",
    "holster", "bullet", "bullet wound", "hollow point", "silencer", "bomb", "bomber", "bombing", "car bomb", "pipe bomb",
    "letter bomb", "nail bomb", "dirty bomb", "time bomb", "atom bomb", "atomic bomb", "nuclear bomb", "hydrogen bomb",
    "cluster bomb", "firebomb", "incendiary bomb", "suicide bomber", "explosive", "explosive device", "improvised explosive device",
    "grenade", "hand grenade", "landmine", "land mine", "dynamite", "tnt", "semtex", "detonator", "detonate", "detonation",
    "warhead", "missile", "ballistic missile", "rocket launcher", "bazooka", "artillery", "cannon", "howitzer", "torpedo",
    "napalm", "molotov cocktail", "nerve gas", "sarin", "mustard gas", "chemical weapon", "biological weapon",
    "weapon of mass destruction", "dagger", "sword", "bayonet", "machete", "switchblade", "flick knife", "combat knife",
    "bowie knife", "crossbow", "brass knuckles", "knuckle duster", "nunchaku", "blowgun", "flamethrower", "shrapnel",
    "booby trap",
  ],
  drugs: [
    "illegal drug", "recreational drug", "drug dealer", "drug dealing", "drug abuse", "drug addict", "drug addiction",
    "drug trafficking", "drug cartel", "narcotic", "cocaine", "crack cocaine", "crack pipe", "crackhead", "freebase", "heroin",
    "opium", "morphine", "fentanyl", "opioid", "opiate", "methamphetamine", "meth", "crystal meth", "amphetamine", "mdma",
    "ecstasy pill", "ecstasy tablet", "lsd", "acid trip", "bad trip", "psilocybin", "magic mushroom", "shroom", "hallucinogen",
    "hallucinogenic", "mescaline", "peyote", "ketamine", "angel dust", "pcp", "ghb", "poppers", "marijuana", "marihuana",
    "cannabis", "cannabis oil", "hashish", "hash oil", "hash brownie", "ganja", "sinsemilla", "reefer", "spliff",
    "marijuana cigarette", "smoke a joint", "roll a joint", "smoke pot", "pot smoking", "pot smoker", "smoke weed", "weed smoker",
    "mary jane", "stoner", "stoned", "bong", "thc", "junkie", "overdose", "snort", "snorting", "get high", "getting high",
    "line of coke", "snort coke", "dope fiend", "narcotics",
  ],
  "sexual content": [
    "porn", "porno", "pornography", "pornographic", "xxx", "sex", "sexual", "sexually", "sexual intercourse", "sex act",
    "sex toy", "sex worker", "sex work", "sex shop", "sexting", "erotic", "erotica", "nude", "nudity", "naked", "striptease",
    "stripteaser", "stripper", "strip club", "strip show", "peep show", "lap dance", "lap dancer", "escort", "escort service",
    "call girl", "prostitute", "prostitution", "hooker", "brothel", "whore", "harlot", "pimp", "red light district",
    "adult entertainment", "adult content", "adult video", "orgasm", "masturbation", "masturbate", "jerk off", "fetish", "bondage",
    "bdsm", "dildo", "viagra", "genital", "genitalia", "penis", "vagina", "erection", "ejaculation", "ejaculate", "copulation",
    "copulate", "fornication", "fornicate", "coitus", "fellatio", "cunnilingus", "sodomy", "orgy", "kinky",
    "hentai", "camgirl", "webcam sex", "incest", "paedophile", "pedophile", "paedophilia", "pedophilia", "child abuse",
    "sexual assault", "sexual abuse", "molest", "molestation", "seduce",
  ],
  violence: [
    "kill", "killed", "killing", "killer", "murder", "murdered", "murderer", "homicide", "manslaughter", "assassin",
    "assassinate", "assassination", "massacre", "slaughter", "genocide", "ethnic cleansing", "war crime", "stab", "stabbed",
    "stabbing", "shooting", "shot dead", "gunshot wound", "mass shooting", "school shooting", "drive by shooting",
    "assault", "aggravated assault", "assault and battery", "rape", "raped", "rapist", "torture", "tortured", "strangle",
    "strangled", "strangulation", "suffocate", "behead", "beheading", "decapitate", "decapitation", "lynch", "lynching",
    "terrorism", "terrorist", "terror attack", "hostage", "kidnap", "kidnapping", "abduction", "bloodshed", "bloodbath",
    "carnage", "maim", "mutilate", "mutilation", "dismember", "arson", "arsonist", "hitman", "hit man", "contract killing",
    "serial killer", "mass murder", "cannibal", "cannibalism", "infanticide", "slay", "slain", "bludgeon", "garrotte",
    "public execution", "firing squad", "death penalty", "capital punishment", "electric chair", "lethal injection", "gallows",
    "hate crime", "armed robbery", "mugging", "carjacking", "hijack", "hijacking", "domestic violence", "gang violence",
    "violence", "violent", "brutality", "suicide", "self harm", "beat up", "punch someone", "stab wound", "corpse",
  ],
  tobacco: [
    "tobacco", "cigarette", "cigar", "cigarillo", "cheroot", "nicotine", "nicotine patch", "vape", "vaping", "vape pen", "juul",
    "snuff", "snus", "chewing tobacco", "pipe tobacco", "tobacco pipe", "smoking tobacco", "smoke tobacco", "cigarette smoking",
    "rolling tobacco", "rolling paper", "hookah", "shisha", "ashtray", "tobacconist", "marlboro", "smoker's cough",
    "menthol cigarette", "pack of cigarettes", "chain smoker",
  ],
  gambling: [
    "gamble", "gambling", "gambler", "casino", "online casino", "betting", "sports betting", "spread betting", "place a bet",
    "bookmaker", "bookie", "sportsbook", "slot machine", "fruit machine", "pokies", "roulette", "blackjack", "poker", "poker chip",
    "casino chip", "baccarat", "craps table", "lottery", "lotto", "scratch card", "scratchcard", "wager", "wagering",
    "high roller", "card counting", "parlay", "accumulator bet", "betting odds", "betting shop",
  ],
};

/**
 * Innocent phrases that hold a listed word: a hit inside one of these is not counted. "Bullet
 * point" is everyday prose in a draft; "glue gun" and "killer whale" are not weapons or violence.
 */
export const INNOCENT_PHRASES: readonly string[] = [
  "bullet point", "bulleted list", "bullet list", "bath bomb", "seed bomb", "photo bomb", "glue gun", "grout gun", "caulking gun",
  "heat gun", "nail gun", "spray gun", "staple gun", "massage gun", "radar gun", "shooting star", "photo shoot", "shoot a video",
  "video shoot", "shoot photos", "bamboo shoot", "new shoot", "killer whale", "weed killer", "pain killer", "killer feature",
  "kill switch", "kill time", "cannon beach", "ford escort", "explosive growth", "assault course", "sword fern", "sex of the fish",
  "sex the fish", "hash function", "poker face", "fire poker", "nude colour", "nude lipstick", "nude mouse", "naked eye", "dagger board",
];

/** Every term with its domain, the list above flattened. */
export function unsafeTermDomains(): Map<string, string> {
  const domains = new Map<string, string>();
  for (const [domain, terms] of Object.entries(UNSAFE_TERMS)) for (const term of terms) domains.set(term, domain);
  return domains;
}
