// Reading a command's input file, where `-` means standard input, as command-line tools do: an
// export can be piped in (`jq ... | canopy cluster --input -`) without a temporary file.
import { readFile } from "node:fs/promises";

export const STDIN = "-";

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The bytes of `file`, or of standard input for `-`. Bytes, not text: a reader that knows the
 * format can skip decoding what it never needs as a string.
 */
export function readInputBytes(file: string): Promise<Buffer> {
  return file === STDIN ? readStdin() : readFile(file);
}
