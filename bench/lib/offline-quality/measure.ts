// Every metric of issue 22 (point 8) for one brand and what the offline world produced for it.
// Pure: the world is run elsewhere (bench/lib/offline-world.ts), so tests can hand in small
// worlds made by hand.
import type { BriefOutline } from "../../../src/providers/generation/types";
import { brandWords, type BrandText } from "./brand-words";
import { sentences, shopShelfSentences, unsafeTermsIntroduced, type UnsafeFinding, type WorldText } from "./text-metrics";
import { coreTopicIsKeyword } from "./map-metrics";

/** Classes whose drafts must not read like advice on a product off a shelf. */
const NO_SHELF_CLASSES: ReadonlySet<string> = new Set(["service", "local service", "software"]);

export interface MeasuredBrand extends BrandText {
  subjectClass: string;
}

/** What the offline world made for a brand, as a new user would get it. */
export interface OfflineWorldOutput {
  /** The keywords of the brand's map (the clustered keywords). */
  mapKeywords: readonly string[];
  clusters: ReadonlyArray<readonly string[]>;
  briefs: readonly BriefOutline[];
  /** Section drafts of the briefs' articles. */
  drafts: readonly string[];
  /** Wall time of producing all of the above. */
  ms: number;
}

export interface BrandQuality {
  unsafe: UnsafeFinding[];
  coreTopicIsKeyword: boolean;
  /** null when the brand's class may speak of products. */
  shopShelf: string[] | null;
  ms: number;
}

/** Everything the world wrote, each text labelled with where it appeared. */
function worldTexts(world: OfflineWorldOutput): WorldText[] {
  const texts: WorldText[] = [];
  for (const cluster of world.clusters) for (const keyword of cluster) texts.push({ where: "cluster", text: keyword });
  for (const brief of world.briefs) {
    texts.push({ where: "brief title", text: brief.title }, { where: "brief meta", text: brief.meta_description });
    for (const section of brief.header_sections) {
      texts.push({ where: "brief heading", text: section.heading });
      for (const text of section.subheadings) texts.push({ where: "brief heading", text });
      for (const text of section.talking_points) texts.push({ where: "brief talking point", text });
    }
  }
  for (const draft of world.drafts) for (const text of sentences(draft)) texts.push({ where: "draft", text });
  return texts;
}

export function measureBrand(brand: MeasuredBrand, world: OfflineWorldOutput): BrandQuality {
  const words = brandWords(brand);
  return {
    unsafe: unsafeTermsIntroduced(worldTexts(world), brand, words),
    coreTopicIsKeyword: coreTopicIsKeyword(brand.coreTopic, world.mapKeywords),
    shopShelf: NO_SHELF_CLASSES.has(brand.subjectClass) ? shopShelfSentences(world.drafts, words) : null,
    ms: world.ms,
  };
}
