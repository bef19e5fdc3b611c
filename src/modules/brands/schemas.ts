import Type from "typebox";
import { MAX_LENGTH } from "../../platform/http/limits";
import { LanguageCode, named, Nullable, Timestamp, Uuid, withMeta } from "../../platform/http/route";
import { BrandExample, BrandListItemExample } from "./examples";

const OptionalText = (maxLength: number, description?: string) =>
  Type.Optional(Nullable(Type.String({ maxLength, ...(description ? { description } : {}) })));

const BrandFields = {
  id: Uuid,
  brand_name: Type.String(),
  website_url: Nullable(Type.String()),
  description: Nullable(Type.String()),
  mission: Nullable(Type.String()),
  vision: Nullable(Type.String()),
  tagline: Nullable(Type.String()),
  target_audience: Nullable(Type.String()),
  brand_voice: Nullable(Type.String()),
  values: Nullable(Type.String()),
  marketplace: Nullable(Type.String()),
  market_position: Nullable(Type.String()),
  key_competitors: Nullable(Type.String()),
  unique_selling_proposition: Nullable(Type.String()),
  products_and_services: Type.Array(Type.String(), {
    description: "What the brand sells, one entry per product or service; `[]` when none",
  }),
  brand_personality: Nullable(Type.String()),
  brand_story: Nullable(Type.String()),
  language: Type.String({ description: "Language code, e.g. `en`" }),
  country_code: Nullable(Type.String()),
  country_name: Nullable(Type.String()),
  stage: Type.String({ description: "`new` when created; `completed` once its research, clustering and map exist" }),
  content_scope: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const BrandSchema = named("Brand", withMeta(BrandFields), BrandExample);
export const BrandListSchema = named("BrandList", Type.Array(named("BrandListItem", Type.Object(BrandFields), BrandListItemExample)));

const MAX_PRODUCTS = 100;

/**
 * The writable fields of the specification, and two of canopy's own (docs/api.md): the brand's
 * country, which its research searches in, and its products and services. Read-only fields are ignored.
 */
const writable = {
  website_url: OptionalText(MAX_LENGTH.url, "http(s) address of the brand's site; a bare domain gets https://"),
  description: OptionalText(MAX_LENGTH.longText),
  mission: OptionalText(MAX_LENGTH.longText),
  vision: OptionalText(MAX_LENGTH.longText),
  tagline: OptionalText(MAX_LENGTH.shortText),
  target_audience: OptionalText(MAX_LENGTH.longText),
  brand_voice: OptionalText(MAX_LENGTH.longText),
  values: OptionalText(MAX_LENGTH.longText),
  marketplace: OptionalText(MAX_LENGTH.shortText),
  key_competitors: OptionalText(MAX_LENGTH.longText),
  unique_selling_proposition: OptionalText(MAX_LENGTH.longText),
  language: Type.Optional(LanguageCode),
  country_code: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 2,
        description: "ISO 3166-1 alpha-2 code of the country the brand sells in (`GB`); `country_name` follows from it",
      }),
    ),
  ),
  products_and_services: Type.Optional(
    Type.Array(Type.String({ maxLength: MAX_LENGTH.shortText }), {
      maxItems: MAX_PRODUCTS,
      description: `What the brand sells, one entry per product or service (at most ${String(MAX_PRODUCTS)}); blank entries and repeats are dropped, \`[]\` clears`,
    }),
  ),
};

const BrandName = Type.String({ minLength: 1, maxLength: MAX_LENGTH.name });
export const CreateBrandBody = named("CreateBrandRequest", Type.Object({ brand_name: BrandName, ...writable }));
export const UpdateBrandBody = named("UpdateBrandRequest", Type.Object({ brand_name: Type.Optional(BrandName), ...writable }));
export const BrandListQuery = Type.Object({ search: Type.Optional(Type.String({ maxLength: 200 })) });
export const BrandIdParams = Type.Object({ id: Uuid });
