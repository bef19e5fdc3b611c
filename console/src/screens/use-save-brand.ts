// Creating and editing a brand, for the brands list and the brand's own page alike: each answers
// the saved brand and refreshes every brand read (lists and pages) once it is saved.
import { unwrap } from "@canopy/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useClient } from "../session-context";
import type { BrandBody } from "./brand-fields";

export function useCreateBrand(onSaved: () => void) {
  const client = useClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (body: BrandBody) => unwrap(await client.POST("/api/v1/brands/", { body })),
    onSuccess: async () => {
      onSaved();
      await queries.invalidateQueries({ queryKey: ["brands"] });
    },
  });
}

export function useUpdateBrand(onSaved: () => void) {
  const client = useClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: BrandBody }) =>
      unwrap(await client.PATCH("/api/v1/brands/{id}/", { params: { path: { id } }, body })),
    onSuccess: async () => {
      onSaved();
      await queries.invalidateQueries({ queryKey: ["brands"] });
    },
  });
}
