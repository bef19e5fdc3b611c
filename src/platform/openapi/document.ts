// The OpenAPI document built from a route registry without a server: a bare Fastify instance
// with the docs plugin and the routes, never listening and never touching a database. The lint
// (`npm run lint:openapi`) and the client generator (`npm run client:generate`) read the same
// document the running service serves at /api/v1/schema/.
import Fastify from "fastify";
import { registerDocs } from "./docs";
import { registerRoutes } from "../http/register";
import type { RouteDef } from "../http/route";

export async function buildOpenApiDocument(routes: RouteDef[]): Promise<{ yaml: string; json: string }> {
  const app = Fastify({ logger: false });
  try {
    await registerDocs(app, routes);
    registerRoutes(app, routes);
    await app.ready();
    return { yaml: app.apiDocs.yaml(), json: app.apiDocs.json() };
  } finally {
    await app.close();
  }
}
