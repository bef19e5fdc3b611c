// The account of the document's examples: Ada, who runs Bean There's content.
import { EXAMPLE_IDS, EXAMPLE_TIME } from "../../platform/openapi/examples";

export const ProfileExample = {
  _meta: { description: "Profile of the user who owns this API key." },
  uuid: EXAMPLE_IDS.user,
  email: "ada@beanthere.example",
  first_name: "Ada",
  last_name: "Lovelace",
  subscription_plan: "agency",
  subscription_interval: "monthly",
  account_status: "active",
  date_joined: "2026-01-12T08:00:00.000Z",
  last_active: EXAMPLE_TIME,
};

export const CreditsExample = {
  _meta: { description: "Credit balance of the user who owns this API key." },
  free_credits: 0,
  monthly_credits: 480,
  payg_credits: 100,
  total_credits: 580,
  monthly_credits_last_reset: "2026-03-01T00:00:00.000Z",
  subscription_renewal_date: "2026-04-01T00:00:00.000Z",
};

const TeamMembershipExample = {
  team: {
    id: EXAMPLE_IDS.team,
    name: "Bean There content",
    slug: "bean-there-content",
    plan_name: "agency",
    created_at: "2026-01-12T08:05:00.000Z",
  },
  role: "owner",
  status: "active",
};

export const TeamsExample = {
  _meta: { description: "Active team memberships of the user who owns this API key." },
  results: [TeamMembershipExample],
};

const AuditEntryExample = {
  id: EXAMPLE_IDS.auditEntry,
  api_key_name: "laptop",
  api_key_prefix: "cnpy_live_3f",
  endpoint: "/api/v1/brands/",
  method: "POST",
  status_code: 201,
  ip_address: "203.0.113.7",
  response_time_ms: 12,
  timestamp: EXAMPLE_TIME,
};

export const AuditPageExample = {
  _meta: { description: "API audit log of the user's keys, most recent first." },
  count: 1,
  next: null,
  previous: null,
  results: [AuditEntryExample],
};
