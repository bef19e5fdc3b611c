// One brand: what the strategist told canopy about it, and the way to its other screens.
import { unwrap } from "@canopy/client";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import type { Schemas } from "../api";
import { useClient } from "../session-context";
import { BrandTabs } from "../ui/brand-tabs";
import { ErrorNotice } from "../ui/error-notice";

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
      {brand.error ? <ErrorNotice error={brand.error} /> : null}
      {brand.data ? (
        <>
          <h1 id="brand-title">{brand.data.brand_name}</h1>
          <BrandTabs brandId={id} />
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
