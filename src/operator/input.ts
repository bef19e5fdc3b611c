// Reading a command's input file, where `-` means standard input, as command-line tools do: an
// export can be piped in (`jq ... | canopy cluster --input -`) without a temporary file.
import { readFile } from "node:fs/promises";

export const STDIN = "-";

async function readStdin(): Promise<string> {
  let text = "";
  process.stdin.setEncoding("utf8");
  for await (const chunk of process.stdin) text += chunk as string;
  return text;
}

/** The whole text of `file`, or of standard input for `-`. */
export function readInputText(file: string): Promise<string> {
  return file === STDIN ? readStdin() : readFile(file, "utf8");
}
