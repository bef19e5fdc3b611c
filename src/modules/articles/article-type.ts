// What kind of page an article is, from its brief's query (and the intent and content type the
// maps give a keyword, when known), and which specialists fit that kind (spec, docs/conventions.md §6):
// research, fact checking and intro/takeaways for resource pages; the conversion coach,
// always on, for local and landing pages. Every rule is a heuristic on the query's words;
// precedence is stated where it is decided and the tests pin each rule.
import { contentType as keywordContentType, searchIntent as keywordSearchIntent, type SearchIntent } from "../maps";
import { isStopword } from "../../providers/generation/offline/text";
import { fold, tokens } from "./words";

function foldedSet(list: string): Set<string> {
  return new Set(list.trim().split(/\s+/).map(fold));
}

export type ArticleType = "resource" | "local" | "landing";

export type Specialist = "web_research" | "fact_check" | "intro_key_takeaways" | "conversion_coach";

export interface SpecialistRequest {
  web_research?: boolean;
  fact_check?: boolean;
  intro_key_takeaways?: boolean;
  conversion_coach?: boolean;
  web_research_mode?: "basic" | "advanced";
}

/** Each enabled specialist costs this many credits. */
const SPECIALIST_CREDITS = 2;

/** In the order they run and are listed. */
export const SPECIALISTS: readonly Specialist[] = ["web_research", "fact_check", "intro_key_takeaways", "conversion_coach"];
const RESOURCE_SPECIALISTS: readonly Specialist[] = ["web_research", "fact_check", "intro_key_takeaways"];

// "near me", "nearby", "open now": the searcher wants a place, wherever the words sit.
const NEARNESS = /\b(near (me|you|here|by)|nearby|close to me|around me|in my area|open now|closest)\b/;
// A two-letter US state code ending the query ("austin tx"), leaving out codes that are also
// everyday words ("in", "or", "me", "hi", "ok", "oh", "id", "de", "la", "pa", "co", "ma").
const STATE_CODES = new Set(
  `al ak az ar ca ct dc fl ga ia il ks ky md mi mn mo ms mt nc nd ne nh nj nm nv ny oh ri sc sd tn tx ut va vt wa wi wv wy`.split(" "),
);
/** Providers people look for in a place, and who a service landing page offers to hire. */
const PROVIDERS = foldedSet(
  `plumber electrician dentist orthodontist lawyer attorney accountant restaurant cafe café bakery pizzeria salon spa barber
  barbershop gym clinic doctor physician pediatrician vet veterinarian mechanic garage locksmith roofer cleaner mover
  contractor builder realtor hotel motel florist pharmacy chiropractor physiotherapist physio therapist daycare preschool
  landscaper handyman painter photographer caterer tutor installer exterminator dealership dealer shop hvac`,
);
/**
 * Services named by their activity ("plumbing", "roof repair"). Only "in <place>" makes them
 * local: "cleaning cast iron" is a how-to, not a cleaner in Cast Iron.
 */
const SERVICES = foldedSet(`plumbing roofing cleaning landscaping catering towing repair dental`);
/** Words after a business that say what about it, not where ("plumber salary", "dentist reviews"). */
const NOT_PLACES = new Set(
  `cost costs price prices pricing rate rates fee fees salary salaries pay job jobs career careers school schools training
  course courses license licence licensing certification insurance review reviews rating ratings tool tools equipment
  supplies software tip tips idea ideas service services company companies quote quotes estimate estimates business
  marketing website websites seo template templates kit kits app apps list online emergency basics guide guides meaning
  definition example examples history type types checklist vs versus explained near`.split(/\s+/),
);
const QUESTION_STARTS = new Set("how what why when where which who whom whose is are can could should does do did will would".split(" "));
/** Landing-page words beyond a transactional intent: the searcher wants to engage a service. */
const LANDING_WORDS = new Set(
  "buy purchase order price prices pricing quote quotes estimate hire service services booking rental rent agency company companies subscription trial repair installation removal".split(
    " ",
  ),
);
/** Words of a query after information about a business, not the business itself ("plumber salary"). */
const RESOURCE_WORDS = new Set(
  `basics guide guides tutorial tutorials meaning definition history types explained checklist salary salaries career careers
  job jobs school schools training course courses certification license licence diy statistics stats trends`.split(/\s+/),
);
const isSearchIntent = (s: string): s is SearchIntent => ["informational", "commercial", "transactional", "navigational"].includes(s);
const RESOURCE_CONTENT_TYPES = /^(how-to guide|how-to|listicle|list|comparison|review|explainer|template|tutorial|article|blog post|blog)$/;
const LANDING_CONTENT_TYPES = /\b(product|landing|service|sales|pricing|category|shop)\b/;

