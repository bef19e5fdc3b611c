// Said above the sections of a version the offline model drafted: its sections are writers'
// skeletons (what to cover, terms, sources), so nobody takes the lists for the article itself.
import type { Schemas } from "../api";

export function SkeletonNotice({ kind }: { kind: Schemas["Article"]["draft_kind"] }) {
  if (kind !== "skeleton") return null;
  return (
    <div className="notice article-note" role="note" aria-label="Writer's skeleton">
      <p>
        <strong>Writer's skeleton</strong> — no language model is configured, so canopy lists what each section must cover, its terms and
        its sources instead of writing prose. Write the sections from it, or configure a model and draft the article again.
      </p>
    </div>
  );
}
