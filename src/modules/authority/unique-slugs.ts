// One URL slug per page of the authority hierarchy. A node's slug is that of its centroid
// keyword (its keyword of most search volume), and a parent's keywords often include a
// child's name, so parent and child would share a slug: two pages at one address. A page whose
// centroid keyword is its own name keeps that slug; another page whose centroid slug is taken
// falls back to its own name's slug, and only then to the centroid slug with a number.

export interface SlugChoice {
  /** The slug of the node's centroid keyword (what the spec names the node's url_slug). */
  centroid: string;
  /** The slug of the node's own name. */
  own: string;
}

/** A slug for each choice, in order, no two alike (unless a slug is empty: nothing to number). */
export function uniqueSlugs(choices: readonly SlugChoice[]): string[] {
  const taken = new Set<string>();
  const out: Array<string | undefined> = choices.map(() => undefined);
  // First the pages named by their centroid keyword: the slug is theirs before anyone else's.
  choices.forEach((choice, i) => {
    if (choice.centroid === choice.own && choice.centroid !== "" && !taken.has(choice.centroid)) {
      taken.add(choice.centroid);
      out[i] = choice.centroid;
    }
  });
  return choices.map((choice, i) => {
    const claimed = out[i];
    if (claimed !== undefined) return claimed;
    if (choice.centroid === "") return choice.centroid;
    let slug = [choice.centroid, choice.own].find((s) => s !== "" && !taken.has(s));
    for (let n = 2; slug === undefined; n++) {
      const numbered = `${choice.centroid}-${n}`;
      if (!taken.has(numbered)) slug = numbered;
    }
    taken.add(slug);
    return slug;
  });
}
