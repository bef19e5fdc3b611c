// Collects keywords and their interned URL ids into an InternedSerps, in input order, whatever
// reads the input: the URL ids of one keyword are kept distinct (a URL repeated after
// normalization counts once) and -1 (a URL that normalizes to "") is no URL.
import type { InternedSerps } from "./types";

export class InternedSerpsBuilder {
  private readonly keywords: string[] = [];
  private volumes = new Float64Array(1024);
  private urlStart = new Int32Array(1025);
  private urlIds: Int32Array;
  /** Where the keyword being read starts, and where its next URL id goes. */
  private start = 0;
  private cursor = 0;

  /** `urlCapacity`: a first guess at the number of URL ids; the arrays grow past it. */
  constructor(urlCapacity: number) {
    this.urlIds = new Int32Array(Math.max(16, urlCapacity));
  }

  get size(): number {
    return this.keywords.length;
  }

  /** Adds a URL id to the keyword being read. */
  addUrl(id: number): void {
    if (id === -1) return;
    const ids = this.urlIds;
    for (let i = this.start; i < this.cursor; i++) if (ids[i] === id) return;
    if (this.cursor === ids.length) {
      this.urlIds = grow(ids);
    }
    this.urlIds[this.cursor++] = id;
  }

  /** Ends the keyword being read: `keyword` with the URLs added since the last end. */
  endKeyword(keyword: string, volume: number): void {
    const n = this.keywords.length;
    if (n === this.volumes.length) {
      this.volumes = grow(this.volumes);
      this.urlStart = grow(this.urlStart);
    }
    this.keywords.push(keyword);
    this.volumes[n] = volume;
    this.urlStart[n + 1] = this.cursor;
    this.start = this.cursor;
  }

  /** Forgets the URLs added since the last end (the keyword turned out to be none). */
  dropKeyword(): void {
    this.cursor = this.start;
  }

  finish(urlCount: number): InternedSerps {
    const n = this.keywords.length;
    return {
      keywords: this.keywords,
      volumes: this.volumes.subarray(0, n),
      urlStart: this.urlStart.subarray(0, n + 1),
      urlIds: this.urlIds.subarray(0, this.cursor),
      urlCount,
    };
  }
}

function grow<T extends Int32Array | Float64Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
