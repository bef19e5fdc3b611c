// The operator commands of docs/conventions.md §1 (users, teams, keys, credits, migrate). Parsing is pure
// and happens before anything is opened, so bad arguments fail fast with exit code 2 wherever
// the command would run; executing takes a service context, this process's or the server's.
import { KEY_TYPES, type KeyType } from "../platform/config";
import { CREDIT_KINDS, type CreditKind } from "../platform/credits/split";
import { UsageError } from "./failures";
import { parseFlags, type FlagValues } from "./flags";

const OPERATOR_COMMANDS = [
  "users create",
  "users update",
  "users list",
  "teams create",
  "teams add-member",
  "teams list",
  "keys create",
  "keys list",
  "keys revoke",
  "keys rotate",
  "credits grant",
  "migrate",
] as const;

export const OPERATOR_GROUPS = ["users", "teams", "keys", "credits", "migrate"] as const;

// Kept here rather than imported from the services so that parsing loads no database code.
const PLANS = ["agency", "pro", "starter", "free"] as const;
type Plan = (typeof PLANS)[number];
const MEMBER_ROLES = ["member", "admin"] as const;
type MemberRole = (typeof MEMBER_ROLES)[number];
const MAX_GRANT = 1_000_000_000;
// The services' own check (users/service.ts), made here too so that a typo is a usage error.
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+$/;

export type OperatorCommand =
  | { name: "users create"; email: string; firstName?: string; lastName?: string; plan?: Plan; staff: boolean; beta: boolean }
  | { name: "users update"; email: string; plan?: Plan; active?: boolean; beta?: boolean; staff?: boolean }
  | { name: "users list"; plan?: Plan; active?: boolean; staff?: boolean }
  | { name: "teams create"; teamName: string; ownerEmail: string }
  | { name: "teams add-member"; teamId: string; email: string; role: MemberRole }
  | { name: "teams list"; email?: string }
  | {
      name: "keys create";
      email: string;
      keyName: string;
      type: KeyType;
      scopes?: string[];
      expiresAt: string | null;
      allowedIps?: string[];
    }
  | { name: "keys list"; email: string }
  | { name: "keys revoke"; id: string }
  | { name: "keys rotate"; id: string }
  | { name: "credits grant"; email: string; amount: number; kind: CreditKind }
  | { name: "migrate" };

/**
 * The flag behind each field a service names in its field errors (ValidationFailed), so that a
 * refused value is reported as the flag the operator typed (`--expires`, not `expires_at`).
 */
export const SERVICE_FIELD_FLAGS: Partial<Record<OperatorCommand["name"], Record<string, string>>> = {
  "keys create": { name: "--name", type: "--type", scopes: "--scopes", expires_at: "--expires", allowed_ips: "--allow-ip" },
};

function required(values: FlagValues, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${name} is required`);
  return value;
}

function optional(values: FlagValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

function email(values: FlagValues, name: string): string {
  const value = required(values, name);
  if (!EMAIL_PATTERN.test(value.trim())) throw new UsageError(`--${name} must be an email address, got "${value}"`);
  return value;
}

function optionalEmail(values: FlagValues, name: string): string | undefined {
  return values[name] === undefined ? undefined : email(values, name);
}

function oneOf<T extends string>(value: string | boolean, name: string, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(", ")}, got "${String(value)}"`);
  }
  return value as T;
}

function choice<T extends string>(value: string | boolean | undefined, name: string, allowed: readonly T[]): T | undefined {
  return value === undefined ? undefined : oneOf(value, name, allowed);
}

function bool(value: string | boolean | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw new UsageError(`--${name} must be true or false, got "${String(value)}"`);
}

function list(values: FlagValues, name: string): string[] | undefined {
  const value = optional(values, name);
  if (value === undefined) return undefined;
  const items = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw new UsageError(`--${name} must name at least one entry`);
  return items;
}

function uuid(values: FlagValues, name: string): string {
  const value = required(values, name);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
    throw new UsageError(`--${name} must be an id (UUID), got "${value}"`);
  }
  return value.toLowerCase();
}