const isBusiness = (w: string) => PROVIDERS.has(fold(w)) || SERVICES.has(fold(w));
const isPlaceWord = (w: string) => w.length >= 2 && !isStopword(w) && !/^\d+$/.test(w) && !NOT_PLACES.has(w) && !isBusiness(w);

/**
 * A place after a business (the last one named, so "roofing contractor austin" reads
 * "contractor" + "austin"): "plumber in austin", "house cleaning in san jose ca" (1 to 4 place
 * words after "in", ending the query), or, after a provider only, city-style "plumber boston",
 * "dentist austin tx" (1 to 3 place words straight after it, ending the query), or a provider
 * with a trailing state code.
 */
function namesAPlace(words: string[]): boolean {
  const at = words.findLastIndex(isBusiness);
  const business = words[at];
  if (business === undefined) return false;
  const provider = PROVIDERS.has(fold(business));
  const after = words.slice(at + 1);
  const inAt = after.lastIndexOf("in");
  if (inAt >= 0) {
    const place = after.slice(inAt + 1);
    if (place.length >= 1 && place.length <= 4 && place.every(isPlaceWord)) return true;
  }
  if (!provider) return false;
  if (STATE_CODES.has(words[words.length - 1] ?? "") && after.length >= 2) return true;
  return after.length >= 1 && after.length <= 3 && after.every(isPlaceWord);
}

/**
 * local > resource > landing > resource, first match wins:
 * - local: the content type or intent says local/location; nearness words ("near me",
 *   "nearby", "open now") anywhere, questions included; or, in a query that is not a question,
 *   a business named with a place ("plumber in austin", "plumber boston", "dentist austin tx"),
 *   or anything ending in ", <state code>" ("coffee roasters portland, or" excepted: see above).
 * - resource: a question ("how much does a plumber cost", "how to buy bitcoin"), a resource
 *   content format (how-to guide, listicle, comparison, review, explainer, template) or a
 *   resource word (basics, guide, salary, training, ...): a page that answers or compares is a
 *   resource even when it is about buying ("best coffee deals") or a business ("plumber salary").
 * - landing: a product/landing/service content type, a transactional intent (buy, price,
 *   pricing, hire, deals, ...), a landing word (service, quote, hire, booking, agency, ...), or a
 *   bare business ("emergency plumber", "wedding photographer": someone to hire).
 * - resource otherwise. Missing intent and content type are derived from the query as the maps
 *   derive them (keyword-insights), so both agree on the same keyword.
 */
export function articleType(input: { queryText: string; contentType?: string | null; searchIntent?: string | null }): ArticleType {
  const query = input.queryText.toLowerCase().replace(/\s+/g, " ").trim();
  const words = tokens(query);
  const intent = (input.searchIntent ?? keywordSearchIntent(query)).toLowerCase().trim();
  const explicitType = input.contentType?.toLowerCase().trim() || null;

  if (/\b(local|location)\b/.test(`${intent} ${explicitType ?? ""}`)) return "local";
  if (NEARNESS.test(query)) return "local";
  const question = QUESTION_STARTS.has(words[0] ?? "");
  const [, commaState] = /,\s*([a-z]{2})$/.exec(query) ?? [];
  if (!question && (namesAPlace(words) || (commaState !== undefined && STATE_CODES.has(commaState)))) return "local";

  const type = explicitType ?? keywordContentType(query, isSearchIntent(intent) ? intent : keywordSearchIntent(query), []);
  if (question || RESOURCE_CONTENT_TYPES.test(type) || words.some((w) => RESOURCE_WORDS.has(w))) return "resource";
  if (LANDING_CONTENT_TYPES.test(type) || intent === "transactional") return "landing";
  if (words.some((w) => LANDING_WORDS.has(w) || PROVIDERS.has(fold(w)))) return "landing";
  return "resource";
}

/**
 * The specialists that run for an article of this type: of the requested ones, those fitting
 * the type, plus the conversion coach for local and landing pages whether requested or not.
 * `dropped` names what was requested (true) but does not fit, so the service can say so.
 * The mode is "advanced" only when asked for by name; anything else is "basic".
 */
export function enabledSpecialists(
  type: ArticleType,
  requested: SpecialistRequest,
): { enabled: Specialist[]; webResearchMode: "basic" | "advanced"; dropped: string[] } {
  const fits = (s: Specialist) => (type === "resource" ? RESOURCE_SPECIALISTS.includes(s) : s === "conversion_coach");
  const enabled = SPECIALISTS.filter((s) => fits(s) && (requested[s] === true || s === "conversion_coach"));
  const dropped = SPECIALISTS.filter((s) => requested[s] === true && !fits(s));
  return { enabled, webResearchMode: requested.web_research_mode === "advanced" ? "advanced" : "basic", dropped };
}

/** What the enabled specialists cost: SPECIALIST_CREDITS each. */
export function specialistCredits(enabled: readonly Specialist[]): number {
  return enabled.length * SPECIALIST_CREDITS;
}
