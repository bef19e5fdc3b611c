// Vitest's asymmetric matchers (expect.any, expect.stringMatching, ...), the very same functions,
// typed to answer `unknown` where vitest's own types say `any`. A matcher is a value only an
// assertion looks into; as `unknown` a test can place one in an expected object
// (`toMatchObject({ detail: match.stringMatching(/not found/) })`) without an `any` in it.
import { expect } from "vitest";

export interface Matchers {
  anything(): unknown;
  any(constructor: unknown): unknown;
  stringMatching(expected: string | RegExp): unknown;
  stringContaining(expected: string): unknown;
  objectContaining(expected: object): unknown;
  arrayContaining(expected: unknown[]): unknown;
  closeTo(expected: number, precision?: number): unknown;
}

export const match: Matchers = expect;
