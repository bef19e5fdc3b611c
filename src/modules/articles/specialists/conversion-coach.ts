// The conversion coach, for local and landing pages: what to put above the fold, where calls to
// action belong (and which sections already have one), which trust signals the drafts give and
// which they lack, and for local pages whether the place, phone, address, hours and service
// area are there. Everything is read from the title, the drafts and the brand: a suggestion
// only appears when the drafts lack what it asks for.
import { shortAudience } from "../../../providers/generation/offline/text";
import type { ArticleType } from "../article-type";
import { clipWords, fold, joinAnd, sentencesOf, termSet, tokens } from "../words";
import { drafted, type DraftedSection } from "./common";

/**
 * {
 *   offer: string,                    // what the page offers, from the title ("emergency plumber")
 *   place: string | null,             // local pages: the place the title names ("Austin, TX")
 *   above_the_fold: { headline: string, subheadline: string, primary_cta: { text: string, href: string | null }, proof_points: string[] },
 *   calls_to_action: [{ position: number | null, placement: string, text: string, href: string | null, reason: string }],
 *   existing_calls_to_action: [{ position: number, text: string }],
 *   trust_signals: { found: [{ kind, evidence, position }], missing: [{ kind, suggestion }] },
 *   local_details: null | { place, mentioned_in: number[], missing_from: number[],
 *                           found: { phone, address, hours, service_area: boolean }, suggestions: string[] },
 * }
 */
type TrustKind = "experience" | "reviews" | "credentials" | "guarantee" | "track_record" | "awards";
export interface ConversionCoachResult {
  offer: string;
  place: string | null;
  above_the_fold: { headline: string; subheadline: string; primary_cta: { text: string; href: string | null }; proof_points: string[] };
  calls_to_action: { position: number | null; placement: string; text: string; href: string | null; reason: string }[];
  existing_calls_to_action: { position: number; text: string }[];
  trust_signals: { found: { kind: TrustKind; evidence: string; position: number }[]; missing: { kind: TrustKind; suggestion: string }[] };
  local_details: {
    place: string | null;
    mentioned_in: number[];
    missing_from: number[];
    found: { phone: boolean; address: boolean; hours: boolean; service_area: boolean };
    suggestions: string[];
  } | null;
}

export interface ConversionCoachInput {
  title: string;
  sections: readonly DraftedSection[];
  brand: { name: string; websiteUrl?: string | null; targetAudience?: string | null };
  type: ArticleType;
}

const TRUST: readonly { kind: TrustKind; pattern: RegExp; suggestion: (brand: string) => string }[] = [
  {
    kind: "experience",
    pattern: /\b(since (19|20)\d\d|\d+\+? years?|established in|family[- ]owned|founded in)\b/i,
    suggestion: (b) => `Say how long ${b} has been doing this (for example "since 2009") near the top.`,
  },
  {
    kind: "reviews",
    pattern: /\b(\d(\.\d)? ?(\/ ?5 )?stars?|reviews?|testimonials?|rated|ratings?)\b/i,
    suggestion: (b) => `Quote a customer review or ${b}'s average rating beside the first call to action.`,
  },
  {
    kind: "credentials",
    pattern: /\b(licen[cs]ed|insured|certified|accredited|bonded|registered)\b/i,
    suggestion: (b) => `If ${b} is licensed, insured or certified, say so above the fold.`,
  },
  {
    kind: "guarantee",
    pattern: /\b(guarantee[ds]?|warranty|money[- ]back|refunds?)\b/i,
    suggestion: (b) => `State ${b}'s guarantee or warranty next to the price or the booking button.`,
  },
  {
    kind: "track_record",
    pattern: /\b\d[\d,]*\+? (customers|clients|projects|jobs|homes|orders|users|businesses|families)\b/i,
    suggestion: (b) => `Give a number that shows ${b}'s track record (customers served, jobs done).`,
  },
  {
    kind: "awards",
    pattern: /\b(awards?|award-winning|winner|featured in|recogni[sz]ed by)\b/i,
    suggestion: (b) => `Mention any award or press coverage ${b} has had.`,
  },
];
const EXISTING_CTA =
  /^(call|contact|book|schedule|order|buy|get|request|visit|sign up|start|try|shop|email|message|reach out|text)\b|\b(call us|contact us|get in touch|book (a|an|your|now)|request a|give us a call)\b/i;
