// The offline world measured against two labelled sets.
// 1. The offline web against a labelled keyword set (bench/lib/labelled-keywords.ts): the set is
//    clustered at overlap 0.4 (docs/conventions.md §7) and scored pair by pair against its entity-and-intent
//    labels. test/providers/serp/offline-labelled.test.ts holds the floor.
// 2. A labelled set of brands (test/fixtures/offline-brands.ts) run through the offline world as
//    a new user meets it (bench/lib/offline-world.ts) and scored by the quality metrics
//    (bench/lib/offline-quality): unsafe terms introduced, the core topic as a map keyword,
//    shop-shelf advice in service and software drafts, and the time per brand.
//
//   node --import tsx bench/offline-labelled.ts [--overlap=0.4] [--clusters] [--examples=5] [--brand="bass fishing"]
import { parseArgs } from "node:util";
import { OFFLINE_BRANDS, SUBJECT_CLASSES } from "../test/fixtures/offline-brands";
import { scoreOfflineWeb } from "./lib/labelled-eval";
import { measureBrand } from "./lib/offline-quality/measure";
import { qualityExamples, qualityTable, type MeasuredRow } from "./lib/offline-quality/report";
import { runOfflineWorld } from "./lib/offline-world";

const { values } = parseArgs({
  options: {
    overlap: { type: "string", default: "0.4" },
    clusters: { type: "boolean", default: false },
    examples: { type: "string", default: "5" },
    brand: { type: "string", multiple: true, default: [] },
  },
});
const score = await scoreOfflineWeb(Number(values.overlap));
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(`labelled set: ${score.keywords} keywords, ${score.labels} entity-intent labels, overlap ${values.overlap}`);
console.log(`clusters: ${score.clusters}, single-keyword: ${score.singletons} (${pct(score.singletonShare)})`);
console.log(`pairwise precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)}, F1 ${score.f1.toFixed(3)}`);
if (values.clusters) for (const group of score.groups) console.log(`  ${group.join(" | ")}`);

const brands = OFFLINE_BRANDS.filter((b) => values.brand.length === 0 || values.brand.includes(b.coreTopic));
const rows: MeasuredRow[] = [];
// One brand at a time, as the timings are per brand.
for (const brand of brands) {
  rows.push({
    brand: brand.name,
    coreTopic: brand.coreTopic,
    subjectClass: brand.subjectClass,
    quality: measureBrand(brand, await runOfflineWorld(brand)),
  });
}
console.log(`\nlabelled brands: ${rows.length}, each through two briefs, the brand clustering of their keywords and their drafts`);
console.log(qualityTable(rows, SUBJECT_CLASSES));
for (const line of qualityExamples(rows, Number(values.examples))) console.log(line);
