// What a brief's generator is given, from the brief as stored and its brand. Pure.
import type { BriefInput, BriefOutline, HeaderSection } from "../../providers/generation/types";
import { generationContext, type BrandRow } from "../brands";
import type { BriefRow } from "./table";

interface StoredParams {
  selected_serp_data?: { url: string; title?: string; snippet?: string }[];
  user_provided_keywords?: string[];
  internal_link_suggestions?: { url: string; anchor_text: string }[];
  content_info_context?: Record<string, unknown>;
}

export function briefInputOf(brief: BriefRow, brand: BrandRow): BriefInput {
  const params = brief.inputParams as StoredParams;
  return {
    queryText: brief.queryText,
    brand: generationContext(brand),
    serpResults: params.selected_serp_data ?? [],
    userKeywords: params.user_provided_keywords,
    internalLinks: params.internal_link_suggestions,
    contentInfo: params.content_info_context,
  };
}

/** The outline a continuation after review builds on: the reviewed sections, the generated title. */
export function reviewedOutline(brief: BriefRow): BriefOutline {
  const result = brief.resultJson ?? {};
  // The generator stored it as a string.
  const version = result.agent_version;
  return {
    agent_version: typeof version === "string" ? version : "",
    title: brief.generatedTitle,
    meta_description: brief.generatedMetaDescription,
    header_sections: (result.header_sections ?? []) as HeaderSection[],
    // Written before the outline (a model's analysis), it is kept through the review.
    serp_analysis: (result.serp_analysis ?? null) as Record<string, unknown> | null,
  };
}
