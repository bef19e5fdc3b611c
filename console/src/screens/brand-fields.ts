// A brand as its form holds it: every writable field as the text of its control, lists one entry
// per line, and the body the API takes back. Pure, so the form and the brand's page agree on what
// each field is called and how a list is written.
import type { Schemas } from "@canopy/client";

type Brand = Schemas["BrandListItem"];
export type BrandBody = Schemas["CreateBrandRequest"];

type BrandFieldName =
  | "brand_name"
  | "website_url"
  | "description"
  | "tagline"
  | "products_and_services"
  | "target_audience"
  | "marketplace"
  | "country_code"
  | "language"
  | "key_competitors"
  | "unique_selling_proposition"
  | "brand_voice"
  | "mission"
  | "vision"
  | "values";

export interface BrandFieldSpec {
  name: BrandFieldName;
  label: string;
  /** Several lines: free text, or a list written one entry per line. */
  multiline?: boolean;
  list?: boolean;
  hint?: string;
}

/** The form's fields in the groups it shows them in; labels are also the brand page's. */
export const BRAND_FIELD_GROUPS: Array<{ legend: string; fields: BrandFieldSpec[] }> = [
  {
    legend: "The brand",
    fields: [
      { name: "brand_name", label: "Name" },
      { name: "website_url", label: "Website" },
      { name: "description", label: "What the brand does", multiline: true },
      { name: "tagline", label: "Tagline" },
      { name: "products_and_services", label: "Products and services", list: true, hint: "One product or service per line." },
    ],
  },
  {
    legend: "Market",
    fields: [
      { name: "target_audience", label: "Target audience", multiline: true },
      { name: "marketplace", label: "Marketplace", hint: "Where it sells, such as its own shop or Amazon UK." },
      { name: "country_code", label: "Country code", hint: "Two letters, such as US or GB: research searches in this country." },
      { name: "language", label: "Language", hint: "A language code, such as en or pt-BR." },
      { name: "key_competitors", label: "Competitors", list: true, hint: "One competitor per line." },
      { name: "unique_selling_proposition", label: "Unique selling proposition", multiline: true },
    ],
  },
  {
    legend: "Voice and values",
    fields: [
      { name: "brand_voice", label: "Voice", multiline: true },
      { name: "mission", label: "Mission", multiline: true },
      { name: "vision", label: "Vision", multiline: true },
      { name: "values", label: "Values", multiline: true },
    ],
  },
];

export type BrandFormValues = Record<BrandFieldName, string>;

const EMPTY: BrandFormValues = {
  brand_name: "",
  website_url: "",
  description: "",
  tagline: "",
  products_and_services: "",
  target_audience: "",
  marketplace: "",
  country_code: "",
  language: "",
  key_competitors: "",
  unique_selling_proposition: "",
  brand_voice: "",
  mission: "",
  vision: "",
  values: "",
};

/** The entries of a list field's text: one per line, trimmed, blanks dropped. */
export const linesOf = (text: string): string[] =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

const orNull = (text: string): string | null => (text.trim() === "" ? null : text.trim());

/** The form's text for a brand; an empty form without one. */
export function formValuesOf(brand?: Brand): BrandFormValues {
  if (!brand) return EMPTY;
  const values = { ...EMPTY };
  for (const name of Object.keys(EMPTY) as BrandFieldName[]) {
    const value = brand[name];
    values[name] = Array.isArray(value) ? value.join("\n") : (value ?? "");
  }
  return values;
}

/**
 * The body for POST or PATCH: every field, so an emptied one is cleared (null, or [] for the
 * list of products). A blank language is left out: the brand keeps its own, `en` when new.
 * Competitors are text in the API; the form writes them one per line.
 */
export function bodyOf(values: BrandFormValues): BrandBody {
  const language = orNull(values.language);
  return {
    brand_name: values.brand_name.trim(),
    website_url: orNull(values.website_url),
    description: orNull(values.description),
    tagline: orNull(values.tagline),
    products_and_services: linesOf(values.products_and_services),
    target_audience: orNull(values.target_audience),
    marketplace: orNull(values.marketplace),
    country_code: orNull(values.country_code),
    ...(language ? { language } : {}),
    key_competitors: orNull(linesOf(values.key_competitors).join("\n")),
    unique_selling_proposition: orNull(values.unique_selling_proposition),
    brand_voice: orNull(values.brand_voice),
    mission: orNull(values.mission),
    vision: orNull(values.vision),
    values: orNull(values.values),
  };
}

/** The API's field errors of one form field: its own, and those of its entries (`products_and_services.3`). */
export function messagesFor(fieldErrors: Record<string, string[]> | undefined, name: BrandFieldName): string[] {
  if (!fieldErrors) return [];
  return Object.entries(fieldErrors)
    .filter(([field]) => field === name || field.startsWith(`${name}.`))
    .flatMap(([, messages]) => messages);
}

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY));

/** Field errors the form has no field for (`non_field_errors`, ...), as "field: message". */
export function otherMessages(fieldErrors: Record<string, string[]> | undefined): string[] {
  if (!fieldErrors) return [];
  return Object.entries(fieldErrors)
    .filter(([field]) => !FORM_FIELDS.has(field.split(".")[0] ?? field))
    .flatMap(([field, messages]) => messages.map((message) => (field === "non_field_errors" ? message : `${field}: ${message}`)));
}
