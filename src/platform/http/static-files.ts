// Files served from memory: read once, gzipped on first use for clients that accept it, with
// their content type and cache policy. The documentation viewers and the console use it.
import { gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

export interface StaticFile {
  contentType: string;
  body: Buffer;
  /** Filled on the first gzip-accepting request: most processes never serve most files. */
  gzipped?: Buffer;
}

const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".json": "application/json; charset=utf-8",
};

/** The content type a file's extension names; bytes for anything else. */
export function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot >= 0 ? TYPES[name.slice(dot).toLowerCase()] : undefined) ?? "application/octet-stream";
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers["accept-encoding"];
  return typeof header === "string" && /\bgzip\b/i.test(header);
}

/**
 * Sends `file` with `cacheControl` (replaced by no-store when the request carried a key,
 * security-headers.ts), gzipped when the client accepts it.
 */
export function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile, cacheControl: string): Buffer {
  reply.header("content-type", file.contentType);
  reply.header("cache-control", cacheControl);
  reply.header("vary", "accept-encoding");
  if (!acceptsGzip(request)) return file.body;
  file.gzipped ??= gzipSync(file.body);
  reply.header("content-encoding", "gzip");
  return file.gzipped;
}
