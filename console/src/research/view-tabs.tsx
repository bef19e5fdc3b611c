// The research screen's two views of one research, as tabs: the tree (edited node by node) and
// the keywords (where each came from, and which no node holds yet). Tabs follow the WAI-ARIA
// pattern: one tab in the tab order, the arrow keys move between them, each names its panel.
import type { KeyboardEvent, ReactNode } from "react";

export type ResearchView = "tree" | "keywords";

const VIEWS: ReadonlyArray<{ view: ResearchView; label: string }> = [
  { view: "tree", label: "Tree" },
  { view: "keywords", label: "Keywords" },
];

const tabId = (view: ResearchView) => `research-tab-${view}`;
const panelId = (view: ResearchView) => `research-panel-${view}`;

export function ViewTabs({ current, choose }: { current: ResearchView; choose: (view: ResearchView) => void }) {
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    // From the tab that has the focus, which need not be the chosen one.
    const focused = event.target instanceof HTMLElement ? event.target.id : tabId(current);
    const index = VIEWS.findIndex(({ view }) => tabId(view) === focused);
    const next = VIEWS[(index + step + VIEWS.length) % VIEWS.length];
    if (!next) return;
    choose(next.view);
    document.getElementById(tabId(next.view))?.focus();
  };
  return (
    <div className="view-tabs" role="tablist" aria-label="Research views" onKeyDown={move}>
      {VIEWS.map(({ view, label }) => (
        <button
          key={view}
          type="button"
          role="tab"
          id={tabId(view)}
          aria-selected={view === current}
          // Only the chosen view's panel is drawn: a tab names only a panel that is there.
          aria-controls={view === current ? panelId(view) : undefined}
          tabIndex={view === current ? 0 : -1}
          onClick={() => choose(view)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** The panel of the chosen view; only the chosen one is drawn. */
export function ViewPanel({ view, children }: { view: ResearchView; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(view)} aria-labelledby={tabId(view)} className="view-panel">
      {children}
    </div>
  );
}
