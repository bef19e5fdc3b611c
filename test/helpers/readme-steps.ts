// The README's runnable examples: the ```sh blocks preceded by `<!-- readme-test -->`. A block is
// a list of steps, each a shell command (lines joined at a trailing backslash) with the answer
// the README promises on the `# -> ` comment line after it, if any. Answers are JSON in which
// `...` stands for anything: `"..."` any value, `"abc..."` any string starting with "abc", a
// `...` member or element more of them. Objects match when every key shown matches.

export interface ReadmeStep {
  command: string;
  /** The `# -> ` text, or null when the README promises nothing about the output. */
  expected: string | null;
}

const MARKER = "<!-- readme-test -->";

/** The marked blocks of `readme`, in order, each as its steps. */
export function readmeBlocks(readme: string): ReadmeStep[][] {
  const blocks: ReadmeStep[][] = [];
  const lines = readme.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== MARKER) continue;
    if (lines[i + 1]?.trim() !== "```sh") throw new Error(`README line ${i + 2}: a ${MARKER} must be followed by a \`\`\`sh block`);
    const end = lines.findIndex((line, j) => j > i + 1 && line.trim() === "```");
    if (end < 0) throw new Error(`README line ${i + 2}: the block is not closed`);
    blocks.push(steps(lines.slice(i + 2, end)));
    i = end;
  }
  return blocks;
}

function steps(lines: string[]): ReadmeStep[] {
  const result: ReadmeStep[] = [];
  let pending = "";
  for (const line of lines) {
    if (pending) {
      pending += `\n${line}`;
    } else if (line.startsWith("# -> ")) {
      const last = result.at(-1);
      if (!last || last.expected !== null) throw new Error(`an answer with no command before it: ${line}`);
      last.expected = line.slice("# -> ".length);
      continue;
    } else if (line.trim() === "" || line.trimStart().startsWith("#")) {
      continue;
    } else {
      pending = line;
    }
    if (!pending.endsWith("\\")) {
      result.push({ command: pending, expected: null });
      pending = "";
    }
  }
  if (pending) throw new Error(`a command ends in a continuation: ${pending}`);
  return result;
}

const ANY = Symbol("any");
const MORE = Symbol("more");
type Pattern = typeof ANY | typeof MORE | string | number | boolean | null | Pattern[] | { [key: string]: Pattern };

/** Reads an answer pattern: JSON with the README's `...` conventions. */
export function parsePattern(text: string): Pattern {
  // A bare `...` member or element: in an array it is kept as a marker, in an object dropped.
  let json = "";
  const stack: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      json += text.slice(i, j + 1);
      i = j;
    } else if (text.startsWith("...", i)) {
      json += stack.at(-1) === "[" ? '"\\u0000more"' : '"\\u0000skip": 0';
      i += 2;
    } else {
      if (c === "[" || c === "{") stack.push(c);
      if (c === "]" || c === "}") stack.pop();
      json += c;
    }
  }
  return convert(JSON.parse(json) as unknown);
}

function convert(value: unknown): Pattern {
  if (value === "...") return ANY;
  if (value === "\u0000more") return MORE;
  if (Array.isArray(value)) return value.map(convert);
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).filter(([key]) => key !== "\u0000skip");
    return Object.fromEntries(entries.map(([key, v]) => [key, convert(v)]));
  }
  return value as string | number | boolean | null;
}

/** The first difference between `actual` and `pattern`, as a path and a reason; null when it matches. */
export function mismatch(actual: unknown, pattern: Pattern, path = "$"): string | null {
  if (pattern === ANY) return null;
  if (typeof pattern === "string" && pattern.endsWith("...")) {
    const prefix = pattern.slice(0, -3);
    return typeof actual === "string" && actual.startsWith(prefix)
      ? null
      : `${path}: expected a string starting with ${JSON.stringify(prefix)}, got ${JSON.stringify(actual)}`;
  }
  if (Array.isArray(pattern)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${JSON.stringify(actual)}`;
    const open = pattern.at(-1) === MORE;
    const items = open ? pattern.slice(0, -1) : pattern;
    if (open ? actual.length < items.length : actual.length !== items.length) {
      return `${path}: expected ${open ? "at least " : ""}${items.length} items, got ${actual.length}`;
    }
    for (let i = 0; i < items.length; i++) {
      const found = mismatch(actual[i], items[i]!, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (typeof pattern === "object" && pattern !== null) {
    if (typeof actual !== "object" || actual === null || Array.isArray(actual))
      return `${path}: expected an object, got ${JSON.stringify(actual)}`;
    for (const [key, value] of Object.entries(pattern)) {
      if (!(key in actual)) return `${path}.${key}: missing`;
      const found = mismatch((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return Object.is(actual, pattern) ? null : `${path}: expected ${JSON.stringify(pattern)}, got ${JSON.stringify(actual)}`;
}

/** Whether an answer is text rather than JSON. */
export function isTextAnswer(expected: string): boolean {
  return !/^[[{"]/.test(expected.trimStart());
}

/** The difference between printed text and a text answer in which `...` stands for anything; null when it matches. */
export function textMismatch(actual: string, expected: string): string | null {
  const escaped = expected.split("...").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(`^${escaped.join("[^\\n]*")}$`);
  const printed = actual.replace(/\n+$/, "");
  return pattern.test(printed) ? null : `expected text ${JSON.stringify(expected)}, got ${JSON.stringify(printed)}`;
}

/** Whether a command writes what it downloads to a file (`-o FILE`, `-O`, `-OJ`): nothing to check on stdout. */
export function writesToFile(command: string): boolean {
  return /\s-(?:o\s|O\b|OJ\b)/.test(command);
}
