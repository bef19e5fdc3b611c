// An article as Markdown or as a small self-contained HTML5 document. Titles and headings are
// plain text and are escaped for each format; drafts, the intro and takeaways are prose that may
// hold Markdown links (the drafters write them), kept as links, while anything that could
// become raw HTML or a heading of its own is neutralized. No script, no external resources.
import { createHash } from "node:crypto";
import { present } from "../../platform/present";

export interface RenderableArticle {
  title: string;
  sections: { heading: string; level?: "h2" | "h3"; draft: string | null }[];
  extras?: { intro?: string; key_takeaways?: string[] };
  /** The document's language (BCP 47, e.g. "en", "pt-BR"); left out of the HTML when absent or malformed. */
  lang?: string | null;
}

const NOT_DRAFTED = "Not drafted yet.";
const KEY_TAKEAWAYS_LABEL = "Key takeaways";

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
const hasDraft = (draft: string | null | undefined): draft is string => typeof draft === "string" && draft.trim() !== "";

/** Paragraphs of prose: split on blank lines, each trimmed, empty ones dropped. */
function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/^\s+|\s+$/g, ""))
    .filter((p) => p !== "");
}

function takeaways(a: RenderableArticle): string[] {
  return (a.extras?.key_takeaways ?? []).map(oneLine).filter((t) => t !== "");
}

// Links a reader can follow without running anything: web, mail, same-site paths, anchors.
const SAFE_HREF = /^(https?:\/\/[^\s"'<>]+|mailto:[^\s"'<>]+|\/(?!\/)[^\s"'<>]*|#[^\s"'<>]*)$/i;
const LINK = /\[([^\]\n]+)\]\(([^()\s]+)\)/g;
const SAFE_START = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

// ---------------------------------------------------------------------------------------------
// Markdown

/**
 * Plain text inside a Markdown line: every character Markdown could read as syntax is escaped,
 * "<" as the entity "&lt;" (as in prose, so no "<" stands bare in the output).
 */
function mdText(text: string): string {
  return oneLine(text).replace(/[\\`*_[\]<>#&|~]/g, (c) => (c === "<" ? "&lt;" : `\\${c}`));
}

/**
 * Markdown prose as given, made unable to escape its place: "<" becomes "&lt;" so no raw HTML
 * (a <script>, a comment) passes (an entity, unlike "\\<", stays text even after a backslash
 * in the draft), and a "#" that would open a heading (also inside a quote or list item) or a
 * "===" / "---" line that would underline one is escaped, so a draft never adds a title or a
 * section of its own; so is a code fence, which left open would swallow the sections after it.
 * Images and links to unsafe targets are made text (below).
 */
function mdProse(text: string): string {
  return paragraphs(text)
    .map((p) =>
      p
        .replace(/</g, "&lt;")
        // An image would load an external resource: it stays text. A link to anything but a safe
        // target (javascript:, data:) loses its "(" and stays text too, as does a link definition.
        .replace(/!\[/g, "!\\[")
        .replace(/\]\((\s*<?)([^)\s>]*)/g, (whole: string, space: string, dest: string) =>
          SAFE_START.test(dest) ? whole : `]\\(${space}${dest}`,
        )
        .replace(/^([ \t>*+\-\d.)]*)\[([^\]\n]+)\]:/gm, "$1\\[$2]:")
        .replace(/^([ \t>*+\-\d.)]*)#/gm, "$1\\#")
        .replace(/^([ \t]{0,3})(=+|-+)[ \t]*$/gm, "$1\\$2")
        .replace(/^([ \t]{0,3})(`{3,}|~{3,})/gm, "$1\\$2"),
    )
    .join("\n\n");
}

export function toMarkdown(a: RenderableArticle): string {
  const out: string[] = [`# ${mdText(a.title) || "Untitled"}`];
  if (hasDraft(a.extras?.intro)) out.push(mdProse(a.extras.intro));
  const points = takeaways(a);
  if (points.length > 0) out.push(`**${KEY_TAKEAWAYS_LABEL}**`, points.map((t) => `- ${mdProse(t)}`).join("\n"));
  for (const s of a.sections) {
    out.push(`${s.level === "h3" ? "###" : "##"} ${mdText(s.heading)}`);
    out.push(hasDraft(s.draft) ? mdProse(s.draft) : `_${NOT_DRAFTED}_`);
  }
  return `${out.join("\n\n")}\n`;
}

// ---------------------------------------------------------------------------------------------
// HTML

const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  // The pattern matches exactly the characters ENTITIES holds.
  return text.replace(/[&<>"']/g, (c) => present(ENTITIES[c], "an HTML entity of the pattern"));
}

/** Escaped text with **bold** as <strong>; the only markup besides links. */
function inlineText(text: string): string {
  return escapeHtml(text).replace(/\*\*([^*\n]+?)\*\*/g, "<strong>$1</strong>");
}

/** One paragraph of prose: its lines joined, Markdown links with a safe target as <a>, the rest escaped. */
function inlineHtml(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, " ");
  let out = "";
  let last = 0;
  for (const m of flat.matchAll(LINK)) {
    const [whole, label, href] = m as unknown as [string, string, string];
    out += inlineText(flat.slice(last, m.index));
    out += SAFE_HREF.test(href) ? `<a href="${escapeHtml(href)}">${inlineText(label)}</a>` : inlineText(whole);
    last = m.index + whole.length;
  }
  return out + inlineText(flat.slice(last));
}

const STYLE =
  "body{max-width:42rem;margin:2rem auto;padding:0 1rem;font:1.05rem/1.6 system-ui,sans-serif;color:#222}h1,h2,h3{line-height:1.25}";

/**
 * The Content-Security-Policy of the HTML document: nothing may load or run but the one inline
 * <style> above, allowed by its hash (not 'unsafe-inline', so a style that slipped into the text
 * could not apply either). Links stay links: navigating is not loading. `sandbox` treats the
 * document as from an origin of its own, so even a script that escaped the escaping would reach
 * nothing of this service's.
 */
export const ARTICLE_HTML_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(STYLE, "utf8").digest("base64")}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "sandbox",
].join("; ");

export function toHtml(a: RenderableArticle): string {
  const title = oneLine(a.title) || "Untitled";
  const lang = a.lang && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(a.lang) ? ` lang="${a.lang}"` : "";
  const body: string[] = [`<h1>${escapeHtml(title)}</h1>`];
  if (hasDraft(a.extras?.intro)) body.push(...paragraphs(a.extras.intro).map((p) => `<p>${inlineHtml(p)}</p>`));
  const points = takeaways(a);
  if (points.length > 0) {
    body.push(
      `<p><strong>${KEY_TAKEAWAYS_LABEL}</strong></p>`,
      `<ul>\n${points.map((t) => `<li>${inlineHtml(t)}</li>`).join("\n")}\n</ul>`,
    );
  }
  for (const s of a.sections) {
    const tag = s.level === "h3" ? "h3" : "h2";
    body.push(`<${tag}>${escapeHtml(oneLine(s.heading))}</${tag}>`);
    body.push(...(hasDraft(s.draft) ? paragraphs(s.draft).map((p) => `<p>${inlineHtml(p)}</p>`) : [`<p><em>${NOT_DRAFTED}</em></p>`]));
  }
  return [
    "<!DOCTYPE html>",
    `<html${lang}>`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    "<article>",
    ...body,
    "</article>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
