// Request validation: one Ajv for query strings, path parameters and headers, another for JSON
// bodies. Query strings are text, so "5" stands for 5 and a single `?id=x` for the list ["x"]. A
// JSON body has real types: "5" still passes for an integer (as Django REST Framework accepts
// it), but a string where a list is expected is an error, not a one-element list. Every request
// schema is compiled with the field rules of request-rules.ts added (unknown body fields, nulls,
// blank text, free-form values).
//
// Numbers are not left to Ajv's coercion: it turns true into 1 and "Infinity" into Infinity, and
// then skips `minimum`/`maximum` for a number that is not finite, so "Infinity" passed every
// bound. Every number or integer schema is compiled instead with the `numeric` keyword below,
// which accepts a finite number or a numeric string and nothing else (docs/conventions.md §2). The schemas
// themselves, and so the OpenAPI document, keep their plain `type`.
import AjvCompiler from "@fastify/ajv-compiler";
import type { FastifyServerOptions } from "fastify";
import { type KeywordValidate, REQUEST_RULE_KEYWORDS, withRequestRules } from "./request-rules";

const AJV_OPTIONS = {
  allErrors: true,
  useDefaults: true,
  // An unknown body field is an error (request-rules.ts), never dropped without a word.
  removeAdditional: false,
  // `minimum` and friends stand without `type` once `numeric` has taken its place.
  strictTypes: false,
} as const;

interface RouteDefinition {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}
type Compile = (route: RouteDefinition) => unknown;
type AjvPlugin = (ajv: AjvLike) => void;
type BuildCompiler = (externalSchemas: unknown, options: { customOptions: Record<string, unknown>; plugins?: unknown[] }) => Compile;

type ValidatorFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]>["buildValidator"]
>;

// ---- numbers ---------------------------------------------------------------------------

/** A number as text: decimal digits with an optional sign, fraction and exponent; no hex, no "Infinity". */
const NUMERIC_TEXT = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/**
 * The finite number `value` stands for (itself, or a numeric string), or null: never for a
 * boolean, NaN or an infinity. An integer must also be exact in a double.
 */
export function parseNumber(value: unknown, integer: boolean): number | null {
  let number: number;
  if (typeof value === "number") number = value;
  else if (typeof value === "string" && NUMERIC_TEXT.test(value)) number = Number(value);
  else return null;
  if (!Number.isFinite(number)) return null;
  if (integer && !Number.isSafeInteger(number)) return null;
  return number;
}

interface NumericSpec {
  integer: boolean;
  nullable: boolean;
}

interface AjvLike {
  addKeyword(definition: {
    keyword: string;
    modifying: boolean;
    errors: boolean;
    schemaType: string;
    compile(spec: never): KeywordValidate;
  }): unknown;
}

/** Checks a number or integer field and stores the number a numeric string stands for. */
function compileNumeric(spec: NumericSpec): KeywordValidate {
  const message = spec.integer ? "must be integer" : "must be number";
  const validate: KeywordValidate = (data, context) => {
    if (data === null && spec.nullable) return true;
    const number = parseNumber(data, spec.integer);
    if (number === null) {
      validate.errors = [{ keyword: "numeric", message, params: { integer: spec.integer } }];
      return false;
    }
    // Ajv reads the value back from the parent after a modifying keyword, so `minimum` sees it.
    if (number !== data && context) context.parentData[context.parentDataProperty] = number;
    return true;
  };
  return validate;
}

const numericKeyword: AjvPlugin = (ajv) => {
  ajv.addKeyword({ keyword: "numeric", modifying: true, errors: true, schemaType: "object", compile: compileNumeric });
};

const requestRuleKeywords: AjvPlugin = (ajv) => {
  for (const definition of REQUEST_RULE_KEYWORDS) ajv.addKeyword(definition);
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The `numeric` spec replacing a schema's `type` when that type is only numbers (and null). */
function numericSpec(schema: Record<string, unknown>): NumericSpec | null {
  const types = typeof schema.type === "string" ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
  const numeric = types.filter((t) => t === "number" || t === "integer");
  if (numeric.length === 0 || numeric.length + types.filter((t) => t === "null").length !== types.length) return null;
  return { integer: !numeric.includes("number"), nullable: schema.nullable === true || types.includes("null") };
}

/** A copy of `schema` with every number or integer schema in it using `numeric` instead of `type`. */
function withNumericKeyword(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNumericKeyword);
  if (!isPlainObject(schema)) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = withNumericKeyword(value);
  const spec = numericSpec(schema);
  if (spec) {
    delete copy.type;
    delete copy.nullable;
    copy.numeric = spec;
  }
  return copy;
}

// ---- the compilers ---------------------------------------------------------------------

/** What Fastify does with a validator: call it, and read `errors` when it returned false. */
interface Validate {
  (data: unknown): unknown;
  errors?: unknown;
}

/**
 * A validator compiled on its first call instead of when the route is registered. Compiling every
 * route's schemas took most of a second of `canopy serve`'s start; a route's first request now
 * pays for its own (a few milliseconds). Every route's schemas are compiled by a test, so a bad
 * schema still fails before it ships.
 */
function compiledOnFirstUse(compile: () => Validate): Validate {
  let compiled: Validate | null = null;
  const validate: Validate = (data) => {
    compiled ??= compile();
    const result = compiled(data);
    validate.errors = compiled.errors;
    return result;
  };
  return validate;
}

/** `lazy: false` compiles every validator when its route is registered (a test checks every schema so). */
export function requestValidatorFactory({ lazy = true }: { lazy?: boolean } = {}): ValidatorFactory {
  // The package's typings describe its compile function as Ajv's; at run time it takes the route.
  const build = AjvCompiler() as unknown as BuildCompiler;
  const factory = (externalSchemas: unknown, serverOptions?: { plugins?: unknown[] }): Compile => {
    const plugins = [...(serverOptions?.plugins ?? []), numericKeyword, requestRuleKeywords];
    const forText = build(externalSchemas, { customOptions: { ...AJV_OPTIONS, coerceTypes: "array" }, plugins });
    const forBody = build(externalSchemas, { customOptions: { ...AJV_OPTIONS, coerceTypes: true }, plugins });
    return (route) => {
      const body = route.httpPart === "body";
      const compile = body ? forBody : forText;
      const compileRoute = () => compile({ ...route, schema: withNumericKeyword(withRequestRules(route.schema, { body })) }) as Validate;
      return lazy ? compiledOnFirstUse(compileRoute) : compileRoute();
    };
  };
  return factory as unknown as ValidatorFactory;
}
