// Fuzzing every operation of the served OpenAPI document (issue 11). The test reads
// /api/v1/schema/?format=json and walks every path and method in it, public ones too, so a new
// route is fuzzed the day it is registered. Per operation it sends RUNS_PER_OPERATION (100)
// requests that fast-check makes from the operation's own parameter and body schemas: 87
// operations today, so 8,700 requests (plus those that make the resources): 10 to 20 s alone
// on two cores, about 40 s beside another test file.
// The seed is fixed (FUZZ_SEED changes it; a failure names it: the run replays only whole, as the
// server's state moves on with every request). Requests are mostly well-formed, naming the
// user's own resources and team or random ids and a stranger's team, and often hostile: wrong
// types, missing fields, numbers out of range or not finite, overlong text, NUL and lone
// surrogates (in values and object keys), garbage ids, unknown fields and parameters, bodies
// 200,000 levels deep or 3 MB, free-form fields nested 5,000 levels deep. Every free-form field of
// every body is also abused once on purpose (deep, a NUL key, a lone-surrogate key): 400 naming it.
// Every answer must keep the wire's promises (docs/conventions.md §2): no 5xx; a status the document lists
// for the operation; errors as `{detail}` or `{field: [messages]}` (or a failure report the
// document gives); no stack trace, framework code or HTML in any body. The server must then
// still answer as before.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDocumented, openApiPath } from "../../src/platform/openapi/operation-doc";
import { allRoutes } from "../../src/app/modules";
import { createHarness, type Harness, type Schemas, type TestKey } from "../helpers/harness";
import {
  describeRequest,
  FREE_FORM_ABUSES,
  freeFormFields,
  operationsOf,
  requestArb,
  withFreeFormAbuse,
  type FreeFormAbuse,
  type FuzzRequest,
  type Operation,
  type ServedDocument,
} from "../helpers/openapi-requests";
import { validValue } from "../helpers/schema-arbitrary";
import type { SchemaObject } from "../helpers/schema-arbitrary";
import { pathParams, type ResourceKind } from "../../src/platform/http/resources";
import { FIXTURE_MAKERS, fullActor, type Owned } from "./bola-fixtures";
import { keyedRoutesOf } from "./security-cases";

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_711);
const RUNS_PER_OPERATION = 100;

/** What no answer may hold, unless the request itself sent it (a name may echo back). */
const LEAKS = ["    at ", ".ts:", "node_modules", "FST_ERR", "<html", "<!DOCTYPE"];

let h: Harness;
let owner: TestKey;
let operations: Operation[];
let team: string;
/** Ids of resources made for the run, by the path (as the document writes it) that reaches them. */
const made = new Map<string, string[]>();
/** Never the fuzzing key's own id: revoking it would end the run. */
const known: string[] = [];
/** Ids seen in answers during the run, the newest SEEN_IDS of them. */
const seen: string[] = [];
const SEEN_IDS = 40;
/** Markers that some request carried: answers may echo them from then on. */
const sentLeaks = new Set<string>();
const tally = new Map<number, number>();

beforeAll(async () => {
  // A roomy limit: throttling would hide the answers under test (limits: test/platform/http/wire.api.test.ts).
  h = await createHarness({ workers: false, env: { RATE_LIMITS: "Developer=1000000,Integration=1000000,Admin=1000000" } });
  // Staff with every scope, admin analytics included: only the requests themselves can be refused.
  const user = await fullActor(h);
  owner = user;
  // Enough credits that every accepted job is charged; the jobs stay queued (no workers).
  await h.grant(user.user, 10_000_000);
  team = (await h.createTeam(user.user)).id;
  // A resource of every kind the routes' path parameters name (route `resources`), made as the
  // BOLA matrix makes them, one of each kind, so that paths reach past the 404.
  const byKind = new Map<ResourceKind, Owned>();
  for (const route of keyedRoutesOf(allRoutes)) {
    const kinds = pathParams(route.path).map((param) => route.resources?.[param]);
    const kind = kinds.at(-1);
    if (kind === undefined) continue;
    if (!byKind.has(kind)) byKind.set(kind, await FIXTURE_MAKERS[kind]({ h, owner: user }));
    const ids = Object.values(byKind.get(kind)!.ids);
    const path = openApiPath(route.path);
    made.set(path, [...new Set([...(made.get(path) ?? []), ...ids])]);
    known.push(...ids.filter((id) => !known.includes(id)));
  }
  const schema = await h.request("GET", "/api/v1/schema/?format=json");
  expect(schema.statusCode).toBe(200);
  operations = operationsOf(schema.json<ServedDocument>());
});
afterAll(async () => h.close());

