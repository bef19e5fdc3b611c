// Response serializers (fast-json-stringify, Fastify's own choice), each compiled on the route's
// first answer with that status instead of when the server starts: compiling every route's
// response schemas took about a fifth of `canopy serve`'s start. A test compiles every route's
// response schemas, so a schema fast-json-stringify rejects still fails before it ships.
import { SerializerSelector } from "@fastify/fast-json-stringify-compiler";
import type { FastifyServerOptions } from "fastify";

type SerializerFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]>["buildSerializer"]
>;
type Serialize = (payload: unknown) => string;

/** A serializer made by `compile` on its first call. */
function serializedOnFirstUse(compile: () => Serialize): Serialize {
  let compiled: Serialize | null = null;
  return (payload) => {
    compiled ??= compile();
    return compiled(payload);
  };
}

/** `lazy: false` compiles every serializer when its route is registered (a test checks every schema so). */
export function responseSerializerFactory({ lazy = true }: { lazy?: boolean } = {}): SerializerFactory {
  const build = SerializerSelector();
  const factory: SerializerFactory = (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => (lazy ? serializedOnFirstUse(() => compile(route)) : compile(route));
  };
  return factory;
}
