// A slow model, as a local model on a CPU is: what a brief's outline and a research tree (asked
// for in parts: its plan, then one call per pillar) take
// when the model writes a few tokens a second, with canopy's calls streamed (the timeout measures
// silence) against the same answers sent whole after the same time (what a timeout on the whole
// answer meets). The model is a local fake OpenAI-compatible server that spaces its answer's
// pieces (about a token each) evenly; the calls go through the same provider and generator as the
// service's. Printed, never asserted.
//
//   npm run bench:slow-stream [-- --tokens-per-second=8 --timeout-ms=10000]
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../src/platform/config";
import { present } from "../src/platform/present";
import { LlmError } from "../src/providers/llm/types";
import { ModelRegistry } from "../src/providers/models/registry";
import { startFakeLlmServer } from "../test/providers/llm/fake-llm-server";
import { MODEL_ANSWERS } from "../test/providers/llm/model-answers";
import { textTable } from "./lib/text-table";

const { values } = parseArgs({
  options: {
    "tokens-per-second": { type: "string", default: "8" },
    "timeout-ms": { type: "string", default: "10000" },
  },
});
const RATE = Number(values["tokens-per-second"]);
const TIMEOUT_MS = Number(values["timeout-ms"]);
if (!(RATE > 0)) throw new Error(`--tokens-per-second must be positive, got "${values["tokens-per-second"]}"`);
if (!Number.isInteger(TIMEOUT_MS) || TIMEOUT_MS < 1000) throw new Error(`--timeout-ms must be a whole number of at least 1000`);

const PILLARS = ["Brewing", "Beans", "Grinders", "Espresso"];
const PLAN = {
  pillars: PILLARS.map((name) => ({
    name,
    keywords: [`${name.toLowerCase()} guide`],
    hubs: [1, 2, 3].map((i) => ({ name: `${name} hub ${i}`, keywords: [`${name.toLowerCase()} ${i}`] })),
  })),
};
/** One pillar's part: each of its hubs with two branches of two resources. */
const branchesOf = (pillar: string) => ({
  hubs: [1, 2, 3].map((i) => ({
    name: `${pillar} hub ${i}`,
    branches: [1, 2].map((b) => ({
      name: `${pillar} ${i} branch ${b}`,
      keywords: [`${pillar.toLowerCase()} ${i} ${b}`],
      resources: [1, 2].map((r) => ({ name: `${pillar} ${i} ${b} page ${r}`, keywords: [] })),
    })),
  })),
});
/** The tree's answers in the order they are asked for. */
const TREE_PARTS = [PLAN, ...PILLARS.map(branchesOf)];
const BRAND = { name: "Bean There" };

/** About four characters a token, as English text and JSON run. */
const tokensOf = (answer: unknown) => Math.ceil(JSON.stringify(answer).length / 4);

async function main() {
  const server = await startFakeLlmServer();
  const config = loadConfig({
    LOG_LEVEL: "silent",
    OPENAI_BASE_URL: server.baseUrl,
    OPENAI_MODELS: "local-cpu-model",
    LLM_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  const generator = new ModelRegistry(config, { retry: { attempts: 1 } }).generator("openai:local-cpu-model");
  const rows: string[][] = [];
  const arrangeTree = present(generator.researchTree, "a model's research tree");
  const cases: [string, unknown[], () => Promise<unknown>][] = [
    [
      "brief outline",
      [MODEL_ANSWERS.brief_outline],
      () => generator.briefOutline({ queryText: "how to dial in espresso", brand: BRAND, serpResults: [] }),
    ],
    [
      `research tree (${TREE_PARTS.length} parts)`,
      TREE_PARTS,
      () => arrangeTree({ coreTopic: "home espresso", brand: BRAND, keywords: [], questions: [], relatedSearches: [] }),
    ],
  ];
  try {
    for (const [what, answers, call] of cases) {
      const tokens = answers.reduce<number>((sum, answer) => sum + tokensOf(answer), 0);
      const pieceDelayMs = Math.round(1000 / RATE);
      for (const streamed of [true, false]) {
        server.script(
          ...answers.map((answer) =>
            streamed
              ? { slowStream: { json: answer }, pieces: tokensOf(answer), pieceDelayMs }
              : // biome-ignore lint/suspicious/noThenProperty: the fake server's step names what follows its delay
                { delayMs: tokensOf(answer) * pieceDelayMs, then: { json: answer } },
          ),
        );
        process.stderr.write(`${what}, ${streamed ? "streamed" : "sent whole"}: ${tokens} tokens at ${RATE}/s\n`);
        const started = performance.now();
        let outcome = "completed";
        try {
          await call();
        } catch (err) {
          outcome = err instanceof LlmError ? `failed: ${err.kind}` : `failed: ${String(err)}`;
        }
        rows.push([what, streamed ? "streamed" : "sent whole", String(tokens), ((performance.now() - started) / 1000).toFixed(1), outcome]);
      }
    }
  } finally {
    await server.close();
  }
  console.log(textTable(["answer", "as", "tokens", "seconds", "outcome"], rows));
  console.log(
    `A model writing ${RATE} tokens a second; LLM_TIMEOUT_MS=${TIMEOUT_MS} (silence, for a streamed answer); one attempt a call.`,
  );
}

await main();
