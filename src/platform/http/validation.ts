// Request validation: one Ajv for query strings, path parameters and headers, another for JSON
// bodies. Query strings are text, so "5" stands for 5 and a single `?id=x` for the list ["x"]. A
// JSON body has real types: "5" still passes for an integer (as Django REST Framework accepts
// it), but a string where a list is expected is an error, not a one-element list.
import AjvCompiler from "@fastify/ajv-compiler";
import type { FastifyServerOptions } from "fastify";

const AJV_OPTIONS = { allErrors: true, useDefaults: true, removeAdditional: true } as const;

interface RouteDefinition {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}
type Compile = (route: RouteDefinition) => unknown;
type BuildCompiler = (externalSchemas: unknown, options: { customOptions: Record<string, unknown>; plugins?: unknown[] }) => Compile;

type ValidatorFactory = NonNullable<NonNullable<NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]>["buildValidator"]>;

export function requestValidatorFactory(): ValidatorFactory {
  // The package's typings describe its compile function as Ajv's; at run time it takes the route.
  const build = AjvCompiler() as unknown as BuildCompiler;
  const factory = (externalSchemas: unknown, serverOptions?: { plugins?: unknown[] }): Compile => {
    const plugins = serverOptions?.plugins ?? [];
    const forText = build(externalSchemas, { customOptions: { ...AJV_OPTIONS, coerceTypes: "array" }, plugins });
    const forBody = build(externalSchemas, { customOptions: { ...AJV_OPTIONS, coerceTypes: true }, plugins });
    return (route) => (route.httpPart === "body" ? forBody(route) : forText(route));
  };
  return factory as unknown as ValidatorFactory;
}
