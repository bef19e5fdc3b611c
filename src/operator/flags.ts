// Flag parsing for the command line. node:util's parseArgs splits the arguments into tokens; the
// checks are made here rather than by its strict mode so that every mistake is a UsageError that
// names the flag as the user typed it and says which flags the command takes, in words of ours
// (strict mode's messages talk about positional arguments the commands never accept).
import { parseArgs } from "node:util";
import { UsageError } from "./failures";

export type FlagSpec = Record<string, { type: "string" | "boolean" }>;
export type FlagValues = Record<string, string | boolean | undefined>;

function accepted(spec: FlagSpec): string {
  const names = Object.keys(spec).map((name) => `--${name}`);
  return names.length === 0 ? "it takes no options" : `it takes ${names.join(", ")}`;
}

/**
 * `command` names the command in messages ("keys create"); `args` are the arguments after it.
 * A string flag's value is taken as given (`--input -` included); one that starts with a dash is
 * taken for a forgotten value, as strict parseArgs does: `--name=-x` passes such a value.
 */
export function parseFlags(command: string, args: readonly string[], spec: FlagSpec): FlagValues {
  const { tokens } = parseArgs({ args: [...args], options: spec, strict: false, allowPositionals: true, tokens: true });
  const values: FlagValues = {};
  for (const token of tokens) {
    if (token.kind === "option-terminator") continue;
    if (token.kind === "positional") throw new UsageError(`${command}: unexpected argument "${token.value}" (${accepted(spec)})`);
    const option = Object.hasOwn(spec, token.name) ? spec[token.name] : undefined;
    if (!option || !token.rawName.startsWith("--")) throw new UsageError(`${command}: unknown option ${token.rawName} (${accepted(spec)})`);
    if (option.type === "boolean") {
      if (token.value !== undefined) throw new UsageError(`${token.rawName} takes no value`);
      values[token.name] = true;
      continue;
    }
    const value = token.value;
    if (value === undefined) throw new UsageError(`${token.rawName} needs a value`);
    if (!token.inlineValue && value.length > 1 && value.startsWith("-")) {
      throw new UsageError(
        `${token.rawName} needs a value, not "${value}" (write ${token.rawName}=VALUE for a value that starts with "-")`,
      );
    }
    values[token.name] = value;
  }
  return values;
}
