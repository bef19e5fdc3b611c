// The offline web measured against a labelled keyword set (bench/lib/labelled-keywords.ts):
// the set is clustered at overlap 0.4 (DECISIONS 7) and scored pair by pair against its
// entity-and-intent labels. test/providers/serp/offline-labelled.test.ts holds the floor.
//
//   node --import tsx bench/offline-labelled.ts [--overlap=0.4] [--clusters]
import { parseArgs } from "node:util";
import { scoreOfflineWeb } from "./lib/labelled-eval";

const { values } = parseArgs({ options: { overlap: { type: "string", default: "0.4" }, clusters: { type: "boolean", default: false } } });
const score = await scoreOfflineWeb(Number(values.overlap));
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(`labelled set: ${score.keywords} keywords, ${score.labels} entity-intent labels, overlap ${values.overlap}`);
console.log(`clusters: ${score.clusters}, single-keyword: ${score.singletons} (${pct(score.singletonShare)})`);
console.log(`pairwise precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)}, F1 ${score.f1.toFixed(3)}`);
if (values.clusters) for (const group of score.groups) console.log(`  ${group.join(" | ")}`);
