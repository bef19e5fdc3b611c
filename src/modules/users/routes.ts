import { keyedRoute, type RouteDef } from "../../platform/http/route";
import { assertPageExists, pageLinks, readPage } from "../../platform/http/pagination";
import { AUDIT_PAGE_SIZES, AuditPageSchema, AuditQuerySchema, CreditsSchema, ProfileSchema, TeamsSchema } from "./schemas";
import { auditLogPage, creditsOf, profileOf, teamsOf } from "./service";

const tag = "Account";

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
      "Entries are kept 90 days. `page_size` defaults to 50 and is clamped to 1..200; a `page` that is not a positive " +
      "integer, or lies past the last page, answers 404. " +
      "Entries are written in batches, so a request appears within about a second.",
    metaDescription: "API audit log of the user's keys, most recent first.",
    scope: "user:read",
    workspaced: false,
    status: 200,
    errors: [404],
    schemas: { querystring: AuditQuerySchema, response: AuditPageSchema },
    handler: async ({ ctx, query, request }) => {
      const page = readPage(query, AUDIT_PAGE_SIZES);
      const result = await auditLogPage(ctx, { ...query, page: page.page, page_size: page.pageSize });
      assertPageExists(page, result.count);
      return { count: result.count, ...pageLinks(request, ctx.platform.config.baseUrl, page, result.count), results: result.results };
    },
  }),
];
