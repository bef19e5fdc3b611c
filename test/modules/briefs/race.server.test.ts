// Two requests that move one brief at once (two API processes, or a client retrying a request
// whose answer it lost): the brief's row lock makes them take turns, and the second must see
// what the first did. Found by `npm run test:faults`: two resumes of one brief in review were
// both accepted, so the brief got two resume tasks, the second naming the first's (uncharged)
// task as the charge its failure refunds. The status is read from the brief joined with its
// task; with the row lock taken in that same statement, PostgreSQL re-read the locked brief
// after the wait but not its new task, and the second request still saw the status from
// before. A draft generated twice at once was charged twice the same way. Server databases
// only: the embedded one runs one statement at a time, so no request ever waits for a lock.
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { briefs } from "../../../src/modules/briefs/table";
import { tasks } from "../../../src/platform/db/schema";
import { TEST_PG_URL } from "../../helpers/database";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { match } from "../../helpers/matchers";
import { RowRace } from "../../helpers/row-race";
import { credits, generate, newBrand, runBrief, SERP } from "./helpers";
import type { Owner } from "../clustering/helpers";

if (!TEST_PG_URL) throw new Error("This file needs a PostgreSQL server: set CANOPY_TEST_PG (npm test runs it only then).");

describe("two requests moving one brief at once", () => {
  let h: Harness | undefined;
  let owner: Owner;
  let brandId: string;
  let race: RowRace | undefined;

  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await fundedOwner(h, 100);
    brandId = await newBrand(h, owner);
    race = new RowRace(h.testDb.url!);
    await race.connect();
  });
  afterAll(async () => {
    await race?.end();
    await h?.close();
  });

  it("accepts one of two resumes; the other answers 409 naming where the first took the brief", async () => {
    const started = await generate(h!, owner, { query_text: "cold brew at home", brand_id: brandId, interactive: true });
    await runBrief(h!, started.id);
    const answers = await race!.twice("briefs", started.id, () =>
      h!.request("POST", `/api/v1/briefs/${started.id}/resume/`, { key: owner.key, body: {} }),
    );
    expect(answers).toEqual([{ status: 202 }, { status: 409, detail: match.stringContaining("RESUMING_PROCESSING") }]);
    const { db } = h!.testDb.database;
    const resumes = await db
      .select()
      .from(tasks)
      .where(and(eq(tasks.subjectId, started.id), isNotNull(tasks.chargeReferenceId)));
    expect(resumes).toHaveLength(1);
    const [brief] = await db.select({ taskId: briefs.taskId }).from(briefs).where(eq(briefs.id, started.id));
    expect(brief!.taskId).toBe(resumes[0]!.id);
  });

  it("charges a draft generated twice at once once", async () => {
    const draft = await h!.request("POST", "/api/v1/briefs/", {
      key: owner.key,
      body: { query_text: "espresso grind", brand_id: brandId, selected_serp_data: SERP },
    });
    expect(draft.statusCode, draft.payload).toBe(201);
    const id = draft.json<Schemas["Brief"]>().id;
    const before = await credits(h!, owner);
    const answers = await race!.twice("briefs", id, () => h!.request("POST", `/api/v1/briefs/${id}/generate/`, { key: owner.key }));
    expect(answers).toEqual([{ status: 202 }, { status: 409, detail: match.stringContaining("PENDING") }]);
    expect(await credits(h!, owner)).toBe(before - 5);
  });
});
