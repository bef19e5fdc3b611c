// The workspace's articles (standalone and authority), searched by title, newest first; a new
// one is drafted from a finished brief in a dialog. Given a brand, only that brand's articles,
// under its tabs.
import { unwrap } from "@canopy/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { Link } from "wouter";
import { useClient } from "../session-context";
import { Dialog } from "../ui/dialog";
import { BrandHeader } from "../ui/brand-tabs";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { formatDay } from "../ui/format";
import { editorialLabel, MACHINE_TEXT } from "./article-states";
import { GenerateArticleForm } from "./generate-article-form";
import "./articles.css";
import { ColumnHeads } from "../ui/column-heads";
import { ReadOnlyNote, WriteButton } from "../ui/can-write";
import { TableRegion } from "../ui/table-region";

export function ArticlesScreen({ brandId }: { brandId?: string }) {
  const client = useClient();
  const brand = useQuery({
    queryKey: ["brands", "detail", brandId],
    queryFn: async () => unwrap(await client.GET("/api/v1/brands/{id}/", { params: { path: { id: brandId ?? "" } } })),
    enabled: brandId !== undefined,
  });
  const [search, setSearch] = useState("");
  const [creating, setCreating] = useState(false);
  const deferredSearch = useDeferredValue(search.trim());
  const query = { ...(brandId ? { brand_id: brandId } : {}), ...(deferredSearch ? { search: deferredSearch } : {}) };
  const articles = useQuery({
    queryKey: ["articles", "list", query],
    queryFn: async () => unwrap(await client.GET("/api/v1/content/articles/", { params: { query } })),
    placeholderData: keepPreviousData,
    // While a listed article is being drafted, the list is read again every few seconds.
    refetchInterval: (q) => (q.state.data?.some((article) => article.machine_state === "in_progress") ? 3000 : false),
  });

  return (
    <section aria-labelledby="articles-title">
      {brandId ? <BrandHeader brandId={brandId} brandName={brand.data?.brand_name} /> : null}
      <div className="screen-head">
        <h1 id="articles-title">Articles</h1>
        <WriteButton scope="content:write" onClick={() => setCreating(true)}>
          New article
        </WriteButton>
      </div>
      <ReadOnlyNote scope="content:write" />
      <label className="search">
        Search articles
        <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </label>
      {articles.error ? <ErrorNotice error={articles.error} retry={articles} /> : null}
      {articles.isLoading ? <Loading label="Loading the articles" /> : null}
      {articles.data && articles.data.length === 0 ? (
        <p className="empty">{deferredSearch ? "No article matches." : "No articles yet: draft one from a complete brief."}</p>
      ) : null}
      {articles.data && articles.data.length > 0 ? (
        <TableRegion label="Articles">
          <table className="table" aria-label="Articles" aria-busy={articles.isPlaceholderData}>
            <ColumnHeads columns={["Title", "Brand", "Drafting", "Editorial state", "Updated"]} />
            <tbody>
              {articles.data.map((article) => (
                <tr key={article.id}>
                  <td>
                    <Link href={`/articles/${article.id}`}>{article.title || "Untitled"}</Link>
                  </td>
                  <td>
                    {article.brand_name}
                    {article.topic_node ? <span className="hint"> · authority</span> : null}
                  </td>
                  <td>{MACHINE_TEXT[article.machine_state]}</td>
                  <td>{editorialLabel(article.editorial_state)}</td>
                  <td>{formatDay(article.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      <Dialog title="Generate an article" open={creating} onClose={() => setCreating(false)}>
        <GenerateArticleForm onCancel={() => setCreating(false)} />
      </Dialog>
    </section>
  );
}
