// What a Visual Map box can say in the room it has: the whole name when it fits, else its longest
// run of whole words that fits followed by "…", else nothing. Whole words, because a cut word is
// no word a reader (or a speech-input user saying the box's name) can use. The width of a text is
// measured by the caller (in the browser, with the font the map draws in), so the rule stays pure.

/** A first word shorter than this says too little alone to be worth drawing. */
const SHORTEST = 3;
const ELLIPSIS = "…";

export type MeasureText = (text: string) => number;

export interface FittedLabel {
  text: string;
  /** Whether `text` is a shortened name, whose whole name the box's accessible name or title holds. */
  shortened: boolean;
}

export function fitLabel(name: string, room: number, measure: MeasureText): FittedLabel | null {
  if (measure(name) <= room) return { text: name, shortened: false };
  // Where each word ends; the last word's end is the whole name, which does not fit.
  const ends = [...name.matchAll(/\S+/g)].map((word) => word.index + word[0].length).slice(0, -1);
  const shortened = (end: number) => `${name.slice(0, end)}${ELLIPSIS}`;
  // The most words that fit: widths grow with words, so a binary search finds them.
  let low = -1;
  let high = ends.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(shortened(ends[middle] ?? 0)) <= room) low = middle;
    else high = middle - 1;
  }
  const end = ends[low];
  if (end === undefined || name.slice(0, end).trim().length < SHORTEST) return null;
  return { text: shortened(end), shortened: true };
}
