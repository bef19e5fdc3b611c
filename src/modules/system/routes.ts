import Type from "typebox";
import { ping } from "../../platform/db/migrate";
import { ApiError } from "../../platform/http/errors";
import { publicRoute, type RouteDef } from "../../platform/http/route";

const tag = "System";

export const systemRoutes: RouteDef[] = [
  publicRoute({
    method: "GET",
    path: "/healthz",
    tag,
    summary: "Liveness: the process answers",
    status: 200,
    schemas: { response: Type.Object({ status: Type.Literal("ok") }) },
    handler: async () => ({ status: "ok" }),
  }),
  publicRoute({
    method: "GET",
    path: "/readyz",
    tag,
    summary: "Readiness: the database answers",
    status: 200,
    errors: [503],
    schemas: { response: Type.Object({ status: Type.Literal("ready"), database: Type.String() }) },
    handler: async ({ request }) => {
      const platform = request.server.platform;
      try {
        await ping(platform.database);
      } catch {
        throw new ApiError(503, "Database unavailable.");
      }
      return { status: "ready", database: platform.database.kind };
    },
  }),
];
