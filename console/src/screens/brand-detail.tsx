// One brand: everything the strategist told canopy about it (the research and briefs that follow
// ground themselves in it), its Edit, the way to its research, clustering, topical map and
// authority screens, and the next step while it has no research yet.
import { unwrap } from "@canopy/client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import type { Schemas } from "../api";
import { useClient } from "../session-context";
import { ReadOnlyNote, WriteButton } from "../ui/can-write";
import { Dialog } from "../ui/dialog";
import { BrandTabs } from "../ui/brand-tabs";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { BRAND_FIELD_GROUPS, linesOf } from "./brand-fields";
import { BrandForm } from "./brand-form";
import { useUpdateBrand } from "./use-save-brand";
import "./brand-detail.css";

type Brand = Schemas["Brand"];

/** A field's value as the page shows it: a list for the list fields, the country by its name. */
function FieldValue({ brand, name, list }: { brand: Brand; name: keyof Brand; list: boolean }) {
  if (name === "country_code") return <>{brand.country_code ? `${brand.country_name ?? ""} (${brand.country_code})` : "—"}</>;
  const value = brand[name];
  const entries = Array.isArray(value) ? value : list && typeof value === "string" ? linesOf(value) : null;
  if (entries) {
    return entries.length > 0 ? (
      <ul className="plain-list">
        {entries.map((entry) => (
          <li key={entry}>{entry}</li>
        ))}
      </ul>
    ) : (
      <>—</>
    );
  }
  return <>{typeof value === "string" && value !== "" ? value : "—"}</>;
}

/** "Start research" while the brand has none; nothing once it has, or when the key cannot read research. */
function NextStep({ brandId }: { brandId: string }) {
  const client = useClient();
  // The workspace's research records, one per brand that has a tree: asking for this brand's own
  // would answer 404 while it has none, which the browser reports as an error.
  const research = useQuery({
    queryKey: ["research", "list"],
    queryFn: async () => unwrap(await client.GET("/api/v1/research/")),
  });
  if (!research.data || research.data.some((record) => record.brand_id === brandId)) return null;
  return (
    <aside className="next-step" aria-labelledby="next-step-title">
      <h2 id="next-step-title">Next step</h2>
      <p>This brand has no research yet. Research maps its topics and keywords; clustering, the topical map and briefs build on it.</p>
      <Link href={`/brands/${brandId}/research`} className="button-link">
        Start research
      </Link>
    </aside>
  );
}

export function BrandDetail({ id }: { id: string }) {
  const client = useClient();
  const brand = useQuery({
    queryKey: ["brands", "detail", id],
    queryFn: async () => unwrap(await client.GET("/api/v1/brands/{id}/", { params: { path: { id } } })),
  });
  const [editing, setEditing] = useState(false);
  const update = useUpdateBrand(() => setEditing(false));
  return (
    <section aria-labelledby="brand-title">
      <p className="crumbs">
        <Link href="/">Brands</Link>
      </p>
      {brand.error ? <ErrorNotice error={brand.error} retry={brand} /> : null}
      {brand.isLoading ? <Loading label="Loading the brand" /> : null}
      {brand.data ? (
        <>
          <div className="screen-head">
            <h1 id="brand-title">{brand.data.brand_name}</h1>
            <WriteButton
              scope="brands:write"
              onClick={() => {
                update.reset();
                setEditing(true);
              }}
            >
              Edit
            </WriteButton>
          </div>
          <ReadOnlyNote scope="brands:write" />
          <BrandTabs brandId={id} />
          <NextStep brandId={id} />
          {BRAND_FIELD_GROUPS.map((group) => (
            <section key={group.legend} aria-label={group.legend} className="brand-facts">
              <h2>{group.legend}</h2>
              <dl className="facts">
                {group.fields
                  .filter((spec) => spec.name !== "brand_name")
                  .map((spec) => (
                    <div key={spec.name}>
                      <dt>{spec.name === "country_code" ? "Country" : spec.label}</dt>
                      <dd>
                        <FieldValue brand={brand.data} name={spec.name} list={spec.list === true} />
                      </dd>
                    </div>
                  ))}
                {group.legend === "The brand" ? (
                  <div>
                    <dt>Stage</dt>
                    <dd>{brand.data.stage}</dd>
                  </div>
                ) : null}
              </dl>
            </section>
          ))}
          <Dialog title={`Edit ${brand.data.brand_name}`} open={editing} onClose={() => setEditing(false)}>
            <BrandForm
              initial={brand.data}
              submitLabel="Save changes"
              busy={update.isPending}
              error={update.error}
              onSubmit={(body) => update.mutate({ id, body })}
              onCancel={() => setEditing(false)}
            />
          </Dialog>
        </>
      ) : null}
    </section>
  );
}
