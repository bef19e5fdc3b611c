// Small text tools for the offline generator: words, stopwords, casing and sentences.

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both
  but by can could did do does doing down during each even every few for from further get gets got had has have having he
  her here hers herself him himself his how i if in into is it its itself just know let like make makes many may me
  more most much must my myself need new no nor not now of off often on once one only or other our ours ourselves out
  over own per please same see she should so some such than that the their theirs them themselves then there these they
  this those through to too under until up upon us use used using very via was we well were what when where which while
  who whom why will with within without would you your yours yourself yourselves yet etc vs versus get getting best top
  way ways thing things lot lots really site page click read learn find here's that's it's don't can't you're we're
  today year years day days www com http https html`.split(/\s+/),
);

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

/** Lowercase, single spaces, no edge punctuation: the form of tree names and keywords. */
function normalizePhrase(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, " ")
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "")
    .trim();
}

const SMALL_WORDS = new Set(["a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the", "to", "vs", "with"]);

/** Initialisms a topic is typed with in lower case, written in capitals in a heading ("SEO", "Headless CMS"). */
const ACRONYMS = new Set(
  `seo sem ppc cms crm erp api sdk saas ai ui ux diy faq b2b b2c roi kpi okr vpn ssd hvac bbq usa uk nyc gdpr llm gpu cpu iot sql
  aws gcp pdf csv html css hr pr`.split(/\s+/),
);

/** Whether a word is an initialism ("cms" is not the plural of "cm"). */
function isAcronym(word: string): boolean {
  return ACRONYMS.has(word.toLowerCase());
}

export function titleCase(text: string): string {
  return text
    .split(" ")
    .map((word, i) => {
      if (word === "") return word;
      if (isAcronym(word)) return word.toUpperCase();
      if (i > 0 && SMALL_WORDS.has(word.toLowerCase())) return word.toLowerCase();
      // Keep words that already carry capitals (brand names, acronyms) as they are.
      if (/[A-Z]/.test(word.slice(1))) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(" ");
}

export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return (
      url
        .toLowerCase()
        .replace(/^[a-z]+:\/\//, "")
        .replace(/^www\./, "")
        .split(/[/?#]/)[0] ?? url
    );
  }
}

/** "Small business owners who run their own books" -> "small business owners". */
export function shortAudience(raw: string | null | undefined, fallback = "beginners"): string {
  if (!raw) return fallback;
  const head = normalizePhrase(raw.split(/[,.;:(]| who | that | which | looking | wanting /i)[0] ?? "");
  const parts = head.split(" ").filter(Boolean).slice(0, 3);
  // Cut short, an audience ends on a word that says who: "couples", not "couples on a".
  while (parts.length > 1 && STOPWORDS.has(parts.at(-1)?.toLowerCase() ?? "")) parts.pop();
  return parts.length > 0 ? parts.join(" ") : fallback;
}
