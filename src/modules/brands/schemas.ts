import Type from "typebox";
import { Nullable, Timestamp, Uuid, withMeta } from "../../platform/http/route";

const OptionalText = (maxLength: number, description?: string) =>
  Type.Optional(Nullable(Type.String({ maxLength, ...(description ? { description } : {}) })));

export const BrandFields = {
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

export const BrandSchema = withMeta(BrandFields);
export const BrandListSchema = Type.Array(Type.Object(BrandFields));

/** The writable fields of the specification (plus nothing else: read-only fields are ignored). */
const writable = {
  website_url: OptionalText(2000, "http(s) address of the brand's site; a bare domain gets https://"),
  description: OptionalText(10_000),
  mission: OptionalText(10_000),
  vision: OptionalText(10_000),
  tagline: OptionalText(1000),
  target_audience: OptionalText(10_000),
  brand_voice: OptionalText(10_000),
  values: OptionalText(10_000),
  marketplace: OptionalText(1000),
  key_competitors: OptionalText(10_000),
  unique_selling_proposition: OptionalText(10_000),
  language: Type.Optional(Type.String({ pattern: "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$", description: "Language code; default `en`" })),
};

export const CreateBrandBody = Type.Object({ brand_name: Type.String({ minLength: 1, maxLength: 200 }), ...writable });
export const UpdateBrandBody = Type.Object({ brand_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })), ...writable });
export const BrandListQuery = Type.Object({ search: Type.Optional(Type.String({ maxLength: 200 })) });
export const BrandIdParams = Type.Object({ id: Uuid });
