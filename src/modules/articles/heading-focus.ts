// What a section heading is about, without the words a heading uses for its shape: the section
// check looks for these words in a draft, and the intro names them.

const HEADING_LEADS =
  /^(understanding|getting|a closer look at|what to know about|how to approach|why|choosing|next steps with|frequently asked questions about|before you buy:|what to look for in|the basics of|an introduction to)\s+/i;
const HEADING_TAILS = /\s+(right|explained|at a glance|matters|basics)$/i;

/** "Getting French Press Right" -> "french press"; "What Is SEO?" -> "what is SEO". */
export function focusOf(heading: string): string {
  let focus = heading.replace(/[?!.]+$/, "").trim();
  focus = focus.split(/:\s+/)[0] ?? focus;
  focus = focus.replace(HEADING_LEADS, "").replace(HEADING_TAILS, "").trim();
  const cased = focus
    .split(/\s+/)
    .map((w) => (/^[A-Z0-9]{2,}$/.test(w) ? w : w.toLowerCase()))
    .join(" ");
  return cased || heading.toLowerCase();
}
