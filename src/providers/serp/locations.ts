// Where a search happens, in DataForSEO's terms. Country location codes are Google Ads geo
// target ids, which for countries are 2000 + the ISO 3166-1 numeric code (2840 United States,
// 2826 United Kingdom). A free-text location goes through as `location_name`.
import { ProviderError } from "./types";

const ISO_NUMERIC: Record<string, number> = {
  us: 840,
  gb: 826,
  ca: 124,
  au: 36,
  nz: 554,
  ie: 372,
  de: 276,
  fr: 250,
  nl: 528,
  be: 56,
  lu: 442,
  es: 724,
  pt: 620,
  it: 380,
  at: 40,
  ch: 756,
  se: 752,
  no: 578,
  dk: 208,
  fi: 246,
  pl: 616,
  cz: 203,
  hu: 348,
  ro: 642,
  gr: 300,
  tr: 792,
  il: 376,
  ae: 784,
  sa: 682,
  za: 710,
  in: 356,
  sg: 702,
  my: 458,
  id: 360,
  ph: 608,
  th: 764,
  vn: 704,
  jp: 392,
  kr: 410,
  tw: 158,
  hk: 344,
  br: 76,
  mx: 484,
  ar: 32,
  cl: 152,
  co: 170,
  pe: 604,
};

/** "uk" is not an ISO code but is what people type. */
const ALIASES: Record<string, string> = { uk: "gb" };

export type DataForSeoLocation = { location_code: number } | { location_name: string };

export function locationCodeFor(country: string): number | null {
  const lowered = country.trim().toLowerCase();
  const iso = ALIASES[lowered] ?? lowered;
  const numeric = ISO_NUMERIC[iso];
  return numeric === undefined ? null : 2000 + numeric;
}

export function resolveLocation(country: string, location: string | null | undefined): DataForSeoLocation {
  const freeText = location?.trim();
  if (freeText) return { location_name: freeText };
  const code = locationCodeFor(country);
  if (code === null) {
    const shown = country
      .trim()
      .slice(0, 20)
      .replace(/[^\w-]/g, "?");
    throw new ProviderError(`Unknown country "${shown}": give an ISO 3166-1 alpha-2 code of a supported country, or a location name.`, {
      transient: false,
    });
  }
  return { location_code: code };
}

/** DataForSEO takes ISO 639-1 codes, some with a region ("zh-TW"). */
export function languageCodeFor(language: string): string {
  const trimmed = language.trim();
  if (!/^[A-Za-z]{2,3}(-[A-Za-z]{2,4})?$/.test(trimmed)) {
    const shown = trimmed.slice(0, 20).replace(/[^\w-]/g, "?");
    throw new ProviderError(`Unknown language "${shown}": give an ISO 639-1 code such as "en".`, { transient: false });
  }
  const [primary, region] = trimmed.split("-");
  return region ? `${(primary as string).toLowerCase()}-${region}` : (primary as string).toLowerCase();
}
