// The built-in generator: no network, no model, the same output for the same input. It is the
// default so that every workflow runs on a fresh machine, and its output is meant to be used.
import type { BriefInput, BriefOutput, ContentGenerator, ResearchNodeOut, ResearchTreeInput, SectionInput } from "../types";
import { OFFLINE_AGENT_VERSION, offlineBrief } from "./brief";
import { offlineSectionDraft } from "./draft";
import { offlineResearchTree } from "./research-tree";

export const OFFLINE_MODEL_ID = "offline";

function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

export class OfflineGenerator implements ContentGenerator {
  readonly modelId = OFFLINE_MODEL_ID;
  readonly agentVersion = OFFLINE_AGENT_VERSION;

  async researchTree(input: ResearchTreeInput, signal?: AbortSignal): Promise<ResearchNodeOut[]> {
    checkSignal(signal);
    return offlineResearchTree(input);
  }

  async brief(input: BriefInput, signal?: AbortSignal): Promise<BriefOutput> {
    checkSignal(signal);
    return offlineBrief(input);
  }

  async sectionDraft(input: SectionInput, signal?: AbortSignal): Promise<string> {
    checkSignal(signal);
    return offlineSectionDraft(input);
  }
}
