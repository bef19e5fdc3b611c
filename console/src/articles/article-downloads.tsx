// The article as files: the API renders it as Markdown or as a small HTML document of its own
// (GET /content/articles/{id}/?format=markdown|html: text escaped, no scripts), which is saved as
// it came.
import { useMutation } from "@tanstack/react-query";
import { CanopyError } from "../api";
import { useClient } from "../session-context";
import { fileNameFor, saveFile } from "../ui/download";
import { ErrorNotice } from "../ui/error-notice";

const FORMATS = {
  markdown: { extension: "md", type: "text/markdown;charset=utf-8", label: "Download Markdown" },
  html: { extension: "html", type: "text/html;charset=utf-8", label: "Download HTML" },
} as const;

type Format = keyof typeof FORMATS;

export function ArticleDownloads({ id, title }: { id: string; title: string }) {
  const client = useClient();
  const download = useMutation({
    mutationFn: async (format: Format) => {
      // The typed methods read JSON; the rendered formats are text, read through the raw client.
      const answer = await client.raw.GET("/api/v1/content/articles/{id}/", {
        params: { path: { id }, query: { format } },
        parseAs: "text",
      });
      if (answer.error !== undefined || typeof answer.data !== "string") throw new CanopyError(answer.response.status, answer.error);
      const { extension, type } = FORMATS[format];
      saveFile(fileNameFor(title, extension), answer.data, type);
    },
  });
  return (
    <fieldset className="downloads" aria-label="Downloads">
      {(Object.keys(FORMATS) as Format[]).map((format) => (
        <button key={format} type="button" disabled={download.isPending} onClick={() => download.mutate(format)}>
          {FORMATS[format].label}
        </button>
      ))}
      {download.error ? <ErrorNotice error={download.error} /> : null}
    </fieldset>
  );
}
