import Type from "typebox";
import { ping } from "../../platform/db/migrate";
import { Unavailable } from "../../platform/errors";
import { named, publicRoute, type RouteDef } from "../../platform/http/route";

const tag = "System";

const Health = named("Health", Type.Object({ status: Type.Literal("ok") }), { status: "ok" });
const Readiness = named(
  "Readiness",
  Type.Object({ status: Type.Literal("ready"), database: Type.String({ description: "`pglite` (embedded) or `postgres`" }) }),
  { status: "ready", database: "postgres" },
);

export const systemRoutes: RouteDef[] = [
  publicRoute({
    method: "GET",
    path: "/healthz",
    tag,
    summary: "Liveness: the process answers",
    status: 200,
    schemas: { response: Health },
    handler: async () => ({ status: "ok" }),
  }),
  publicRoute({
    method: "GET",
    path: "/readyz",
    tag,
    summary: "Readiness: the database answers",
    status: 200,
    errors: [503],
    schemas: { response: Readiness },
    handler: async ({ request }) => {
      const platform = request.server.platform;
      try {
        await ping(platform.database);
      } catch {
        throw new Unavailable("Database unavailable.");
      }
      return { status: "ready", database: platform.database.kind };
    },
  }),
];
