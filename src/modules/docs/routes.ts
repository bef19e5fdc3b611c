// The live documentation: the OpenAPI document, its two viewers and the plain-text references
// for language models. Public (no key, no rate limit), and generated from the route registry.
import Type from "typebox";
import { rawContent } from "../../platform/openapi/operation-doc";
import {
  REDOC_PATH,
  SCHEMA_PATH,
  SWAGGER_UI_PATH,
  UI_ASSET_FILES,
  redocPage,
  sendUiAsset,
  swaggerUiPage,
} from "../../platform/openapi/docs-ui";
import { llmsFullText, llmsIndexText } from "../../platform/openapi/llms";
import { requestBaseUrl } from "../../platform/http/pagination";
import { publicRoute, type RouteDef } from "../../platform/http/route";
import { indexRoutes } from "./index-routes";

const tag = "Documentation";
const TEXT = "text/plain; charset=utf-8";

const SchemaQuery = Type.Object({
  format: Type.Optional(Type.String({ enum: ["yaml", "json"], default: "yaml", description: "`json` for the JSON form" })),
});

export const docsRoutes: RouteDef[] = [
  ...indexRoutes,
  publicRoute({
    method: "GET",
    path: SCHEMA_PATH,
    tag,
    summary: "This OpenAPI 3.0 document",
    description: "YAML by default; `?format=json` answers the same document as JSON.",
    status: 200,
    errors: [400],
    schemas: { querystring: SchemaQuery, response: rawContent(["application/yaml", "application/json"], "The OpenAPI 3.0.3 document") },
    handler: async ({ request, reply, query }) => {
      const docs = request.server.apiDocs;
      if (query.format === "json") {
        reply.header("content-type", "application/json; charset=utf-8");
        return docs.json();
      }
      reply.header("content-type", "application/yaml; charset=utf-8");
      return docs.yaml();
    },
  }),
  publicRoute({
    method: "GET",
    path: SWAGGER_UI_PATH,
    tag,
    summary: "Interactive documentation (Swagger UI)",
    status: 200,
    schemas: { response: rawContent(["text/html"], "The Swagger UI page") },
    handler: async ({ reply }) => swaggerUiPage(reply),
  }),
  publicRoute({
    method: "GET",
    path: REDOC_PATH,
    tag,
    summary: "Reference documentation (ReDoc)",
    status: 200,
    schemas: { response: rawContent(["text/html"], "The ReDoc page") },
    handler: async ({ reply }) => redocPage(reply),
  }),
  publicRoute({
    method: "GET",
    path: "/llms.txt",
    tag,
    summary: "Plain-text index of the API for language models",
    description: "What canopy is, how to authenticate, and one line per endpoint. The full reference is `/llms-full.txt`.",
    status: 200,
    schemas: { response: rawContent(["text/plain"], "Markdown text") },
    handler: async ({ request, reply }) => {
      reply.header("content-type", TEXT);
      return llmsIndexText(request.server.apiDocs.routes, requestBaseUrl(request, request.server.platform.config.baseUrl));
    },
  }),
  publicRoute({
    method: "GET",
    path: "/llms-full.txt",
    tag,
    summary: "Plain-text full reference of the API for language models",
    description: "Conventions, then every endpoint with its parameters, body fields, response fields and error statuses.",
    status: 200,
    schemas: { response: rawContent(["text/plain"], "Markdown text") },
    handler: async ({ request, reply }) => {
      reply.header("content-type", TEXT);
      return llmsFullText(request.server.apiDocs.routes, requestBaseUrl(request, request.server.platform.config.baseUrl));
    },
  }),
  ...UI_ASSET_FILES.map((asset) =>
    publicRoute({
      method: "GET",
      path: asset.path,
      tag,
      summary: "Documentation viewer asset",
      hidden: true,
      status: 200,
      schemas: { response: null },
      handler: async ({ request, reply }) => sendUiAsset(request, reply, asset.path),
    }),
  ),
];
