// The logs' error serializer: the SQL text and PostgreSQL's code and names stay; the statement's
// parameters, row values in `detail` and parameter values echoed in messages go.
import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { safeErrorMessage, serializeError } from "../../../src/platform/log/error-serializer";
import { match } from "../../helpers/matchers";

const DIGEST = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
const EMAIL = "someone@example.com";

/** An error as PGlite throws it: PostgreSQL's fields, plus the statement and its parameters. */
function pgliteError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe("serializeError", () => {
  it("keeps drizzle's SQL text and the cause's code, drops every parameter and row value", () => {
    const query = "insert into api_keys (key_hash, email) values ($1, $2)";
    const cause = pgliteError(`duplicate key value violates unique constraint "api_keys_hash_idx"`, {
      code: "23505",
      severity: "ERROR",
      table: "api_keys",
      constraint: "api_keys_hash_idx",
      detail: `Key (key_hash)=(${DIGEST}) already exists.`,
      where: `SQL statement with ${EMAIL}`,
      query,
      params: [DIGEST, EMAIL],
    });
    const err = new DrizzleQueryError(query, [DIGEST, EMAIL], cause);
    expect(err.message).toContain(DIGEST); // what drizzle itself puts in its message
    const serialized = serializeError(err);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain(DIGEST);
    expect(text).not.toContain(EMAIL);
    expect(serialized).toMatchObject({
      type: "DrizzleQueryError",
      message: `Failed query: ${query}`,
      query,
      stack: match.stringMatching(/^DrizzleQueryError: Failed query: insert into api_keys .*\n {4}at /),
      cause: { type: "DatabaseError", code: "23505", table: "api_keys", constraint: "api_keys_hash_idx", severity: "ERROR", query },
    });
    expect(serialized).not.toHaveProperty("params");
    expect((serialized as { cause: object }).cause).not.toHaveProperty("detail");
  });

  it("removes parameter values PostgreSQL repeats in its message, longest first", () => {
    const cause = pgliteError(`invalid input syntax for type uuid: "${EMAIL}"`, { code: "22P02", params: [EMAIL, "someone"] });
    const serialized = serializeError(new DrizzleQueryError("select $1::uuid, $2", [EMAIL, "someone"], cause)) as {
      cause: { message: string; stack: string };
    };
    expect(serialized.cause.message).toBe('invalid input syntax for type uuid: "<param>"');
    expect(serialized.cause.stack).not.toContain("someone");
    expect(safeErrorMessage(cause)).toBe('invalid input syntax for type uuid: "<param>"');
  });

  it("keeps an ordinary error's type, message, stack and classifying fields, not its other data", () => {
    const err = Object.assign(new TypeError("boom"), {
      code: "E_BOOM",
      statusCode: 502,
      transient: true,
      headers: { authorization: "Bearer x" },
    });
    const serialized = serializeError(err);
    expect(serialized).toMatchObject({ type: "TypeError", message: "boom", code: "E_BOOM", statusCode: 502, transient: true });
    expect(serialized).not.toHaveProperty("headers");
  });

  it("passes what is not an error through, and stops at a cause that loops", () => {
    expect(serializeError("text")).toBe("text");
    expect(serializeError(undefined)).toBeUndefined();
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    a.cause = b;
    expect(serializeError(a)).toMatchObject({ message: "a", cause: { message: "b" } });
    expect(safeErrorMessage(42)).toBe("42");
  });
});
