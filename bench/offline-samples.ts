// What a new user meets with no provider configured, for reading rather than timing: for each
// topic, a brief for the topic, the brand clustering of the keywords it recommends at overlap 0.4
// on the offline web, and the draft of one of its sections.
//
//   node --import tsx bench/offline-samples.ts ["home espresso" ...]
// A topic of the labelled set (test/fixtures/offline-brands.ts) may be named too: it runs with
// that brand's own words.
import { clusterKeywords } from "../src/modules/clustering/engine";
import { offlineBrief } from "../src/providers/generation/offline/brief";
import type { BrandContext } from "../src/providers/generation/types";
import { OfflineSerpProvider } from "../src/providers/serp/offline";
import { OFFLINE_BRANDS } from "../test/fixtures/offline-brands";
import { present } from "../src/platform/present";
import { draftOutline, recommendedKeywords } from "./lib/offline-world";

const TOPICS: Array<[string, BrandContext]> = [
  ["home espresso", { name: "Bean There", websiteUrl: "https://beanthere.example", targetAudience: "home baristas" }],
  ["kubernetes monitoring", { name: "Kubewatch", websiteUrl: "https://kubewatch.example", targetAudience: "platform engineers" }],
  ["vegan meal prep", { name: "Green Box", websiteUrl: "https://greenbox.example", targetAudience: "busy vegans" }],
];

const provider = new OfflineSerpProvider(() => new Date("2026-11-01T00:00:00Z"));
const serpOf = async (keyword: string) => {
  const [outcome] = await provider.fetchSerps([{ keyword, country: "us", language: "en" }]);
  return outcome?.ok ? outcome.data.results : [];
};

const LABELLED: Array<[string, BrandContext]> = OFFLINE_BRANDS.map((b) => [
  b.coreTopic,
  { name: b.name, websiteUrl: b.websiteUrl, description: b.description, tagline: b.tagline, targetAudience: b.targetAudience },
]);

const wanted = process.argv.slice(2);
const chosen = wanted.length === 0 ? TOPICS : [...TOPICS, ...LABELLED].filter(([t]) => wanted.includes(t));
for (const [topic, brand] of chosen) {
  console.log(`\n=== ${topic} (${brand.name})`);
  const brief = offlineBrief({ queryText: topic, brand, serpResults: await serpOf(topic) });
  console.log(`brief for "${topic}": ${brief.title}`);
  console.log(`  meta: ${brief.meta_description}`);
  for (const s of brief.header_sections) console.log(`  ## ${s.heading} (${s.word_count_target}) - ${s.talking_points[0] ?? ""}`);

  const keywords = recommendedKeywords(brief);
  const metrics = await provider.keywordMetrics({ keywords, country: "us", language: "en" });
  const serps = await provider.fetchSerps(keywords.map((keyword) => ({ keyword, country: "us", language: "en" })));
  const input = keywords.map((keyword, i) => {
    const outcome = present(serps[i], "a keyword's SERP");
    return {
      keyword,
      searchVolume: present(metrics[i], "a keyword's metrics").searchVolume,
      urls: outcome.ok ? outcome.data.results.map((r) => r.url) : [],
    };
  });
  const clusters = clusterKeywords(input, 0.4);
  const single = clusters.filter((c) => c.keywords.length === 1).length;
  console.log(`brand clustering: ${keywords.length} keywords, ${clusters.length} clusters, ${single} of one keyword; the largest:`);
  for (const c of [...clusters].sort((a, b) => b.keywords.length - a.keywords.length).slice(0, 4))
    console.log(`  ${c.keywords.join(" | ")}`);

  const section = present(brief.header_sections[1], "the brief's second section");
  const draft = present(draftOutline(brief.title, brief.header_sections, brand)[1], "the draft of the second section");
  console.log(`draft of "${section.heading}":\n${draft.replace(/^/gm, "  ")}`);
}
