// Which errors say the database connection was lost (jobs retry them) and which say the database
// refused a statement (a failure of the work itself).
import { describe, expect, it } from "vitest";
import { isConnectionLoss } from "../../../src/platform/db/connection-loss";

/** A node-postgres DatabaseError's shape: the server's message, SQLSTATE and severity. */
function serverError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code, severity: "FATAL" });
}

/** As drizzle wraps a driver error: "Failed query: ..." with the driver's error as the cause. */
function drizzleWrapped(cause: unknown): Error {
  return new Error("Failed query: insert into tasks values ($1)\nparams: x", { cause });
}

describe("isConnectionLoss", () => {
  it("recognises a server shutting down, restarting or unreachable, wrapped or not", () => {
    const lost = [
      serverError("terminating connection due to administrator command", "57P01"),
      serverError("terminating connection because of crash of another server process", "57P02"),
      serverError("the database system is shutting down", "57P03"),
      serverError("connection failure", "08006"),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
      new Error("Connection terminated unexpectedly"),
      new Error("Client has encountered a connection error and is not queryable"),
      new Error("timeout exceeded when trying to connect"),
    ];
    for (const err of lost) {
      expect(isConnectionLoss(err), err.message).toBe(true);
      expect(isConnectionLoss(drizzleWrapped(err)), `wrapped: ${err.message}`).toBe(true);
    }
  });

  it("leaves statements the database refused, and everything else, to fail", () => {
    const refused = [
      serverError('insert or update on table "clustering_serp_data" violates foreign key constraint', "23503"),
      serverError("duplicate key value violates unique constraint", "23505"),
      serverError("could not serialize access due to concurrent update", "40001"),
      serverError('relation "missing" does not exist', "42P01"),
      new Error("boom"),
    ];
    for (const err of refused) {
      expect(isConnectionLoss(err), err.message).toBe(false);
      expect(isConnectionLoss(drizzleWrapped(err)), `wrapped: ${err.message}`).toBe(false);
    }
    for (const value of [null, undefined, "Connection terminated", 57, {}]) expect(isConnectionLoss(value)).toBe(false);
  });

  it("stops on a cause chain that loops", () => {
    const a: Error & { cause?: unknown } = new Error("a");
    const b = new Error("b", { cause: a });
    a.cause = b;
    expect(isConnectionLoss(a)).toBe(false);
  });
});
