// The admin analytics in the document's examples: a week of the service around the day the
// story happens (2026-03-02), a small agency-heavy user base.
const weekWindow = {
  days: 7,
  period: null,
  start: "2026-02-24T00:00:00.000Z",
  end: "2026-03-03T00:00:00.000Z",
};

const weekDays = ["2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"];

/** A per-day series over the example week from one count per day. */
function series<F extends string>(field: F, counts: readonly number[]): Array<{ date: string } & Record<F, number>> {
  return weekDays.map((date, i) => ({ date, [field]: counts[i] ?? 0 }) as { date: string } & Record<F, number>);
}

export const WeekQueryExample = { days: 7 };

export const SignupsExample = {
  _meta: { description: "Signups per day over the last 7 days" },
  ...weekWindow,
  total: 9,
  series: series("signups", [1, 2, 0, 3, 0, 1, 2]),
};

export const ActiveUsersExample = {
  _meta: { description: "Active users per day over the last 7 days" },
  ...weekWindow,
  dau: 14,
  wau: 31,
  mau: 47,
  active_in_window: 31,
  series: series("active_users", [18, 21, 19, 22, 6, 4, 14]),
};

export const SubscriptionsExample = {
  _meta: { description: "Users per plan and subscription interval, and account statuses" },
  total_users: 52,
  by_plan: [
    { plan: "agency", users: 38, active: 36 },
    { plan: "pro", users: 9, active: 9 },
    { plan: "starter", users: 3, active: 2 },
    { plan: "free", users: 2, active: 2 },
  ],
  by_interval: [
    { subscription_interval: "monthly", users: 41 },
    { subscription_interval: "yearly", users: 11 },
  ],
  by_plan_and_interval: [
    { plan: "agency", subscription_interval: "monthly", users: 29 },
    { plan: "agency", subscription_interval: "yearly", users: 9 },
    { plan: "free", subscription_interval: "monthly", users: 2 },
    { plan: "pro", subscription_interval: "monthly", users: 7 },
    { plan: "pro", subscription_interval: "yearly", users: 2 },
    { plan: "starter", subscription_interval: "monthly", users: 3 },
  ],
  account_statuses: { active: 49, inactive: 3, beta_access: 40, staff: 2, api_access: 34 },
};

const amounts = (free: number, monthly: number, payg: number) => ({ free, monthly, payg, total: free + monthly + payg });

export const CreditsExample = {
  _meta: { description: "Credits granted, spent and refunded over the last 7 days" },
  ...weekWindow,
  granted: amounts(500, 20000, 5000),
  spent: amounts(120, 3410, 250),
  refunded: amounts(0, 50, 0),
  net_spent: amounts(120, 3360, 250),
  by_operation: [
    {
      operation: "brief_generation",
      grants: 0,
      charges: 212,
      refunds: 10,
      granted: amounts(0, 0, 0),
      spent: amounts(40, 980, 40),
      refunded: amounts(0, 50, 0),
      net_spent: amounts(40, 930, 40),
    },
    {
      operation: "grant",
      grants: 44,
      charges: 0,
      refunds: 0,
      granted: amounts(500, 20000, 5000),
      spent: amounts(0, 0, 0),
      refunded: amounts(0, 0, 0),
      net_spent: amounts(0, 0, 0),
    },
    {
      operation: "research_generation",
      grants: 0,
      charges: 86,
      refunds: 0,
      granted: amounts(0, 0, 0),
      spent: amounts(80, 2430, 210),
      refunded: amounts(0, 0, 0),
      net_spent: amounts(80, 2430, 210),
    },
  ],
  balances: { free: 2150, monthly: 61800, payg: 14250, total: 78200, users_with_credits: 47 },
};

const usageSeries = weekDays.map((date, i) => {
  const calls = [0, 8, 12, 0, 0, 20, 24][i] ?? 0;
  return { date, calls, prompt_tokens: calls * 1_540, completion_tokens: calls * 645 };
});
const usageTotal = (field: "calls" | "prompt_tokens" | "completion_tokens") => usageSeries.reduce((sum, day) => sum + day[field], 0);

export const ModelUsageExample = {
  _meta: { description: "Model tokens used over the last 7 days, by model and by day" },
  ...weekWindow,
  calls: usageTotal("calls"),
  prompt_tokens: usageTotal("prompt_tokens"),
  completion_tokens: usageTotal("completion_tokens"),
  by_model: [
    { model_id: "anthropic:claude-haiku-4-5", calls: 40, prompt_tokens: 40 * 1_540, completion_tokens: 40 * 645 },
    { model_id: "openai:gpt-4o-mini", calls: 24, prompt_tokens: 24 * 1_540, completion_tokens: 24 * 645 },
  ],
  series: usageSeries,
};
