// The checks of docs/conventions.md §3, in their order, each with its exact 401 detail.
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

/**
 * Other APIs take a key in `Authorization` (Bearer, Token, Basic); this one reads X-API-Key only.
 * A client that sends it the other way gets the fixed 401 text first (clients may match it), then
 * where the key goes.
 */
export const KEY_HEADER_HINT = "Send the key in the X-API-Key header, not in Authorization.";
const KEY_SCHEME_HINT = "Send the key alone in X-API-Key, without a scheme such as Bearer.";
const SCHEME_PREFIX = /^(?:bearer|token|basic|apikey|api-key)\s/i;

/** The 401's detail for `failure`, with a hint when the headers show how the key went astray. */
export function authFailureDetail(failure: AuthFailure, apiKeyHeader: string | undefined, authorization: string | undefined): string {
  const detail = AUTH_DETAILS[failure];
  if (failure === "missing" && authorization) return `${detail} ${KEY_HEADER_HINT}`;
  if (failure === "invalid" && apiKeyHeader !== undefined && SCHEME_PREFIX.test(apiKeyHeader.trim())) return `${detail} ${KEY_SCHEME_HINT}`;
  return detail;
}

export type AuthResult = { ok: true; principal: Principal } | { ok: false; failure: AuthFailure; principal?: Principal };

export class Authenticator {
  constructor(
    private readonly db: Db,
    private readonly cache: PrincipalCache,
  ) {}

  /**
   * The principal of a key, null for an unknown one. Synchronous when the cache knows the hash,
   * which is every request but a key's first after a change: the request path then never waits.
   */
  lookup(plaintext: string): Principal | null | Promise<Principal | null> {
    if (!isWellFormedKey(plaintext)) return null;
    const hash = hashKey(plaintext);
    const cached = this.cache.get(hash);
    if (cached !== undefined) return cached;
    return this.load(hash);
  }

  private async load(hash: string): Promise<Principal | null> {
    const generation = this.cache.currentGeneration();
    const principal = await loadPrincipal(this.db, hash);
    this.cache.set(hash, principal, generation);
    return principal;
  }

  /**
   * Verifies a key for a request from `ip` at `now` (default: the moment of the check). A
   * failure after the key is known still returns the principal: such requests carried a real
   * key and are audited under it only when it is valid, so the caller decides. Synchronous
   * when the key is cached (see lookup).
   */
  authenticate(header: string | undefined, ip: string, now?: Date): AuthResult | Promise<AuthResult> {
    const plaintext = header?.trim();
    if (!plaintext) return { ok: false, failure: "missing" };
    const found = this.lookup(plaintext);
    return found instanceof Promise ? found.then((principal) => verdict(principal, ip, now)) : verdict(found, ip, now);
  }
}

function verdict(principal: Principal | null, ip: string, now: Date | undefined): AuthResult {
  if (!principal) return { ok: false, failure: "invalid" };
  const failure = checkPrincipal(principal, ip, now);
  return failure ? { ok: false, failure, principal } : { ok: true, principal };
}

/** `now` defaults to the moment of the check; the clock is read only for a key that expires. */
export function checkPrincipal(principal: Principal, ip: string, now?: Date): AuthFailure | null {
  const { key, user } = principal;
  if (key.status !== "Active") return "revoked";
  if (key.expiresAt && key.expiresAt.getTime() <= (now ? now.getTime() : Date.now())) return "expired";
  if (!user.isActive) return "inactive";
  if (user.plan !== "agency") return "plan";
  if (!user.betaAccess) return "beta";
  if (!ipAllowed(ip, key.allowedIps)) return "ip";
  return null;
}
