// What the modules ask of a content generator, whichever model is behind it: research trees,
// briefs and section drafts. The built-in offline generator and every LLM give these shapes.

export interface BrandContext {
  name: string;
  websiteUrl?: string | null;
  description?: string | null;
  tagline?: string | null;
  targetAudience?: string | null;
  brandVoice?: string | null;
  language?: string | null;
  mission?: string | null;
  uniqueSellingProposition?: string | null;
  productsAndServices?: readonly string[];
  competitors?: string | null;
  marketPosition?: string | null;
  /** Where the brand sells: the country's name or its ISO code. */
  country?: string | null;
}

interface SerpSnippet {
  title: string;
  snippet: string;
  url: string;
}

/** A keyword of the discovered universe as a model is shown it. */
export interface TreeKeyword {
  keyword: string;
  /** null: unknown; 0: no measured demand. */
  searchVolume: number | null;
  intent: string | null;
  sources: readonly string[];
}

export interface ResearchTreeInput {
  coreTopic: string;
  brand: BrandContext;
  /** The discovered universe, most searched first. */
  keywords: readonly TreeKeyword[];
  /** The core topic's People Also Ask questions. */
  questions: readonly string[];
  /** The core topic's related searches. */
  relatedSearches: readonly string[];
  serpResults?: SerpSnippet[];
  /** Called as each part of a tree asked for in parts arrives. */
  onPart?: (done: number, total: number) => void;
}

/** Main topics -> level 2 -> level 3 -> level 4 (leaves, whose `children` are empty). */
export interface ResearchNodeOut {
  name: string;
  keywords: string[];
  children: ResearchNodeOut[];
}

export interface BriefInput {
  queryText: string;
  brand: BrandContext;
  serpResults: { url: string; title?: string; snippet?: string }[];
  userKeywords?: string[];
  internalLinks?: { url: string; anchor_text: string }[];
  contentInfo?: Record<string, unknown>;
  /** What the SERP and the pages that rank say, measured before anything is written. */
  grounding?: BriefGrounding;
}

/** A heading of a ranking page, in the page's order. */
interface PageHeadingOut {
  level: 1 | 2 | 3;
  text: string;
}

/** A ranking page as read: its headings and length (its text stays with the page cache). */
export interface RankingPage {
  url: string;
  /** 1-based rank among the SERP's organic results; null when the request selected it unranked. */
  position: number | null;
  title: string;
  headings: PageHeadingOut[];
  wordCount: number;
}

/** A term the ranking pages share: how many use it, and the counts a draft should use it at. */
interface GroundedTerm {
  term: string;
  pages: number;
  min_count: number;
  max_count: number;
}

/** Headings of different pages that mean the same thing, under the wording most of them use. */
export interface HeadingGroup {
  heading: string;
  /** How many pages have a heading of the group. */
  pages: number;
  /** The pages' own wordings, most used first. */
  variants: string[];
  /** H3s the pages put under the group's headings, most used first. */
  subheadings: string[];
}

export interface BriefGrounding {
  /** The SERP's People Also Ask questions, in order. */
  questions: string[];
  relatedSearches: string[];
  /** The pages the AI Overview cites. */
  aiReferences: { url: string; title: string; domain: string }[];
  /** The ranking pages read, in rank order (those that could not be read are left out). */
  pages: RankingPage[];
  /** Terms at least two pages use, most shared first. */
  terms: GroundedTerm[];
  /** Headings at least two pages share, most shared first. */
  commonHeadings: HeadingGroup[];
  /** Words recommended from the pages' lengths; null when no page was read. */
  recommendedWords: { target: number; min: number; max: number } | null;
  /** Where the SERP and the pages came from (`offline` is the simulator). */
  dataSource: string;
}

export interface HeaderSection {
  heading: string;
  level: "h2" | "h3";
  subheadings: string[];
  talking_points: string[];
  word_count_target: number;
}

