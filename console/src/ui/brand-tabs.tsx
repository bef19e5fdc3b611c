// The one way between a brand's screens: its overview, research, clustering, topical map,
// authority view, and the briefs and articles written for it. The screen shown is marked as the
// current page, for sight and for screen readers alike. BrandHeader puts the way back to the
// brands above it, as every screen of a brand but its overview shows them.
import { Link, useLocation } from "wouter";

const SECTIONS = [
  { path: "", name: "Overview" },
  { path: "/research", name: "Research" },
  { path: "/clustering", name: "Clustering" },
  { path: "/map", name: "Topical map" },
  { path: "/authority", name: "Authority" },
  { path: "/briefs", name: "Briefs" },
  { path: "/articles", name: "Articles" },
] as const;

export function BrandTabs({ brandId }: { brandId: string }) {
  const [location] = useLocation();
  return (
    <nav className="brand-tabs" aria-label="Brand sections">
      <ul>
        {SECTIONS.map(({ path, name }) => {
          const href = `/brands/${brandId}${path}`;
          return (
            <li key={name}>
              <Link href={href} aria-current={location === href ? "page" : undefined}>
                {name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The crumbs back to the brands and the brand, then the tabs: the head of a brand's screen. */
export function BrandHeader({ brandId, brandName }: { brandId: string; brandName: string | undefined }) {
  return (
    <>
      <p className="crumbs">
        <Link href="/">Brands</Link> › <Link href={`/brands/${brandId}`}>{brandName ?? "Brand"}</Link>
      </p>
      <BrandTabs brandId={brandId} />
    </>
  );
}
