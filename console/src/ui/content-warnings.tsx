// What to know before a brief or article goes to a writer: another brief or map node targeting
// the same keyword, or a health, legal or finance topic whose claims need sources. Shown above
// the content, as the API gives them; nothing when there are none.
import type { Schemas } from "../api";

type ContentWarning = Schemas["ContentWarning"];

const TITLES: Record<ContentWarning["code"], string> = {
  cannibalisation: "Keyword already targeted",
  sensitive_topic: "Sensitive topic",
};

export function ContentWarnings({ warnings }: { warnings: readonly ContentWarning[] | undefined }) {
  if (!warnings || warnings.length === 0) return null;
  return (
    <aside className="notice notice-warning" aria-label="Warnings">
      {warnings.map((warning) => (
        <div key={warning.code} className="content-warning">
          <p>
            <strong>{TITLES[warning.code]}</strong>
            {warning.topic ? ` (${warning.topic})` : ""}: {warning.message}
          </p>
          {warning.targeted_by && warning.targeted_by.length > 0 ? (
            <ul>
              {warning.targeted_by.map((target) => (
                <li key={`${target.type}-${target.id}`}>
                  {target.type === "brief" ? "Brief" : "Map node"}: {target.name}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
    </aside>
  );
}
