// API keys: `cnpy_live_` + 32 lowercase hex characters. Only the SHA-256 hex digest is stored;
// the first 12 characters are kept as a display prefix that identifies the key in logs.
import * as crypto from "node:crypto";

export const KEY_PREFIX = "cnpy_live_";
const DISPLAY_PREFIX_LENGTH = 12;
const KEY_PATTERN = /^cnpy_live_[0-9a-f]{32}$/;

export interface GeneratedKey {
  plaintext: string;
  hash: string;
  prefix: string;
}

// Every request hashes its key to find it in the cache: the one-shot crypto.hash (Node 20.12 and
// later) skips building a Hash object and costs about half as much.
const sha256Hex: (text: string) => string =
  typeof crypto.hash === "function"
    ? (text) => crypto.hash("sha256", text, "hex")
    : (text) => crypto.createHash("sha256").update(text).digest("hex");

export function hashKey(plaintext: string): string {
  return sha256Hex(plaintext);
}

export function displayPrefix(plaintext: string): string {
  return plaintext.slice(0, DISPLAY_PREFIX_LENGTH);
}

export function generateKey(): GeneratedKey {
  const plaintext = KEY_PREFIX + crypto.randomBytes(16).toString("hex");
  return { plaintext, hash: hashKey(plaintext), prefix: displayPrefix(plaintext) };
}

/** True when the text has the shape of a canopy key; anything else cannot be a valid key. */
export function isWellFormedKey(text: string): boolean {
  return KEY_PATTERN.test(text);
}