/** The required part of a brief: what an interactive brief shows for review before going on. */
export interface BriefOutline {
  agent_version: string;
  title: string;
  meta_description: string;
  header_sections: HeaderSection[];
  /**
   * The analysis the outline was written from, when the generator made one first; the parts then
   * keep it rather than asking again.
   */
  serp_analysis?: Record<string, unknown> | null;
}

/** The optional parts, each null when it could not be produced (the brief is then PARTIAL_COMPLETE). */
/** An optional part of a brief, by the name its failures are reported under. */
export type BriefPartStage = "analysis" | "competitors" | "keywords";

/** Why an optional part is null: what happened, and what to check. */
export interface BriefPartFailure {
  stage: BriefPartStage;
  error: string;
  /** A passing fault (timeout, 429, 5xx, dropped connection): worth the job's retry. */
  transient: boolean;
}

export interface BriefParts {
  serp_analysis: Record<string, unknown> | null;
  competitor_data: Record<string, unknown>[] | null;
  keyword_recommendations: Record<string, unknown>[] | null;
  /** One entry for each part left null, saying why. */
  failures: BriefPartFailure[];
}

export type BriefOutput = BriefOutline & Omit<BriefParts, "failures">;

export interface SectionInput {
  articleTitle: string;
  heading: string;
  subheadings: string[];
  talkingPoints: string[];
  wordCountTarget: number;
  brand: BrandContext;
  /** `human` by default; free text from the request otherwise. */
  intent: string;
  /** Headings of the sections before this one, so the draft does not repeat them. */
  previousHeadings: string[];
  /** Headings of the sections after this one, so the draft leaves their points to them. */
  laterHeadings?: string[];
  /** The brief's query; the section serves it. */
  query?: string;
  /** Keywords this section should use (the brief's recommendations that belong to it). */
  keywords?: string[];
  /** Terms of the ranking pages this section should use. */
  terms?: string[];
  /** People Also Ask questions this section answers. */
  questions?: string[];
  /** Statements from the ranking pages, each with the address it came from. */
  facts?: SectionFact[];
  /** Pages of the brand's own site the section may link to. */
  internalLinks?: InternalLink[];
  /** Set for health, legal and finance topics: the draft must not give figures it cannot source. */
  sensitiveTopic?: SensitiveTopic | null;
}

export interface SectionFact {
  text: string;
  url: string;
}

export interface InternalLink {
  url: string;
  anchor: string;
  /** Where the page sits in the brand's map from this article's node; `suggested`: the request's own. */
  relation: "parent" | "child" | "sibling" | "suggested";
}

/** Topics where a wrong statement can hurt the reader (search engines' "your money or your life"). */
export type SensitiveTopic = "health" | "legal" | "finance";

export interface ContentGenerator {
  /** The registry id: `offline`, `openai:<model>`, `anthropic:<model>`. */
  readonly modelId: string;
  /** Written into results (`agent_version`) so a reader knows what produced them. */
  readonly agentVersion: string;
  /**
   * A model arranges and names the discovered keywords (it may propose more). Null for the
   * offline generator: without a model, the research module's organiser builds the tree.
   */
  readonly researchTree: ((input: ResearchTreeInput, signal?: AbortSignal) => Promise<ResearchNodeOut[]>) | null;
  /** The outline (title, meta description, sections). */
  briefOutline(input: BriefInput, signal?: AbortSignal): Promise<BriefOutline>;
  /** The optional parts, for the outline as it stands (possibly edited by the user in between). */
  briefParts(input: BriefInput, outline: BriefOutline, signal?: AbortSignal): Promise<BriefParts>;
  sectionDraft(input: SectionInput, signal?: AbortSignal): Promise<string>;
}

/** A whole brief in one go: the outline, then the parts. */
export async function generateBrief(generator: ContentGenerator, input: BriefInput, signal?: AbortSignal): Promise<BriefOutput> {
  const outline = await generator.briefOutline(input, signal);
  const { failures: _failures, ...parts } = await generator.briefParts(input, outline, signal);
  return { ...outline, ...parts };
}
