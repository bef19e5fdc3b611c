// The wire shapes of the admin analytics, each field described for the OpenAPI document and
// llms-full.txt.
import Type from "typebox";
import { named, Nullable, StringEnum, Timestamp, withMeta } from "../../platform/http/route";
import { ActiveUsersExample, CreditsExample, ModelUsageExample, SignupsExample, SubscriptionsExample } from "./examples";
import { DEFAULT_DAYS, MAX_DAYS, PERIOD_DAYS, PERIODS } from "./window";

const periodText = PERIODS.map((p) => `\`${p}\` = ${PERIOD_DAYS[p]} day${PERIOD_DAYS[p] === 1 ? "" : "s"}`).join(", ");

export const WindowQuerySchema = Type.Object({
  days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_DAYS,
      default: DEFAULT_DAYS,
      description: `Whole UTC days in the window, today included: 1 to ${MAX_DAYS}, default ${DEFAULT_DAYS}.`,
    }),
  ),
  period: Type.Optional(StringEnum(PERIODS, { description: `A named window that overrides \`days\`: ${periodText}.` })),
});

const Day = Type.String({ format: "date", description: "A UTC day, `YYYY-MM-DD`." });

/** A daily series: one `{date, <field>}` per day of the window, oldest first, 0 for a day without any. */
function dailySeries(field: string, perDay: string, what: string) {
  return Type.Array(Type.Object({ date: Day, [field]: Type.Integer({ description: perDay }) }), {
    description: `${what}, one point per day of the window, oldest first; 0 for a day without any.`,
  });
}

/** The window fields every windowed response starts with (window.ts, windowFields). */
const windowFields = {
  days: Type.Integer({ description: "Days in the window, today (UTC) included." }),
  period: Nullable(StringEnum(PERIODS, { description: "The period asked for; null when `days` chose the window." })),
  start: { ...Timestamp, description: "The window's start: UTC midnight of its first day (inclusive)." },
  end: { ...Timestamp, description: "The window's end: UTC midnight after today (exclusive)." },
};

export const SignupsSchema = named(
  "AnalyticsSignups",
  withMeta({
    ...windowFields,
    total: Type.Integer({ description: "Users who joined within the window." }),
    series: dailySeries("signups", "Users who joined on that day (UTC).", "Signups"),
  }),
  SignupsExample,
);

export const ActiveUsersSchema = named(
  "AnalyticsActiveUsers",
  withMeta({
    ...windowFields,
    dau: Type.Integer({ description: "Daily active users: users active today (UTC, so far)." }),
    wau: Type.Integer({ description: "Weekly active users: users active on any of the last 7 UTC days, today included." }),
    mau: Type.Integer({ description: "Monthly active users: users active on any of the last 30 UTC days, today included." }),
    active_in_window: Type.Integer({ description: "Users active on any day of the window, each counted once." }),
    series: dailySeries("active_users", "Users active on that day (UTC).", "Daily active users"),
  }),
  ActiveUsersExample,
);

const planRow = Type.Object({
  plan: Type.String({ description: "The subscription plan (`agency`, `pro`, `starter`, `free`)." }),
  users: Type.Integer({ description: "Users on the plan." }),
  active: Type.Integer({ description: "Of those, users whose account is active." }),
});