/** Keeps ids from a success answer (the object's own, or its list's), for later paths and headers. */
function harvest(body: unknown): void {
  const objects = Array.isArray(body) ? body : [body, ...((body as { results?: unknown[] } | null)?.results ?? [])];
  for (const item of objects) {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id === "string" && id !== owner.id && !known.includes(id) && !seen.includes(id)) seen.push(id);
  }
  if (seen.length > SEEN_IDS) seen.splice(0, seen.length - SEEN_IDS);
}

const isStringList = (value: unknown) => Array.isArray(value) && value.every((m) => typeof m === "string");

/** `{detail: "..."}`, or field errors whose leaves are lists of messages (nested ones too). */
function isErrorShape(body: unknown): boolean {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  if (entries.length === 1 && entries[0]![0] === "detail") return typeof entries[0]![1] === "string";
  const isFieldErrors = (value: unknown): boolean =>
    isStringList(value) ||
    (Array.isArray(value) && value.every(isFieldErrors)) ||
    (typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      Object.keys(value).length > 0 &&
      Object.values(value).every(isFieldErrors));
  return entries.length > 0 && entries.every(([, value]) => isFieldErrors(value));
}

/** Whether `body` has exactly the fields `schema` documents, the required ones present, each of its type. */
function conforms(schema: SchemaObject, body: unknown): boolean {
  if (schema.enum) return schema.enum.includes(body);
  switch (schema.type) {
    case "object": {
      if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
      const properties = schema.properties ?? {};
      return (
        (schema.required ?? []).every((key) => key in body) &&
        Object.entries(body).every(([key, value]) =>
          properties[key] ? conforms(properties[key], value) : schema.additionalProperties !== false,
        )
      );
    }
    case "string":
      return typeof body === "string";
    case "integer":
      return Number.isInteger(body);
    case "boolean":
      return typeof body === "boolean";
    default:
      return true;
  }
}

/** Everything wrong with one answer. */
function problemsOf(op: Operation, _request: FuzzRequest, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const { statusCode: status, payload } = res;
  if (status >= 500) problems.push(`answered ${status}`);
  if (!op.statuses.has(status)) problems.push(`answered ${status}, which the document does not list (${[...op.statuses].join(", ")})`);
  const isJson = String(res.headers["content-type"] ?? "").startsWith("application/json");
  if (status >= 400) {
    let body: unknown;
    try {
      body = isJson ? JSON.parse(payload) : undefined;
    } catch {
      // not JSON: reported below
    }
    const documentedReport = (op.failureReports.get(status) ?? []).some((schema) => conforms(schema, body));
    if (!isErrorShape(body) && !documentedReport) problems.push(`error body not in the wire's shape: ${payload.slice(0, 300)}`);
  }
  // Documentation pages are HTML and text by design; every other answer is checked.
  if (!(op.raw && status < 300)) {
    for (const leak of LEAKS)
      if (payload.includes(leak) && !sentLeaks.has(leak)) problems.push(`body holds "${leak}": ${payload.slice(0, 300)}`);
  }
  if (status < 300 && isJson && payload.length > 0) harvest(JSON.parse(payload));
  return problems;
}

function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
  const sent = `${decoded(request.url)}${request.payload ?? ""}`;
  for (const leak of LEAKS) if (sent.includes(leak)) sentLeaks.add(leak);
  return h.canopy.app.inject({ method: request.method as "GET", url: request.url, headers: request.headers, payload: request.payload });
}

