// `Idempotency-Key` on generate/start endpoints (docs/conventions.md §4): the same key with the same
// body within 24 hours answers the first response again and charges nothing more.
//
// The key is claimed by inserting its row at the start of the transaction that does the work:
// an identical request racing this one blocks on the row's primary key until this one commits,
// then finds the stored response. Different bodies under one key answer 409.
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import { withTransaction } from "../db/transaction";
import { BadRequest, Conflict } from "../errors";
import type { RouteDef } from "./route";
import { present } from "../present";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredResponse {
  statusCode: number;
  body: unknown;
}

/** Text written as it is between the values of canonicalJson (brackets, commas, keys). */
class Punctuation {
  constructor(readonly text: string) {}
}
const COMMA = new Punctuation(",");
const CLOSE_LIST = new Punctuation("]");
const CLOSE_OBJECT = new Punctuation("}");

/**
 * Stable JSON: object keys sorted, so `{a,b}` and `{b,a}` are the same request. Iterative, with
 * what remains to write kept on a stack: a body may nest 100,000 levels deep in a field no schema
 * reads, which a recursive walk (or JSON.stringify) would overflow on.
 */
export function canonicalJson(root: unknown): string {
  const pieces: string[] = [];
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value instanceof Punctuation) {
      pieces.push(value.text);
    } else if (Array.isArray(value)) {
      pieces.push("[");
      pending.push(CLOSE_LIST);
      for (let i = value.length - 1; i >= 0; i--) {
        pending.push(value[i]);
        if (i > 0) pending.push(COMMA);
      }
    } else if (value && typeof value === "object") {
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      pieces.push("{");
      pending.push(CLOSE_OBJECT);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = present(entries[i], "an object member");
        pending.push(child, new Punctuation(`${i > 0 ? "," : ""}${JSON.stringify(key)}:`));
      }
    } else {
      pieces.push(JSON.stringify(value ?? null));
    }
  }
  return pieces.join("");
}

function requestFingerprint(method: string, url: string, teamId: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${url} ${teamId}\n${canonicalJson(body)}`)
    .digest("hex");
}

export async function runIdempotent(request: FastifyRequest, def: RouteDef, work: () => Promise<StoredResponse>): Promise<StoredResponse> {
  const ctx = present(request.ctx, "the keyed route's context");
  const header = request.headers["idempotency-key"];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return work();
  if (key.length === 0 || key.length > 255) throw new BadRequest("Idempotency-Key must be 1 to 255 characters.");
  const route = `${def.method} ${def.path}`;
  const query = request.url.indexOf("?");
  const path = query === -1 ? request.url : request.url.slice(0, query);
  const fingerprint = requestFingerprint(request.method, path, ctx.workspace.id, request.body);

  return withTransaction(ctx, async (txCtx) => {
    const db: Db = txCtx.db;
    // A key older than 24 hours is forgotten and may be used again.
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, ctx.userId),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)),
        ),
      );
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId: ctx.userId, key, route, requestHash: fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, ctx.userId), eq(idempotencyKeys.key, key)));
      if (!existing || existing.requestHash !== fingerprint || existing.statusCode === null) {
        throw new Conflict("This Idempotency-Key was already used with a different request.");
      }
      return { statusCode: existing.statusCode, body: existing.responseBody };
    }
    request.ctx = txCtx;
    const response = await work();
    await db
      .update(idempotencyKeys)
      .set({ statusCode: response.statusCode, responseBody: sql`${JSON.stringify(response.body)}::jsonb` })
      .where(and(eq(idempotencyKeys.userId, ctx.userId), eq(idempotencyKeys.key, key)));
    return response;
  });
}
