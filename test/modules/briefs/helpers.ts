// Shared by the brief tests: owners with credits, brands, starting briefs and running their jobs.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { briefs } from "../../../src/modules/briefs/table";
import type { Platform } from "../../../src/platform/context";
import type { BriefOutput } from "../../../src/providers/generation/types";
import type { Harness, Schemas } from "../../helpers/harness";
import { runJob } from "../../helpers/jobs";
import type { Owner } from "../clustering/helpers";

export const SERP = [
  {
    url: "https://www.brewhub.example/how-to-brew",
    title: "How to Brew Coffee: French Press and More",
    snippet: "Grind size and water temperature matter most.",
  },
  {
    url: "https://beanschool.example/guide",
    title: "Coffee Brewing Guide for Beginners",
    snippet: "Our guide covers grind size, brew ratio and water temperature.",
  },
  {
    url: "https://cupreview.example/methods",
    title: "The 7 Best Coffee Brewing Methods Compared",
    snippet: "We compare brewing methods by flavor, cost and time.",
  },
];

export async function newBrand(h: Harness, owner: Owner, name = "Bean Co"): Promise<string> {
  const res = await h.request("POST", "/api/v1/brands/", { key: owner.key, body: { brand_name: name, target_audience: "home baristas" } });
  expect(res.statusCode, res.payload).toBe(201);
  return res.json<Schemas["Brand"]>().id;
}

/** Starts a standalone brief; answers the 202's body. */
export async function generate(h: Harness, owner: Owner, body: Record<string, unknown>, headers?: Record<string, string>) {
  const res = await h.request("POST", "/api/v1/briefs/generate/", { key: owner.key, body: { selected_serp_data: SERP, ...body }, headers });
  expect(res.statusCode, res.payload).toBe(202);
  return res.json<Schemas["BriefGenerationStarted"]>();
}

/**
 * A brief's result_json as the brief task writes it (src/modules/briefs/brief-task.ts): the outline
 * without its title and meta description, and the optional parts. The API document types
 * result_json as a free-form object and names these members in its description only.
 */
export type BriefResult = Omit<BriefOutput, "title" | "meta_description">;

/** The brief's result_json, which it must have by now. */
export function resultOf(brief: Schemas["Brief"]): BriefResult {
  if (brief.result_json === null) throw new Error(`brief ${brief.id} has no result_json yet`);
  return brief.result_json as BriefResult;
}

export async function taskOf(h: Harness, briefId: string): Promise<string> {
  const [brief] = await h.testDb.database.db.select({ taskId: briefs.taskId }).from(briefs).where(eq(briefs.id, briefId));
  return brief!.taskId!;
}

/** Runs the brief's current task's job in this process, on delivery `retryCount`. */
export async function runBrief(h: Harness, briefId: string, options: { retryCount?: number; platform?: Platform } = {}): Promise<void> {
  await runJob(h, "brief-generate", await taskOf(h, briefId), options);
}

export async function statusOf(h: Harness, owner: Owner, briefId: string): Promise<string> {
  const res = await h.request("GET", `/api/v1/briefs/${briefId}/status/`, { key: owner.key });
  expect(res.statusCode, res.payload).toBe(200);
  return res.json<Schemas["BriefStatus"]>().status;
}

export async function credits(h: Harness, owner: Owner): Promise<number> {
  return (await h.request("GET", "/api/v1/me/credits/", { key: owner.key })).json<Schemas["CreditBalance"]>().total_credits;
}

export { MODEL_ANSWERS } from "../../providers/llm/model-answers";

/** The schema name an OpenAI structured-output request asks for. */
export function schemaOf(body: Record<string, unknown>): string {
  const format = body.response_format as { json_schema?: { name?: string } } | undefined;
  return format?.json_schema?.name ?? "";
}
