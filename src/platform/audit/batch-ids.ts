// Ids for audit entries: time-ordered UUIDs (version 7, RFC 9562), made for a whole batch from
// one read of the system's random source.
//
// Why not the column's default, gen_random_uuid(): it asks the random source once per row, and
// where that is a system call per row (PGlite reaches the host's RNG through JavaScript) it was
// a fifth of the cost of writing an audit row. Why time-ordered: the log is read newest first,
// ordered by time and then id, and entries of the same millisecond come back in the order they
// were recorded only if their ids grow in that order; new ids also land at the end of the
// primary-key index instead of at random places in it.
import { randomBytes } from "node:crypto";

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));
/** rand_a holds a counter within one millisecond: 12 bits. */
const MAX_SEQUENCE = 0xfff;

// The last id's millisecond and counter, so that ids keep growing across batches and writers.
let lastMs = 0;
let sequence = 0;

/** One id per time (epoch milliseconds), in order; each greater than every id made before. */
export function timeOrderedIds(times: readonly number[]): string[] {
  const random = randomBytes(8 * times.length);
  const ids = new Array<string>(times.length);
  for (let i = 0; i < times.length; i++) {
    let ms = times[i]!;
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
    ids[i] = format(ms, sequence, random, i * 8);
  }
  return ids;
}

function format(ms: number, seq: number, random: Buffer, offset: number): string {
  let id = "";
  // 48-bit big-endian milliseconds (division, not bit shifts: the value exceeds 32 bits).
  for (let shift = 5; shift >= 0; shift--) {
    id += HEX[Math.floor(ms / 2 ** (8 * shift)) & 0xff]!;
    if (shift === 2) id += "-";
  }
  id += "-" + HEX[0x70 | (seq >> 8)]! + HEX[seq & 0xff]! + "-";
  id += HEX[0x80 | (random[offset]! & 0x3f)]! + HEX[random[offset + 1]!]! + "-";
  for (let k = 2; k < 8; k++) id += HEX[random[offset + k]!]!;
  return id;
}
