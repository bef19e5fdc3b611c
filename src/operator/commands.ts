// The operator commands of DECISIONS 1 (users, teams, keys, credits), as functions from parsed
// arguments to one JSON-able object. The CLI runs them against the database directly, or
// through the running server's operator socket when the embedded database is in use.
import { parseArgs } from "node:util";
import { KEY_TYPES, type KeyType } from "../config";
import { grantCredits } from "../platform/credits/ledger";
import { CREDIT_KINDS, type CreditKind } from "../platform/credits/split";
import { createKey, listKeys, revokeKey, rotateKey } from "../modules/keys/service";
import { addTeamMember, createTeam, TEAM_ROLES, type TeamRole } from "../modules/teams/service";
import { createUser, findUserByEmail, PLANS, updateUser, type Plan, type ServiceCtx, type UserRow } from "../modules/users/service";

export class UsageError extends Error {}

export const OPERATOR_COMMANDS = [
  "users create",
  "users update",
  "teams create",
  "teams add-member",
  "keys create",
  "keys list",
  "keys revoke",
  "keys rotate",
  "credits grant",
] as const;

type Options = Record<string, { type: "string" | "boolean" }>;

function parse(args: string[], options: Options) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values as Record<string, string | boolean | undefined>;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${name} is required`);
  return value;
}

function choice<T extends string>(value: unknown, name: string, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(", ")}`);
  }
  return value as T;
}

function bool(value: unknown, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw new UsageError(`--${name} must be true or false`);
}

function userView(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    plan: user.plan,
    is_active: user.isActive,
    beta_access: user.betaAccess,
    is_staff: user.isStaff,
    date_joined: user.dateJoined.toISOString(),
  };
}

function list(value: unknown): string[] | undefined {
  if (typeof value !== "string") return undefined;
  return value.split(",").map((s) => s.trim()).filter(Boolean);
}

/** Runs `canopy <group> <action> ...args`; throws UsageError for bad arguments. */
export async function runOperatorCommand(ctx: ServiceCtx, argv: string[]): Promise<Record<string, unknown>> {
  const [group, action, ...args] = argv;
  const name = `${group ?? ""} ${action ?? ""}`;
  switch (name) {
    case "users create": {
      const v = parse(args, {
        email: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
        plan: { type: "string" },
        staff: { type: "boolean" },
        "no-beta": { type: "boolean" },
      });
      const user = await createUser(ctx, {
        email: required(v, "email"),
        firstName: v["first-name"] as string | undefined,
        lastName: v["last-name"] as string | undefined,
        plan: choice<Plan>(v.plan, "plan", PLANS),
        staff: v.staff === true,
        beta: v["no-beta"] !== true,
      });
      return userView(user);
    }
    case "users update": {
      const v = parse(args, {
        email: { type: "string" },
        plan: { type: "string" },
        active: { type: "string" },
        beta: { type: "string" },
        staff: { type: "string" },
      });
      const user = await updateUser(ctx, {
        email: required(v, "email"),
        plan: choice<Plan>(v.plan, "plan", PLANS),
        active: bool(v.active, "active"),
        beta: bool(v.beta, "beta"),
        staff: bool(v.staff, "staff"),
      });
      return userView(user);
    }
    case "teams create": {
      const v = parse(args, { name: { type: "string" }, owner: { type: "string" } });
      return createTeam(ctx, { name: required(v, "name"), ownerEmail: required(v, "owner") });
    }
    case "teams add-member": {
      const v = parse(args, { team: { type: "string" }, email: { type: "string" }, role: { type: "string" } });
      const role = choice<TeamRole>(v.role ?? "member", "role", TEAM_ROLES.filter((r) => r !== "owner"));
      return addTeamMember(ctx, { teamId: required(v, "team"), email: required(v, "email"), role: role! });
    }
    case "keys create": {
      const v = parse(args, {
        email: { type: "string" },
        name: { type: "string" },
        type: { type: "string" },
        scopes: { type: "string" },
        expires: { type: "string" },
        "allow-ip": { type: "string" },
      });
      const user = await findUserByEmail(ctx, required(v, "email"));
      const type = choice<KeyType>(required(v, "type"), "type", KEY_TYPES)!;
      return createKey(ctx, user.id, {
        name: required(v, "name"),
        type,
        scopes: list(v.scopes),
        expiresAt: (v.expires as string | undefined) ?? null,
        allowedIps: list(v["allow-ip"]),
      });
    }
    case "keys list": {
      const v = parse(args, { email: { type: "string" } });
      const user = await findUserByEmail(ctx, required(v, "email"));
      return { email: user.email, keys: await listKeys(ctx, user.id) };
    }
    case "keys revoke": {
      const v = parse(args, { id: { type: "string" } });
      return revokeKey(ctx, uuidArg(required(v, "id")), null);
    }
    case "keys rotate": {
      const v = parse(args, { id: { type: "string" } });
      return rotateKey(ctx, uuidArg(required(v, "id")), null);
    }
    case "credits grant": {
      const v = parse(args, { email: { type: "string" }, amount: { type: "string" }, kind: { type: "string" } });
      const user = await findUserByEmail(ctx, required(v, "email"));
      const amountText = required(v, "amount");
      if (!/^\d+$/.test(amountText) || Number(amountText) <= 0) throw new UsageError("--amount must be a positive whole number");
      const kind = choice<CreditKind>(v.kind ?? "payg", "kind", CREDIT_KINDS)!;
      const balance = await grantCredits(ctx, { userId: user.id, amount: Number(amountText), kind });
      return {
        email: user.email,
        granted: Number(amountText),
        kind,
        free_credits: balance.free,
        monthly_credits: balance.monthly,
        payg_credits: balance.payg,
        total_credits: balance.total,
      };
    }
    default:
      throw new UsageError(`unknown command "${name.trim()}"; expected one of: ${OPERATOR_COMMANDS.join(", ")}`);
  }
}

function uuidArg(value: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
    throw new UsageError(`"${value}" is not a key id (UUID)`);
  }
  return value.toLowerCase();
}

