import Type from "typebox";
import { pageQueryFields } from "../../platform/http/pagination";
import { named, Nullable, StringEnum, Timestamp, Uuid, withMeta } from "../../platform/http/route";
import { AuditPageExample, CreditsExample, ProfileExample, TeamsExample } from "./examples";
import { MAX_AUDIT_PAGE_SIZE } from "./service";

export const ProfileSchema = named(
  "Profile",
  withMeta({
    uuid: Uuid,
    email: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    subscription_plan: Type.String(),
    subscription_interval: Type.String(),
    account_status: Type.String(),
    date_joined: Timestamp,
    last_active: Timestamp,
  }),
  ProfileExample,
);

export const CreditsSchema = named(
  "CreditBalance",
  withMeta({
    free_credits: Type.Number(),
    monthly_credits: Type.Number(),
    payg_credits: Type.Number(),
    total_credits: Type.Number(),
    monthly_credits_last_reset: Timestamp,
    subscription_renewal_date: Timestamp,
  }),
  CreditsExample,
);

export const TeamsSchema = named(
  "TeamMemberships",
  withMeta({
    results: Type.Array(
      named(
        "TeamMembership",
        Type.Object({
          team: named(
            "Team",
            Type.Object({ id: Uuid, name: Type.String(), slug: Type.String(), plan_name: Type.String(), created_at: Timestamp }),
          ),
          role: StringEnum(["owner", "admin", "member"] as const),
          status: Type.Literal("active"),
        }),
      ),
    ),
  }),
  TeamsExample,
);

export const AUDIT_PAGE_SIZES = { default: 50, max: MAX_AUDIT_PAGE_SIZE };

export const AuditQuerySchema = Type.Object({
  api_key_id: Type.Optional(Uuid),
  method: Type.Optional(Type.String({ maxLength: 10 })),
  status_code: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
  endpoint: Type.Optional(Type.String({ maxLength: 2000 })),
  ...pageQueryFields(AUDIT_PAGE_SIZES),
});

export const AuditPageSchema = named(
  "AuditLogPage",
  withMeta({
    count: Type.Integer(),
    next: Nullable(Type.String({ format: "uri" })),
    previous: Nullable(Type.String({ format: "uri" })),
    results: Type.Array(
      named(
        "AuditLogEntry",
        Type.Object({
          id: Uuid,
          api_key_name: Type.String(),
          api_key_prefix: Type.String(),
          endpoint: Type.String(),
          method: Type.String(),
          status_code: Type.Integer(),
          ip_address: Type.String(),
          response_time_ms: Type.Integer(),
          timestamp: Timestamp,
        }),
      ),
    ),
  }),
  AuditPageExample,
);
