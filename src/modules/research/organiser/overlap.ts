// SERP overlap: two keywords whose top 10 share at least four URLs are answered by the same
// pages, so they are one page of the tree whatever their words say ("cheap dog insurance" and
// "affordable dog insurance"). Linking is transitive (single linkage), as in SERP clustering.

/** Shared top-10 URLs from which two keywords are one page. */
const SAME_PAGE_SHARED_URLS = 4;

/** Disjoint sets over 0..size-1; the root of a set is its smallest member, so results never depend on union order. */
export class DisjointSets {
  private readonly parent: number[];

  constructor(size: number) {
    this.parent = Array.from({ length: size }, (_, index) => index);
  }

  find(item: number): number {
    let root = item;
    for (let up = this.parent[root]; up !== undefined && up !== root; up = this.parent[root]) root = up;
    // Path compression: point every member walked at the root.
    let walk = item;
    while (walk !== root) {
      const next = this.parent[walk] ?? root;
      this.parent[walk] = root;
      walk = next;
    }
    return root;
  }

  union(a: number, b: number): void {
    const rootA = this.find(a);
    const rootB = this.find(b);
    if (rootA === rootB) return;
    if (rootA < rootB) this.parent[rootB] = rootA;
    else this.parent[rootA] = rootB;
  }
}

/**
 * The pairs of items (by index into `keys`) whose SERPs share at least SAME_PAGE_SHARED_URLS
 * URLs, each pair once with the smaller index first, in index order. Items without a fetched SERP
 * pair with nothing. Counted through an index of URL -> items, so keywords that share no URL
 * cost nothing.
 */
export function samePagePairs(keys: readonly string[], serps: ReadonlyMap<string, readonly string[]>): [number, number][] {
  const urlSets = keys.map((key) => new Set(serps.get(key) ?? []));
  const itemsByUrl = new Map<string, number[]>();
  urlSets.forEach((urls, item) => {
    for (const url of urls) {
      const items = itemsByUrl.get(url);
      if (items === undefined) itemsByUrl.set(url, [item]);
      else items.push(item);
    }
  });
  const pairs: [number, number][] = [];
  urlSets.forEach((urls, item) => {
    const shared = new Map<number, number>();
    for (const url of urls) {
      for (const other of itemsByUrl.get(url) ?? []) {
        if (other > item) shared.set(other, (shared.get(other) ?? 0) + 1);
      }
    }
    const partners = [...shared].filter(([, count]) => count >= SAME_PAGE_SHARED_URLS).map(([other]) => other);
    for (const other of partners.sort((a, b) => a - b)) pairs.push([item, other]);
  });
  return pairs;
}
