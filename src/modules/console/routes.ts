// The console, served at /console/ on the API's own origin: one page and its hashed assets. It
// holds no privilege: every screen acts through the public API with the key the user pastes.
// The page runs under a strict Content-Security-Policy: scripts, styles and requests of this
// origin only, no inline script or style element, no frames, no plug-ins.
import Type from "typebox";
import { NotFound, Unavailable } from "../../platform/errors";
import { sendStaticFile } from "../../platform/http/static-files";
import { publicRoute, type RouteDef } from "../../platform/http/route";
import { consoleFiles } from "./console-files";

/** Where the console is served; the index at `/` and the first-start banner point to it. */
export const CONSOLE_PATH = "/console/";

const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const NOT_BUILT = "The console is not built in this installation: run `npm run build`.";

// Looked up by exact name among the files read at start-up: the name never reaches the file system.
const AssetParams = Type.Object({ file: Type.String({ minLength: 1, maxLength: 200 }) });

export const consoleRoutes: RouteDef[] = [
  publicRoute({
    method: "GET",
    path: CONSOLE_PATH,
    tag: "Documentation",
    summary: "The console: a web app for content strategists",
    hidden: true,
    status: 200,
    errors: [503],
    schemas: { response: null },
    handler: async ({ request, reply }) => {
      const files = consoleFiles();
      if (!files) throw new Unavailable(NOT_BUILT);
      reply.header("content-security-policy", CONSOLE_CSP);
      reply.header("referrer-policy", "no-referrer");
      reply.header("x-frame-options", "DENY");
      // The page names the current assets: always asked again, so a new build is seen at once.
      return sendStaticFile(request, reply, files.page, "no-cache");
    },
  }),
  publicRoute({
    method: "GET",
    path: `${CONSOLE_PATH}assets/:file`,
    tag: "Documentation",
    summary: "Console asset",
    hidden: true,
    status: 200,
    errors: [404, 503],
    schemas: { params: AssetParams, response: null },
    handler: async ({ request, reply, params }) => {
      const files = consoleFiles();
      if (!files) throw new Unavailable(NOT_BUILT);
      const file = files.assets.get(params.file);
      if (!file) throw new NotFound("No such console file.");
      // Content-hashed names never change meaning: cached for a year.
      return sendStaticFile(request, reply, file, "public, max-age=31536000, immutable");
    },
  }),
];
