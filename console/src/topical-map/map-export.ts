// The map as the API writes it in CSV (`?format=csv`: formulas already guarded, UTF-8 with a
// byte-order mark), fetched with the key's header and saved as a file.
import type { CanopyClient } from "../api";
import { CanopyError } from "../api";
import { fileNameFor, saveFile } from "../ui/download";

export async function exportMapCsv(client: CanopyClient, brandId: string, brandName: string): Promise<void> {
  const { data, error, response } = await client.raw.GET("/api/v1/maps/{brand_id}/", {
    params: { path: { brand_id: brandId }, query: { format: "csv" } },
    parseAs: "text",
  });
  if (error !== undefined || typeof data !== "string") throw new CanopyError(response.status, error);
  saveFile(fileNameFor(`${brandName} topical map`, "csv"), data, "text/csv;charset=utf-8");
}
