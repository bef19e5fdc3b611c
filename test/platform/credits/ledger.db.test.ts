// The credit ledger against a real database: bucket order, refunds, the unique charge per
// reference, the balance as the sum of the ledger, and parallel charges that must never
// overspend. On PGlite transactions are serialized; with CANOPY_TEST_PG the parallel test runs
// on a PostgreSQL server, where it exercises the row lock for real.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  chargeCredits,
  getBalance,
  grantCredits,
  INSUFFICIENT_CREDITS,
  MORE_CREDITS,
  refundCredits,
} from "../../../src/platform/credits/ledger";
import type { Db } from "../../../src/platform/db/client";
import { creditBalances, creditLedger, users } from "../../../src/platform/db/schema";
import { withTransaction } from "../../../src/platform/db/transaction";
import { PaymentRequired } from "../../../src/platform/errors";
import { useMigratedDatabase } from "../../helpers/database";

const migrated = useMigratedDatabase();
let db: Db;
beforeAll(() => {
  db = migrated.db;
});

async function newUser(): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com` })
    .returning({ id: users.id });
  return row!.id;
}

async function buckets(userId: string) {
  const { free, monthly, payg } = await getBalance(db, userId);
  return { free, monthly, payg };
}

async function ledgerSums(userId: string) {
  const [row] = await db
    .select({
      free: sql<number>`coalesce(sum(${creditLedger.freeDelta}), 0)::int`,
      monthly: sql<number>`coalesce(sum(${creditLedger.monthlyDelta}), 0)::int`,
      payg: sql<number>`coalesce(sum(${creditLedger.paygDelta}), 0)::int`,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return row!;
}

/** The PostgreSQL error code of a failed query (drizzle wraps driver errors in `cause`). */
function pgCode(err: unknown): string | undefined {
  let current: unknown = err;
  while (current && typeof current === "object") {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected the operation to fail");
}

describe("credit ledger", () => {
  it("starts a user at zero", async () => {
    const userId = await newUser();
    const balance = await getBalance(db, userId);
    expect(balance).toMatchObject({ free: 0, monthly: 0, payg: 0, total: 0 });
    expect(balance.renewalDate.getTime()).toBeGreaterThan(balance.monthlyLastReset.getTime());
  });

  it("grants into the named bucket", async () => {
    const userId = await newUser();
    expect(await grantCredits({ db }, { userId, amount: 2, kind: "free" })).toMatchObject({ free: 2, total: 2 });
    await grantCredits({ db }, { userId, amount: 3, kind: "monthly" });
    const after = await grantCredits({ db }, { userId, amount: 4, kind: "payg" });
    expect(after).toMatchObject({ free: 2, monthly: 3, payg: 4, total: 9 });
  });

  it.each([0, -5, 2.5])("refuses to grant %s", async (amount) => {
    const userId = await newUser();
    await expect(grantCredits({ db }, { userId, amount, kind: "payg" })).rejects.toThrow(RangeError);
    expect(await ledgerSums(userId)).toEqual({ free: 0, monthly: 0, payg: 0 });
  });

  it("charges free, then monthly, then pay-as-you-go, and refunds into the same buckets", async () => {
    const userId = await newUser();
    await grantCredits({ db }, { userId, amount: 2, kind: "free" });
    await grantCredits({ db }, { userId, amount: 3, kind: "monthly" });
    await grantCredits({ db }, { userId, amount: 4, kind: "payg" });

    expect(await chargeCredits({ db }, { userId, amount: 4, operation: "brief", referenceId: "task-a" })).toEqual({
      free: 2,
      monthly: 2,
      payg: 0,
    });
    expect(await buckets(userId)).toEqual({ free: 0, monthly: 1, payg: 4 });
    expect(await chargeCredits({ db }, { userId, amount: 3, operation: "brief", referenceId: "task-b" })).toEqual({
      free: 0,
      monthly: 1,
      payg: 2,
    });
    expect(await buckets(userId)).toEqual({ free: 0, monthly: 0, payg: 2 });

    expect(await refundCredits({ db }, { referenceId: "task-a" })).toBe(4);
    expect(await buckets(userId)).toEqual({ free: 2, monthly: 2, payg: 2 });
  });

  it("refunds twice as once, and refunds nothing that was never charged", async () => {
    const userId = await newUser();
    await grantCredits({ db }, { userId, amount: 10, kind: "payg" });
    const ref = randomUUID();
    await chargeCredits({ db }, { userId, amount: 6, operation: "article", referenceId: ref });
    expect(await refundCredits({ db }, { referenceId: ref })).toBe(6);
    expect(await refundCredits({ db }, { referenceId: ref })).toBe(0);
    expect(await refundCredits({ db }, { referenceId: randomUUID() })).toBe(0);
    expect(await buckets(userId)).toEqual({ free: 0, monthly: 0, payg: 10 });
    const refunds = await db.select().from(creditLedger).where(eq(creditLedger.referenceId, ref));
    expect(refunds.map((r) => r.kind).sort()).toEqual(["charge", "refund"]);
  });

  it("refunds part of a charge into its last-spent buckets, once, and no full refund follows it", async () => {
    const userId = await newUser();
    await grantCredits({ db }, { userId, amount: 5, kind: "free" });
    await grantCredits({ db }, { userId, amount: 3, kind: "payg" });
    const ref = randomUUID();
    expect(await chargeCredits({ db }, { userId, amount: 7, operation: "article", referenceId: ref })).toEqual({
      free: 5,
      monthly: 0,
      payg: 2,
    });
    expect(await refundCredits({ db }, { referenceId: ref, amount: 3 })).toBe(3);
    // The pay-as-you-go credits it took come back first, then the free ones.
    expect(await buckets(userId)).toEqual({ free: 1, monthly: 0, payg: 3 });
    expect(await refundCredits({ db }, { referenceId: ref })).toBe(0);
    expect(await refundCredits({ db }, { referenceId: ref, amount: 1 })).toBe(0);
    expect(await buckets(userId)).toEqual({ free: 1, monthly: 0, payg: 3 });
  });

  it("refuses a second charge for the same reference without touching the balance", async () => {
    const userId = await newUser();
    await grantCredits({ db }, { userId, amount: 20, kind: "payg" });
    const ref = randomUUID();
    await chargeCredits({ db }, { userId, amount: 5, operation: "brief", referenceId: ref });
    const err = await failure(chargeCredits({ db }, { userId, amount: 5, operation: "brief", referenceId: ref }));
    expect(err).not.toBeInstanceOf(PaymentRequired);
    expect(pgCode(err)).toBe("23505");
    expect(await buckets(userId)).toEqual({ free: 0, monthly: 0, payg: 15 });
    const charges = await db.select().from(creditLedger).where(eq(creditLedger.referenceId, ref));
    expect(charges).toHaveLength(1);
  });

  it("answers PaymentRequired and writes nothing when the balance is short", async () => {
    const userId = await newUser();
    await grantCredits({ db }, { userId, amount: 4, kind: "free" });
    const err = await failure(chargeCredits({ db }, { userId, amount: 5, operation: "brief", referenceId: randomUUID() }));
    expect(err).toBeInstanceOf(PaymentRequired);
    expect((err as PaymentRequired).code).toBe("payment_required");
    // The fixed sentence first, then the cost and the balance (all buckets).
    expect((err as PaymentRequired).detail).toBe(
      `${INSUFFICIENT_CREDITS} It costs 5 credits and the balance is 4 credits. ${MORE_CREDITS}`,
    );
    expect(await buckets(userId)).toEqual({ free: 4, monthly: 0, payg: 0 });
    expect(
      await db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.kind, "charge"))
        .then((rows) => rows.filter((r) => r.userId === userId)),
    ).toEqual([]);
  });

  it("names the cost and the whole balance, over every bucket, in the 402", async () => {
    const userId = await newUser();
    await grantCredits({ db }, { userId, amount: 1, kind: "free" });
    const single = await failure(chargeCredits({ db }, { userId, amount: 2, operation: "brief", referenceId: randomUUID() }));
    expect((single as PaymentRequired).detail).toBe(
      `${INSUFFICIENT_CREDITS} It costs 2 credits and the balance is 1 credit. ${MORE_CREDITS}`,
    );
    await grantCredits({ db }, { userId, amount: 3, kind: "monthly" });
    await grantCredits({ db }, { userId, amount: 2, kind: "payg" });
    const err = await failure(chargeCredits({ db }, { userId, amount: 14, operation: "article", referenceId: randomUUID() }));
    expect((err as PaymentRequired).detail).toBe(
      `${INSUFFICIENT_CREDITS} It costs 14 credits and the balance is 6 credits. ${MORE_CREDITS}`,
    );
  });

  it("rolls a charge back with the outer transaction it joined", async () => {
    const userId = await newUser();
    await grantCredits({ db }, { userId, amount: 10, kind: "monthly" });
    const ref = randomUUID();
    await expect(
      withTransaction({ db }, async (tx) => {
        await chargeCredits(tx, { userId, amount: 7, operation: "brief", referenceId: ref });
        throw new Error("the work it paid for failed to record");
      }),
    ).rejects.toThrow(/failed to record/);
    expect(await buckets(userId)).toEqual({ free: 0, monthly: 10, payg: 0 });
    expect(await db.select().from(creditLedger).where(eq(creditLedger.referenceId, ref))).toEqual([]);
  });

  it("keeps the balance equal to the sum of its ledger rows", async () => {
    const userId = await newUser();
    await grantCredits({ db }, { userId, amount: 5, kind: "free" });
    await grantCredits({ db }, { userId, amount: 8, kind: "monthly" });
    await grantCredits({ db }, { userId, amount: 13, kind: "payg" });
    const refs = Array.from({ length: 5 }, () => randomUUID());
    for (const [i, ref] of refs.entries()) {
      await chargeCredits({ db }, { userId, amount: i + 1, operation: "op", referenceId: ref });
    }
    await refundCredits({ db }, { referenceId: refs[1]! });
    await refundCredits({ db }, { referenceId: refs[3]! });
    await refundCredits({ db }, { referenceId: refs[3]! });
    await failure(chargeCredits({ db }, { userId, amount: 1000, operation: "op", referenceId: randomUUID() }));
    await grantCredits({ db }, { userId, amount: 2, kind: "free" });
    expect(await buckets(userId)).toEqual(await ledgerSums(userId));
    // Charges 1..5 take free 5, monthly 8, payg 2; refunds give back free 2 (the second) and
    // monthly 4 (the fourth); the last grant adds free 2.
    expect(await buckets(userId)).toEqual({ free: 4, monthly: 4, payg: 11 });
  });

  it("cannot hold a negative bucket even when written around the service", async () => {
    const userId = await newUser();
    await getBalance(db, userId);
    const err = await failure(db.update(creditBalances).set({ payg: -1 }).where(eq(creditBalances.userId, userId)));
    expect(pgCode(err)).toBe("23514");
  });

  it.each([
    { perCharge: 5, fits: 4, leftover: 0 },
    { perCharge: 3, fits: 3, leftover: 1 },
  ])("lets exactly as many parallel charges through as the balance covers ($perCharge each)", async ({ perCharge, fits, leftover }) => {
    const userId = await newUser();
    const funds = perCharge * fits + leftover;
    // Spread over every bucket so the split is exercised under contention too.
    const free = Math.floor(funds / 3);
    const monthly = Math.floor(funds / 3);
    if (free > 0) await grantCredits({ db }, { userId, amount: free, kind: "free" });
    if (monthly > 0) await grantCredits({ db }, { userId, amount: monthly, kind: "monthly" });
    await grantCredits({ db }, { userId, amount: funds - free - monthly, kind: "payg" });

    const attempts = fits + 7;
    const outcomes = await Promise.allSettled(
      Array.from({ length: attempts }, () =>
        chargeCredits({ db }, { userId, amount: perCharge, operation: "race", referenceId: randomUUID() }),
      ),
    );
    const succeeded = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(succeeded).toHaveLength(fits);
    expect(refused).toHaveLength(attempts - fits);
    for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(PaymentRequired);

    const after = await getBalance(db, userId);
    expect(after.total).toBe(leftover);
    expect(Math.min(after.free, after.monthly, after.payg)).toBeGreaterThanOrEqual(0);
    expect(await buckets(userId)).toEqual(await ledgerSums(userId));
    const charges = (await db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).filter((r) => r.kind === "charge");
    expect(charges).toHaveLength(fits);
  });
});
