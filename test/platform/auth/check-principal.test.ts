// The order of the 401 checks (docs/conventions.md §3), on the pure function the authenticator applies.
import { describe, expect, it } from "vitest";
import { AUTH_DETAILS, checkPrincipal, type AuthFailure } from "../../../src/platform/auth/authenticate";
import { parseAllowEntry } from "../../../src/platform/auth/ip-allowlist";
import type { Principal } from "../../../src/platform/auth/principal";

const NOW = new Date("2026-06-01T12:00:00Z");

/** The failures a known key can have (a missing or unknown key never reaches checkPrincipal). */
type KeyFault = Exclude<AuthFailure, "missing" | "invalid">;
type Faults = Partial<Record<KeyFault, boolean>>;

function principalWith(faults: Faults): Principal {
  return {
    key: {
      id: "k",
      name: "k",
      prefix: "cnpy_live_ab",
      type: "Integration",
      scopes: new Set(),
      status: faults.revoked ? "Revoked" : "Active",
      expiresAt: faults.expired ? new Date(NOW.getTime() - 1) : new Date(NOW.getTime() + 60_000),
      allowedIps: faults.ip ? [parseAllowEntry("10.0.0.0/8")] : [],
    },
    user: {
      id: "u",
      email: "u@example.com",
      firstName: "",
      lastName: "",
      plan: faults.plan ? "pro" : "agency",
      subscriptionInterval: "monthly",
      isActive: !faults.inactive,
      betaAccess: !faults.beta,
      isStaff: false,
      dateJoined: NOW,
      lastActive: null,
    },
    teams: new Map(),
  };
}

const ORDER: KeyFault[] = ["revoked", "expired", "inactive", "plan", "beta", "ip"];

describe("checkPrincipal", () => {
  it("accepts a key with nothing wrong", () => {
    expect(checkPrincipal(principalWith({}), "192.0.2.1", NOW)).toBeNull();
  });

  it.each(ORDER)("reports %s alone", (fault) => {
    expect(checkPrincipal(principalWith({ [fault]: true }), "192.0.2.1", NOW)).toBe(fault);
  });

  it("reports the earliest failing check whatever else is wrong", () => {
    // Every subset of faults: the answer is the first fault in the order of docs/conventions.md §3.
    for (let mask = 1; mask < 1 << ORDER.length; mask++) {
      const faults: Faults = {};
      ORDER.forEach((fault, i) => {
        if (mask & (1 << i)) faults[fault] = true;
      });
      const expected = ORDER.find((fault) => faults[fault]);
      expect(checkPrincipal(principalWith(faults), "192.0.2.1", NOW), JSON.stringify(faults)).toBe(expected);
    }
  });

  it("counts a key as expired from its expiry instant on", () => {
    const p = principalWith({});
    p.key.expiresAt = NOW;
    expect(checkPrincipal(p, "192.0.2.1", NOW)).toBe("expired");
    expect(checkPrincipal(p, "192.0.2.1", new Date(NOW.getTime() - 1))).toBeNull();
  });

  it("has the exact detail of the decisions for each failure", () => {
    expect(AUTH_DETAILS).toEqual({
      missing: "Authentication credentials were not provided.",
      invalid: "Invalid API key.",
      revoked: "API key has been revoked.",
      expired: "API key has expired.",
      inactive: "User account is no longer active.",
      plan: "API access requires the Agency plan.",
      beta: "API access is in beta and limited to approved users.",
      ip: "Request from unauthorized IP address.",
    });
  });
});
