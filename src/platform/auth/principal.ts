// What a verified key stands for: the key, its user and the user's active team memberships,
// loaded in one place and cached by principal-cache.ts.
import { and, eq } from "drizzle-orm";
import type { KeyType } from "../config";
import type { Db } from "../db/client";
import { apiKeys, teamMembers, users } from "../db/schema";
import { parseAllowEntry, type AllowRange } from "./ip-allowlist";
import type { Scope } from "./scopes";

interface PrincipalKey {
  id: string;
  name: string;
  prefix: string;
  type: KeyType;
  scopes: ReadonlySet<Scope>;
  status: string;
  expiresAt: Date | null;
  allowedIps: AllowRange[];
}

interface PrincipalUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  plan: string;
  subscriptionInterval: string;
  isActive: boolean;
  betaAccess: boolean;
  isStaff: boolean;
  dateJoined: Date;
  lastActive: Date | null;
}

export interface Principal {
  key: PrincipalKey;
  user: PrincipalUser;
  /** team id -> role, active memberships only. */
  teams: ReadonlyMap<string, string>;
}

export async function loadPrincipal(db: Db, keyHash: string): Promise<Principal | null> {
  const rows = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const memberships = await db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, row.user.id), eq(teamMembers.status, "active")));
  return {
    key: {
      id: row.key.id,
      name: row.key.name,
      prefix: row.key.prefix,
      type: row.key.type as KeyType,
      scopes: new Set(row.key.scopes as Scope[]),
      status: row.key.status,
      expiresAt: row.key.expiresAt,
      allowedIps: row.key.allowedIps.map(parseAllowEntry),
    },
    user: {
      id: row.user.id,
      email: row.user.email,
      firstName: row.user.firstName,
      lastName: row.user.lastName,
      plan: row.user.plan,
      subscriptionInterval: row.user.subscriptionInterval,
      isActive: row.user.isActive,
      betaAccess: row.user.betaAccess,
      isStaff: row.user.isStaff,
      dateJoined: row.user.dateJoined,
      lastActive: row.user.lastActive,
    },
    teams: new Map(memberships.map((m) => [m.teamId, m.role])),
  };
}
