// The two documentation viewers, Swagger UI and ReDoc, served entirely by this app from the
// installed packages: nothing is fetched from another host, and a Content-Security-Policy keeps
// it that way (both bundles carry links to CDNs and validators that must stay unloaded).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendStaticFile, type StaticFile } from "../http/static-files";

export const SCHEMA_PATH = "/api/v1/schema/";
export const SWAGGER_UI_PATH = "/api/v1/docs/";
export const REDOC_PATH = "/api/v1/redoc/";
const SCHEMA_JSON_URL = `${SCHEMA_PATH}?format=json`;

/**
 * Only this origin. Styles may be inline: ReDoc's styled-components and Swagger UI's React inject
 * <style> elements and style attributes at run time, with content no hash can name in advance, so
 * 'unsafe-inline' is unavoidable there (for styles only; scripts are files of this origin). ReDoc's
 * search runs in a worker it builds from a blob: URL; images may be data: URIs (the viewers' icons).
 */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export interface UiAssetFile {
  path: string;
  contentType: string;
}

type UiAsset = UiAssetFile & StaticFile;

const JS = "application/javascript; charset=utf-8";
const CSS = "text/css; charset=utf-8";

// Initialisers are files rather than inline scripts so that script-src needs no 'unsafe-inline'.
const SWAGGER_INIT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(SCHEMA_JSON_URL)},
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout"
  });
});
`;

const REDOC_INIT = `window.addEventListener("load", function () {
  Redoc.init(${JSON.stringify(SCHEMA_JSON_URL)}, { expandResponses: "200,201,202", pathInMiddlePanel: true }, document.getElementById("redoc"));
});
`;

/**
 * ReDoc's sidebar footer shows Redocly's logo from their CDN (an <img> whose src is this URL), so
 * a visit would make a request to another host; the policy above would block it, but nothing the
 * service serves may point there in the first place. The bundle is served with the URL replaced by
 * an empty data: URI: the image fails to decode, and ReDoc's own onError handler then leaves the
 * logo out. node_modules stays untouched; the bundle is patched as it is read.
 */
export const REDOC_LOGO_URL = "https://cdn.redoc.ly/redoc/logo-mini.svg";
const NO_IMAGE = "data:,";

export function withoutRemoteLogo(bundle: string): string {
  return bundle.replaceAll(JSON.stringify(REDOC_LOGO_URL), JSON.stringify(NO_IMAGE));
}

type AssetSource = { package: string; file: string; patch?: (text: string) => string } | { text: string };

const ASSET_SOURCES: Array<UiAssetFile & { source: AssetSource }> = [
  { path: `${SWAGGER_UI_PATH}swagger-ui.css`, contentType: CSS, source: { package: "@fastify/swagger-ui", file: "static/swagger-ui.css" } },
  { path: `${SWAGGER_UI_PATH}index.css`, contentType: CSS, source: { package: "@fastify/swagger-ui", file: "static/index.css" } },
  {
    path: `${SWAGGER_UI_PATH}swagger-ui-bundle.js`,
    contentType: JS,
    source: { package: "@fastify/swagger-ui", file: "static/swagger-ui-bundle.js" },
  },
  { path: `${SWAGGER_UI_PATH}swagger-init.js`, contentType: JS, source: { text: SWAGGER_INIT } },
  {
    path: `${REDOC_PATH}redoc.standalone.js`,
    contentType: JS,
    source: { package: "redoc", file: "bundles/redoc.standalone.js", patch: withoutRemoteLogo },
  },
  { path: `${REDOC_PATH}redoc-init.js`, contentType: JS, source: { text: REDOC_INIT } },
];

/** The asset routes to register (path and type; the content is loaded at start-up). */
export const UI_ASSET_FILES: UiAssetFile[] = ASSET_SOURCES.map(({ path, contentType }) => ({ path, contentType }));

const packageRequire = createRequire(import.meta.url);
let loaded: Map<string, UiAsset> | null = null;

function assetBody(source: AssetSource): Buffer {
  if ("text" in source) return Buffer.from(source.text, "utf8");
  const file = readFileSync(join(dirname(packageRequire.resolve(`${source.package}/package.json`)), source.file));
  return source.patch ? Buffer.from(source.patch(file.toString("utf8")), "utf8") : file;
}

/** Reads the viewer bundles once per process; a missing package fails start-up, not a request. */
export function loadUiAssets(): Map<string, UiAsset> {
  if (loaded) return loaded;
  const assets = new Map<string, UiAsset>();
  for (const { path, contentType, source } of ASSET_SOURCES) {
    assets.set(path, { path, contentType, body: assetBody(source) });
  }
  loaded = assets;
  return assets;
}

/** Sends an asset, gzipped when the client accepts it (the Swagger UI bundle shrinks ~4x). */
export function sendUiAsset(request: FastifyRequest, reply: FastifyReply, path: string): Buffer {
  const asset = loadUiAssets().get(path);
  if (!asset) throw new Error(`No docs asset at ${path}`);
  return sendStaticFile(request, reply, asset, "public, max-age=3600");
}

function page(title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">
${head}
</head>
<body>
${body}
</body>
</html>
`;
}

const SWAGGER_PAGE = page(
  "canopy API - Swagger UI",
  `<link rel="stylesheet" href="${SWAGGER_UI_PATH}swagger-ui.css">
<link rel="stylesheet" href="${SWAGGER_UI_PATH}index.css">`,
  `<div id="swagger-ui"></div>
<script src="${SWAGGER_UI_PATH}swagger-ui-bundle.js"></script>
<script src="${SWAGGER_UI_PATH}swagger-init.js"></script>`,
);

const REDOC_PAGE = page(
  "canopy API - ReDoc",
  "",
  `<div id="redoc"></div>
<script src="${REDOC_PATH}redoc.standalone.js"></script>
<script src="${REDOC_PATH}redoc-init.js"></script>`,
);

function sendPage(reply: FastifyReply, html: string): string {
  reply.header("content-type", "text/html; charset=utf-8");
  reply.header("content-security-policy", DOCS_CSP);
  reply.header("referrer-policy", "no-referrer");
  return html;
}

export const swaggerUiPage = (reply: FastifyReply): string => sendPage(reply, SWAGGER_PAGE);
export const redocPage = (reply: FastifyReply): string => sendPage(reply, REDOC_PAGE);
