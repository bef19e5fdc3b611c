import { keyedRoute, type RouteDef } from "../../platform/http/route";
import { pageLinks } from "../../platform/http/pagination";
import { AuditPageSchema, AuditQuerySchema, CreditsSchema, ProfileSchema, TeamsSchema } from "./schemas";
import { auditLogPage, creditsOf, MAX_AUDIT_PAGE_SIZE, profileOf, teamsOf } from "./service";

const tag = "User";

export const userRoutes: RouteDef[] = [
  keyedRoute({
    method: "GET",
    path: "/api/v1/me/profile/",
    tag,
    summary: "The profile of the key's user",
    metaDescription: "Profile of the user who owns this API key.",
    scope: "user:read",
    workspaced: false,
    status: 200,
    schemas: { response: ProfileSchema },
    handler: async ({ ctx }) => profileOf(ctx),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/me/credits/",
    tag,
    summary: "Credit balance",
    description: "Credits are spent free first, then monthly, then pay-as-you-go.",
    metaDescription: "Credit balance of the user who owns this API key.",
    scope: "user:read",
    workspaced: false,
    status: 200,
    schemas: { response: CreditsSchema },
    handler: async ({ ctx }) => creditsOf(ctx),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/me/teams/",
    tag,
    summary: "Team memberships",
    metaDescription: "Active team memberships of the user who owns this API key.",
    scope: "user:read",
    workspaced: false,
    status: 200,
    schemas: { response: TeamsSchema },
    handler: async ({ ctx }) => ({ results: await teamsOf(ctx) }),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/me/audit-logs/",
    tag,
    summary: "API audit log",
    description:
      "Every request made with any of the user's keys, whatever its status, most recent first. " +
      "Entries are kept 90 days. `page_size` defaults to 50 and is clamped to 200. " +
      "Entries are written in batches, so a request appears within about a second.",
    metaDescription: "API audit log of the user's keys, most recent first.",
    scope: "user:read",
    workspaced: false,
    status: 200,
    schemas: { querystring: AuditQuerySchema, response: AuditPageSchema },
    handler: async ({ ctx, query, request }) => {
      const page = query.page ?? 1;
      const pageSize = Math.min(query.page_size ?? 50, MAX_AUDIT_PAGE_SIZE);
      const result = await auditLogPage(ctx, { ...query, page, page_size: pageSize });
      return { count: result.count, ...pageLinks(request, ctx.platform.config.baseUrl, page, pageSize, result.count), results: result.results };
    },
  }),
];
