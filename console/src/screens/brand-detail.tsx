// One brand: what the strategist told canopy about it, and the way to its research,
// clustering, topical map and authority screens.
import { unwrap } from "@canopy/client";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import type { Schemas } from "../api";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";

type Brand = Schemas["Brand"];
/** The brand's fields that hold text. */
type TextField = { [K in keyof Brand]: Brand[K] extends string | null ? K : never }[keyof Brand];

const SHOWN: Array<[TextField, string]> = [
  ["website_url", "Website"],
  ["description", "What the brand does"],
  ["target_audience", "Target audience"],
  ["tagline", "Tagline"],
  ["brand_voice", "Voice"],
  ["language", "Language"],
  ["country_name", "Country"],
  ["stage", "Stage"],
];

export function BrandDetail({ id }: { id: string }) {
  const client = useClient();
  const brand = useQuery({
    queryKey: ["brands", "detail", id],
    queryFn: async () => unwrap(await client.GET("/api/v1/brands/{id}/", { params: { path: { id } } })),
  });
  return (
    <section aria-labelledby="brand-title">
      <p className="crumbs">
        <Link href="/">Brands</Link>
      </p>
      {brand.error ? <ErrorNotice error={brand.error} retry={brand} /> : null}
      {brand.isLoading ? <Loading label="Loading the brand" /> : null}
      {brand.data ? (
        <>
          <h1 id="brand-title">{brand.data.brand_name}</h1>
          <nav className="brand-nav" aria-label="Brand">
            <Link href={`/brands/${id}/research`}>Research</Link>
            <Link href={`/brands/${id}/clustering`}>Clustering</Link>
            <Link href={`/brands/${id}/map`}>Topical map</Link>
            <Link href={`/brands/${id}/authority`}>Authority</Link>
          </nav>
          <dl className="facts">
            {SHOWN.map(([field, label]) => (
              <div key={field}>
                <dt>{label}</dt>
                <dd>{brand.data[field] ?? "—"}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}
