// Text is checked before anything reaches the database (docs/conventions.md §2): PostgreSQL cannot store a
// NUL character, and a lone surrogate is not text at all (it cannot be encoded as UTF-8). A string
// that holds either, anywhere in the body, the query string or the path, answers 400 with the
// field named as other field errors name it; a query string whose percent-escapes are not UTF-8
// answers 400, as an undecodable path does. Object keys follow the same rules as values (a key is
// stored too, in free-form JSON); a bad key is reported under the object that holds it, so that the
// error's own keys never carry the character refused.
import type { FastifyRequest, preValidationHookHandler } from "fastify";
import { BadRequest, ValidationFailed } from "../errors";
import { fieldName } from "./errors";

const NUL_MESSAGE = "Null characters are not allowed.";
const UNDECODABLE_QUERY = "The query string is not valid percent-encoded UTF-8.";

/** Any NUL or surrogate code unit: the cheap test that nearly every string passes. */
const SUSPECT = /[\0\uD800-\uDFFF]/;
/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function surrogateMessage(codeUnit: number): string {
  return `Surrogate characters are not allowed: U+${codeUnit.toString(16).toUpperCase().padStart(4, "0")}.`;
}

/** What is wrong with one string, in DRF's order (null characters, then the first lone surrogate). */
export function textProblems(text: string): string[] {
  if (!SUSPECT.test(text)) return [];
  const problems: string[] = [];
  if (text.includes("\0")) problems.push(NUL_MESSAGE);
  const lone = LONE_SURROGATE.exec(text);
  if (lone) problems.push(surrogateMessage(lone[0].charCodeAt(0)));
  return problems;
}

/** Adds problems to a field's list, each once (an object may hold several bad keys). */
function addProblems(into: Record<string, string[]>, field: string, problems: readonly string[]): void {
  into[field] ??= [];
  const messages = into[field];
  for (const problem of problems) if (!messages.includes(problem)) messages.push(problem);
}

interface Visit {
  value: unknown;
  /** The property name or array index under the parent; null at the root. */
  key: string | number | null;
  parent: Visit | null;
}

function segmentsOf(visit: Visit): string[] {
  const segments: string[] = [];
  for (let at: Visit | null = visit; at !== null; at = at.parent) if (at.key !== null) segments.push(String(at.key));
  return segments.reverse();
}

/**
 * Every string in `root` (at any depth), values and object keys, checked, the problems keyed by field. Iterative, with the
 * path kept as parent links and spelled out only for a bad string: a body may be a deeply nested
 * 3 MB document, which a recursive walk would overflow on. Strings are checked as they are met,
 * so a list of 50,000 keywords costs no bookkeeping per keyword.
 */
export function textErrors(root: unknown, into: Record<string, string[]> = {}): Record<string, string[]> {
  const pending: Visit[] = [];
  const meet = (value: unknown, key: Visit["key"], parent: Visit | null): void => {
    if (typeof value === "string") {
      const problems = textProblems(value);
      if (problems.length > 0) addProblems(into, fieldName(segmentsOf({ value, key, parent })), problems);
    } else if (typeof value === "object" && value !== null) {
      pending.push({ value, key, parent });
    }
  };
  meet(root, null, null);
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const { value } = visit;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) meet(value[i], i, visit);
    } else {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        const problems = textProblems(key);
        if (problems.length > 0) addProblems(into, fieldName(segmentsOf(visit)), problems);
        meet(child, key, visit);
      }
    }
  }
  return into;
}

/** Whether the raw query string has percent-escapes that do not decode (as UTF-8). */
function hasUndecodableQuery(url: string): boolean {
  const start = url.indexOf("?");
  if (start === -1 || url.indexOf("%", start) === -1) return false;
  try {
    decodeURIComponent(url.slice(start + 1));
    return false;
  } catch {
    return true;
  }
}

function checkRequestText(request: FastifyRequest): void {
  if (hasUndecodableQuery(request.url)) throw new BadRequest(UNDECODABLE_QUERY);
  const errors = textErrors(request.body, textErrors(request.query, textErrors(request.params)));
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}

/** Runs before schema validation, so that no handler, and no database, ever sees such text. */
export const rejectInvalidText: preValidationHookHandler = (request, _reply, done) => {
  try {
    checkRequestText(request);
  } catch (err) {
    done(err as Error);
    return;
  }
  done();
};
