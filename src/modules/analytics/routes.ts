// Admin analytics (scope admin:read, staff users only): signups, active users, the plan
// breakdown and the credits of the whole service. Not workspaced: they are about every user.
import { keyedRoute, type RouteDef } from "../../platform/http/route";
import { ActiveUsersSchema, CreditsSchema, ModelUsageSchema, SignupsSchema, SubscriptionsSchema, WindowQuerySchema } from "./schemas";
import { activeUsers, credits, modelUsage, signups, subscriptions } from "./service";
import { WeekQueryExample } from "./examples";
import { dayWindow, MAX_DAYS } from "./window";

const tag = "Admin analytics";

const ACCESS = "A key of a user who is not staff answers 403, whatever its scopes (Admin keys are for staff users only).";

const WINDOW =
  `The window is \`days\` whole UTC days ending with today, today included (1 to ${MAX_DAYS}, default 30; ` +
  "anything else answers 400), or the `period` named, which overrides `days`: `today` (1 day), `week` (7 days, " +
  "as `days=7`), `month` (30 days, as `days=30`). `start` and `end` give the window as times: `end` is the " +
  "midnight after today (exclusive).";

const admin = { scope: "admin:read", staffOnly: true, workspaced: false, status: 200, tag } as const;

export const analyticsRoutes: RouteDef[] = [
  keyedRoute({
    ...admin,
    method: "GET",
    path: "/api/v1/analytics/signups/",
    summary: "Signups per day",
    description: `Users who joined (their \`date_joined\`) on each UTC day of the window, and in all. ${WINDOW} ${ACCESS}`,
    metaDescription: "New users per UTC day over the window, and their total.",
    examples: { request: { query: WeekQueryExample } },
    schemas: { querystring: WindowQuerySchema, response: SignupsSchema },
    handler: async ({ ctx, query }) => signups(ctx, dayWindow(query, new Date())),
  }),
  keyedRoute({
    ...admin,
    method: "GET",
    path: "/api/v1/analytics/active-users/",
    summary: "Daily, weekly and monthly active users",
    description:
      "A user is active on a UTC day when one of their keys made a request that day that reached the audit log: " +
      "any endpoint, any status, once the key was valid (a request refused with 401 names no user). Activity is " +
      "recorded per user and day as the audit log is written, within about a second, and kept beyond the audit log's " +
      "90 days; activity from before it was recorded so (migration 0009) goes back as far as the audit log did then, " +
      "and to each user's last activity. " +
      `\`dau\`, \`wau\` and \`mau\` count the users active today, in the last 7 and in the last 30 UTC days (today ` +
      `included, whatever the window); \`series\` counts them per day of the window. ${WINDOW} ${ACCESS}`,
    metaDescription: "Active users (requests made with their keys) per UTC day, and today's DAU, WAU and MAU.",
    examples: { request: { query: WeekQueryExample } },
    schemas: { querystring: WindowQuerySchema, response: ActiveUsersSchema },
    handler: async ({ ctx, query }) => activeUsers(ctx, dayWindow(query, new Date())),
  }),
  keyedRoute({
    ...admin,
    method: "GET",
    path: "/api/v1/analytics/subscriptions/",
    summary: "Users per plan and subscription interval, and account statuses",
    description: `Every user as of now, by plan, by billing interval and by both, with the account statuses. ${ACCESS}`,
    metaDescription: "Users per plan and subscription interval, and account statuses, as of now.",
    schemas: { response: SubscriptionsSchema },
    handler: async ({ ctx }) => subscriptions(ctx),
  }),
  keyedRoute({
    ...admin,
    method: "GET",
    path: "/api/v1/analytics/credits/",
    summary: "Credits granted, spent and refunded, and balances",
    description:
      "From the credit ledger, within the window: credits granted, charged (`spent`) and refunded, per credit kind " +
      "(free, monthly, pay-as-you-go) and per operation; a refund counts in the window it was made, which may not be " +
      "the charge's. `balances` sums what every user holds now. " +
      `${WINDOW} ${ACCESS}`,
    metaDescription: "Credits granted, spent and refunded over the window, per kind and operation, and the balances held now.",
    examples: { request: { query: WeekQueryExample } },
    schemas: { querystring: WindowQuerySchema, response: CreditsSchema },
    handler: async ({ ctx, query }) => credits(ctx, dayWindow(query, new Date())),
  }),
  keyedRoute({
    ...admin,
    method: "GET",
    path: "/api/v1/analytics/model-usage/",
    summary: "Model tokens used, by model and by day",
    description:
      "The prompt and completion tokens of every language-model call the service's tasks made (research, briefs, articles), " +
      "as each provider reported them, within the window: in all, per model and per UTC day. A task's tokens are dated by " +
      "its first call; the built-in offline model reports none. " +
      `${WINDOW} ${ACCESS}`,
    metaDescription: "Model tokens used over the window, by model and by day.",
    examples: { request: { query: WeekQueryExample } },
    schemas: { querystring: WindowQuerySchema, response: ModelUsageSchema },
    handler: async ({ ctx, query }) => modelUsage(ctx, dayWindow(query, new Date())),
  }),
];
