// Slugs: the one way canopy turns a name into an identifier or a path segment, for a team's
// slug, an export's file name and a map keyword's suggested URL. Pure.

const MAX_SLUG = 80;
// Letters NFKD does not decompose into a base letter plus marks.
const TRANSLITERATIONS: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
  ı: "i",
};

/** Accents off Latin letters (NFKD, their combining marks dropped), the letters above spelled out. */
function foldLatin(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC")
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => TRANSLITERATIONS[letter] ?? letter);
}

/**
 * Within 80 characters (code points): cut at the last "-" that keeps it within 80, or hard at 80
 * when the first 80 hold no "-".
 */
function cutSlug(slug: string): string {
  const chars = Array.from(slug);
  if (chars.length <= MAX_SLUG) return slug;
  if (chars[MAX_SLUG] === "-") return chars.slice(0, MAX_SLUG).join("");
  const boundary = chars.lastIndexOf("-", MAX_SLUG);
  return chars.slice(0, boundary > 0 ? boundary : MAX_SLUG).join("");
}

/**
 * An identifier of [a-z0-9] runs joined by single "-": Latin folded, every run of other
 * characters one "-", none at either end, within 80 characters. A text in a script without a
 * Latin form (e.g. "東京") gives "".
 */
export function slugify(text: string): string {
  return cutSlug(
    foldLatin(text)
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, ""),
  );
}

/**
 * The path segment suggested for a keyword's page: like slugify, but letters and digits of every
 * script stay (with their combining marks), so that "東京 ramen" gives "東京-ramen" and
 * "кофе машина" "кофе-машина" instead of "ramen" and "". Browsers and search engines take such
 * segments as they are (percent-encoded on the wire).
 */
export function urlSlug(text: string): string {
  return cutSlug(
    foldLatin(text)
      // A mark belongs to the letter or digit before it: marks after anything else go.
      .replace(/(^|[^\p{L}\p{N}\p{M}])\p{M}+/gu, "$1")
      .replace(/[^\p{L}\p{N}\p{M}]+/gu, "-")
      .replace(/^-+|-+$/g, ""),
  );
}
