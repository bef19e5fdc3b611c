"""SERP clustering as the service defines it (docs/conventions.md §7), written the plain way public
SERP-clustering scripts do it: keep each keyword's top 10 as a list, sort by search volume,
then intersect the centroid's URLs with those of every later unclustered keyword, building the
two sets for each pair. `--tuned` builds each keyword's set once instead (about 3x faster).
The yardstick of `npm run bench:cli` for `canopy cluster`: same input file, same output
(cluster ids "c1", "c2", ... in centroid order).

    python3 bench/cluster_reference.py --input FILE [--overlap 0.4] [--tuned]
"""
import argparse
import json
import math
import sys
from fractions import Fraction


def normalize_url(url):
    """Scheme dropped, host lowercased, one leading www. dropped, fragment and the path's
    trailing slash dropped; path case and query kept."""
    url = url.strip().split("#", 1)[0]
    scheme = url.find("://")
    if scheme > 0 and url[0].isascii() and url[0].isalpha() and all(
        c.isascii() and (c.isalnum() or c in "+-.") for c in url[:scheme]
    ):
        url = url[scheme + 3:]
    elif url.startswith("//"):
        url = url[2:]
    if url[:4].lower() == "www.":
        url = url[4:]
    query_at = url.find("?")
    before_query, query = (url, "") if query_at < 0 else (url[:query_at], url[query_at:])
    slash = before_query.find("/")
    host, path = (before_query, "") if slash < 0 else (before_query[:slash], before_query[slash:])
    if path.endswith("/"):
        path = path[:-1]
    return host.lower() + path + query


def cluster(entries, overlap, tuned):
    required = max(1, math.ceil(Fraction(str(overlap)) * 10))
    seen = set()
    keywords = []
    for entry in entries:
        keyword = entry["keyword"].strip().lower()
        if keyword and keyword not in seen:
            seen.add(keyword)
            volume = entry.get("search_volume") or 0
            top = [u for u in (normalize_url(url) for url in entry["urls"][:10]) if u]
            keywords.append((keyword, volume, set(top) if tuned else top))
    keywords.sort(key=lambda k: (-k[1], k[0]))

    clustered = [False] * len(keywords)
    clusters = []
    for i, (centroid, _, centroid_urls) in enumerate(keywords):
        if clustered[i]:
            continue
        clustered[i] = True
        members = [centroid]
        for j in range(i + 1, len(keywords)):
            if clustered[j]:
                continue
            shared = centroid_urls & keywords[j][2] if tuned else set(centroid_urls) & set(keywords[j][2])
            if len(shared) >= required:
                clustered[j] = True
                members.append(keywords[j][0])
        clusters.append({"id": f"c{len(clusters) + 1}", "centroid": centroid, "keywords": members})
    return clusters


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--input", required=True)
    parser.add_argument("--overlap", type=float, default=0.4)
    parser.add_argument("--tuned", action="store_true")
    args = parser.parse_args()
    with open(args.input, encoding="utf-8") as f:
        entries = json.load(f)
    json.dump({"clusters": cluster(entries, args.overlap, args.tuned)}, sys.stdout, separators=(",", ":"), ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