export const SubscriptionsSchema = named(
  "AnalyticsSubscriptions",
  withMeta({
    total_users: Type.Integer({ description: "Every user account, active or not." }),
    by_plan: Type.Array(planRow, {
      description: "Users per plan: every plan the service offers (0 when none), then any other plan found, by name.",
    }),
    by_interval: Type.Array(
      Type.Object({
        subscription_interval: Type.String({ description: "The billing interval (`monthly` unless set otherwise)." }),
        users: Type.Integer({ description: "Users billed at that interval." }),
      }),
      { description: "Users per subscription interval, by name." },
    ),
    by_plan_and_interval: Type.Array(
      Type.Object({
        plan: Type.String({ description: "The subscription plan." }),
        subscription_interval: Type.String({ description: "The billing interval." }),
        users: Type.Integer({ description: "Users on that plan at that interval." }),
      }),
      { description: "Users per plan and interval: only the combinations that have users, by plan then interval." },
    ),
    account_statuses: Type.Object(
      {
        active: Type.Integer({ description: "Users whose account is active." }),
        inactive: Type.Integer({ description: "Users whose account is deactivated (their keys answer 401)." }),
        beta_access: Type.Integer({ description: "Users granted beta access to the API." }),
        staff: Type.Integer({ description: "Staff users (who may hold Admin keys and read these analytics)." }),
        api_access: Type.Integer({
          description: "Users whose keys work: active, on the agency plan and with beta access.",
        }),
      },
      { description: "Account statuses; a user counts under each that applies." },
    ),
  }),
  SubscriptionsExample,
);

const Amounts = (description: string) =>
  Type.Object(
    {
      free: Type.Integer({ description: "Free credits." }),
      monthly: Type.Integer({ description: "Monthly (subscription) credits." }),
      payg: Type.Integer({ description: "Pay-as-you-go credits." }),
      total: Type.Integer({ description: "The three together." }),
    },
    { description },
  );

const operationRow = Type.Object({
  operation: Type.String({
    description: "What the credits were for (`brief_generation`, `research_generation`, `clustering`, ...; `grant` for plain grants).",
  }),
  grants: Type.Integer({ description: "Grant entries of the operation in the window." }),
  charges: Type.Integer({ description: "Charges of the operation in the window." }),
  refunds: Type.Integer({ description: "Refunds of the operation in the window." }),
  granted: Amounts("Credits granted, per credit kind."),
  spent: Amounts("Credits charged, per credit kind the charges took them from."),
  refunded: Amounts("Credits given back, into the kinds they had been taken from."),
  net_spent: Amounts("`spent` less `refunded`: negative when the window refunds charges made before it."),
});

export const CreditsSchema = named(
  "AnalyticsCredits",
  withMeta({
    ...windowFields,
    granted: Amounts("Credits granted within the window, per credit kind."),
    spent: Amounts("Credits charged within the window, per credit kind (charges take free, then monthly, then pay-as-you-go)."),
    refunded: Amounts("Credits refunded within the window (failed work), per credit kind."),
    net_spent: Amounts("`spent` less `refunded`."),
    by_operation: Type.Array(operationRow, {
      description: "The same per operation, by operation name; operations without entries in the window are left out.",
    }),
    balances: Type.Object(
      {
        free: Type.Integer({ description: "Free credits held by all users now." }),
        monthly: Type.Integer({ description: "Monthly credits held by all users now." }),
        payg: Type.Integer({ description: "Pay-as-you-go credits held by all users now." }),
        total: Type.Integer({ description: "All credits held by all users now." }),
        users_with_credits: Type.Integer({ description: "Users holding at least one credit." }),
      },
      { description: "Current balances, summed over every user (not limited to the window)." },
    ),
  }),
  CreditsExample,
);

const tokenCounts = {
  calls: Type.Integer({ description: "Model calls that reported their tokens." }),
  prompt_tokens: Type.Integer({ description: "Prompt (input) tokens, as the providers reported them." }),
  completion_tokens: Type.Integer({ description: "Completion (output) tokens, as the providers reported them." }),
};

export const ModelUsageSchema = named(
  "AnalyticsModelUsage",
  withMeta({
    ...windowFields,
    ...tokenCounts,
    by_model: Type.Array(Type.Object({ model_id: Type.String({ description: "The model, as `ai_model_id` names it." }), ...tokenCounts }), {
      description: "The same per model, by model id; models without calls in the window are left out.",
    }),
    series: Type.Array(Type.Object({ date: Type.String({ format: "date", description: "The UTC day, `YYYY-MM-DD`." }), ...tokenCounts }), {
      description: "The same per day of the window, oldest first; 0 for a day without any.",
    }),
  }),
  ModelUsageExample,
);
