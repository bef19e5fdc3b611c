// `npm run lint:openapi`: writes the OpenAPI document (built from the route registry) to
// .tmp/openapi/openapi.yaml and lints it with Redocly's recommended rules (redocly.yaml). Redocly
// fails only on errors; here a warning fails too: the document is published with none.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { writeOpenApiDocument } from "./openapi";

const FILE = ".tmp/openapi/openapi.yaml";

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: Array<{ pointer?: string; start?: { line: number } }>;
}

await writeOpenApiDocument(FILE);
const cli = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");
const run = spawnSync(process.execPath, [cli, "lint", FILE, "--config", "redocly.yaml", "--format=json", "--max-problems=1000"], {
  encoding: "utf8",
  env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
});
/** Redocly's JSON report, the parts read here. */
interface Report {
  totals: { errors: number; warnings: number };
  problems: Problem[];
  version?: string;
}
let report: Report;
try {
  report = JSON.parse(run.stdout) as Report;
} catch {
  console.error(run.stdout, run.stderr);
  console.error("lint:openapi: Redocly did not answer a report");
  process.exit(1);
}
for (const p of report.problems) {
  const where = p.location[0];
  console.log(`${FILE}:${where?.start?.line ?? "?"} ${p.severity} ${p.ruleId}: ${p.message} (${where?.pointer ?? ""})`);
}
const { errors, warnings } = report.totals;
console.log(`lint:openapi: ${errors} errors, ${warnings} warnings (Redocly ${report.version ?? ""})`);
process.exit(errors + warnings === 0 ? 0 : 1);
