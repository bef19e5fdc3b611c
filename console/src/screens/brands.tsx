// Brands: the workspace's brands, searchable by name, with create, edit and delete. Deleting
// says what goes with the brand, as the API deletes it in one transaction.
import { unwrap } from "@canopy/client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { Link } from "wouter";
import type { Schemas } from "../api";
import { useClient } from "../session-context";
import { Dialog } from "../ui/dialog";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { formatDay } from "../ui/format";
import { BrandForm } from "./brand-form";
import { ColumnHeads } from "../ui/column-heads";
import { ReadOnlyNote, WriteButton } from "../ui/can-write";
import { useCreateBrand, useUpdateBrand } from "./use-save-brand";
import { TableRegion } from "../ui/table-region";

type Brand = Schemas["BrandListItem"];

export function Brands() {
  const client = useClient();
  const queries = useQueryClient();
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search.trim());
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Brand | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);

  const brands = useQuery({
    queryKey: ["brands", deferredSearch],
    queryFn: async () =>
      unwrap(await client.GET("/api/v1/brands/", { params: { query: deferredSearch ? { search: deferredSearch } : {} } })),
    // The last list stays on screen while a new search is answered, instead of a blank.
    placeholderData: keepPreviousData,
  });
  const refresh = () => queries.invalidateQueries({ queryKey: ["brands"] });

  const create = useCreateBrand(() => setCreating(false));
  const update = useUpdateBrand(() => setEditing(null));
  const remove = useMutation({
    mutationFn: async (id: string) => unwrap(await client.DELETE("/api/v1/brands/{id}/", { params: { path: { id } } })),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
  });

  return (
    <section aria-labelledby="brands-title">
      <div className="screen-head">
        <h1 id="brands-title">Brands</h1>
        <WriteButton
          scope="brands:write"
          onClick={() => {
            create.reset();
            setCreating(true);
          }}
        >
          New brand
        </WriteButton>
      </div>
      <ReadOnlyNote scope="brands:write" />
      <label className="search">
        Search brands
        <input
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
          }}
        />
      </label>
      {brands.error ? <ErrorNotice error={brands.error} retry={brands} /> : null}
      {brands.isLoading ? <Loading label="Loading the brands" /> : null}
      {brands.data && brands.data.length === 0 ? (
        <p className="empty">{deferredSearch ? "No brand matches." : "No brands yet: create the first one."}</p>
      ) : null}
      {brands.data && brands.data.length > 0 ? (
        <TableRegion label="Brands">
          <table className="table">
            <ColumnHeads columns={["Brand", "Website", "Stage", "Created"]} actions />
            <tbody>
              {brands.data.map((brand) => (
                <tr key={brand.id}>
                  <td>
                    <Link href={`/brands/${brand.id}`}>{brand.brand_name}</Link>
                  </td>
                  <td>{brand.website_url ?? "—"}</td>
                  <td>{brand.stage}</td>
                  <td>{formatDay(brand.created_at)}</td>
                  <td>
                    <div className="actions">
                      <WriteButton
                        scope="brands:write"
                        aria-label={`Edit ${brand.brand_name}`}
                        onClick={() => {
                          update.reset();
                          setEditing(brand);
                        }}
                      >
                        Edit
                      </WriteButton>
                      <WriteButton
                        scope="brands:write"
                        className="danger"
                        aria-label={`Delete ${brand.brand_name}`}
                        onClick={() => {
                          remove.reset();
                          setDeleting(brand);
                        }}
                      >
                        Delete
                      </WriteButton>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}

      <Dialog
        title="New brand"
        open={creating}
        onClose={() => {
          setCreating(false);
        }}
      >
        <BrandForm
          submitLabel="Create brand"
          busy={create.isPending}
          error={create.error}
          onSubmit={(body) => {
            create.mutate(body);
          }}
          onCancel={() => {
            setCreating(false);
          }}
        />
      </Dialog>

      <Dialog
        title={editing ? `Edit ${editing.brand_name}` : "Edit brand"}
        open={editing !== null}
        onClose={() => {
          setEditing(null);
        }}
      >
        {editing ? (
          <BrandForm
            initial={editing}
            submitLabel="Save changes"
            busy={update.isPending}
            error={update.error}
            onSubmit={(body) => {
              update.mutate({ id: editing.id, body });
            }}
            onCancel={() => {
              setEditing(null);
            }}
          />
        ) : null}
      </Dialog>

      <Dialog
        title={deleting ? `Delete ${deleting.brand_name}?` : "Delete brand?"}
        open={deleting !== null}
        onClose={() => {
          setDeleting(null);
        }}
      >
        {deleting ? (
          <div className="confirm">
            <p>
              This deletes the brand for good, with its research tree, clusterings, topical map, published toggles, briefs and articles. It
              cannot be undone.
            </p>
            {remove.error ? <ErrorNotice error={remove.error} /> : null}
            <div className="buttons">
              <button
                type="button"
                onClick={() => {
                  setDeleting(null);
                }}
              >
                Keep it
              </button>
              <button
                type="button"
                className="danger"
                disabled={remove.isPending}
                onClick={() => {
                  remove.mutate(deleting.id);
                }}
              >
                Delete brand
              </button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </section>
  );
}
