// What each operation costs in credits, as the API documents it, so that a screen can show the
// price before the strategist confirms. The server's table is the authority: a unit test holds
// this copy equal to it (the console's bundle cannot import the server's code).
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
