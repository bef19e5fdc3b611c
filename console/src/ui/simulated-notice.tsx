// Without DataForSEO credentials, canopy's SERP provider is an offline simulator: its results,
// volumes, rankings and AI answers are invented, deterministically, so that every screen works
// without keys. They look like real search data (addresses of real sites, result counts, dates),
// so an agency could show them to a client as real. Every screen that shows such data says so
// here, and SERP addresses from it are not offered as links (see SerpAddress).

/** The `_meta.data_source` of an answer built from the offline simulator. */
export const isSimulated = (dataSource: string | null | undefined): boolean => dataSource === "offline";

export function SimulatedNotice({ dataSource, shows }: { dataSource: string | null | undefined; shows: string }) {
  if (!isSimulated(dataSource)) return null;
  return (
    <aside className="notice notice-simulated" aria-label="Simulated data">
      <p>
        <strong>Simulated data.</strong> {shows} come from canopy's offline simulator, not from a search engine: no search was made, and
        none of it is real. Set <code>DATAFORSEO_LOGIN</code> and <code>DATAFORSEO_PASSWORD</code> on the server for real search data.
      </p>
    </aside>
  );
}
