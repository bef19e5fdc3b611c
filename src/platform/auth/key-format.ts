// API keys: `cnpy_live_` + 32 lowercase hex characters. Only the SHA-256 hex digest is stored;
// the first 12 characters are kept as a display prefix that identifies the key in logs.
import { createHash, randomBytes } from "node:crypto";

export const KEY_PREFIX = "cnpy_live_";
export const DISPLAY_PREFIX_LENGTH = 12;
const KEY_PATTERN = /^cnpy_live_[0-9a-f]{32}$/;

export interface GeneratedKey {
  plaintext: string;
  hash: string;
  prefix: string;
}

export function hashKey(plaintext: string): string {
  return createHash("sha256").update(plaintext).digest("hex");
}

export function displayPrefix(plaintext: string): string {
  return plaintext.slice(0, DISPLAY_PREFIX_LENGTH);
}

export function generateKey(): GeneratedKey {
  const plaintext = KEY_PREFIX + randomBytes(16).toString("hex");
  return { plaintext, hash: hashKey(plaintext), prefix: displayPrefix(plaintext) };
}

/** True when the text has the shape of a canopy key; anything else cannot be a valid key. */
export function isWellFormedKey(text: string): boolean {
  return KEY_PATTERN.test(text);
}
