// The operator commands of docs/conventions.md §1 (users, teams, keys, credits, migrate). Parsing is pure
// and happens before anything is opened, so bad arguments fail fast with exit code 2 wherever
// the command would run; executing takes a service context, this process's or the server's.
import { KEY_TYPES, type KeyType } from "../platform/config";
import { CREDIT_KINDS, type CreditKind } from "../platform/credits/split";
import { UsageError } from "./failures";
import { parseFlags, type FlagValues } from "./flags";

// Kept here rather than imported from the services so that parsing loads no database code.
const PLANS = ["agency", "pro", "starter", "free"] as const;
type Plan = (typeof PLANS)[number];
const MEMBER_ROLES = ["member", "admin"] as const;
type MemberRole = (typeof MEMBER_ROLES)[number];

type FlagType = "string" | "boolean";

/**
 * Each operator command's flags, with what each takes: the parser reads them, and `--help` prints
 * them, so the two cannot disagree.
 */
const COMMAND_FLAGS = {
  "users create": {
    email: ["string", "the user's email address (required)"],
    "first-name": ["string", "first name"],
    "last-name": ["string", "last name"],
    plan: ["string", `${PLANS.join(", ")} (default free)`],
    staff: ["boolean", "a staff user, who may read the admin analytics"],
    "no-beta": ["boolean", "without the beta features"],
  },
  "users update": {
    email: ["string", "the user's email address (required)"],
    plan: ["string", PLANS.join(", ")],
    active: ["string", "true or false"],
    beta: ["string", "true or false"],
    staff: ["string", "true or false"],
  },
  "users list": {
    plan: ["string", "only users on this plan"],
    active: ["string", "true or false"],
    staff: ["string", "true or false"],
  },
  "teams create": { name: ["string", "the team's name (required)"], owner: ["string", "the owner's email address (required)"] },
  "teams add-member": {
    team: ["string", "the team's id (required)"],
    email: ["string", "the member's email address (required)"],
    role: ["string", `${MEMBER_ROLES.join(", ")} (default member)`],
  },
  "teams list": { email: ["string", "only this user's teams"] },
  "keys create": {
    email: ["string", "the owner's email address (required)"],
    name: ["string", "the key's name (required)"],
    type: ["string", `${KEY_TYPES.join(", ")} (required)`],
    scopes: ["string", "scopes, comma-separated (default: the type's own)"],
    expires: ["string", "when the key expires, an ISO 8601 date and time"],
    "allow-ip": ["string", "addresses or CIDR ranges allowed to use the key, comma-separated"],
  },
  "keys list": { email: ["string", "the owner's email address (required)"] },
  "keys revoke": { id: ["string", "the key's id (required)"] },
  "keys rotate": { id: ["string", "the key's id (required)"] },
  "credits grant": {
    email: ["string", "the user's email address (required)"],
    amount: ["string", "whole credits, 1 or more (required)"],
    kind: ["string", `${CREDIT_KINDS.join(", ")} (default payg)`],
  },
  migrate: {},
} as const satisfies Record<string, Record<string, readonly [FlagType, string]>>;

type CommandName = keyof typeof COMMAND_FLAGS;
const OPERATOR_COMMANDS = Object.keys(COMMAND_FLAGS) as CommandName[];

/** The first words of the operator commands (`users`, `migrate`): what main.ts hands to the operator. */
export const OPERATOR_GROUPS: readonly string[] = [...new Set(OPERATOR_COMMANDS.map((command) => command.split(" ")[0] ?? ""))];
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

/** The commands of a group (`users`), or every operator command for a name of no group. */
function commandsOf(group: string): CommandName[] {
  const ofGroup = OPERATOR_COMMANDS.filter((command) => command.split(" ")[0] === group);
  return ofGroup.length > 0 ? ofGroup : OPERATOR_COMMANDS;
}

