// Expected objects that hold vitest's asymmetric matchers, without an `any` in them. Two ways in,
// for two needs:
// - `match.any(String)` and friends: the very same functions as `expect.any`, ..., typed to answer
//   `unknown` where vitest's own types say `any`;
// - `toEqual<FieldsOf<Schemas["X"]>>({...})`: the expected object may name only the fields the
//   API's schema declares (the compiler refuses any other), each of any value, matchers included.
import { expect } from "vitest";

export interface Matchers {
  anything(): unknown;
  any(type: unknown): unknown;
  stringMatching(expected: string | RegExp): unknown;
  stringContaining(expected: string): unknown;
  objectContaining(expected: object): unknown;
  arrayContaining(expected: unknown[]): unknown;
  closeTo(expected: number, precision?: number): unknown;
}

export const match: Matchers = expect;

/**
 * The expected value of `toEqual` on a body of type T that holds asymmetric matchers
 * (`expect.any(String)`, which vitest types as `any`): every field T declares, each of any value,
 * and no field T does not declare.
 */
export type FieldsOf<T> = { [K in keyof T]: unknown };

/**
 * The expected value of `toMatchObject` on a body of type T: some of the fields T declares, each
 * of any value (a nested object holding matchers names its own type: `SomeFieldsOf<T> & {field?:
 * SomeFieldsOf<...>}`).
 */
export type SomeFieldsOf<T> = Partial<FieldsOf<T>>;
