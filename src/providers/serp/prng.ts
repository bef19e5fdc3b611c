// Deterministic randomness for the offline provider. Only 32-bit integer arithmetic and exact
// divisions: no Math.random and no transcendental functions, whose last bits may differ
// between platforms, so the same seed gives the same numbers on every machine.

/** FNV-1a over the UTF-16 code units, then an avalanche step so close strings land far apart. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    h = Math.imul(h ^ (unit & 0xff), 0x01000193);
    h = Math.imul(h ^ (unit >>> 8), 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A small counter-based generator (a SplitMix32 variant). */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  private nextUint(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    z ^= z >>> 15;
    return z >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint() / 4294967296;
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** true with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(0, items.length - 1)] as T;
  }

  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const held = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = held;
    }
    return copy;
  }
}

/** A generator seeded from any strings. */
export function rngFrom(...seedParts: string[]): Rng {
  return new Rng(hashString(seedParts.join("\u0000")));
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A short lowercase base-36 id derived from a seed, for synthetic ids inside URLs. */
export function idFrom(length: number, ...seedParts: string[]): string {
  const rng = rngFrom("id", ...seedParts);
  let out = "";
  for (let i = 0; i < length; i++) out += ID_ALPHABET.charAt(rng.int(0, ID_ALPHABET.length - 1));
  return out;
}
