// Saving what the API answered (a CSV export, an article as Markdown or HTML) as a file. The
// download goes through a fetched body, not a link to the API, because every request needs the
// key's header; a blob: address is made for the one click and freed after it.
export function saveFile(fileName: string, contents: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled; a later tick frees it.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}

/** A file name from a user's title: letters, digits and dashes only. */
export function fileNameFor(title: string, extension: string): string {
  const stem = title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${stem || "canopy"}.${extension}`;
}
