// The checks of DECISIONS 3, in their order, each with its exact 401 detail.
import type { Db } from "../db/client";
import { hashKey, isWellFormedKey } from "./key-format";
import { ipAllowed } from "./ip-allowlist";
import { loadPrincipal, type Principal } from "./principal";
import type { PrincipalCache } from "./principal-cache";

export const AUTH_DETAILS = {
  missing: "Authentication credentials were not provided.",
  invalid: "Invalid API key.",
  revoked: "API key has been revoked.",
  expired: "API key has expired.",
  inactive: "User account is no longer active.",
  plan: "API access requires the Agency plan.",
  beta: "API access is in beta and limited to approved users.",
  ip: "Request from unauthorized IP address.",
} as const;

export type AuthFailure = keyof typeof AUTH_DETAILS;

export type AuthResult = { ok: true; principal: Principal } | { ok: false; failure: AuthFailure; principal?: Principal };

export class Authenticator {
  constructor(
    private readonly db: Db,
    private readonly cache: PrincipalCache,
  ) {}

  async lookup(plaintext: string): Promise<Principal | null> {
    if (!isWellFormedKey(plaintext)) return null;
    const hash = hashKey(plaintext);
    const cached = this.cache.get(hash);
    if (cached !== undefined) return cached;
    const generation = this.cache.currentGeneration();
    const principal = await loadPrincipal(this.db, hash);
    this.cache.set(hash, principal, generation);
    return principal;
  }

  /**
   * Verifies a key for a request from `ip` at `now`. A failure after the key is known still
   * returns the principal: such requests carried a real key and are audited under it only when
   * it is valid, so the caller decides.
   */
  async authenticate(header: string | undefined, ip: string, now = new Date()): Promise<AuthResult> {
    if (header === undefined || header.trim() === "") return { ok: false, failure: "missing" };
    const principal = await this.lookup(header.trim());
    if (!principal) return { ok: false, failure: "invalid" };
    const failure = checkPrincipal(principal, ip, now);
    return failure ? { ok: false, failure, principal } : { ok: true, principal };
  }
}

export function checkPrincipal(principal: Principal, ip: string, now: Date): AuthFailure | null {
  const { key, user } = principal;
  if (key.status !== "Active") return "revoked";
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return "expired";
  if (!user.isActive) return "inactive";
  if (user.plan !== "agency") return "plan";
  if (!user.betaAccess) return "beta";
  if (!ipAllowed(ip, key.allowedIps)) return "ip";
  return null;
}
