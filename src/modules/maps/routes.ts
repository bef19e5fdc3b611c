import { csvAlternative, FormatQuery, wantsCsv } from "../../platform/http/formats";
import { keyedRoute, type RouteDef } from "../../platform/http/route";
import { LEVEL_LABELS } from "../research";
import { MapDetailSchema, MapListQuery, MapParams, MapSummaryList, UploadBody, UploadSummarySchema } from "./schemas";
import { listMaps, mapDetail } from "./service";
import { uploadMap } from "./upload/upload";
import { decodeUploadCsv } from "./upload/csv";
import { MAX_CPC, MAX_SEARCH_VOLUME, MAX_UPLOAD_BYTES, MAX_UPLOAD_ROWS, UPLOAD_FIELDS } from "./upload/entries";
import { MapListExampleQuery, UploadMapExample, UploadSummaryExample } from "./examples";

const tag = "Topical maps";
const MAP_CSV =
  "One row per keyword, in map order: `cluster` (the cluster's id), `centroid`, then every keyword entry field (`keyword`, `main_topic` " +
  `... \`similarity\`). It can be uploaded back as it is.`;

const UPLOAD_CSV =
  "A header row, then one row per keyword. Columns (case-insensitive; spaces and hyphens read as underscores; unknown columns are " +
  `ignored): ${UPLOAD_FIELDS.map((f) => `\`${f}\``).join(", ")}; only \`keyword\` is required. UTF-8, with or without a byte-order ` +
  "mark; RFC 4180 quoting (quoted fields may hold commas, doubled quotes and line breaks; a quote inside an unquoted field is a " +
  "400); a header with semicolons (or tabs) and no " +
  "comma switches to that separator. Blank rows are skipped; numbers are plain (`1200`, `0.45`); a cell an export guarded with a " +
  'leading apostrophe (`\'=...`) is read without it. Problems answer 400 `{"rows": ["Row 3, column search_volume: expected a whole ' +
  `number from 0 to ${MAX_SEARCH_VOLUME.toLocaleString("en-US")}."]}\` (rows numbered as a spreadsheet numbers them, the header being row 1; at most 20 listed) or ` +
  '`{"columns": [...]}` for the header.';

const UPLOAD_DESCRIPTION =
  "Replaces the brand's topical map (written by a clustering or uploaded before) with a map made with another tool, in one " +
  'transaction. Send JSON `{"keywords": [{"keyword", "cluster"?, "search_volume"?, "cpc"?, "competition"?, "main_topic"?, ' +
  '"subtopic_2"?, "subtopic_3"?, "subtopic_4"?}]}` or `Content-Type: text/csv` with the same columns. Keywords are trimmed and ' +
  "lowercased; a keyword listed again keeps its first entry (`duplicates_ignored` counts the others). Numbers: `search_volume` a " +
  `whole number from 0 to ${MAX_SEARCH_VOLUME.toLocaleString("en-US")} (a 32-bit count), \`cpc\` from 0 to ${MAX_CPC.toLocaleString("en-US")}, ` +
  "`competition` from 0 to 1; absent or empty is 0. Keywords sharing a " +
  "`cluster` label (case-insensitive) form one cluster whose centroid is its keyword of most search volume (ties: the first listed); " +
  "a keyword without a label is a cluster of its own. Clusters come in centroid order (volume, then first listed), ids `c1`...; a " +
  "position is filled from `main_topic` down (a `subtopic_3` without `subtopic_2` is a 400). No SERP is fetched: the SERP-derived " +
  "fields come from the keyword alone (`has_serp_data` false, `similarity` 1 for a centroid and 0 otherwise), the brand has no " +
  'positions and AI presence is N/A; the map says `is_uploaded: true` and `_meta.data_source: "uploaded"`. The authority view ' +
  "shows the brand's research tree when it has one, else the tree of the uploaded positions. A later brand clustering replaces " +
  `the uploaded map. At most ${MAX_UPLOAD_ROWS.toLocaleString("en-US")} rows and ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB (413 beyond); ` +
  "409 while a clustering of the brand is in progress (it would overwrite the upload). The rows are written in chunks, other " +
  "requests served between them, and become the map at once when the last is in: a read meanwhile sees the previous map whole, " +
  "and a refused or failed upload leaves it as it was. Answers a summary (the map's counts, and how many rows were read), not the " +
  "map: `GET /api/v1/maps/{brand_id}/` reads it.";

export const mapRoutes: RouteDef[] = [
  keyedRoute({
    method: "GET",
    path: "/api/v1/maps/",
    tag,
    summary: "List topical maps",
    description: "A summary of each brand's topical map in the selected workspace, most recently written first; `brand_id` narrows to one.",
    scope: "maps:read",
    workspaced: true,
    status: 200,
    errors: [400],
    examples: { request: { query: MapListExampleQuery } },
    schemas: { querystring: MapListQuery, response: MapSummaryList },
    handler: async ({ ctx, query }) => listMaps(ctx, query.brand_id),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/maps/:brand_id/",
    tag,
    summary: "A topical map",
    description:
      "The brand's keyword clusters with search metrics and SERP-derived fields, as written by its last brand clustering (or upload): the " +
      "original research data, organizer edits made in the research tree since are not applied (the authority view applies them). " +
      "Clusters in centroid order, keywords by `sort_order`. Sent as it is read (streamed), so a large map starts at once. " +
      "`?format=csv` (or `Accept: text/csv`) answers CSV instead. 404 when the brand has no map.",
    metaDescription: "A topical map; `_meta.data_source` says where its SERP data comes from.",
    meta: { level_labels: LEVEL_LABELS },
    scope: "maps:read",
    workspaced: true,
    resources: { brand_id: "map" },
    status: 200,
    errors: [404],
    alternatives: [csvAlternative(MAP_CSV)],
    schemas: { params: MapParams, querystring: FormatQuery, response: MapDetailSchema },
    handler: async ({ ctx, params, query, request }) => mapDetail(ctx, params.brand_id, wantsCsv(query.format, request.headers.accept)),
  }),
  keyedRoute({
    method: "PUT",
    path: "/api/v1/maps/:brand_id/",
    tag,
    summary: "Upload a topical map",
    description: UPLOAD_DESCRIPTION,
    metaDescription: UploadSummaryExample._meta.description,
    scope: "maps:write",
    workspaced: true,
    // The brand need not have a map yet: the brand is what must be reachable.
    resources: { brand_id: "brand" },
    status: 200,
    errors: [400, 404, 409, 413],
    bodyDecoders: { "text/csv": { description: UPLOAD_CSV, decode: decodeUploadCsv } },
    bodyLimit: MAX_UPLOAD_BYTES,
    examples: { request: { body: UploadMapExample } },
    schemas: { params: MapParams, body: UploadBody, response: UploadSummarySchema },
    handler: async ({ ctx, params, body }) => uploadMap(ctx, params.brand_id, body),
  }),
];
