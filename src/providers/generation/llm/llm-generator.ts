// A content generator over any LlmProvider. The outline of a brief is required; its SERP
// analysis, competitor data and keyword recommendations are optional parts, each asked for
// separately, so that one failing leaves that part null (PARTIAL_COMPLETE) instead of failing
// the whole brief.
import { failureReason } from "../../llm/advice";
import { LlmError, type LlmProvider } from "../../llm/types";
import type {
  BriefInput,
  BriefOutline,
  BriefPartFailure,
  BriefParts,
  BriefPartStage,
  ContentGenerator,
  HeaderSection,
  ResearchNodeOut,
  ResearchTreeInput,
  SectionInput,
} from "../types";
import { competitorPrompt, keywordPrompt, outlinePrompt, sectionPrompt, serpAnalysisPrompt, SYSTEM_PROMPT } from "./prompts";
import {
  CompetitorDataSchema,
  KeywordRecommendationsSchema,
  OutlineSchema,
  SerpAnalysisSchema,
  type CompetitorDataAnswer,
  type KeywordRecommendationsAnswer,
  type OutlineAnswer,
} from "./schemas";
import { researchTreeInParts } from "./research-tree";

const LLM_AGENT_VERSION = "canopy-llm-1";

const MIN_SECTION_WORDS = 50;
const MAX_SECTION_WORDS = 3000;

function invalid(modelId: string, what: string): LlmError {
  return new LlmError("invalid_output", `${modelId}: ${what}`, { modelId });
}

function cleanLines(items: string[], max: number): string[] {
  return items
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .slice(0, max);
}

