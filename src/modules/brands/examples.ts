// The brand of the document's examples: "Bean There", a coffee roaster selling home espresso gear.
import { EXAMPLE_IDS, EXAMPLE_TIME } from "../../platform/openapi/examples";

export const CreateBrandExample = {
  brand_name: "Bean There",
  website_url: "https://beanthere.example",
  description: "Specialty coffee roaster and shop for home espresso gear.",
  target_audience: "Home baristas moving up from pod machines",
  language: "en",
  country_code: "GB",
  products_and_services: ["Espresso machines", "Grinders", "Barista courses"],
};

export const UpdateBrandExample = {
  tagline: "Espresso at home, done right",
  brand_voice: "Friendly, precise, never snobbish",
};

/** A brand as lists show it: every field, without `_meta`. */
export const BrandListItemExample = {
  id: EXAMPLE_IDS.brand,
  brand_name: "Bean There",
  website_url: "https://beanthere.example",
  description: "Specialty coffee roaster and shop for home espresso gear.",
  mission: null,
  vision: null,
  tagline: "Espresso at home, done right",
  target_audience: "Home baristas moving up from pod machines",
  brand_voice: "Friendly, precise, never snobbish",
  values: null,
  marketplace: null,
  market_position: null,
  key_competitors: null,
  unique_selling_proposition: null,
  products_and_services: ["Espresso machines", "Grinders", "Barista courses"],
  brand_personality: null,
  brand_story: null,
  language: "en",
  country_code: "GB",
  country_name: "United Kingdom",
  stage: "new",
  content_scope: null,
  created_at: EXAMPLE_TIME,
  updated_at: "2026-03-02T09:31:12.000Z",
};

export const BrandExample = { _meta: { description: "A brand." }, ...BrandListItemExample };
