// Brands: the entities that own all content, each in one workspace.
import { desc, eq, ilike, inArray } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { inWorkspace } from "../../platform/db/workspace";
import { NotFound, ValidationFailed } from "../../platform/errors";
import { present } from "../../platform/present";
import { TaskFailure } from "../../platform/tasks/runner";
import { escapeLike } from "../../platform/db/like";
import { brands, type BrandRow } from "./table";

const BRAND_NOT_FOUND = "Brand not found or you do not have access to it.";

export interface BrandInput {
  brand_name?: string;
  website_url?: string | null;
  description?: string | null;
  mission?: string | null;
  vision?: string | null;
  tagline?: string | null;
  target_audience?: string | null;
  brand_voice?: string | null;
  values?: string | null;
  marketplace?: string | null;
  key_competitors?: string | null;
  unique_selling_proposition?: string | null;
  language?: string;
  country_code?: string | null;
  products_and_services?: string[];
}

export function brandView(row: BrandRow) {
  return {
    id: row.id,
    brand_name: row.brandName,
    website_url: row.websiteUrl,
    description: row.description,
    mission: row.mission,
    vision: row.vision,
    tagline: row.tagline,
    target_audience: row.targetAudience,
    brand_voice: row.brandVoice,
    values: row.values,
    marketplace: row.marketplace,
    market_position: row.marketPosition,
    key_competitors: row.keyCompetitors,
    unique_selling_proposition: row.uniqueSellingProposition,
    products_and_services: row.productsAndServices,
    brand_personality: row.brandPersonality,
    brand_story: row.brandStory,
    language: row.language,
    country_code: row.countryCode,
    country_name: row.countryName,
    stage: row.stage,
    content_scope: row.contentScope,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Accepts `https://x.com/...` or a bare `x.com`; answers the stored form or a field error. */
function normalizeWebsiteUrl(value: string): string {
  const text = value.trim();
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw new ValidationFailed({ website_url: ["Enter a valid URL."] });
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname.includes(".")) {
    throw new ValidationFailed({ website_url: ["Enter a valid URL."] });
  }
  return candidate;
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** An ISO 3166-1 alpha-2 code as stored (upper case) with its English name, or a field error. */
function countryOf(value: string): { countryCode: string; countryName: string } {
  const code = value.trim().toUpperCase();
  const name = /^[A-Z]{2}$/.test(code) ? regionNames.of(code) : undefined;
  if (name === undefined || name === "Unknown Region") {
    throw new ValidationFailed({ country_code: ["Enter a two-letter country code (ISO 3166-1), such as US or GB."] });
  }
  return { countryCode: code, countryName: name };
}

/** The entries trimmed, without blanks and repeats, in the order given. */
function listOf(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter((value) => value !== ""))];
}

function emptyToNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/** Maps the writable wire fields to columns; fields not in `input` are left out (PATCH). */
function columnsOf(input: BrandInput) {
  const columns: Partial<typeof brands.$inferInsert> = {};
  if (input.brand_name !== undefined) {
    const name = input.brand_name.trim();
    if (name === "") throw new ValidationFailed({ brand_name: ["This field may not be blank."] });
    columns.brandName = name;
  }
  if (input.website_url !== undefined) {
    const url = emptyToNull(input.website_url);
    columns.websiteUrl = url === null || url === undefined ? null : normalizeWebsiteUrl(url);
  }
  const text = (value: string | null | undefined) => emptyToNull(value);
  if (input.description !== undefined) columns.description = text(input.description);
  if (input.mission !== undefined) columns.mission = text(input.mission);
  if (input.vision !== undefined) columns.vision = text(input.vision);
  if (input.tagline !== undefined) columns.tagline = text(input.tagline);
  if (input.target_audience !== undefined) columns.targetAudience = text(input.target_audience);
  if (input.brand_voice !== undefined) columns.brandVoice = text(input.brand_voice);
  if (input.values !== undefined) columns.values = text(input.values);
  if (input.marketplace !== undefined) columns.marketplace = text(input.marketplace);
  if (input.key_competitors !== undefined) columns.keyCompetitors = text(input.key_competitors);
  if (input.unique_selling_proposition !== undefined) columns.uniqueSellingProposition = text(input.unique_selling_proposition);
  if (input.language !== undefined) columns.language = input.language.toLowerCase().replace("_", "-");
  if (input.country_code !== undefined) {
    const code = emptyToNull(input.country_code);
    Object.assign(columns, code === null || code === undefined ? { countryCode: null, countryName: null } : countryOf(code));
  }
  if (input.products_and_services !== undefined) columns.productsAndServices = listOf(input.products_and_services);
  return columns;
}

export async function listBrands(ctx: RequestContext, search: string | undefined) {
  const condition = search?.trim() ? ilike(brands.brandName, `%${escapeLike(search.trim())}%`) : undefined;
  const rows = await ctx.db
    .select()
    .from(brands)
    .where(inWorkspace(ctx, brands, condition))
    .orderBy(desc(brands.createdAt), desc(brands.id));
  return rows.map(brandView);
}

