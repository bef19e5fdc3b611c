// The version of a map's keyword rows: a UUID whose first 48 bits are the time it was made in
// milliseconds (the layout of UUID version 7), the rest random. PostgreSQL compares UUIDs byte by
// byte, so versions sort by the time they were made, and "every version made before T" is one
// comparison (writer.ts sweeps the rows of uploads that died that way). Pure.
import { randomBytes } from "node:crypto";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const dashed = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;

function timeBytes(ms: number): Uint8Array {
  const bytes = new Uint8Array(6);
  let rest = Math.max(0, Math.floor(ms));
  for (let i = 5; i >= 0; i--) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return bytes;
}

/** A new version, made at `now` (milliseconds since the epoch). */
export function newMapVersion(now = Date.now()): string {
  const bytes = new Uint8Array(16);
  bytes.set(timeBytes(now), 0);
  const random = randomBytes(10);
  random.writeUInt8((random.readUInt8(0) & 0x0f) | 0x70, 0); // version 7 (byte 6)
  random.writeUInt8((random.readUInt8(2) & 0x3f) | 0x80, 2); // RFC 4122 variant (byte 8)
  bytes.set(random, 6);
  return dashed(hex(bytes));
}

/** The smallest version that can be made at `ms`: every version made before it sorts below. */
export function firstMapVersionAt(ms: number): string {
  const bytes = new Uint8Array(16);
  bytes.set(timeBytes(ms), 0);
  return dashed(hex(bytes));
}
