// The clustering engine's input and output shapes, apart so helpers can share them without a cycle.

export interface ClusterInput {
  keyword: string;
  searchVolume: number;
  /** In rank order; only the first 10 count. */
  urls: string[];
}

export interface Cluster {
  /** "c1", "c2", ... in centroid order. */
  id: string;
  centroid: string;
  /** The centroid first, then the members in joining order (which is the centroid order). */
  keywords: string[];
}

/**
 * Keywords with their top-10 URLs interned to integers: the form the engine clusters, however
 * the input arrived (objects from the service, or the bytes of an export file). Keyword i's
 * distinct URL ids are urlIds[urlStart[i] .. urlStart[i + 1]); ids run from 0 to urlCount - 1.
 */
export interface InternedSerps {
  keywords: string[];
  volumes: Float64Array;
  urlStart: Int32Array;
  urlIds: Int32Array;
  urlCount: number;
}

/** How many of a keyword's results count as its top 10. */
export const TOP_RESULTS = 10;