function cleanOutline(
  answer: OutlineAnswer,
  modelId: string,
): { title: string; meta_description: string; header_sections: HeaderSection[] } {
  const sections = answer.header_sections
    .map((s) => ({
      heading: s.heading
        .replace(/\s+/g, " ")
        .replace(/^#+\s*/, "")
        .trim(),
      level: s.level,
      subheadings: cleanLines(s.subheadings, 10),
      talking_points: cleanLines(s.talking_points, 12),
      word_count_target: Math.min(MAX_SECTION_WORDS, Math.max(MIN_SECTION_WORDS, Math.round(s.word_count_target))),
    }))
    .filter((s) => s.heading !== "");
  const title = answer.title.replace(/\s+/g, " ").trim();
  const [first] = sections;
  if (first === undefined || title === "") throw invalid(modelId, "the outline had no title or no sections.");
  // An h3 needs an h2 above it.
  if (first.level === "h3") first.level = "h2";
  return { title, meta_description: answer.meta_description.replace(/\s+/g, " ").trim(), header_sections: sections };
}

/** Strips what models add around a section despite being asked not to: a repeated heading, fences. */
export function cleanDraft(text: string, heading: string): string {
  let out = text
    .trim()
    .replace(/^```(?:markdown|md)?\s*([\s\S]*?)\s*```$/i, "$1")
    .trim();
  const firstLine = out.split("\n", 1)[0] ?? "";
  const bare = firstLine
    .replace(/^#+\s*/, "")
    .replace(/\*+/g, "")
    .trim()
    .toLowerCase();
  if (bare === heading.trim().toLowerCase()) out = out.slice(firstLine.length).trim();
  return out;
}

export class LlmGenerator implements ContentGenerator {
  readonly modelId: string;
  readonly agentVersion: string;

  /**
   * `maxOutputTokens`: the model's own output budget (LLM_MODEL_SETTINGS), sent with every
   * structured call and capping a section's; unset, the provider's default holds.
   */
  constructor(
    private readonly llm: LlmProvider,
    private readonly maxOutputTokens?: number,
  ) {
    this.modelId = llm.modelId;
    this.agentVersion = `${LLM_AGENT_VERSION} (${llm.modelId})`;
  }

  readonly researchTree = (input: ResearchTreeInput, signal?: AbortSignal): Promise<ResearchNodeOut[]> =>
    researchTreeInParts(this.llm, this.maxOutputTokens, input, signal);

  /**
   * The analysis first, then the outline written from it. An analysis that fails for good leaves
   * the outline to the search data alone (the parts then ask for the analysis again and report
   * why it is missing); a passing failure fails the outline, which its task retries.
   */
  async briefOutline(input: BriefInput, signal?: AbortSignal): Promise<BriefOutline> {
    const analysis = await this.optional("analysis", "the SERP analysis", signal, () => this.serpAnalysis(input, signal));
    if (analysis.failure?.transient && analysis.error) throw analysis.error;
    const outline = await this.llm.generateObject<OutlineAnswer>({
      system: SYSTEM_PROMPT,
      prompt: outlinePrompt(input, analysis.value),
      schema: OutlineSchema,
      schemaName: "brief_outline",
      maxOutputTokens: this.maxOutputTokens,
      signal,
    });
    const cleaned = cleanOutline(outline, this.modelId);
    return { agent_version: this.agentVersion, ...cleaned, ...(analysis.value === null ? {} : { serp_analysis: analysis.value }) };
  }

  async briefParts(input: BriefInput, outline: BriefOutline, signal?: AbortSignal): Promise<BriefParts> {
    const keptAnalysis = outline.serp_analysis ?? null;
    const [serp, competitors, keywords] = await Promise.all([
      keptAnalysis === null
        ? this.optional("analysis", "the SERP analysis", signal, () => this.serpAnalysis(input, signal))
        : { value: keptAnalysis, failure: null },
      this.optional("competitors", "the competitor data", signal, async () => {
        const answer = await this.llm.generateObject<CompetitorDataAnswer>({
          system: SYSTEM_PROMPT,
          prompt: competitorPrompt(input),
          schema: CompetitorDataSchema,
          schemaName: "competitor_data",
          maxOutputTokens: this.maxOutputTokens,
          signal,
        });
        return answer.competitors.map((c, i) => ({ position: i + 1, ...c }));
      }),
      this.optional("keywords", "the keyword recommendations", signal, async () => {
        const answer = await this.llm.generateObject<KeywordRecommendationsAnswer>({
          system: SYSTEM_PROMPT,
          prompt: keywordPrompt(input),
          schema: KeywordRecommendationsSchema,
          schemaName: "keyword_recommendations",
          maxOutputTokens: this.maxOutputTokens,
          signal,
        });
        return answer.keywords.map((k) => ({ ...k, keyword: k.keyword.toLowerCase().trim() })).filter((k) => k.keyword !== "");
      }),
    ]);
    return {
      serp_analysis: serp.value,
      competitor_data: competitors.value,
      keyword_recommendations: keywords.value,
      failures: [serp.failure, competitors.failure, keywords.failure].filter((failure) => failure !== null),
    };
  }

  private serpAnalysis(input: BriefInput, signal: AbortSignal | undefined): Promise<Record<string, unknown>> {
    return this.llm.generateObject<Record<string, unknown>>({
      system: SYSTEM_PROMPT,
      prompt: serpAnalysisPrompt(input),
      schema: SerpAnalysisSchema,
      schemaName: "serp_analysis",
      maxOutputTokens: this.maxOutputTokens,
      signal,
    });
  }

  async sectionDraft(input: SectionInput, signal?: AbortSignal): Promise<string> {
    let text: string;
    try {
      text = await this.llm.generateText({
        system: SYSTEM_PROMPT,
        prompt: sectionPrompt(input),
        // Roughly 1.4 tokens a word, with room for the model to overshoot a little; never more
        // than the model's own budget.
        maxOutputTokens: Math.min(Math.ceil(input.wordCountTarget * 2) + 200, this.maxOutputTokens ?? Number.POSITIVE_INFINITY),
        signal,
      });
    } catch (err) {
      // A cut-off section keeps its text as far as it went, cleaned like a whole one.
      if (err instanceof LlmError && err.kind === "cut_off")
        throw new LlmError(err.kind, err.message, err.details, cleanDraft(err.partial ?? "", input.heading));
      throw err;
    }
    const draft = cleanDraft(text, input.heading);
    if (draft === "") throw invalid(this.modelId, "the section draft was empty.");
    return draft;
  }

  /**
   * An optional part: a provider failure leaves it null and says why (wrong credentials too: the
   * outline, asked first, would have failed on them already, so here they are a change since);
   * the caller's cancellation still stops everything.
   */
  private async optional<T>(
    stage: BriefPartStage,
    part: string,
    signal: AbortSignal | undefined,
    run: () => Promise<T>,
  ): Promise<{ value: T | null; failure: BriefPartFailure | null; error?: LlmError }> {
    try {
      return { value: await run(), failure: null };
    } catch (err) {
      if (signal?.aborted || !(err instanceof LlmError)) throw err;
      return {
        value: null,
        failure: { stage, error: failureReason(`The model could not write ${part}`, err), transient: err.transient },
        error: err,
      };
    }
  }
}
