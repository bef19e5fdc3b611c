// API keys in the document's examples: a key for a CI pipeline that reads brands and research.
import { DEFAULT_SCOPES, SCOPES } from "../../platform/auth/scopes";
import { EXAMPLE_IDS, EXAMPLE_TIME } from "../../platform/openapi/examples";

export const CreateKeyExample = {
  name: "ci-pipeline",
  type: "Integration",
  scopes: ["brands:read", "research:read"],
  allowed_ips: ["203.0.113.0/24"],
};

export const KeyListItemExample = {
  id: EXAMPLE_IDS.apiKey,
  name: "ci-pipeline",
  type: "Integration",
  prefix: "cnpy_live_d3",
  scopes: ["brands:read", "research:read"],
  status: "Active",
  expires_at: null,
  allowed_ips: ["203.0.113.0/24"],
  last_used_at: null,
  created_at: EXAMPLE_TIME,
  revoked_at: null,
};

export const KeyExample = {
  _meta: { description: "Revoke an API key" },
  ...KeyListItemExample,
  status: "Revoked",
  revoked_at: "2026-03-02T10:15:00.000Z",
};

export const NewKeyExample = {
  _meta: { description: "The new API key. Store `key` now: it cannot be shown again." },
  ...KeyListItemExample,
  key: "cnpy_live_d322b718f8d6caac6e6dba91da63774f",
};

export const RotatedKeyExample = {
  _meta: { description: "The replacement key. Store `key` now: it cannot be shown again." },
  ...KeyListItemExample,
  id: "5c5de7ad-dea6-4b1e-8d51-eefe5666cc73",
  prefix: "cnpy_live_29",
  key: "cnpy_live_29819216ca528ce36fe5e18e025be133",
  replaces: EXAMPLE_IDS.apiKey,
};

export const ScopesExample = {
  _meta: { description: "Available API key scopes, and each key type's rate limit and default scopes." },
  scopes: (["brands:read", "brands:write"] as const).map((scope) => ({ scope, description: SCOPES[scope] })),
  key_types: [{ type: "Developer", rate_limit_per_minute: 60, default_scopes: DEFAULT_SCOPES.Developer }],
};

/** The key making a request, as it reads itself: in use, so active and last used. */
export const CurrentKeyExample = {
  _meta: { description: "The API key making this request." },
  ...KeyListItemExample,
  last_used_at: "2026-03-02T10:15:00.000Z",
};