describe("fuzzing every operation of the OpenAPI document", () => {
  it("walks every documented route", () => {
    expect(operations.map((op) => `${op.method} ${op.path}`).sort()).toEqual(
      allRoutes
        .filter(isDocumented)
        .map((def) => `${def.method} ${openApiPath(def.path)}`)
        .sort(),
    );
  });

  it("has checks that catch the answers they are for", () => {
    const op = operations.find((o) => o.method === "GET" && o.path === "/api/v1/brands/{id}/")!;
    const request: FuzzRequest = { method: "GET", url: "/api/v1/brands/x/", headers: {} };
    const answer = (statusCode: number, body: unknown, type = "application/json; charset=utf-8") =>
      ({
        statusCode,
        payload: typeof body === "string" ? body : JSON.stringify(body),
        headers: { "content-type": type },
      }) as unknown as LightMyRequestResponse;
    expect(problemsOf(op, request, answer(404, { detail: "Not found." }))).toEqual([]);
    expect(problemsOf(op, request, answer(400, { id: ["Null characters are not allowed."], "a.0": { b: [["x"]] } }))).toEqual([]);
    const bad = [
      answer(500, { detail: "A server error occurred." }),
      answer(409, { detail: "Conflict." }),
      answer(400, { statusCode: 400, code: "FST_ERR_VALIDATION", error: "Bad Request", message: "body must be object" }),
      answer(400, {}),
      answer(404, { detail: "Not found.", extra: 1 }),
      answer(404, "<html><body>Not found</body></html>", "text/html"),
      answer(404, { detail: "Error: boom\n    at handler (/app/src/routes.ts:10:5)" }),
    ];
    for (const res of bad) expect(problemsOf(op, request, res), res.payload).not.toEqual([]);
  });

  it(`answers every request as documented (seed ${SEED})`, { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    for (const [index, op] of operations.entries()) {
      const ids = { team, fitting: (path: string) => made.get(path) ?? [], any: () => [team, ...known, ...seen] };
      const property = fc.asyncProperty(requestArb(op, owner.key, ids), async (request) => {
        const res = await send(request);
        tally.set(res.statusCode, (tally.get(res.statusCode) ?? 0) + 1);
        const problems = problemsOf(op, request, res);
        if (problems.length > 0) throw new Error(`${problems.join("; ")}\n  request: ${describeRequest(request)}`);
      });
      // No shrinking: a shrunk request would meet another server state than the failing one did.
      const details = await fc.check(property, { seed: SEED + index, numRuns: RUNS_PER_OPERATION, endOnFailure: true });
      if (details.failed)
        failures.push(
          `${op.method} ${op.path} (seed ${SEED + index}): ${details.errorInstance instanceof Error ? details.errorInstance.message : ""}`,
        );
    }
    const total = [...tally.values()].reduce((a, b) => a + b, 0);
    console.log(`fuzz-openapi: seed ${SEED}, ${total} requests, statuses ${JSON.stringify(Object.fromEntries(tally))}`);
    expect(failures, `FUZZ_SEED=${SEED}`).toEqual([]);
    expect(total).toBe(operations.length * RUNS_PER_OPERATION);
    // A run that lost its key (a 401 answers as documented) or its way to the resources tests little.
    expect([tally.get(401), tally.get(429)]).toEqual([undefined, undefined]);
    const successes = [...tally].filter(([status]) => status < 300).reduce((sum, [, count]) => sum + count, 0);
    expect(successes).toBeGreaterThan(total / 4);
  });

  it("refuses every free-form field nested 5,000 levels deep or with a bad key: 400 naming the field, never a 5xx", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const op of operations) {
      if (!op.body) continue;
      // Any well-formed id: the body is validated before the handler looks anything up.
      const path = op.parameters.filter((p) => p.in === "path").reduce((url, p) => url.replace(`{${p.name}}`, randomUUID()), op.path);
      const [body] = fc.sample(validValue(op.body), { seed: SEED, numRuns: 1 }) as Record<string, unknown>[];
      for (const field of freeFormFields(op.body)) {
        for (const abuse of Object.keys(FREE_FORM_ABUSES) as FreeFormAbuse[]) {
          checked++;
          const request: FuzzRequest = {
            method: op.method,
            url: path,
            headers: { "x-api-key": owner.key, "content-type": "application/json" },
            payload: withFreeFormAbuse(op.body, body ?? {}, field, abuse),
          };
          const res = await send(request);
          const named =
            res.statusCode === 400 &&
            Object.keys(res.json<Schemas["Error"] | Schemas["FieldErrors"]>()).some((key) => key === field || key.startsWith(`${field}.`));
          const problems = [...problemsOf(op, request, res), ...(named ? [] : [`answered ${res.statusCode} ${res.payload.slice(0, 200)}`])];
          if (problems.length > 0) failures.push(`${op.method} ${op.path} ${field} ${abuse}: ${problems.join("; ")}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // content_info_context, curated_brief_json, research trees, diffs and bulk operations at least.
    expect(checked).toBeGreaterThanOrEqual(6 * Object.keys(FREE_FORM_ABUSES).length);
  });

  it("still answers afterwards", async () => {
    expect((await h.request("GET", "/healthz")).statusCode).toBe(200);
    const profile = await h.request("GET", "/api/v1/me/profile/", { key: owner.key });
    expect(profile.statusCode, profile.payload).toBe(200);
    expect(profile.json<Schemas["Profile"]>().email).toBe(owner.email);
  });
});
