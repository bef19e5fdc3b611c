// What each operation costs, in one table (docs/conventions.md §4). The console bundles this
// file too (console/src/costs.ts), to show a price before it is charged: it stays data and pure
// arithmetic, importing nothing.
export const CREDIT_COSTS = {
  brief: 5,
  articleDraft: 10,
  articleSpecialist: 2,
  clusteringPer10Keywords: 1,
  recluster: 0,
  researchGeneration: 5,
} as const;

export function clusteringCost(keywordCount: number): number {
  return Math.ceil(keywordCount / 10) * CREDIT_COSTS.clusteringPer10Keywords;
}

export function articleCost(enabledSpecialists: number): number {
  return CREDIT_COSTS.articleDraft + enabledSpecialists * CREDIT_COSTS.articleSpecialist;
}
