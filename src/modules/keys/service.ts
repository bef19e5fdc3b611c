// API keys: created by the operator CLI or by a key with keys:write, shown in plaintext once,
// stored as a SHA-256 digest. Revocation and rotation take effect at once in every process
// (platform.authChanged publishes the change inside the same transaction).
import { and, desc, eq } from "drizzle-orm";
import { KEY_TYPES, type KeyType } from "../../platform/config";
import { generateKey } from "../../platform/auth/key-format";
import { canonicalEntry } from "../../platform/auth/ip-allowlist";
import { DEFAULT_SCOPES, unknownScopes, type Scope } from "../../platform/auth/scopes";
import { withTransaction } from "../../platform/db/transaction";
import { apiKeys, users } from "../../platform/db/schema";
import { NotFound, ValidationFailed } from "../../platform/errors";
import { MAX_LENGTH } from "../../platform/http/limits";
import type { ServiceCtx } from "../../platform/context";
import { present } from "../../platform/present";
import type { UserRow } from "../users";
import { KeyPolicyError } from "./key-policy-error";

export type KeyRow = typeof apiKeys.$inferSelect;

export interface CreateKeyInput {
  name: string;
  type: string;
  scopes?: string[];
  expiresAt?: string | null;
  allowedIps?: string[];
}

function keyView(row: KeyRow) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    prefix: row.prefix,
    scopes: row.scopes,
    status: row.status,
    expires_at: row.expiresAt?.toISOString() ?? null,
    allowed_ips: row.allowedIps,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** Checks and normalizes a key request; field errors for what is wrong. */
function validateKeyInput(input: CreateKeyInput, now = new Date()) {
  const errors: Record<string, string[]> = {};
  const name = input.name.trim();
  if (name === "" || name.length > MAX_LENGTH.name) errors.name = [`Name must be 1 to ${MAX_LENGTH.name} characters.`];
  if (!(KEY_TYPES as readonly string[]).includes(input.type)) errors.type = [`Must be one of: ${KEY_TYPES.join(", ")}.`];
  const type = input.type as KeyType;
  const scopes = input.scopes ? [...new Set(input.scopes.map((s) => s.trim()).filter(Boolean))] : undefined;
  if (scopes) {
    const unknown = unknownScopes(scopes);
    if (unknown.length > 0) errors.scopes = [`Unknown scopes: ${unknown.join(", ")}.`];
  }
  let expiresAt: Date | null = null;
  if (input.expiresAt) {
    expiresAt = new Date(input.expiresAt);
    if (Number.isNaN(expiresAt.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(input.expiresAt)) {
      errors.expires_at = ["Must be an ISO 8601 date or date-time."];
    } else if (expiresAt.getTime() <= now.getTime()) errors.expires_at = ["Must be in the future."];
  }
  const allowedIps: string[] = [];
  const ipErrors: string[] = [];
  for (const entry of input.allowedIps ?? []) {
    try {
      allowedIps.push(canonicalEntry(entry));
    } catch (err) {
      ipErrors.push(`${(err as Error).message}.`);
    }
  }
  if (ipErrors.length > 0) errors.allowed_ips = ipErrors;
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return { name, type, scopes: (scopes ?? DEFAULT_SCOPES[type]) as Scope[], expiresAt, allowedIps };
}

/** The plan, beta and staff rules for holding a key of this type (docs/conventions.md §1). */
function assertMayHoldKey(user: UserRow, type: KeyType): void {
  if (user.plan !== "agency") throw new KeyPolicyError("Only users on the agency plan can create API keys.");
  if (!user.betaAccess) throw new KeyPolicyError("API access is in beta and limited to approved users.");
  if (!user.isActive) throw new KeyPolicyError("The user account is not active.");
  if (type === "Admin" && !user.isStaff) throw new KeyPolicyError("Admin keys are for staff users only.");
}

export async function createKey(ctx: ServiceCtx, userId: string, input: CreateKeyInput) {
  const valid = validateKeyInput(input);
  return withTransaction(ctx, async ({ db }) => {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new NotFound("User not found.");
    assertMayHoldKey(user, valid.type);
    const key = generateKey();
    const [row] = await db
      .insert(apiKeys)
      .values({
        userId,
        name: valid.name,
        type: valid.type,
        scopes: valid.scopes,
        keyHash: key.hash,
        prefix: key.prefix,
        expiresAt: valid.expiresAt,
        allowedIps: valid.allowedIps,
      })
      .returning();
    return { ...keyView(present(row, "the inserted key")), key: key.plaintext };
  });
}

export async function listKeys(ctx: ServiceCtx, userId: string) {
  const rows = await ctx.db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
  return rows.map(keyView);
}

/** The key with this id (the caller's own, as its principal names it). */
export async function currentKey(ctx: ServiceCtx, keyId: string) {
  const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
  return keyView(present(row, "the key of an authenticated request"));
}

async function ownedKey(ctx: ServiceCtx, keyId: string, userId: string | null): Promise<KeyRow> {
  const condition = userId ? and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)) : eq(apiKeys.id, keyId);
  const [row] = await ctx.db.select().from(apiKeys).where(condition).for("update");
  if (!row) throw new NotFound("API key not found.");
  return row;
}

/** Revokes a key; revoking a revoked key changes nothing. `userId` null: the operator. */
export async function revokeKey(ctx: ServiceCtx, keyId: string, userId: string | null) {
  return withTransaction(ctx, async (tx) => {
    const row = await ownedKey(tx, keyId, userId);
    if (row.status === "Revoked") return keyView(row);
    const [updated] = await tx.db
      .update(apiKeys)
      .set({ status: "Revoked", revokedAt: new Date() })
      .where(eq(apiKeys.id, keyId))
      .returning();
    await ctx.platform.authChanged(tx);
    // ownedKey locked the row.
    return keyView(present(updated, "the locked key"));
  });
}

/** A new key with the same name, type, scopes and settings; the old one is revoked at once. */
export async function rotateKey(ctx: ServiceCtx, keyId: string, userId: string | null) {
  return withTransaction(ctx, async (tx) => {
    const old = await ownedKey(tx, keyId, userId);
    if (old.status === "Revoked") throw new NotFound("API key not found or already revoked.");
    const key = generateKey();
    const [created] = await tx.db
      .insert(apiKeys)
      .values({
        userId: old.userId,
        name: old.name,
        type: old.type,
        scopes: old.scopes,
        keyHash: key.hash,
        prefix: key.prefix,
        expiresAt: old.expiresAt,
        allowedIps: old.allowedIps,
      })
      .returning();
    const replacement = present(created, "the inserted key");
    await tx.db.update(apiKeys).set({ status: "Revoked", revokedAt: new Date(), replacedBy: replacement.id }).where(eq(apiKeys.id, old.id));
    await ctx.platform.authChanged(tx);
    return { ...keyView(replacement), key: key.plaintext, replaces: old.id };
  });
}
