// What a screen shows while it waits on its data: grey bars where the content will come, and a
// status that names what is loading, so that a screen-reader user hears why the screen is empty.
// The same on every screen; it goes once the data (or an error) is there.
import "./loading.css";

export function Loading({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div className="skeleton" role="status" aria-busy="true" aria-label={label}>
      <span className="visually-hidden">{label}…</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}
