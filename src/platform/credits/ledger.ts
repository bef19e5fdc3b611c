// The credit ledger: every change of a balance is an appended row, written in the same
// transaction as the balance update and as the work it pays for. The balance row is locked
// while a charge is decided, so parallel charges cannot spend the same credits, and the
// unique (reference, kind) index means a job is charged at most once and refunded at most once.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { withTransaction, type HasDb } from "../db/transaction";
import { creditBalances, creditLedger } from "../db/schema";
import { PaymentRequired } from "../errors";
import { refundedPart, splitCharge, total, type Buckets, type CreditKind } from "./split";

export const INSUFFICIENT_CREDITS = "Insufficient credits to perform this operation.";

const credits = (n: number) => `${n} ${n === 1 ? "credit" : "credits"}`;

/** Where more credits come from, on a server one runs oneself. */
export const MORE_CREDITS = "The server's operator adds credits with `canopy credits grant --email <your email> --amount <credits>`.";

/** The 402's detail: the fixed sentence first (clients may match it), then what was missing and how to get more. */
function insufficientCreditsDetail(cost: number, balance: number): string {
  return `${INSUFFICIENT_CREDITS} It costs ${credits(cost)} and the balance is ${credits(balance)}. ${MORE_CREDITS}`;
}

export interface Balance extends Buckets {
  total: number;
  monthlyLastReset: Date;
  renewalDate: Date;
}

function nextRenewal(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** Creates the user's balance row (all zero) if it does not exist. */
export async function ensureBalance(db: Db, userId: string, now = new Date()): Promise<void> {
  await db
    .insert(creditBalances)
    .values({ userId, monthlyLastReset: now, renewalDate: nextRenewal(now) })
    .onConflictDoNothing();
}

export async function getBalance(db: Db, userId: string): Promise<Balance> {
  await ensureBalance(db, userId);
  const [row] = await db.select().from(creditBalances).where(eq(creditBalances.userId, userId));
  if (!row) throw new Error("balance row missing after ensureBalance");
  return {
    free: row.free,
    monthly: row.monthly,
    payg: row.payg,
    total: total(row),
    monthlyLastReset: row.monthlyLastReset,
    renewalDate: row.renewalDate,
  };
}

async function lockBalance(db: Db, userId: string): Promise<Buckets> {
  await ensureBalance(db, userId);
  const [row] = await db
    .select({ free: creditBalances.free, monthly: creditBalances.monthly, payg: creditBalances.payg })
    .from(creditBalances)
    .where(eq(creditBalances.userId, userId))
    .for("update");
  if (!row) throw new Error("balance row missing after ensureBalance");
  return row;
}

async function applyDelta(db: Db, userId: string, delta: Buckets): Promise<void> {
  await db
    .update(creditBalances)
    .set({
      free: sql`${creditBalances.free} + ${delta.free}`,
      monthly: sql`${creditBalances.monthly} + ${delta.monthly}`,
      payg: sql`${creditBalances.payg} + ${delta.payg}`,
    })
    .where(eq(creditBalances.userId, userId));
}

export async function grantCredits(
  ctx: HasDb,
  input: { userId: string; amount: number; kind: CreditKind; operation?: string },
): Promise<Balance> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new RangeError("amount must be a positive integer");
  return withTransaction(ctx, async ({ db }) => {
    await lockBalance(db, input.userId);
    const delta: Buckets = { free: 0, monthly: 0, payg: 0 };
    delta[input.kind] = input.amount;
    await db.insert(creditLedger).values({
      userId: input.userId,
      kind: "grant",
      operation: input.operation ?? "grant",
      freeDelta: delta.free,
      monthlyDelta: delta.monthly,
      paygDelta: delta.payg,
    });
    await applyDelta(db, input.userId, delta);
    return getBalance(db, input.userId);
  });
}

/**
 * Takes `amount` credits for `operation`, referencing the work (a task id) it pays for. Throws
 * PaymentRequired (402) when the balance cannot cover it. Call it inside the transaction that
 * records the work.
 */
export async function chargeCredits(
  ctx: HasDb,
  input: { userId: string; amount: number; operation: string; referenceId: string },
): Promise<Buckets> {
  return withTransaction(ctx, async ({ db }) => {
    const balance = await lockBalance(db, input.userId);
    const taken = splitCharge(balance, input.amount);
    if (!taken) throw new PaymentRequired(insufficientCreditsDetail(input.amount, total(balance)));
    if (input.amount === 0) return taken;
    await db.insert(creditLedger).values({
      userId: input.userId,
      kind: "charge",
      operation: input.operation,
      referenceId: input.referenceId,
      freeDelta: -taken.free,
      monthlyDelta: -taken.monthly,
      paygDelta: -taken.payg,
    });
    await applyDelta(db, input.userId, { free: -taken.free, monthly: -taken.monthly, payg: -taken.payg });
    return taken;
  });
}

/**
 * Gives back what the charge for `referenceId` took (or `amount` of it), into the buckets it came
 * from. A charge is refunded once: refunding twice, or refunding what was never charged, does
 * nothing. Returns the credits returned.
 */
export async function refundCredits(ctx: HasDb, input: { referenceId: string; amount?: number }): Promise<number> {
  return withTransaction(ctx, async ({ db }) => {
    const [charge] = await db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.referenceId, input.referenceId), eq(creditLedger.kind, "charge")));
    if (!charge) return 0;
    const back = refundedPart({ free: -charge.freeDelta, monthly: -charge.monthlyDelta, payg: -charge.paygDelta }, input.amount);
    if (total(back) === 0) return 0;
    await lockBalance(db, charge.userId);
    const inserted = await db
      .insert(creditLedger)
      .values({
        userId: charge.userId,
        kind: "refund",
        operation: charge.operation,
        referenceId: input.referenceId,
        freeDelta: back.free,
        monthlyDelta: back.monthly,
        paygDelta: back.payg,
      })
      .onConflictDoNothing()
      .returning({ id: creditLedger.id });
    if (inserted.length === 0) return 0;
    await applyDelta(db, charge.userId, back);
    return total(back);
  });
}
