// Writes to a research tree answer 409 while a generation task of the brand runs (docs/conventions.md §2),
// also when that task is the brand's first and no research record exists yet: "try again when it
// has finished", not "there is nothing here".
import { NO_LIMITS } from "../../helpers/owners";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTask } from "../../../src/platform/tasks/tasks";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { match } from "../../helpers/matchers";
import { createBrand, NODE_WRITES, type Owner, research } from "./helpers";

/** Every write of the research module, each valid on the sample tree. */
const WRITES: [string, string, unknown][] = [
  ...NODE_WRITES,
  ["POST", "analyze/dedup/", { threshold: 0.5 }],
  ["PUT", "", { research_data: [{ main_topic: "replaced" }] }],
];

describe("research writes during a brand's first generation", () => {
  let h: Harness;
  let owner: Owner;
  beforeAll(async () => {
    // No workers: the generation job stays queued, so its task stays open.
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await h.userWithKey();
    await h.grant(owner.user, 100);
  });
  afterAll(async () => h.close());

  const write = (brandId: string, [method, rest, body]: [string, string, unknown]) =>
    h.request(method, research(brandId, rest), { key: owner.key, body });

  it("answers 404 to the writes that need a tree while the brand has none and nothing runs", async () => {
    const brandId = await createBrand(h, owner, "Bare");
    for (const entry of WRITES.filter(([method]) => method !== "PUT")) {
      const res = await write(brandId, entry);
      expect(res.statusCode, `${entry[0]} ${entry[1]}: ${res.payload}`).toBe(404);
    }
  });

  it("answers 409 to every write while the first generation runs, and creates no tree", async () => {
    const brandId = await createBrand(h, owner, "First Generation");
    const started = await h.request("POST", research(brandId, "generate/"), { key: owner.key, body: {} });
    expect(started.statusCode, started.payload).toBe(202);

    for (const entry of WRITES) {
      const res = await write(brandId, entry);
      expect(res.statusCode, `${entry[0]} ${entry[1]}: ${res.payload}`).toBe(409);
      expect(res.json<Schemas["Error"]>()).toEqual({ detail: match.stringMatching(/generation task/i) });
    }
    expect((await h.request("GET", research(brandId), { key: owner.key })).statusCode).toBe(404);
  });

  it("answers 404 again once a first generation whose job is gone is reconciled", async () => {
    const brandId = await createBrand(h, owner, "Dead Job");
    const started = await h.request("POST", research(brandId, "generate/"), { key: owner.key, body: {} });
    const task = await getTask(h.testDb.database.db, started.json<Schemas["ResearchGenerationStarted"]>().task_id);
    await h.testDb.database.db.execute(sql`delete from pgboss.job where id = ${task!.jobId}`);
    for (const entry of WRITES.filter(([method]) => method !== "PUT")) {
      const res = await write(brandId, entry);
      expect(res.statusCode, `${entry[0]} ${entry[1]}: ${res.payload}`).toBe(404);
    }
  });

  it("still answers 404 for a brand that does not exist", async () => {
    const res = await write("00000000-0000-4000-8000-000000000000", NODE_WRITES[0]!);
    expect(res.statusCode).toBe(404);
  });
});
