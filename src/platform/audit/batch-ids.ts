// Ids for audit entries and blocks: time-ordered UUIDs (version 7, RFC 9562), made for a whole
// batch in the process from one read of the system's random source (the database's
// gen_random_uuid() asks it once per id, and PGlite reaches it through JavaScript).
//
// Why time-ordered: the log is read newest first, ordered by time and then id, and entries of
// the same millisecond come back in the order they were recorded only if their ids grow in that
// order; new block ids also land at the end of the primary-key index.
import { randomFillSync } from "node:crypto";

/** rand_a holds a counter within one millisecond: 12 bits. */
const MAX_SEQUENCE = 0xfff;

// The last id's millisecond and counter, so that ids keep growing across batches and writers.
let lastMs = 0;
let sequence = 0;

/** One id per time (epoch milliseconds), in order; each greater than every id made before. */
export function timeOrderedIds(times: readonly number[]): string[] {
  // All ids' bytes in one buffer, its random half filled by one read of the random source, and
  // turned into hex in one native call: per id only the dashes are added in JavaScript.
  const bytes = Buffer.allocUnsafe(16 * times.length);
  randomFillSync(bytes);
  let at = 0;
  for (const time of times) {
    let ms = time;
    if (ms > lastMs) {
      lastMs = ms;
      sequence = 0;
    } else if (sequence < MAX_SEQUENCE) {
      // Same millisecond (or a clock that went back): count up under the last one.
      ms = lastMs;
      sequence += 1;
    } else {
      // 4,096 ids in one millisecond: borrow the next one.
      ms = lastMs += 1;
      sequence = 0;
    }
    bytes.writeUIntBE(ms, at, 6); // 48-bit big-endian milliseconds
    bytes[at + 6] = 0x70 | (sequence >> 8); // version 7, then the 12-bit counter (rand_a)
    bytes[at + 7] = sequence & 0xff;
    bytes[at + 8] = 0x80 | (bytes.readUInt8(at + 8) & 0x3f); // variant 10, then 62 random bits (rand_b)
    at += 16;
  }
  const hex = bytes.toString("hex");
  const ids = new Array<string>(times.length);
  for (let i = 0; i < times.length; i++) {
    const h = i * 32;
    ids[i] =
      `${hex.slice(h, h + 8)}-${hex.slice(h + 8, h + 12)}-${hex.slice(h + 12, h + 16)}-${hex.slice(h + 16, h + 20)}-${hex.slice(h + 20, h + 32)}`;
  }
  return ids;
}
