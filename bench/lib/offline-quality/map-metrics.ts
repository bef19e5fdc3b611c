// Metrics of the brand's keyword map: whether the core topic, as the user typed it, is one of the
// map's keywords (a map without it misses the one search the brand asked about).
import { normalizedTopic } from "./brand-words";

/** Whether the core topic as typed (normalized) is among the map's keywords. */
export function coreTopicIsKeyword(coreTopic: string, mapKeywords: readonly string[]): boolean {
  return mapKeywords.includes(normalizedTopic(coreTopic));
}
