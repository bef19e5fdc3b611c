// PostgreSQL array literals (`{"a","b"}`, `{1,2}`) built here rather than by the drivers: a
// string bound to an array-typed parameter reaches the server unchanged through both
// node-postgres and PGlite, while their own array serializers differ (PGlite picks one by the
// parameter's type) and spend a regular-expression pass or two on every element.

/** Every element double-quoted, so that no value (empty, `NULL`, spaces, braces) is misread. */
export function textArrayLiteral(values: readonly string[]): string {
  let out = "{";
  let separator = "";
  for (const value of values) {
    // Inside quotes only the backslash and the double quote are special.
    out += `${separator}"${/[\\"]/.test(value) ? value.replace(/[\\"]/g, "\\$&") : value}"`;
    separator = ",";
  }
  return `${out}}`;
}

/** Whole numbers only: anything else would make the literal invalid. */
export function integerArrayLiteral(values: readonly number[]): string {
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number: ${value}`);
  }
  return `{${values.join(",")}}`;
}
