// Text from outside (SERP snippets, page headings, brand fields) as a prompt quotes it: on one line,
// trimmed to a length, so no single field can crowd out the rest.
export function clip(text: string | null | undefined, max: number): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
