// Writes the OpenAPI document, built from the route registry as the server serves it, to a file:
//   node --import tsx scripts/openapi.ts <file.yaml|file.json>
// (`npm run openapi -- <file>`). The lint and the client generator use it.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { buildOpenApiDocument } from "../src/platform/openapi/document";
import { allRoutes } from "../src/app/modules";

/** Builds the document and writes it to `file`: JSON for a `.json` name, YAML otherwise. */
export async function writeOpenApiDocument(file: string): Promise<void> {
  const document = await buildOpenApiDocument(allRoutes);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, file.endsWith(".json") ? `${JSON.stringify(JSON.parse(document.json), null, 2)}\n` : document.yaml);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: node --import tsx scripts/openapi.ts <file.yaml|file.json>");
    process.exit(2);
  }
  await writeOpenApiDocument(file);
  console.log(`openapi: wrote ${file}`);
}