// A phone number: digit groups with spaces, dots, dashes or brackets between them, an optional
// "+country", 9 to 15 digits in all ("(512) 555-0142", "0113 496 0000", "+44 20 7946 0958").
const PHONE_SHAPE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,5}\)[\s.-]?)?\d{2,5}(?:[\s.-]\d{2,5}){1,4}/g;
function phoneIn(text: string): string | null {
  for (const m of text.matchAll(PHONE_SHAPE)) {
    const digits = m[0].replace(/\D/g, "").length;
    if (digits >= 9 && digits <= 15) return m[0].trim();
  }
  return null;
}
const ADDRESS =
  /\b\d{1,5}\s+(?:[A-Z][\p{L}'-]*\s+){1,4}(St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Lane|Ln|Drive|Dr|Way|Court|Ct|Place|Pl|Square|Sq|Highway|Hwy|Row|Terrace|Crescent|Close|Parade)\b/u;
const HOURS =
  /\b(open (daily|from|until|24)|opening hours|hours|24\/7|(mon|tues|wednes|thurs|fri|satur|sun)days?|\d{1,2}(:\d\d)? ?(am|pm))\b/i;
// A service area: said in words, or "serving Travis County" / "across Round Rock" (a capital).
const SERVICE_AREA =
  /\b(serv(e|es|ing) (the )?(area|surrounding|nearby|all of)|service areas?|neighbou?rhoods?|surrounding (areas?|towns?)|areas? we cover)\b/i;
const SERVICE_PLACE = /\b([Ss]erv(e|es|ing)|[Aa]cross|[Tt]hroughout) (the )?\p{Lu}/u;
const PRICING = /\b(price|prices|pricing|cost|costs|fee|fees|rates?|quote|estimate|budget)\b|[$€£]\s?\d/i;
const PROCESS = /\b(how it works|process|what to expect|steps?|appointment|schedule|booking|book)\b/i;

/** The title's lead phrase (before ":" "|" or " - "), its place (local pages) and its offer. */
function readTitle(title: string, type: ArticleType): { headline: string; offer: string; place: string | null } {
  const headline = (title.split(/\s*(?::\s|\|\s*|\s[-–—]\s)/)[0] ?? title).replace(/\s+/g, " ").trim() || title.trim();
  let rest = headline.replace(/\bnear (me|you)\b/i, " ");
  let place: string | null = null;
  const at = rest.toLowerCase().lastIndexOf(" in ");
  if (type === "local" && at > 0) {
    place = rest.slice(at + 4).trim() || null;
    rest = rest.slice(0, at);
  }
  const offer = rest
    .replace(/^(the|best|top|trusted|affordable|cheap|local|#1|24\/7)\s+/gi, "")
    .replace(/\s+(prices?|pricing|costs?|quotes?|rates)$/i, "")
    .split(/\s+/)
    .map((w) => (/^[A-Z0-9]{2,}$/.test(w) ? w : w.toLowerCase()))
    .join(" ")
    .trim();
  return { headline, offer: offer || headline.toLowerCase(), place };
}

/**
 * The main call to action, from what the title and drafts talk about, first match wins: a free
 * quote or estimate they offer; the phone number of a local page; a quote, estimate or
 * consultation; a free trial; booking; buying; otherwise contact (local) or get started.
 */
function primaryCta(
  text: string,
  brand: string,
  offer: string,
  place: string | null,
  type: ArticleType,
): { text: string; tel: string | null } {
  const cta = (t: string, tel: string | null = null) => ({ text: t, tel });
  const lower = text.toLowerCase();
  const free = /\bfree (quote|estimate|consultation)s?\b/.exec(lower);
  if (free) return cta(`Get your free ${free[1]} from ${brand}`);
  const phone = phoneIn(text);
  if (phone && type === "local") return cta(`Call ${brand} on ${phone}`, `tel:${phone.replace(/[^\d+]/g, "")}`);
  const ask = /\b(quote|estimate|consultation)s?\b/.exec(lower);
  if (ask) return cta(`Request a ${ask[1]} for ${offer}`);
  if (/\bfree trial\b/.test(lower)) return cta(`Start your free ${brand} trial`);
  if (/\b(appointments?|book|booking|schedule|reservations?|reserve)\b/.test(lower)) return cta(`Book ${offer} with ${brand}`);
  if (/\b(buy|order|shop|pricing|plans|subscribe|add to cart)\b/.test(lower)) return cta(`See ${brand}'s ${offer} prices`);
  if (phone) return cta(`Call ${brand} on ${phone}`, `tel:${phone.replace(/[^\d+]/g, "")}`);
  return cta(type === "local" && place ? `Contact ${brand} in ${place}` : `Get started with ${brand}`);
}

export function conversionCoach(input: ConversionCoachInput): ConversionCoachResult {
  const brand = input.brand.name.trim() || "us";
  const href = input.brand.websiteUrl?.trim() || null;
  const sections = drafted(input.sections);
  const { headline, offer, place } = readTitle(input.title, input.type);
  const all = `${input.title}\n${sections.map((s) => s.draft).join("\n")}`;
  const sentences = sections.flatMap((s) => sentencesOf(s.draft).map((text) => ({ position: s.position, text })));
  const cta = primaryCta(all, brand, offer, place, input.type);
  const primary = cta.text;
  // A phone call is made with a tel: link; anything else goes to the brand's site.
  const primaryHref = cta.tel ?? href;

  const existing = sentences.filter((s) => EXISTING_CTA.test(s.text)).map((s) => ({ position: s.position, text: s.text }));
  const calls: ConversionCoachResult["calls_to_action"] = [
    {
      position: null,
      placement: "above the fold, beside the headline",
      text: primary,
      href: primaryHref,
      reason: "Readers who arrive ready to act should not have to scroll to act.",
    },
  ];
  sections.forEach((s, i) => {
    if (existing.some((e) => e.position === s.position)) return;
    const text = `${s.heading}\n${s.draft}`;
    const last = i === sections.length - 1 && sections.length > 1;
    if (PRICING.test(text)) {
      calls.push({
        position: s.position,
        placement: `end of "${s.heading}"`,
        text: /quote|estimate/i.test(primary) ? primary : `Ask ${brand} for a price`,
        href,
        reason: "This section talks about price: the moment readers decide whether to go ahead.",
      });
    } else if (PROCESS.test(text)) {
      calls.push({
        position: s.position,
        placement: `end of "${s.heading}"`,
        text: primary,
        href: primaryHref,
        reason: "This section explains how it works; the next step should be one click away.",
      });
    } else if (last) {
      calls.push({
        position: s.position,
        placement: `end of "${s.heading}" (closing)`,
        text: primary,
        href: primaryHref,
        reason: "The page ends here; close with the main call to action.",
      });
    }
  });

  const found: ConversionCoachResult["trust_signals"]["found"] = [];
  const missing: ConversionCoachResult["trust_signals"]["missing"] = [];
  for (const t of TRUST) {
    const hit = sentences.find((s) => t.pattern.test(s.text));
    if (hit) found.push({ kind: t.kind, evidence: clipWords(hit.text, 30), position: hit.position });
    else missing.push({ kind: t.kind, suggestion: t.suggestion(brand) });
  }

  // The subheadline: the first section's sentence that speaks most to the offer and the reader.
  const want = termSet(`${offer} ${input.brand.targetAudience ?? ""}`);
  const firstPosition = sections[0]?.position;
  const pitch = sentences
    .filter((s) => s.position === firstPosition && !/\?$/.test(s.text))
    .map((s, i) => ({ s, i, score: [...termSet(s.text)].filter((t) => want.has(t)).length * 2 + (/\b(you|your)\b/i.test(s.text) ? 1 : 0) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)[0];
  const audience = input.brand.targetAudience ? shortAudience(input.brand.targetAudience, "") : "";
  const subheadline = pitch ? clipWords(pitch.s.text, 25) : audience ? `${brand}: ${offer} for ${audience}.` : `${brand}: ${offer}.`;

  let local: ConversionCoachResult["local_details"] = null;
  if (input.type === "local") {
    const placeWords = place
      ? tokens(place)
          .filter((w) => w.length > 2)
          .map(fold)
      : [];
    const names = (s: DraftedSection) => placeWords.length > 0 && tokens(s.draft).some((w) => fold(w) === placeWords[0]);
    const mentioned = sections.filter(names).map((s) => s.position);
    const missingFrom = place ? sections.filter((s) => !names(s)).map((s) => s.position) : [];
    const has = {
      phone: phoneIn(all) !== null,
      address: ADDRESS.test(all),
      hours: HOURS.test(all),
      service_area: SERVICE_AREA.test(all) || SERVICE_PLACE.test(all),
    };
    const suggestions: string[] = [];
    if (!place) suggestions.push(`The title names no place: say which town ${brand} serves in the title and the first section.`);
    else if (missingFrom.length > 0) {
      const headings = sections
        .filter((s) => missingFrom.includes(s.position))
        .slice(0, 3)
        .map((s) => `"${s.heading}"`);
      suggestions.push(`Mention ${place} in ${joinAnd(headings)}${missingFrom.length > 3 ? " and the other sections without it" : ""}.`);
    }
    if (!has.phone) suggestions.push(`Add ${brand}'s phone number near the top and in the last section, as a tap-to-call link.`);
    if (!has.address)
      suggestions.push(
        `Give ${brand}'s street address${place ? ` in ${place}` : ""}, or say it comes to the customer, so readers and maps can place it.`,
      );
    if (!has.hours) suggestions.push(`Say when ${brand} is open or answers calls.`);
    if (!has.service_area) suggestions.push(`Name the neighbourhoods or towns${place ? ` around ${place}` : ""} that ${brand} serves.`);
    local = { place, mentioned_in: mentioned, missing_from: missingFrom, found: has, suggestions };
  }

  return {
    offer,
    place,
    above_the_fold: {
      headline,
      subheadline,
      primary_cta: { text: primary, href: primaryHref },
      proof_points: [...new Set(found.map((f) => f.evidence))].slice(0, 3),
    },
    calls_to_action: calls,
    existing_calls_to_action: existing,
    trust_signals: { found, missing },
    local_details: local,
  };
}
