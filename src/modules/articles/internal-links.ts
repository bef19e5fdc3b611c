// The brand's own pages an article links to: the pages around its node in the brand's map (parent,
// children, published siblings), at the brand's site, and the links its brief's request suggested.
import type { TaskContext } from "../../platform/tasks/define-task";
import type { InternalLink } from "../../providers/generation/types";
import { nodeLinks } from "../authority";
import type { DraftMaterial } from "../briefs";

const MAX_LINKS = 8;

/** A page's address at the brand's site; relative when the brand has no site on record. */
function pageUrl(websiteUrl: string | null, slug: string): string {
  if (websiteUrl) {
    try {
      return new URL(`/${slug}`, websiteUrl).href;
    } catch {
      // A malformed site address: the relative path still says where the page goes.
    }
  }
  return `/${slug}`;
}

export async function internalLinks(
  ctx: TaskContext,
  brandId: string,
  websiteUrl: string | null,
  material: DraftMaterial,
): Promise<InternalLink[]> {
  const suggested: InternalLink[] = material.suggestedLinks.map((l) => ({ url: l.url, anchor: l.anchor_text, relation: "suggested" }));
  const around = material.topicNode === null ? [] : await nodeLinks(ctx, brandId, material.topicNode);
  const mapped: InternalLink[] = around.map((l) => ({ url: pageUrl(websiteUrl, l.urlSlug), anchor: l.name, relation: l.relation }));
  const seen = new Set<string>();
  return [...suggested, ...mapped].filter((l) => !seen.has(l.url) && seen.add(l.url)).slice(0, MAX_LINKS);
}
