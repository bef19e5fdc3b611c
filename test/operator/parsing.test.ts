// The command line's parsing, called directly: every mistake is a UsageError (exit code 2) whose
// message names the flag as the operator typed it, and the new list commands parse their filters.
import { describe, expect, it } from "vitest";
import { asksForHelp, operatorHelp, parseOperatorCommand } from "../../src/operator/commands";
import { describeFailure, UsageError } from "../../src/operator/failures";
import { parseFlags } from "../../src/operator/flags";

/** The usage error `run` throws: exit code 2 and its message. */
function usageError(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    expect(describeFailure(err)?.exitCode).toBe(2);
    return (err as Error).message;
  }
  throw new Error("expected a usage error");
}

const parse = (...argv: string[]) => parseOperatorCommand(argv);

describe("parseFlags", () => {
  const spec = { email: { type: "string" }, staff: { type: "boolean" } } as const;

  it("reads string and boolean flags, and a value written --flag=VALUE", () => {
    expect(parseFlags("x", ["--email", "a@b.c", "--staff"], spec)).toEqual({ email: "a@b.c", staff: true });
    expect(parseFlags("x", ["--email=-odd@b.c"], spec)).toEqual({ email: "-odd@b.c" });
    // A lone dash is a value (standard input for --input), not a forgotten one.
    expect(parseFlags("x", ["--email", "-"], spec)).toEqual({ email: "-" });
  });

  it("names an unknown flag as typed, with the flags the command takes", () => {
    expect(usageError(() => parseFlags("keys list", ["--verbose"], spec))).toBe(
      "keys list: unknown option --verbose (it takes --email, --staff)",
    );
    expect(usageError(() => parseFlags("keys list", ["-e", "x"], spec))).toMatch(/^keys list: unknown option -e /);
    expect(usageError(() => parseFlags("migrate", ["--force"], {}))).toBe("migrate: unknown option --force (it takes no options)");
  });

  it("refuses a missing value, a value for a switch, a forgotten value and a stray argument", () => {
    expect(usageError(() => parseFlags("x", ["--email"], spec))).toBe("--email needs a value");
    expect(usageError(() => parseFlags("x", ["--staff=yes"], spec))).toBe("--staff takes no value");
    expect(usageError(() => parseFlags("x", ["--email", "--staff"], spec))).toMatch(
      /^--email needs a value, not "--staff" \(write --email=VALUE/,
    );
    expect(usageError(() => parseFlags("x", ["alice@example.com"], spec))).toMatch(/^x: unexpected argument "alice@example.com"/);
    expect(usageError(() => parseFlags("x", ["--", "--email"], spec))).toMatch(/unexpected argument "--email"/);
  });
});

describe("parseOperatorCommand", () => {
  it("parses users list and teams list with their optional filters", () => {
    expect(parse("users", "list")).toEqual({ name: "users list", plan: undefined, active: undefined, staff: undefined });
    expect(parse("users", "list", "--plan", "pro", "--active", "false", "--staff", "true")).toEqual({
      name: "users list",
      plan: "pro",
      active: false,
      staff: true,
    });
    expect(parse("teams", "list")).toEqual({ name: "teams list", email: undefined });
    expect(parse("teams", "list", "--email", "Bob@Example.com")).toEqual({ name: "teams list", email: "Bob@Example.com" });
  });

  it("names the flag of every bad value", () => {
    const cases: [string[], RegExp][] = [
      [["users", "create", "--email", "not-an-email"], /^--email must be an email address, got "not-an-email"$/],
      [["users", "create", "--email", "a@b.c", "--plan", "gold"], /^--plan must be one of agency, pro, starter, free, got "gold"$/],
      [["users", "update", "--email", "a@b.c", "--active", "yes"], /^--active must be true or false, got "yes"$/],
      [["users", "list", "--staff", "1"], /^--staff must be true or false/],
      [["teams", "create", "--name", "Acme", "--owner", "nobody"], /^--owner must be an email address/],
      [["teams", "create", "--name", "  ", "--owner", "a@b.c"], /^--name is required$/],
      [["teams", "add-member", "--team", "42", "--email", "a@b.c"], /^--team must be an id \(UUID\), got "42"$/],
      [
        ["teams", "add-member", "--team", crypto.randomUUID(), "--email", "a@b.c", "--role", "owner"],
        /^--role must be one of member, admin/,
      ],
      [["teams", "list", "--email", "bob"], /^--email must be an email address/],
      [["keys", "create", "--email", "a@b.c", "--name", "k", "--type", "Root"], /^--type must be one of Integration, Developer, Admin/],
      [
        ["keys", "create", "--email", "a@b.c", "--name", "k", "--type", "Admin", "--scopes", " , "],
        /^--scopes must name at least one entry$/,
      ],
      [["keys", "revoke", "--id", "abc"], /^--id must be an id/],
      [["credits", "grant", "--email", "a@b.c", "--amount", "-5"], /^--amount needs a value, not "-5"/],
      [["credits", "grant", "--email", "a@b.c", "--amount", "1.5"], /^--amount must be a whole number from 1 to 1000000000, got "1.5"$/],
      [["credits", "grant", "--email", "a@b.c", "--amount", "5", "--kind", "gift"], /^--kind must be one of/],
    ];
    for (const [argv, message] of cases)
      expect(
        usageError(() => parse(...argv)),
        argv.join(" "),
      ).toMatch(message);
  });

  it("refuses unknown commands and unknown flags of known ones", () => {
    // A command of a known group is answered with that group's commands and where help is.
    expect(usageError(() => parse("users", "delete"))).toBe(
      'unknown command "users delete"; expected one of: users create, users update, users list ' +
        "(`canopy --help` lists every command, `canopy users --help` their options)",
    );
    expect(usageError(() => parse("teams"))).toMatch(
      /^unknown command "teams"; expected one of: teams create, teams add-member, teams list /,
    );
    expect(usageError(() => parse("teams", "list", "--owner", "a@b.c"))).toBe("teams list: unknown option --owner (it takes --email)");
    expect(usageError(() => parse("keys", "create", "--email", "a@b.c", "--expires-at", "2099-01-01"))).toMatch(
      /^keys create: unknown option --expires-at \(it takes .*--expires,/,
    );
  });
});

describe("operator help", () => {
  it("asks for help with --help or -h anywhere after the command", () => {
    expect(asksForHelp(["keys", "create", "--help"])).toBe(true);
    expect(asksForHelp(["users", "-h"])).toBe(true);
    expect(asksForHelp(["keys", "create", "--name", "laptop"])).toBe(false);
  });

  it("prints one command's options, each flag the parser takes and no other", () => {
    const help = operatorHelp(["keys", "create", "--help"]);
    expect(help.split("\n")[0]).toBe("usage: canopy keys create [options]");
    const flags = [...help.matchAll(/^ {2}--([a-z-]+)/gm)].map((match) => match[1]);
    expect(flags).toEqual(["email", "name", "type", "scopes", "expires", "allow-ip"]);
    expect(help).toMatch(/--type VALUE +Integration, Developer, Admin \(required\)/);
    // Every flag the help names parses; the parser's refusal of an unknown flag names the same list.
    expect(usageError(() => parse("keys", "create", "--verbose"))).toMatch(
      /it takes --email, --name, --type, --scopes, --expires, --allow-ip\)/,
    );
  });

  it("prints every command of a group for the group alone", () => {
    const help = operatorHelp(["users", "--help"]);
    expect([...help.matchAll(/^usage: canopy (.+?)(?: \[options\])?$/gm)].map((match) => match[1])).toEqual([
      "users create",
      "users update",
      "users list",
    ]);
    expect(operatorHelp(["migrate", "--help"])).toBe("usage: canopy migrate");
  });
});
