// The pages that rank for the labelled brief queries (test/fixtures/ranking-pages), served on
// 127.0.0.1 so that a brief's page reading can fetch "the top results" without the internet. Each
// query's folder maps its SERP's urls to HTML files (pages.json); the server answers those files
// at /<slug>/<file>.html, a robots.txt that allows everything, and 404 for the rest. A SERP url
// with no page of ours (a video, a social post) has no address here, as it has none a reader
// could use.
import fs from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { REPO_ROOT } from "./repo-root";

const PAGES_DIR = path.join(REPO_ROOT, "test", "fixtures", "ranking-pages");

/** A query's search results page, in the shape the fixtures are written in. */
export interface RankingSerp {
  query: string;
  organic: { position: number; url: string; title: string; snippet: string }[];
  people_also_ask: string[];
  related_searches: string[];
  ai_overview_references: { url: string; title: string; domain: string }[];
}

export interface RankingPageServer {
  /** The server's origin, without a trailing slash. */
  url: string;
  close(): Promise<void>;
  /** Where the page of our own for a SERP url is served; throws for a url no page stands for. */
  pageUrl(serpUrl: string): string;
}

function querySlugs(): string[] {
  return fs
    .readdirSync(PAGES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/** The SERP written for the query whose folder is `slug`. */
export function loadRankingSerp(slug: string): RankingSerp {
  if (!querySlugs().includes(slug)) throw new Error(`no ranking pages for "${slug}"`);
  return readJson(path.join(PAGES_DIR, slug, "serp.json")) as RankingSerp;
}

/** Every served path ("/<slug>/<file>.html") with its file, and every SERP url with its path. */
function siteMap(): { files: Map<string, string>; paths: Map<string, string> } {
  const files = new Map<string, string>();
  const paths = new Map<string, string>();
  for (const slug of querySlugs()) {
    const pages = readJson(path.join(PAGES_DIR, slug, "pages.json")) as Record<string, string>;
    for (const [serpUrl, file] of Object.entries(pages)) {
      const servedPath = `/${slug}/${file}`;
      files.set(servedPath, path.join(PAGES_DIR, slug, file));
      paths.set(serpUrl, servedPath);
    }
  }
  return { files, paths };
}

export async function startRankingPageServer(): Promise<RankingPageServer> {
  const { files, paths } = siteMap();
  const server = createServer((req, res) => {
    // Only the path counts: a fetcher may add a query string or a fragment of its own.
    const requestPath = new URL(req.url ?? "/", "http://localhost").pathname;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    if (requestPath === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end("User-agent: *\nAllow: /\n");
      return;
    }
    const file = files.get(requestPath);
    if (file === undefined) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n");
      return;
    }
    const body = fs.readFileSync(file);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    pageUrl(serpUrl) {
      const servedPath = paths.get(serpUrl);
      if (servedPath === undefined) throw new Error(`no ranking page stands for ${serpUrl}`);
      return origin + servedPath;
    },
  };
}