function unknownCommand(name: string): never {
  const group = name.split(" ")[0] ?? "";
  const help = `\`canopy --help\` lists every command${OPERATOR_GROUPS.includes(group) ? `, \`canopy ${group} --help\` their options` : ""}`;
  const listed = `expected one of: ${commandsOf(group).join(", ")} (${help})`;
  throw new UsageError(name ? `unknown command "${name}"; ${listed}` : listed);
}

/** A command's flags, each with what it takes (the table's entries, widened from its literal types). */
function flagsOf(command: CommandName): [string, readonly [FlagType, string]][] {
  const flags: Readonly<Record<string, readonly [FlagType, string]>> = COMMAND_FLAGS[command];
  return Object.entries(flags);
}

function flagSpec(command: CommandName): Record<string, { type: FlagType }> {
  return Object.fromEntries(flagsOf(command).map(([flag, [type]]) => [flag, { type }]));
}

/** True when the command line asks for help: `canopy keys create --help`, `canopy users -h`. */
export function asksForHelp(argv: readonly string[]): boolean {
  return argv.some((arg) => arg === "--help" || arg === "-h");
}

/**
 * What `canopy <group> [action] --help` prints: each command of the group (or the one named) with
 * its options. Pure, so that help needs no configuration and no database.
 */
export function operatorHelp(argv: readonly string[]): string {
  const words = argv.filter((arg) => !arg.startsWith("-"));
  const named = words.slice(0, 2).join(" ");
  const commands = (OPERATOR_COMMANDS as string[]).includes(named) ? [named as CommandName] : commandsOf(words[0] ?? "");
  const blocks = commands.map((command) => {
    const flags = flagsOf(command);
    const lines = flags.map(([flag, [type, text]]) => `  --${flag}${type === "string" ? " VALUE" : ""}`.padEnd(26) + text);
    return [`usage: canopy ${command}${flags.length > 0 ? " [options]" : ""}`, ...lines].join("\n");
  });
  return blocks.join("\n\n");
}

/** `argv` is the whole command line after `canopy`, e.g. `["keys", "revoke", "--id", ID]`. */
export function parseOperatorCommand(argv: readonly string[]): OperatorCommand {
  const [group = "", ...afterGroup] = argv;
  if (group === "migrate") {
    parseFlags("migrate", afterGroup, flagSpec("migrate"));
    return { name: "migrate" };
  }
  const [action = "", ...args] = afterGroup;
  const name = action.startsWith("-") || action === "" ? group : `${group} ${action}`;
  if (!(OPERATOR_COMMANDS as string[]).includes(name)) return unknownCommand(name.trim());
  const command = name as CommandName;
  const flags = () => parseFlags(name, args, flagSpec(command));
  switch (command) {
    case "users create": {
      const v = flags();
      return {
        name: command,
        email: email(v, "email"),
        firstName: optional(v, "first-name"),
        lastName: optional(v, "last-name"),
        plan: choice<Plan>(v.plan, "plan", PLANS),
        staff: v.staff === true,
        beta: v["no-beta"] !== true,
      };
    }
    case "users update": {
      const v = flags();
      return {
        name: command,
        email: email(v, "email"),
        plan: choice<Plan>(v.plan, "plan", PLANS),
        active: bool(v.active, "active"),
        beta: bool(v.beta, "beta"),
        staff: bool(v.staff, "staff"),
      };
    }
    case "users list": {
      const v = flags();
      return { name: command, plan: choice<Plan>(v.plan, "plan", PLANS), active: bool(v.active, "active"), staff: bool(v.staff, "staff") };
    }
    case "teams create": {
      const v = flags();
      return { name: command, teamName: required(v, "name"), ownerEmail: email(v, "owner") };
    }
    case "teams add-member": {
      const v = flags();
      const role = oneOf<MemberRole>(v.role ?? "member", "role", MEMBER_ROLES);
      return { name: command, teamId: uuid(v, "team"), email: email(v, "email"), role };
    }
    case "teams list": {
      const v = flags();
      return { name: command, email: optionalEmail(v, "email") };
    }
    case "keys create": {
      const v = flags();
      return {
        name: command,
        email: email(v, "email"),
        keyName: required(v, "name"),
        type: oneOf<KeyType>(required(v, "type"), "type", KEY_TYPES),
        scopes: list(v, "scopes"),
        expiresAt: optional(v, "expires") ?? null,
        allowedIps: list(v, "allow-ip"),
      };
    }
    case "keys list": {
      const v = flags();
      return { name: command, email: email(v, "email") };
    }
    case "keys revoke":
    case "keys rotate": {
      const v = flags();
      return { name: command, id: uuid(v, "id") };
    }
    case "credits grant": {
      const v = flags();
      const amountText = required(v, "amount");
      if (!/^\d+$/.test(amountText) || Number(amountText) <= 0 || Number(amountText) > MAX_GRANT) {
        throw new UsageError(`--amount must be a whole number from 1 to ${MAX_GRANT}, got "${amountText}"`);
      }
      const kind = oneOf<CreditKind>(v.kind ?? "payg", "kind", CREDIT_KINDS);
      return { name: command, email: email(v, "email"), amount: Number(amountText), kind };
    }
    default:
      return unknownCommand(name.trim());
  }
}