function unknownCommand(name: string): never {
  const expected = OPERATOR_COMMANDS.join(", ");
  throw new UsageError(name ? `unknown command "${name}"; expected one of: ${expected}` : `expected one of: ${expected}`);
}

/** `argv` is the whole command line after `canopy`, e.g. `["keys", "revoke", "--id", ID]`. */
export function parseOperatorCommand(argv: readonly string[]): OperatorCommand {
  const [group = "", ...afterGroup] = argv;
  if (group === "migrate") {
    parseFlags("migrate", afterGroup, {});
    return { name: "migrate" };
  }
  const [action = "", ...args] = afterGroup;
  const name = action.startsWith("-") || action === "" ? group : `${group} ${action}`;
  const flags = (spec: Record<string, "string" | "boolean">) =>
    parseFlags(name, args, Object.fromEntries(Object.entries(spec).map(([flag, type]) => [flag, { type }])));
  switch (name) {
    case "users create": {
      const v = flags({
        email: "string",
        "first-name": "string",
        "last-name": "string",
        plan: "string",
        staff: "boolean",
        "no-beta": "boolean",
      });
      return {
        name,
        email: email(v, "email"),
        firstName: optional(v, "first-name"),
        lastName: optional(v, "last-name"),
        plan: choice<Plan>(v.plan, "plan", PLANS),
        staff: v.staff === true,
        beta: v["no-beta"] !== true,
      };
    }
    case "users update": {
      const v = flags({ email: "string", plan: "string", active: "string", beta: "string", staff: "string" });
      return {
        name,
        email: email(v, "email"),
        plan: choice<Plan>(v.plan, "plan", PLANS),
        active: bool(v.active, "active"),
        beta: bool(v.beta, "beta"),
        staff: bool(v.staff, "staff"),
      };
    }
    case "users list": {
      const v = flags({ plan: "string", active: "string", staff: "string" });
      return { name, plan: choice<Plan>(v.plan, "plan", PLANS), active: bool(v.active, "active"), staff: bool(v.staff, "staff") };
    }
    case "teams create": {
      const v = flags({ name: "string", owner: "string" });
      return { name, teamName: required(v, "name"), ownerEmail: email(v, "owner") };
    }
    case "teams add-member": {
      const v = flags({ team: "string", email: "string", role: "string" });
      const role = oneOf<MemberRole>(v.role ?? "member", "role", MEMBER_ROLES);
      return { name, teamId: uuid(v, "team"), email: email(v, "email"), role };
    }
    case "teams list": {
      const v = flags({ email: "string" });
      return { name, email: optionalEmail(v, "email") };
    }
    case "keys create": {
      const v = flags({ email: "string", name: "string", type: "string", scopes: "string", expires: "string", "allow-ip": "string" });
      return {
        name,
        email: email(v, "email"),
        keyName: required(v, "name"),
        type: oneOf<KeyType>(required(v, "type"), "type", KEY_TYPES),
        scopes: list(v, "scopes"),
        expiresAt: optional(v, "expires") ?? null,
        allowedIps: list(v, "allow-ip"),
      };
    }
    case "keys list": {
      const v = flags({ email: "string" });
      return { name, email: email(v, "email") };
    }
    case "keys revoke":
    case "keys rotate": {
      const v = flags({ id: "string" });
      return { name, id: uuid(v, "id") };
    }
    case "credits grant": {
      const v = flags({ email: "string", amount: "string", kind: "string" });
      const amountText = required(v, "amount");
      if (!/^\d+$/.test(amountText) || Number(amountText) <= 0 || Number(amountText) > MAX_GRANT) {
        throw new UsageError(`--amount must be a whole number from 1 to ${MAX_GRANT}, got "${amountText}"`);
      }
      const kind = oneOf<CreditKind>(v.kind ?? "payg", "kind", CREDIT_KINDS);
      return { name, email: email(v, "email"), amount: Number(amountText), kind };
    }
    default:
      return unknownCommand(name.trim());
  }
}
