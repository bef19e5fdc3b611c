// The article's text, from a chunk of its own: the Markdown renderer is fetched the first time
// an article is shown, not with the console.
import { lazy, Suspense } from "react";
import type { ArticleTextProps } from "./article-text";

const ArticleText = lazy(() => import("./article-text"));

export function ArticleBody(props: ArticleTextProps) {
  return (
    <Suspense fallback={<p className="hint">Loading the article…</p>}>
      <ArticleText {...props} />
    </Suspense>
  );
}
