// The built-in generator: no network, no model, the same output for the same input. It is the
// default so that every workflow runs on a fresh machine. Its briefs are meant to be used; its
// section drafts are writers' skeletons (skeleton.ts), never prose standing in for the article.
import { OFFLINE_MODEL_ID } from "../offline-model";
import type { BriefInput, BriefOutline, BriefParts, ContentGenerator, SectionInput } from "../types";
import { OFFLINE_AGENT_VERSION, offlineBrief } from "./brief";
import { sectionSkeleton } from "./skeleton";

function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

export class OfflineGenerator implements ContentGenerator {
  readonly modelId = OFFLINE_MODEL_ID;
  readonly agentVersion = OFFLINE_AGENT_VERSION;

  /** Without a model, the research module's organiser builds the tree from the discovered keywords. */
  readonly researchTree = null;

  // The offline brief is computed whole in a few milliseconds: each half takes its part of it.
  async briefOutline(input: BriefInput, signal?: AbortSignal): Promise<BriefOutline> {
    checkSignal(signal);
    const { agent_version, title, meta_description, header_sections } = offlineBrief(input);
    return { agent_version, title, meta_description, header_sections };
  }

  async briefParts(input: BriefInput, _outline: BriefOutline, signal?: AbortSignal): Promise<BriefParts> {
    checkSignal(signal);
    const { serp_analysis, competitor_data, keyword_recommendations } = offlineBrief(input);
    return { serp_analysis, competitor_data, keyword_recommendations, failures: [] };
  }

  async sectionDraft(input: SectionInput, signal?: AbortSignal): Promise<string> {
    checkSignal(signal);
    return sectionSkeleton(input);
  }
}
