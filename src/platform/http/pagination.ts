// DRF-style page links: absolute URLs of the neighbouring pages, keeping the other parameters.
import type { FastifyRequest } from "fastify";

export function requestBaseUrl(request: FastifyRequest, configuredBase: string | null): string {
  if (configuredBase) return configuredBase;
  return `${request.protocol}://${request.host}`;
}

export function pageLinks(
  request: FastifyRequest,
  configuredBase: string | null,
  page: number,
  pageSize: number,
  total: number,
): { next: string | null; previous: string | null } {
  const url = new URL(request.url, requestBaseUrl(request, configuredBase) + "/");
  const link = (target: number) => {
    const copy = new URL(url);
    copy.searchParams.set("page", String(target));
    copy.searchParams.set("page_size", String(pageSize));
    return copy.toString();
  };
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return {
    next: page < lastPage ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
  };
}
