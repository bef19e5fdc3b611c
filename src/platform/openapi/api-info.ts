// What the OpenAPI document, the index routes and llms.txt say about the API as a whole: its
// title, version, license, summary and the description that opens the document.
export const API_TITLE = "canopy Content Strategy API";
export const API_VERSION = "1.0.0";

/** The project's licence (package.json, LICENSE). OpenAPI and Redocly's `info-license-strict` want a name and a URL. */
export const API_LICENSE = {
  name: "Apache-2.0",
  url: "https://www.apache.org/licenses/LICENSE-2.0",
};

export const API_KEY_TEXT =
  "An API key (`cnpy_live_` and 32 hex characters), made with `canopy keys create` or POST /api/v1/keys/, sent alone in " +
  "`X-API-Key` (never in `Authorization`). Each endpoint needs one scope.";

export const API_SUMMARY =
  "canopy is a self-hostable Content Strategy Service: brands, a 4-level topical research tree, " +
  "SERP-overlap keyword clustering, topical maps, a topical-authority view, and AI-generated briefs and articles.";

export const API_DESCRIPTION = [
  API_SUMMARY,
  "Authenticate every /api/v1/ request with the `X-API-Key` header, the key alone: `Authorization: Bearer` " +
    "is not read (the 401 then adds where the key goes). Select a team workspace with `X-Team-ID`, the " +
    "team's id (a UUID; `GET /api/v1/me/teams/` lists them), omitted: your personal workspace. Anything " +
    "outside the selected workspace answers 404.",
  'Every JSON object response carries `_meta.description`. Errors are `{"detail": "..."}`, or for invalid ' +
    'input `{"field": ["message", ...]}`. Every response to a valid key carries `X-RateLimit-Limit`, ' +
    "`X-RateLimit-Remaining` and `X-RateLimit-Reset`; over the limit the answer is 429 with `Retry-After`. " +
    "Requests are checked in this order: key (401), rate limit (429), scope (403), workspace (403).",
  "Request bodies are strict: a field the endpoint does not define answers 400 naming it " +
    '(`{"core_topik": ["Unknown field."]}`), so a typo never changes what is done or spends credits. Endpoints that ' +
    "write a resource accept and ignore its read-only fields (`id`, `created_at`, ...), so a resource read with GET, " +
    'edited, can be sent back. `null` for a field that is not nullable answers `["This field may not be null."]`; text ' +
    'with a `minLength` may not be blank either (`["This field may not be blank."]`); booleans take `true`/`false`, ' +
    '`"true"`/`"false"` and `1`/`0`. Free-form JSON (`content_info_context`, the extra members of `curated_brief_json`) ' +
    "nests at most 32 levels and holds at most 256 KB. No text, object keys included, may hold a NUL character or a lone surrogate.",
  "Paths end with a slash, as written here; the server also accepts them without it. A plain-text " +
    "reference for language models is at `/llms.txt` (index) and `/llms-full.txt` (full).",
].join("\n\n");
