import Type from "typebox";
import { KEY_TYPES } from "../../platform/config";
import { ALL_SCOPES } from "../../platform/auth/scopes";
import { MAX_LENGTH } from "../../platform/http/limits";
import { named, Nullable, StringEnum, Timestamp, Uuid, withMeta } from "../../platform/http/route";
import { CurrentKeyExample, KeyExample, KeyListItemExample, NewKeyExample, RotatedKeyExample, ScopesExample } from "./examples";

const KeyType = StringEnum(KEY_TYPES);

const KeyFields = {
  id: Uuid,
  name: Type.String(),
  type: Type.String(),
  prefix: Type.String({ description: "The first 12 characters of the key" }),
  scopes: Type.Array(Type.String()),
  status: StringEnum(["Active", "Revoked"] as const),
  expires_at: Nullable(Timestamp),
  allowed_ips: Type.Array(Type.String()),
  last_used_at: Nullable(Timestamp),
  created_at: Timestamp,
  revoked_at: Nullable(Timestamp),
};

export const KeySchema = named("ApiKey", withMeta(KeyFields), KeyExample);
export const CurrentKeySchema = named("CurrentApiKey", withMeta(KeyFields), CurrentKeyExample);
export const KeyListSchema = named("ApiKeyList", Type.Array(named("ApiKeyListItem", Type.Object(KeyFields), KeyListItemExample)));
export const NewKeySchema = named(
  "NewApiKey",
  withMeta({
    ...KeyFields,
    key: Type.String({ description: "The plaintext key. Shown once; store it now." }),
  }),
  NewKeyExample,
);
export const RotatedKeySchema = named(
  "RotatedApiKey",
  withMeta({
    ...KeyFields,
    key: Type.String({ description: "The plaintext of the new key. Shown once." }),
    replaces: Uuid,
  }),
  RotatedKeyExample,
);

export const CreateKeyBody = named(
  "CreateApiKeyRequest",
  Type.Object({
    name: Type.String({ minLength: 1, maxLength: MAX_LENGTH.name }),
    type: KeyType,
    scopes: Type.Optional(
      Type.Array(Type.String({ enum: ALL_SCOPES }), {
        description:
          "Replaces the type's default scopes (GET /api/v1/keys/scopes/ lists them; `maps:write` and `keys:write` are never defaults)",
      }),
    ),
    expires_at: Type.Optional(
      Nullable(Type.String({ maxLength: MAX_LENGTH.timestamp, description: "ISO 8601 date or date-time in the future" })),
    ),
    allowed_ips: Type.Optional(
      Type.Array(Type.String({ maxLength: MAX_LENGTH.ipRange }), { description: "IPv4/IPv6 addresses or CIDR ranges", maxItems: 100 }),
    ),
  }),
);

export const ScopesSchema = named(
  "ScopeCatalog",
  withMeta({
    scopes: Type.Array(named("ScopeInfo", Type.Object({ scope: Type.String(), description: Type.String() }))),
    key_types: Type.Array(
      named(
        "KeyTypeInfo",
        Type.Object({
          type: Type.String(),
          rate_limit_per_minute: Type.Integer(),
          default_scopes: Type.Array(Type.String()),
        }),
      ),
    ),
  }),
  ScopesExample,
);

export const KeyIdParams = Type.Object({ id: Uuid });
export const EmptyBody = named("EmptyRequest", Type.Object({}, { description: "No fields: send `{}` or no body (any field answers 400)" }));