/** The brand in the context's workspace, read with the row lock `lock` when given; NotFound otherwise. */
async function brandRow(
  ctx: Pick<RequestContext, "db" | "workspace">,
  brandId: string,
  lock: "update" | "key share" | null,
): Promise<BrandRow> {
  const query = ctx.db
    .select()
    .from(brands)
    .where(inWorkspace(ctx, brands, eq(brands.id, brandId)));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw new NotFound(BRAND_NOT_FOUND);
  return row;
}

/**
 * The brand in the context's workspace; NotFound otherwise (another workspace's is not found).
 * `lock` takes the row's FOR UPDATE lock: for writes of the brand's one-per-brand state (its
 * research generation, clustering, map, its deletion) that must take turns with each other.
 */
export async function findBrand(ctx: Pick<RequestContext, "db" | "workspace">, brandId: string, lock = false): Promise<BrandRow> {
  return brandRow(ctx, brandId, lock ? "update" : null);
}

/**
 * The brand, kept from being deleted until the caller's transaction ends; NotFound as findBrand.
 * Every write that inserts a row of the brand's (a brief, an article, a published toggle) calls
 * this first in its transaction, so that the brand it checked is the brand it inserts under:
 * checked before the transaction, a brand deleted in between made the insert break its foreign
 * key (a 500) instead of answering the 404 a missing brand gets.
 *
 * FOR KEY SHARE is the weakest lock that does it. The delete (delete.ts) locks the brand FOR
 * UPDATE before its DELETE, and FOR UPDATE conflicts with every row lock, so:
 * - a delete that locked the brand first makes this wait; once it commits, the row is gone and
 *   this answers 404 (under READ COMMITTED a locking read skips a row deleted while it waited),
 *   before anything was inserted or charged;
 * - a create that locked it first makes the delete wait until the create commits; the delete's
 *   cascade then removes the new row with the brand (its task and charge stay in the history,
 *   and the job, finding its subject gone, fails and refunds).
 * KEY SHARE conflicts neither with itself nor with the FOR NO KEY UPDATE of a brand edit
 * (PATCH), so creates for one brand do not queue behind each other (as FOR UPDATE would make
 * them) nor behind edits (as FOR SHARE would). It is the lock the foreign key's own check takes
 * on insert, only taken before the check and the insert instead of at the insert.
 * On the embedded database (one connection, one transaction at a time) there is no waiting, but
 * the check and the insert are then in one transaction that no delete can come between.
 */
export async function lockBrandInWorkspace(
  tx: Pick<RequestContext, "db" | "workspace" | "inTransaction">,
  brandId: string,
): Promise<BrandRow> {
  // Outside a transaction the lock would end with the statement and protect nothing.
  if (!tx.inTransaction) throw new Error("lockBrandInWorkspace needs a transaction (withTransaction)");
  return brandRow(tx, brandId, "key share");
}

/** The names of the given brands that are in the context's workspace, by id. */
export async function brandNames(ctx: Pick<RequestContext, "db" | "workspace">, brandIds: readonly string[]): Promise<Map<string, string>> {
  if (brandIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: brands.id, name: brands.brandName })
    .from(brands)
    .where(inWorkspace(ctx, brands, inArray(brands.id, [...brandIds])));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** findBrand for background work: a brand deleted (or moved away) meanwhile is the task's failure to report. */
export async function findTaskBrand(ctx: Pick<RequestContext, "db" | "workspace">, brandId: string): Promise<BrandRow> {
  try {
    return await findBrand(ctx, brandId);
  } catch (err) {
    if (err instanceof NotFound) throw new TaskFailure("The brand no longer exists.");
    throw err;
  }
}

/** Marks the brand `completed` (its research, clustering and map exist), in the context's workspace. */
export async function markBrandCompleted(ctx: Pick<RequestContext, "db" | "workspace">, brandId: string): Promise<void> {
  await ctx.db
    .update(brands)
    .set({ stage: "completed", updatedAt: new Date() })
    .where(inWorkspace(ctx, brands, eq(brands.id, brandId)));
}

export async function createBrand(ctx: RequestContext, input: BrandInput & { brand_name: string }) {
  const [row] = await ctx.db
    .insert(brands)
    .values({ workspaceId: ctx.workspace.id, brandName: input.brand_name, ...columnsOf(input) })
    .returning();
  return brandView(present(row, "the inserted brand"));
}

export async function updateBrand(ctx: RequestContext, brandId: string, input: BrandInput) {
  await findBrand(ctx, brandId);
  const columns = columnsOf(input);
  const [row] = await ctx.db
    .update(brands)
    .set({ ...columns, updatedAt: new Date() })
    .where(inWorkspace(ctx, brands, eq(brands.id, brandId)))
    .returning();
  // Deleted since findBrand read it: the same 404 as if it had gone before.
  if (!row) throw new NotFound(BRAND_NOT_FOUND);
  return brandView(row);
}
