// The one interface every language model sits behind, and the one error it throws. Modules
// never see an SDK error: they see an LlmError whose `kind` says what to do next (retry the
// job later, fail it, or tell the operator their configuration is wrong).
import type { TSchema } from "typebox";

export interface TextRequest {
  system?: string;
  prompt: string;
  maxOutputTokens?: number;
  signal?: AbortSignal;
}

export interface ObjectRequest {
  system?: string;
  prompt: string;
  /** A TypeBox schema: sent to the model as JSON Schema and checked on the answer. */
  schema: TSchema;
  /** A short identifier for the shape (letters, digits, `_`), sent to providers that name schemas. */
  schemaName: string;
  maxOutputTokens?: number;
  signal?: AbortSignal;
}

export interface LlmProvider {
  /** The registry id, e.g. `openai:gpt-4o-mini`. */
  readonly modelId: string;
  generateText(req: TextRequest): Promise<string>;
  generateObject<T>(req: ObjectRequest): Promise<T>;
}

export type LlmErrorKind =
  /** No answer within the time allowed (per attempt), after every attempt. */
  | "timeout"
  /** 429, 5xx, a dropped connection: worth trying again later. */
  | "transient"
  /** Not parseable, not matching the schema, empty, or over the size cap. */
  | "invalid_output"
  /** The provider declined the request (400-class answers, content filters). */
  | "refused"
  /** Credentials, model name or base URL are wrong: an operator must act. */
  | "config"
  /** The answer stopped at its output budget, even when asked again with twice the budget. */
  | "cut_off";

const TRANSIENT_KINDS: ReadonlySet<LlmErrorKind> = new Set(["timeout", "transient"]);

/**
 * Messages are written by this module from known parts and scrubbed of secrets; no SDK error
 * is kept as `cause`, because loggers serialize causes and SDK errors carry request bodies.
 */
export class LlmError extends Error {
  override readonly name = "LlmError";
  readonly transient: boolean;
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly details: { modelId?: string; status?: number; attempts?: number } = {},
    /** A cut-off answer's text as far as it went (kind `cut_off` only): the model's words, no secret. */
    readonly partial?: string,
  ) {
    super(message);
    this.transient = TRANSIENT_KINDS.has(kind);
  }
}
