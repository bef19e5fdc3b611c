// Page-number pagination, one rule for every paginated list (docs/conventions.md §2, as DRF's
// PageNumberPagination): `page_size` is clamped to 1..max (text that is not a number falls back to
// the default); a `page` that is not a positive integer, or lies past the last page, answers 404
// "Invalid page." (page 1 of an empty list is a page); links are absolute URLs of the neighbours.
import type { FastifyRequest } from "fastify";
import Type from "typebox";
import { NotFound } from "../errors";
import { parseNumber } from "./validation";

const INVALID_PAGE = "Invalid page.";

export interface PageSizes {
  default: number;
  max: number;
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * The query fields of a paginated list. Text, not integers: they are read leniently by
 * `readPage` (a bad page is a 404, a bad size the default), never refused as invalid input.
 */
export function pageQueryFields(sizes: PageSizes) {
  return {
    page: Type.Optional(
      Type.String({ description: "A positive integer; default 1. Anything else, or a page past the last, answers 404." }),
    ),
    page_size: Type.Optional(
      Type.String({ description: `Default ${sizes.default}; clamped to 1..${sizes.max}; text that is not a number means the default.` }),
    ),
  };
}

const POSITIVE_INTEGER = /^[0-9]+$/;

function readPageNumber(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const page = POSITIVE_INTEGER.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(page) || page < 1) throw new NotFound(INVALID_PAGE);
  return page;
}

function readPageSize(raw: string | undefined, sizes: PageSizes): number {
  const size = raw === undefined ? null : parseNumber(raw, false);
  if (size === null) return sizes.default;
  return Math.min(Math.max(Math.trunc(size), 1), sizes.max);
}

/** The page asked for; 404 when `page` is not a positive integer. */
export function readPage(query: { page?: string; page_size?: string }, sizes: PageSizes): PageRequest {
  return { page: readPageNumber(query.page), pageSize: readPageSize(query.page_size, sizes) };
}

function lastPage(pageSize: number, total: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** 404 for a page past the last; call it before reading the page's rows. */
export function assertPageExists({ page, pageSize }: PageRequest, total: number): void {
  if (page > lastPage(pageSize, total)) throw new NotFound(INVALID_PAGE);
}

export function requestBaseUrl(request: FastifyRequest, configuredBase: string | null): string {
  if (configuredBase) return configuredBase;
  return `${request.protocol}://${request.host}`;
}

export function pageLinks(
  request: FastifyRequest,
  configuredBase: string | null,
  { page, pageSize }: PageRequest,
  total: number,
): { next: string | null; previous: string | null } {
  const url = new URL(request.url, `${requestBaseUrl(request, configuredBase)}/`);
  const link = (target: number) => {
    const copy = new URL(url);
    copy.searchParams.set("page", String(target));
    copy.searchParams.set("page_size", String(pageSize));
    return copy.toString();
  };
  return {
    next: page < lastPage(pageSize, total) ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}
