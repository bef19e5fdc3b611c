// The published toggle of a node. The click changes the cached hierarchy at once (the node and
// the coverage of everything above it, computed as the API does), then the PATCH is sent and
// the hierarchy read again; a refusal puts the cache back and is shown.
import { unwrap } from "@canopy/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Schemas } from "../api";
import { useClient } from "../session-context";
import { withPublished } from "./authority-model";

type Hierarchy = Schemas["AuthorityHierarchy"];

export const hierarchyKey = (brandId: string) => ["authority", brandId, "hierarchy"] as const;

export function usePublishToggle(brandId: string) {
  const client = useClient();
  const queries = useQueryClient();
  const key = hierarchyKey(brandId);
  return useMutation({
    mutationFn: async ({ nodeId, published }: { nodeId: string; published: boolean }) =>
      unwrap(
        await client.PATCH("/api/v1/authority/{brand_id}/nodes/{node_id}/published/", {
          params: { path: { brand_id: brandId, node_id: nodeId } },
          body: { published },
        }),
      ),
    onMutate: async ({ nodeId, published }) => {
      // A read under way would land after the click and undo it on screen: it is cancelled first
      // (the cancelling itself is immediate). The cache changes before anything is awaited, so the
      // box is ticked in the same frame as the click.
      const cancelled = queries.cancelQueries({ queryKey: key });
      const before = queries.getQueryData<Hierarchy | null>(key);
      if (before) queries.setQueryData<Hierarchy>(key, { ...before, hierarchy: withPublished(before.hierarchy, nodeId, published) });
      await cancelled;
      return { before };
    },
    onError: (_error, _toggle, context) => {
      if (context?.before) queries.setQueryData(key, context.before);
    },
    onSettled: async () => {
      // Only once no other toggle is on its way: each read would otherwise undo the clicks after it.
      if (queries.isMutating({ mutationKey: ["publish", brandId] }) <= 1) await queries.invalidateQueries({ queryKey: key });
    },
    mutationKey: ["publish", brandId],
  });
}
