// The scopes of the API and the defaults each key type starts with.
import type { KeyType } from "../config";

export const SCOPES = {
  "user:read": "Profile, credits, teams, audit logs, and reading API keys",
  "keys:write": "Create, revoke and rotate the user's API keys (never granted by default)",
  "brands:read": "List and read brands",
  "brands:write": "Create and update brands",
  "briefs:read": "List and read briefs",
  "briefs:write": "Generate briefs",
  "content:read": "List and read articles",
  "content:write": "Create articles and generate drafts",
  "maps:read": "Read raw topical maps",
  "maps:write": "Upload topical maps made with other tools (never granted by default: ask for it by name)",
  "authority:read": "Read the authority hierarchy, SERP data, authority briefs and articles",
  "authority:write": "Toggle published, generate authority briefs and articles",
  "research:read": "Read research trees, stats, task status and diffs",
  "research:write": "Edit research trees: add, rename, delete, move, merge, keywords, bulk, dedup, generate, import",
  "clustering:read": "Read clustering reports and SERP data",
  "clustering:write": "Start, recluster and delete clusterings",
  "admin:read": "Admin analytics (staff users only)",
} as const;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

/**
 * What a key gets when its scopes are not named. Reading maps is a default; replacing one
 * (`maps:write`) overwrites a brand's map wholesale, so a key gets it only when asked for by name.
 * `keys:write` is never a default either.
 */
export const DEFAULT_SCOPES: Record<KeyType, Scope[]> = {
  Integration: ["brands:read", "brands:write", "briefs:read", "briefs:write", "content:read", "content:write", "maps:read"],
  Developer: ["brands:read", "briefs:read", "content:read", "maps:read"],
  Admin: ["admin:read", "user:read"],
};

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}

/** Validates a requested scope list; returns the unknown names. */
export function unknownScopes(values: string[]): string[] {
  return values.filter((v) => !isScope(v));
}
