// The brand's words as the lexicon reads them: what confirms a word's sense (sense.ts) and
// what the brand may see again of a harmful domain (harmful-terms.ts). Its name, description,
// tagline and audience, and the words the user typed for this piece (a core topic, a query).
import { senseContext, type SenseContext } from "../../lexicon/sense";
import type { BrandContext } from "../types";

export function brandSenseContext(brand: BrandContext, ...typed: ReadonlyArray<string | null | undefined>): SenseContext {
  return senseContext([brand.name, brand.description, brand.tagline, brand.targetAudience, ...typed]);
}
