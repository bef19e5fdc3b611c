// Research trees for topics of every shape a user types, against the tree's house rules
// (test/providers/generation/tree-rules.ts): 30 subjects, each narrowed 24 ways (to an audience,
// a setting, a level, a year, a page format, a place; before the subject or after it), for a
// brand that says nothing but its name, the case with the least to go on; then 20,000 random
// strings from a fixed seed. Prints how many trees break a rule and how many narrowed topics do
// not head their own tree, with examples, and the time per tree.
//
//   node --import tsx bench/offline-topic-shapes.ts [--examples=10]
import fc from "fast-check";
import { parseArgs } from "node:util";
import { offlineResearchTree } from "../src/providers/generation/offline/research-tree";
import { treeRuleProblems } from "../test/providers/generation/tree-rules";

const SUBJECTS = [
  "photography",
  "strength training",
  "yoga",
  "personal finance",
  "sourdough bread",
  "dog training",
  "espresso",
  "kubernetes monitoring",
  "guitar",
  "spanish",
  "gardening",
  "knitting",
  "running",
  "meal prep",
  "seo",
  "email marketing",
  "plumber",
  "roof repair",
  "wedding photography",
  "tax returns",
  "retirement planning",
  "chess",
  "watercolor",
  "camping",
  "baby food",
  "skincare",
  "bathroom remodel",
  "crossfit",
  "woodworking",
  "investing",
];
const NARROWINGS = [
  "{s}",
  "{s} for beginners",
  "{s} for women",
  "{s} for men",
  "{s} for kids",
  "{s} for seniors",
  "{s} for small business",
  "{s} at home",
  "{s} step by step",
  "{s} on a budget",
  "{s} in london",
  "{s} near me",
  "{s} tips",
  "{s} ideas",
  "{s} in 2026",
  "{s} for dummies",
  "{s} 101",
  "easy {s}",
  "best {s}",
  "how to {s}",
  "what is {s}",
  "for beginners {s}",
  "at home {s}",
  "step by step {s}",
];

const { values } = parseArgs({ options: { examples: { type: "string", default: "10" } } });
const brand = { name: "Acme" };

/** `headed`: whether each topic, typed as it is stored, should head its tree as the first pillar. */
function measure(label: string, topics: readonly string[], headed: boolean): void {
  const broken: string[] = [];
  const headless: string[] = [];
  const times: number[] = [];
  for (const coreTopic of topics) {
    const started = performance.now();
    const tree = offlineResearchTree({ coreTopic, brand });
    times.push(performance.now() - started);
    const problems = treeRuleProblems(tree);
    if (problems.length > 0) broken.push(`${JSON.stringify(coreTopic)}: ${problems.slice(0, 2).join("; ")}`);
    if (headed && tree[0]?.name !== coreTopic) headless.push(`${JSON.stringify(coreTopic)}: first pillar ${JSON.stringify(tree[0]?.name)}`);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const share = ((broken.length / topics.length) * 100).toFixed(2);
  console.log(
    `${label}: ${topics.length} topics, ${broken.length} trees break a house rule (${share}%), median ${median.toFixed(1)} ms a tree`,
  );
  for (const line of broken.slice(0, Number(values.examples))) console.log(`  ${line}`);
  if (!headed) return;
  console.log(`${label}: ${headless.length} trees not headed by their topic`);
  for (const line of headless.slice(0, Number(values.examples))) console.log(`  ${line}`);
}

measure(
  "narrowed subjects",
  SUBJECTS.flatMap((s) => NARROWINGS.map((n) => n.replace("{s}", s))),
  true,
);
measure("random strings (seed 42)", fc.sample(fc.string({ maxLength: 80 }), { seed: 42, numRuns: 20_000 }), false);
