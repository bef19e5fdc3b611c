// The one way to say "this value is here" where the types cannot know it (an index read under
// noUncheckedIndexedAccess, a row a statement just wrote): a broken promise fails loudly with
// what was missing, instead of carrying `undefined` on as a non-null assertion would.

/** `value`, or a thrown error naming `what` when it is null or undefined. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what} to be present`);
  return value;
}
