// The example generator the BOLA matrix builds its bodies with: its values must pass the very
// schemas the routes validate with, or a 400 would stand in for the check the matrix is after.
import Type from "typebox";
import Value from "typebox/value";
import { describe, expect, it } from "vitest";
import { StringEnum } from "../../src/platform/http/route";
import { allRoutes } from "../../src/app/modules";
import { match } from "./matchers";
import { exampleOf } from "./schema-example";

describe("exampleOf", () => {
  it("gives every route's params, query and body schema a value it accepts", () => {
    const refused: string[] = [];
    for (const route of allRoutes) {
      for (const part of ["params", "querystring", "body"] as const) {
        const schema = route.schemas[part];
        if (schema && !Value.Check(schema, exampleOf(schema))) refused.push(`${route.method} ${route.path} ${part}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it("keeps to required properties and the lower bounds", () => {
    const schema = Type.Object({
      name: Type.String({ minLength: 3, maxLength: 5 }),
      count: Type.Integer({ minimum: 2 }),
      share: Type.Number({ exclusiveMinimum: 0.5 }),
      tags: Type.Array(Type.String(), { minItems: 2 }),
      kind: StringEnum(["b", "a"] as const),
      id: Type.String({ format: "uuid" }),
      flag: Type.Boolean(),
      note: Type.Optional(Type.String()),
    });
    const value = exampleOf(schema);
    expect(value).toEqual({ name: "xxx", count: 2, share: 1.5, tags: ["x", "x"], kind: "b", id: match.any(String), flag: false });
    expect(Value.Check(schema, value)).toBe(true);
    expect(exampleOf(schema)).toEqual(value);
  });

  it("takes given fields by name, optional ones included, and ignores the others", () => {
    const schema = Type.Object({ path: Type.Array(Type.String()), add: Type.Optional(Type.Array(Type.String())) });
    expect(exampleOf(schema, { path: ["a", "b"], add: ["c"], other: 1 })).toEqual({ path: ["a", "b"], add: ["c"] });
  });

  it("refuses, naming the property, what it cannot satisfy", () => {
    const schema = Type.Object({ code: Type.String({ pattern: "^[A-Z]{2}$" }) });
    expect(() => exampleOf(schema)).toThrow("$.code: no example for pattern");
  });
});
