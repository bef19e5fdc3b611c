// `GET /` and `GET /api/v1/`: where someone who types the server's address lands first. A small
// JSON index that names the API and points to its documentation, instead of a bare 404. Public
// (no key, no rate limit), like the documentation it points to.
import Type from "typebox";
import { API_SUMMARY, API_TITLE, API_VERSION } from "../../platform/openapi/api-info";
import { REDOC_PATH, SCHEMA_PATH, SWAGGER_UI_PATH } from "../../platform/openapi/docs-ui";
import { requestBaseUrl } from "../../platform/http/pagination";
import { named, publicRoute, withMeta, type RouteDef } from "../../platform/http/route";
import { CONSOLE_PATH } from "../console";

/** Each link's name and path; the index answers them as absolute URLs of this server. */
const INDEX_LINKS = {
  console: CONSOLE_PATH,
  docs: SWAGGER_UI_PATH,
  redoc: REDOC_PATH,
  schema: SCHEMA_PATH,
  llms: "/llms.txt",
  llms_full: "/llms-full.txt",
  healthz: "/healthz",
  readyz: "/readyz",
} as const;

const LINK_TEXT: Record<keyof typeof INDEX_LINKS, string> = {
  console: "The console: a web app for content strategists, signed in with an API key",
  docs: "Interactive documentation (Swagger UI)",
  redoc: "Reference documentation (ReDoc)",
  schema: "The OpenAPI 3.0 document (YAML; `?format=json` for JSON)",
  llms: "Plain-text index of the API for language models",
  llms_full: "Plain-text full reference for language models",
  healthz: "Liveness probe",
  readyz: "Readiness probe",
};

const META_DESCRIPTION = "This API and where its documentation is. Every /api/v1/ endpoint takes an API key in the X-API-Key header.";

const EXAMPLE_BASE = "http://localhost:8000";

const ApiIndex = named(
  "ApiIndex",
  withMeta({
    name: Type.String(),
    version: Type.String({ description: "The API's version, as in the OpenAPI document" }),
    description: Type.String(),
    links: Type.Object(
      Object.fromEntries(Object.entries(LINK_TEXT).map(([name, text]) => [name, Type.String({ description: text })])) as Record<
        keyof typeof INDEX_LINKS,
        ReturnType<typeof Type.String>
      >,
      { description: "Absolute URLs on this server" },
    ),
  }),
  {
    _meta: { description: META_DESCRIPTION },
    name: API_TITLE,
    version: API_VERSION,
    description: API_SUMMARY,
    links: Object.fromEntries(Object.entries(INDEX_LINKS).map(([name, path]) => [name, EXAMPLE_BASE + path])),
  },
);

function indexRoute(path: string, summary: string): RouteDef {
  return publicRoute({
    method: "GET",
    path,
    tag: "Documentation",
    summary,
    description: "Public, without a key: the API's name and version, and links to the console, the documentation and the probes.",
    metaDescription: META_DESCRIPTION,
    status: 200,
    schemas: { response: ApiIndex },
    handler: async ({ request }) => {
      const base = requestBaseUrl(request, request.server.platform.config.baseUrl);
      return {
        name: API_TITLE,
        version: API_VERSION,
        description: API_SUMMARY,
        links: Object.fromEntries(Object.entries(INDEX_LINKS).map(([name, linkPath]) => [name, base + linkPath])),
      };
    },
  });
}

export const indexRoutes: RouteDef[] = [
  indexRoute("/", "Index of the server: the API and links to its documentation"),
  indexRoute("/api/v1/", "Index of the API: links to its documentation"),
];
