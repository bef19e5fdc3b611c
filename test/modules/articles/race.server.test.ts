// Two regenerations of one article at once (two API processes, or a retried request whose answer
// was lost): one is accepted, the other answers 409, and the article is charged once. Server
// databases only: the embedded one runs one statement at a time, so no request waits for a lock.
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PG_URL } from "../../helpers/database";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { RowRace } from "../../helpers/row-race";
import { completeBrief } from "./helpers";
import { credits, newBrand } from "../briefs/helpers";
import type { Owner } from "../clustering/helpers";
import type { SomeFieldsOf } from "../../helpers/matchers";

if (!TEST_PG_URL) throw new Error("This file needs a PostgreSQL server: set CANOPY_TEST_PG (npm test runs it only then).");

describe("two regenerations of one article at once", () => {
  // Unset when beforeAll fails part-way, which afterAll allows for.
  let h: Harness | undefined;
  let owner: Owner;
  let race: RowRace | undefined;

  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await fundedOwner(h, 100);
    race = new RowRace(h.testDb.url!);
    await race.connect();
  });
  afterAll(async () => {
    await race?.end();
    await h?.close();
  });

  it("accepts one; the other answers 409, and one drafting is charged", async () => {
    const briefId = await completeBrief(h!, owner, await newBrand(h!, owner), "pour over coffee");
    const made = await h!.request("POST", "/api/v1/content/articles/create-from-brief/", { key: owner.key, body: { brief_id: briefId } });
    const id = made.json<Schemas["Article"]>().id;
    const before = await credits(h!, owner);
    const answers = await race!.twice("articles", id, () =>
      h!.request("POST", `/api/v1/content/articles/${id}/generate/`, { key: owner.key, body: { ai_model_id: "offline" } }),
    );
    expect(answers).toEqual<SomeFieldsOf<(typeof answers)[number]>[]>([
      { status: 202 },
      { status: 409, detail: expect.stringContaining("in progress") },
    ]);
    expect(await credits(h!, owner)).toBe(before - 10);
    expect(
      (await h!.request("GET", `/api/v1/content/articles/${id}/versions/`, { key: owner.key })).json<Schemas["ArticleVersionList"]>(),
    ).toHaveLength(2);
  });
});
