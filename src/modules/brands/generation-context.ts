// What a content generator is told of a brand: who writes, for whom, in what voice. Pure.
import type { BrandContext } from "../../providers/generation/types";
import type { BrandRow } from "./table";

export function generationContext(brand: BrandRow): BrandContext {
  return {
    name: brand.brandName,
    websiteUrl: brand.websiteUrl,
    description: brand.description,
    tagline: brand.tagline,
    targetAudience: brand.targetAudience,
    brandVoice: brand.brandVoice,
    language: brand.language,
    mission: brand.mission,
    uniqueSellingProposition: brand.uniqueSellingProposition,
    productsAndServices: brand.productsAndServices,
    competitors: brand.keyCompetitors,
    marketPosition: brand.marketPosition,
    country: brand.countryName ?? brand.countryCode,
  };
}
