import Type from "typebox";
import { describe, expect, it } from "vitest";
import { cappedFetch, ResponseTooLargeError } from "../../../src/providers/llm/capped-fetch";
import { redactSecrets } from "../../../src/providers/llm/redact";
import { checkAgainst, extractJson, isStrictCompatible, toJsonSchema } from "../../../src/providers/llm/schema";

describe("redactSecrets", () => {
  it("removes configured secrets and credential-shaped text", () => {
    const text =
      'Incorrect API key provided: sk-abcdefgh12345678. Authorization: Bearer tok_987654321 {"api_key": "plain-secret-value"} ' +
      "at http://user:hunter22@proxy.local/v1 and my-configured-secret";
    const out = redactSecrets(text, ["my-configured-secret"]);
    for (const secret of ["sk-abcdefgh12345678", "tok_987654321", "plain-secret-value", "hunter22", "my-configured-secret"]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain("Incorrect API key provided");
    expect(out).toContain("proxy.local/v1");
  });

  it("leaves ordinary text alone and ignores very short secrets", () => {
    expect(redactSecrets("the model is overloaded", ["the"])).toBe("the model is overloaded");
  });
});

describe("structured-output schemas", () => {
  const Closed = Type.Object(
    { a: Type.String(), list: Type.Array(Type.Object({ b: Type.Integer() }, { additionalProperties: false })) },
    { additionalProperties: false },
  );

  it("tells strict-compatible schemas from the rest", () => {
    expect(isStrictCompatible(toJsonSchema(Closed))).toBe(true);
    expect(isStrictCompatible(toJsonSchema(Type.Object({ a: Type.String() })))).toBe(false);
    expect(isStrictCompatible(toJsonSchema(Type.Object({ a: Type.Optional(Type.String()) }, { additionalProperties: false })))).toBe(false);
    const nestedOpen = Type.Object({ inner: Type.Array(Type.Object({ b: Type.String() })) }, { additionalProperties: false });
    expect(isStrictCompatible(toJsonSchema(nestedOpen))).toBe(false);
  });

  it("extracts JSON from fences and surrounding prose, and gives up on none", () => {
    expect(extractJson('```json\n{"a": 1}\n```')).toEqual({ a: 1 });
    expect(extractJson('Sure! {"a": [1, 2]} Hope that helps.')).toEqual({ a: [1, 2] });
    expect(extractJson("[1, 2, 3]")).toEqual([1, 2, 3]);
    expect(extractJson("no json here")).toBeUndefined();
  });

  it("checks values and names the failing path", () => {
    expect(checkAgainst(Closed, { a: "x", list: [{ b: 1 }] })).toEqual({ ok: true, value: { a: "x", list: [{ b: 1 }] } });
    const bad = checkAgainst(Closed, { a: "x", list: [{ b: "one" }] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.join(" ")).toContain("/list/0/b");
  });
});

describe("cappedFetch", () => {
  const body = (size: number) => new Response(new Uint8Array(size).fill(65));

  it("passes bodies under the cap through unchanged", async () => {
    const fetch = cappedFetch({ limitBytes: 1000, base: async () => body(999) });
    expect((await (await fetch("http://127.0.0.1/")).text()).length).toBe(999);
  });

  it("errors the body stream once it passes the cap", async () => {
    const fetch = cappedFetch({ limitBytes: 1000, base: async () => body(5000) });
    const response = await fetch("http://127.0.0.1/");
    await expect(response.text()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it("drops the Authorization header when asked", async () => {
    let seen: Headers | undefined;
    const fetch = cappedFetch({
      limitBytes: 1000,
      dropAuthorization: true,
      base: async (_input, init) => {
        seen = new Headers(init?.headers);
        return body(1);
      },
    });
    await fetch("http://127.0.0.1/", { headers: { authorization: "Bearer x", "content-type": "application/json" } });
    expect(seen?.get("authorization")).toBeNull();
    expect(seen?.get("content-type")).toBe("application/json");
  });
});
