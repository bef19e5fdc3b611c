// Tests that spawn `canopy` run the compiled dist/: build it from the sources under test first,
// so a run never exercises a stale build.
// @ts-expect-error: a plain ES module script without type declarations
import { buildDist } from "../../scripts/build.mjs";

export default async function setup(): Promise<void> {
  await (buildDist as () => Promise<void>)();
}
