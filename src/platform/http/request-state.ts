// What the pipeline learns about a request, kept on the request object.
import type { Principal } from "../auth/principal";
import type { RequestContext } from "../context";

declare module "fastify" {
  interface FastifyRequest {
    /** Set once the key is verified and valid; drives auditing and rate-limit headers. */
    principal?: Principal;
    ctx?: RequestContext;
  }
  interface FastifyContextConfig {
    routeDef?: import("./route").RouteDef;
    /** Set on the routes that answer 405 for a path's unsupported methods. */
    allowedMethods?: string[];
  }
}
