// The research tree's atomic node operations, each one API call that answers the changed node;
// after each the tree is read again, so the screen shows what the server holds.
import { unwrap } from "@canopy/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useClient } from "../session-context";

export type NodeOperation =
  | { kind: "rename"; path: string[]; newName: string }
  | { kind: "add"; parentPath: string[]; name: string }
  | { kind: "delete"; path: string[] }
  | { kind: "keywords"; path: string[]; add: string[]; remove: string[] }
  | { kind: "move"; path: string[]; targetParentPath: string[] }
  | { kind: "merge"; keepPath: string[]; mergePath: string[] };

export function useNodeOperation(brandId: string) {
  const client = useClient();
  const queries = useQueryClient();
  const params = { path: { brand_id: brandId } };
  return useMutation({
    mutationFn: async (operation: NodeOperation) => {
      switch (operation.kind) {
        case "rename":
          return unwrap(
            await client.PATCH("/api/v1/research/{brand_id}/nodes/rename/", {
              params,
              body: { path: operation.path, new_name: operation.newName },
            }),
          );
        case "add":
          return unwrap(
            await client.POST("/api/v1/research/{brand_id}/nodes/add/", {
              params,
              body: { parent_path: operation.parentPath, name: operation.name },
            }),
          );
        case "delete":
          return unwrap(await client.POST("/api/v1/research/{brand_id}/nodes/delete/", { params, body: { path: operation.path } }));
        case "move":
          return unwrap(
            await client.POST("/api/v1/research/{brand_id}/nodes/move/", {
              params,
              body: { source_path: operation.path, target_parent_path: operation.targetParentPath },
            }),
          );
        case "merge":
          return unwrap(
            await client.POST("/api/v1/research/{brand_id}/nodes/merge/", {
              params,
              body: { keep_path: operation.keepPath, merge_path: operation.mergePath },
            }),
          );
        case "keywords":
          return unwrap(
            await client.PATCH("/api/v1/research/{brand_id}/nodes/keywords/", {
              params,
              body: {
                path: operation.path,
                ...(operation.add.length ? { add: operation.add } : {}),
                ...(operation.remove.length ? { remove: operation.remove } : {}),
              },
            }),
          );
      }
    },
    onSettled: () => queries.invalidateQueries({ queryKey: ["research", brandId] }),
  });
}
