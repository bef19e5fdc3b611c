#!/usr/bin/env node
// Entry point of the `canopy` command. The service runs from its TypeScript sources through
// tsx's loader, so there is no build step between `npm ci` and `npm start`.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/main.ts");
try {
  await main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`canopy: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
