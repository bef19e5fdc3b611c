// What the specialists read of a writer's skeleton: its list items (the points to cover, the
// questions, the sources' own words), not its labels, goal or length. A specialist reads drafts
// as prose: given the whole skeleton, the fact check would take "Length: about 220 words." for a
// claim and the intro would open with the goal's instruction to the writer.

/** A source line, `- [lead…](url) — "fact"`: the fact's own words. */
const SOURCE_LINE = /^- \[.*\]\(\S*\) — "(.*)"$/;

export function skeletonMaterial(skeleton: string): string {
  return skeleton
    .split("\n")
    .filter((line) => line.startsWith("- "))
    .map((line) => SOURCE_LINE.exec(line)?.[1] ?? line.slice(2))
    .join("\n");
}
