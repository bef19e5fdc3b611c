// How the Visual Map colours a node by the figure the strategist chose. Every fill is light
// enough for the console's dark ink to be read on it at 4.5:1 or better, so labels need no
// second colour; green means "in good shape", amber "worth a look", coral "act here".
import type { AuthorityNode } from "./authority-model";

export const COLOUR_BY = {
  priority: "Priority",
  coverage: "Coverage",
  position: "Best position",
  aio: "AI Overview presence",
  aimode: "AI Mode presence",
} as const;

export type ColourBy = keyof typeof COLOUR_BY;

const GOOD = "#8fcca5";
const FAIR = "#c4e3cd";
const LOOK = "#f7dc8e";
const ACT = "#f5b9a0";
const NONE = "#e1e6e8";

const PRIORITY: Record<AuthorityNode["priority_category"], string> = { High: ACT, Medium: LOOK, Low: FAIR };
const PRESENCE: Record<string, string> = { mentioned_cited: GOOD, cited: GOOD, mentioned: FAIR, not_present: ACT, "N/A": NONE };

/** Coverage from 0 % (pale) to 100 % (the good green), in five steps a legend can name. */
const COVERAGE_STEPS = [
  { from: 100, colour: GOOD, label: "100 %" },
  { from: 50, colour: FAIR, label: "50 to 99 %" },
  { from: 1, colour: LOOK, label: "1 to 49 %" },
  { from: 0, colour: ACT, label: "None published" },
] as const;

const POSITION_STEPS = [
  { upTo: 3, colour: GOOD, label: "1 to 3" },
  { upTo: 10, colour: FAIR, label: "4 to 10" },
  { upTo: 20, colour: LOOK, label: "11 to 20" },
  { upTo: Number.POSITIVE_INFINITY, colour: ACT, label: "Beyond 20" },
] as const;

export function colourOf(node: AuthorityNode, by: ColourBy): string {
  switch (by) {
    case "priority":
      return PRIORITY[node.priority_category];
    case "coverage":
      return (COVERAGE_STEPS.find((step) => node.coverage >= step.from) ?? COVERAGE_STEPS[3]).colour;
    case "position": {
      const position = node.serp_position;
      if (position === null) return NONE;
      return (POSITION_STEPS.find((step) => position <= step.upTo) ?? POSITION_STEPS[3]).colour;
    }
    case "aio":
      return PRESENCE[node.aio_status] ?? NONE;
    case "aimode":
      return PRESENCE[node.aimode_status] ?? NONE;
  }
}

/** The legend of a colouring: each colour with what it means. */
export function legendOf(by: ColourBy): Array<{ colour: string; label: string }> {
  switch (by) {
    case "priority":
      return [
        { colour: ACT, label: "High" },
        { colour: LOOK, label: "Medium" },
        { colour: FAIR, label: "Low" },
      ];
    case "coverage":
      return COVERAGE_STEPS.map(({ colour, label }) => ({ colour, label }));
    case "position":
      return [...POSITION_STEPS.map(({ colour, label }) => ({ colour, label })), { colour: NONE, label: "Not ranking" }];
    case "aio":
    case "aimode":
      return [
        { colour: GOOD, label: "Cited" },
        { colour: FAIR, label: "Mentioned" },
        { colour: ACT, label: "Not present" },
        { colour: NONE, label: "Not tracked" },
      ];
  }
}

/** The figure itself, in words, for a node's tooltip and details. */
export function figureOf(node: AuthorityNode, by: ColourBy): string {
  switch (by) {
    case "priority":
      return `${node.priority_category} priority (importance ${node.importance})`;
    case "coverage":
      return `${node.coverage} % covered`;
    case "position":
      return node.serp_position === null ? "not ranking" : `position ${node.serp_position}`;
    case "aio":
      return `AI Overview: ${presenceText(node.aio_status)}`;
    case "aimode":
      return `AI Mode: ${presenceText(node.aimode_status)}`;
  }
}

export function presenceText(status: string): string {
  switch (status) {
    case "mentioned_cited":
      return "mentioned and cited";
    case "not_present":
      return "not present";
    case "N/A":
      return "not tracked";
    default:
      return status;
  }
}
