import { keyedRoute, type RouteDef } from "../../platform/http/route";
import { BrandIdParams, BrandListQuery, BrandListSchema, BrandSchema, CreateBrandBody, UpdateBrandBody } from "./schemas";
import { deleteBrand, type BrandWorkCheck } from "./delete";
import { createBrand, findBrand, brandView, listBrands, updateBrand } from "./service";
import { CreateBrandExample, UpdateBrandExample } from "./examples";

const tag = "Brands";

/** The brand routes; a deletion waits for the work `brandWorkRunning` reports (brand-work/running.ts). */
export const brandRoutes = (brandWorkRunning: BrandWorkCheck): RouteDef[] => [
  keyedRoute({
    method: "GET",
    path: "/api/v1/brands/",
    tag,
    summary: "List brands",
    description: "The brands of the selected workspace, newest first. `search` matches the name, case-insensitively.",
    scope: "brands:read",
    workspaced: true,
    status: 200,
    errors: [400],
    examples: { request: { query: { search: "bean" } } },
    schemas: { querystring: BrandListQuery, response: BrandListSchema },
    handler: async ({ ctx, query }) => listBrands(ctx, query.search),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/brands/:id/",
    resources: { id: "brand" },
    tag,
    summary: "Get a brand",
    metaDescription: "A brand.",
    scope: "brands:read",
    workspaced: true,
    status: 200,
    errors: [404],
    schemas: { params: BrandIdParams, response: BrandSchema },
    handler: async ({ ctx, params }) => brandView(await findBrand(ctx, params.id)),
  }),
  keyedRoute({
    method: "POST",
    path: "/api/v1/brands/",
    tag,
    summary: "Create a brand",
    description:
      "Only the writable fields are read (`brand_name` is required). The read-only fields of a brand (`id`, `stage`, " +
      "`created_at`, ...) are accepted and ignored; any other field answers 400 (`Unknown field.`). " +
      "A new brand has `stage: new`; fields not given are null (`language` defaults to `en`, `products_and_services` to `[]`). " +
      "Beside the specification's fields, `country_code` (the brand's country, which names `country_name` and is where its " +
      "research searches) and `products_and_services` are writable too.",
    metaDescription: "The created brand.",
    scope: "brands:write",
    workspaced: true,
    status: 201,
    errors: [400],
    examples: { request: { body: CreateBrandExample } },
    schemas: { body: CreateBrandBody, response: BrandSchema },
    readOnlyFrom: BrandSchema,
    handler: async ({ ctx, body }) => createBrand(ctx, body),
  }),
  keyedRoute({
    method: "PATCH",
    path: "/api/v1/brands/:id/",
    resources: { id: "brand" },
    tag,
    summary: "Update a brand",
    description:
      "Changes the writable fields given; null clears an optional field. The read-only fields of a brand (`id`, `stage`, " +
      "`created_at`, ...) are accepted and ignored, so a brand read with GET, edited, can be sent back; any other field answers 400.",
    metaDescription: "The updated brand.",
    scope: "brands:write",
    workspaced: true,
    status: 200,
    errors: [400, 404],
    examples: { request: { body: UpdateBrandExample } },
    schemas: { params: BrandIdParams, body: UpdateBrandBody, response: BrandSchema },
    readOnlyFrom: BrandSchema,
    handler: async ({ ctx, params, body }) => updateBrand(ctx, params.id, body),
  }),
  keyedRoute({
    method: "DELETE",
    path: "/api/v1/brands/:id/",
    resources: { id: "brand" },
    tag,
    summary: "Delete a brand",
    description:
      "Permanent, in one transaction: the brand with its research tree, topical map, published toggles and brand clusterings (with " +
      "their stored SERP data). Standalone clustering reports and the task history stay. 409 while a research generation or a " +
      "clustering of the brand is running (a task whose job has died does not count).",
    scope: "brands:write",
    workspaced: true,
    status: 204,
    errors: [404, 409],
    schemas: { params: BrandIdParams, response: null },
    handler: async ({ ctx, params }) => deleteBrand(ctx, params.id, brandWorkRunning),
  }),
];
