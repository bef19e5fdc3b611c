#!/usr/bin/env node
// Entry point of the `canopy` command: runs the compiled service in dist/ (built by
// `npm run build`, which `npm ci` runs through the prepare script). An unsupported Node is refused
// first, by a check that loads nothing else, before the service's code can fail on it obscurely.
import module from "node:module";
import { refuseUnsupportedNode } from "../scripts/node-version.cjs";

refuseUnsupportedNode();
// V8's compiled code for dist/ is kept between runs (in the system's temporary directory, or
// NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off): a start skips most compiling.
module.enableCompileCache?.();
let main;
try {
  ({ main } = await import("../dist/main.js"));
} catch (err) {
  if (err?.code !== "ERR_MODULE_NOT_FOUND" || !String(err.message).includes("dist/main.js")) throw err;
  process.stderr.write("canopy: the compiled service is missing; run `npm run build` (npm ci does it)\n");
  process.exit(1);
}
try {
  await main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`canopy: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
