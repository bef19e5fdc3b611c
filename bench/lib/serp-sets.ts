// Generated SERP sets that look like real ones, from a fixed seed: keywords in topic groups of
// very uneven size whose members share most of the topic's URLs, the rest of each top 10 drawn
// from a Zipf-like tail (a few URLs on many SERPs, most on one or two), a few hub URLs
// (Wikipedia, YouTube, Amazon, Reddit home pages) on a large share of SERPs, the same URL
// spelled several ways, and search volumes from a bucketed scale, so that many tie.
import type { ClusterInput } from "../../src/modules/clustering/engine";
import { present } from "../../src/platform/present";
import { seeded } from "./seeded";

// Volumes as keyword tools report them: a coarse scale, so ties are common.
const VOLUMES = [
  0, 10, 20, 30, 40, 50, 70, 90, 110, 140, 170, 210, 260, 320, 390, 480, 590, 720, 880, 1000, 1300, 1600, 1900, 2400, 2900, 3600, 4400,
  5400, 6600, 8100, 9900, 12100, 14800, 18100, 22200, 27100, 33100, 40500, 49500, 60500, 74000, 90500, 110000, 135000, 165000, 201000,
  246000, 301000, 368000, 450000, 550000, 673000, 823000, 1000000,
];
/** Each hub and the share of SERPs it is on. */
const HUBS = [
  { url: "https://www.wikipedia.org/", share: 0.35 },
  { url: "https://www.youtube.com/", share: 0.25 },
  { url: "https://www.amazon.com/", share: 0.15 },
  { url: "https://www.reddit.com/", share: 0.1 },
];
const WORDS = [
  "best",
  "cheap",
  "how to",
  "guide",
  "review",
  "near me",
  "vs",
  "for beginners",
  "online",
  "2025",
  "free",
  "tips",
  "ideas",
  "price",
  "without",
];

/** One URL in one of the spellings result pages use for it. */
function spell(random: () => number, host: string, path: string): string {
  const r = random();
  if (r < 0.6) return `https://${host}${path}`;
  if (r < 0.8) return `https://www.${host}${path}/`;
  if (r < 0.9) return `http://${host}${path}`;
  return `https://${host.toUpperCase()}${path}#section`;
}

export interface Options {
  /** Each keyword lists this many hub URLs instead of the usual random share. */
  hubsPerKeyword?: number;
}

export function generate(n: number, seed: number, options: Options = {}): ClusterInput[] {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]): T => present(list[Math.floor(random() * list.length)], "a pick from a non-empty list");
  // Zipf with s = 1 over `size` items by inverse CDF: rank = size^u.
  const zipf = (size: number) => Math.min(size, Math.floor(size ** random())) - 1;
  const tailSize = n * 4;
  const entries: ClusterInput[] = [];
  for (let topic = 0; entries.length < n; topic++) {
    // Group sizes: mostly a handful, sometimes dozens or a few hundred.
    const size = Math.min(n - entries.length, 1 + Math.floor(2 * 150 ** random() * (random() < 0.1 ? 3 : 1)));
    const pool = 8 + Math.floor(random() * 12);
    const coreShare = 0.4 + random() * 0.5;
    for (let member = 0; member < size; member++) {
      const urls: string[] = [];
      const seen = new Set<string>();
      const add = (url: string) => {
        if (!seen.has(url)) {
          urls.push(url);
          seen.add(url);
        }
      };
      if (options.hubsPerKeyword !== undefined) {
        for (const hub of HUBS.slice(0, options.hubsPerKeyword)) add(hub.url);
      } else {
        for (const hub of HUBS) if (random() < hub.share) add(hub.url);
      }
      while (urls.length < 10) {
        if (random() < coreShare) {
          // Topic URLs: the lower-numbered ones rank for nearly every member.
          add(spell(random, `topic${topic}.example`, `/page-${zipf(pool)}`));
        } else {
          add(spell(random, `site${zipf(tailSize) % 997}.example`, `/t/${zipf(tailSize)}`));
        }
      }
      // Result order mixes hubs into the list rather than always leading with them.
      for (let i = urls.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        const moved = present(urls[i], "a URL");
        urls[i] = present(urls[j], "a URL");
        urls[j] = moved;
      }
      const keyword = `${pick(WORDS)} topic ${topic} ${member}`;
      entries.push({ keyword, searchVolume: present(VOLUMES[zipf(VOLUMES.length)], "a volume"), urls });
    }
  }
  // As read from a JSON file or a database: flat strings, not the concatenations built above.
  return JSON.parse(JSON.stringify(entries)) as ClusterInput[];
}
