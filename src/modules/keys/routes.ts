import { KEY_TYPES } from "../../platform/config";
import { ALL_SCOPES, DEFAULT_SCOPES, SCOPES } from "../../platform/auth/scopes";
import { ValidationFailed } from "../../platform/errors";
import { keyedRoute, type RouteDef } from "../../platform/http/route";
import { present } from "../../platform/present";
import {
  CreateKeyBody,
  CurrentKeySchema,
  EmptyBody,
  KeyIdParams,
  KeyListSchema,
  NewKeySchema,
  RotatedKeySchema,
  KeySchema,
  ScopesSchema,
} from "./schemas";
import { KeyPolicyError } from "./key-policy-error";
import { createKey, currentKey, listKeys, revokeKey, rotateKey } from "./service";
import { CreateKeyExample } from "./examples";

const tag = "API keys";

export const keyRoutes: RouteDef[] = [
  keyedRoute({
    method: "GET",
    path: "/api/v1/keys/scopes/",
    tag,
    summary: "Scopes and the default scopes of each key type",
    metaDescription: "Available API key scopes, and each key type's rate limit and default scopes.",
    scope: "user:read",
    workspaced: false,
    status: 200,
    schemas: { response: ScopesSchema },
    handler: async ({ ctx }) => ({
      scopes: ALL_SCOPES.map((scope) => ({ scope, description: SCOPES[scope] })),
      key_types: KEY_TYPES.map((type) => ({
        type,
        rate_limit_per_minute: ctx.platform.config.rateLimits[type],
        default_scopes: DEFAULT_SCOPES[type],
      })),
    }),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/keys/current/",
    tag,
    summary: "The key making the request",
    description:
      "Its name, type and scopes. Any valid key may read it, whatever its scopes, so a client can tell which actions " +
      "the key allows (the console disables what it does not) before trying them.",
    metaDescription: "The API key making this request.",
    scope: null,
    workspaced: false,
    status: 200,
    schemas: { response: CurrentKeySchema },
    // Authenticated: a keyed route has a principal even when it asks for no scope.
    handler: async ({ ctx }) => currentKey(ctx, present(ctx.principal, "the principal of an authenticated request").key.id),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/keys/",
    tag,
    summary: "The user's API keys",
    description: "All keys of the key's user, newest first, active and revoked. Plaintext is never shown again.",
    scope: "user:read",
    workspaced: false,
    status: 200,
    schemas: { response: KeyListSchema },
    handler: async ({ ctx }) => listKeys(ctx, ctx.userId),
  }),
  keyedRoute({
    method: "POST",
    path: "/api/v1/keys/",
    tag,
    summary: "Create an API key",
    description:
      "Creates a key for the calling key's user; the plaintext is in this response only. A key can " +
      "grant at most the scopes it holds itself. Admin keys need a staff user. The read-only fields of a key (`id`, " +
      "`status`, `created_at`, ...) are accepted and ignored; any other field answers 400.",
    metaDescription: "The new API key. Store `key` now: it cannot be shown again.",
    scope: "keys:write",
    workspaced: false,
    status: 201,
    errors: [400],
    examples: { request: { body: CreateKeyExample } },
    schemas: { body: CreateKeyBody, response: NewKeySchema },
    readOnlyFrom: NewKeySchema,
    handler: async ({ ctx, body }) => {
      // The route needs a key scope, so the request was authenticated.
      const held = present(ctx.principal, "the principal of an authenticated request").key.scopes;
      const beyond = (body.scopes ?? DEFAULT_SCOPES[body.type]).filter((s) => !held.has(s as never));
      if (beyond.length > 0) {
        throw new ValidationFailed({ scopes: [`This key cannot grant scopes it does not hold: ${beyond.join(", ")}.`] });
      }
      try {
        return await createKey(ctx, ctx.userId, {
          name: body.name,
          type: body.type,
          scopes: body.scopes,
          expiresAt: body.expires_at ?? null,
          allowedIps: body.allowed_ips,
        });
      } catch (err) {
        if (err instanceof KeyPolicyError) throw new ValidationFailed({ type: [err.message] });
        throw err;
      }
    },
  }),
  keyedRoute({
    method: "POST",
    path: "/api/v1/keys/:id/revoke/",
    resources: { id: "api_key" },
    tag,
    summary: "Revoke an API key",
    description: "Immediate and irreversible, in every API process. Revoking the key making the request is allowed.",
    scope: "keys:write",
    workspaced: false,
    status: 200,
    errors: [404],
    examples: { request: { body: {} } },
    schemas: { params: KeyIdParams, body: EmptyBody, response: KeySchema },
    handler: async ({ ctx, params }) => revokeKey(ctx, params.id, ctx.userId),
  }),
  keyedRoute({
    method: "POST",
    path: "/api/v1/keys/:id/rotate/",
    resources: { id: "api_key" },
    tag,
    summary: "Rotate an API key",
    description: "Creates a key with the same name, type, scopes and settings and revokes the old one at once.",
    metaDescription: "The replacement key. Store `key` now: it cannot be shown again.",
    scope: "keys:write",
    workspaced: false,
    status: 201,
    errors: [404],
    examples: { request: { body: {} } },
    schemas: { params: KeyIdParams, body: EmptyBody, response: RotatedKeySchema },
    handler: async ({ ctx, params }) => rotateKey(ctx, params.id, ctx.userId),
  }),
];
