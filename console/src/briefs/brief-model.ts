// The parts of a brief's result_json the console shows, read defensively: the API types them as
// open records (a model provider writes them), so anything of another shape is left out rather
// than trusted. Pure.
import type { Schemas } from "../api";

export type OutlineSection = Schemas["OutlineSection"];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

function sectionOf(value: unknown): OutlineSection | null {
  if (!isRecord(value) || typeof value.heading !== "string") return null;
  return {
    heading: value.heading,
    level: value.level === "h3" ? "h3" : "h2",
    subheadings: strings(value.subheadings),
    talking_points: strings(value.talking_points),
    word_count_target: typeof value.word_count_target === "number" ? value.word_count_target : 300,
  };
}

/** The header sections of a result (generated or curated); none when it has no outline. */
export function outlineOf(result: Record<string, unknown> | null | undefined): OutlineSection[] {
  const sections = result?.header_sections;
  return Array.isArray(sections) ? sections.map(sectionOf).filter((s): s is OutlineSection => s !== null) : [];
}

/** The list of records a part holds (competitors, keyword recommendations), or null when absent. */
export function recordsOf(value: unknown): Record<string, unknown>[] | null {
  return Array.isArray(value) ? value.filter(isRecord) : null;
}

export function recordOf(value: unknown): Record<string, unknown> | null {
  return isRecord(value) ? value : null;
}

/** A value of an open record as one line of text: lists joined, objects as "key: value" pairs. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(", ");
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, v]) => `${humanize(key)}: ${textOf(v)}`)
      .join("; ");
  }
  return "";
}

/** "search_intent" as "Search intent". */
export function humanize(key: string): string {
  const words = key.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
