// The one handler that turns any error into the wire shape of docs/conventions.md §2: `{detail}`
// or field-keyed arrays, never a stack trace. A service's refusals (../errors.ts) get their
// status here; the few refusals only HTTP makes are HttpErrors.
import type { FastifyError, FastifyInstance } from "fastify";
import { FailureReport, ServiceError, ValidationFailed, type ErrorCode } from "../errors";
import { BLANK_MESSAGE, NULL_MESSAGE, UNKNOWN_FIELD_MESSAGE, WORDED_KEYWORDS } from "./field-messages";
import { unsupportedMediaTypeDetail } from "./media-type-detail";
import { readRefusedBody } from "./oversized-body";

/** The status each refusal of a service answers with. */
const STATUS_OF: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unavailable: 503,
};

/** The HTTP status of a service's refusal. */
function statusOf(code: ErrorCode): number {
  return STATUS_OF[code];
}

/** A refusal only the HTTP layer makes (a method not allowed, a media type, a rate limit), with its headers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export class Throttled extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(429, `Request was throttled. Expected available in ${retryAfterSeconds} seconds.`, {
      "retry-after": String(retryAfterSeconds),
    });
  }
}

export const SERVER_ERROR_DETAIL = "A server error occurred.";

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** The key of a field error: the path into the input joined with dots ("keywords.3"), as DRF nests them. */
export function fieldName(segments: readonly string[]): string {
  return segments.length > 0 ? segments.join(".") : "non_field_errors";
}

/** DRF's wording for the Ajv keywords whose default message reads differently. */
function messageOf(error: AjvError): string {
  const { keyword, params } = error;
  if (WORDED_KEYWORDS.has(keyword) && error.message) return error.message;
  if (keyword === "format" && params.format === "uuid") return "Must be a valid UUID.";
  if (keyword === "numeric") return params.integer ? INTEGER_MESSAGE : NUMBER_MESSAGE;
  if (keyword === "type" && params.type === "integer") return INTEGER_MESSAGE;
  if (keyword === "type" && params.type === "number") return NUMBER_MESSAGE;
  if (keyword === "type" && params.type === "array") return "Expected a list of items.";
  if (keyword === "maxLength") return `Ensure this field has no more than ${String(params.limit)} characters.`;
  if (keyword === "enum") {
    const allowed = (params.allowedValues as unknown[] | undefined)?.map(String).join(", ");
    return `Must be one of: ${allowed}.`;
  }
  const text = error.message ?? "is invalid";
  return `${text.charAt(0).toUpperCase() + text.slice(1)}.`;
}

/** A JSON Pointer segment (RFC 6901) as the name it stands for. */
function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

const INTEGER_MESSAGE = "A valid integer is required.";
const NUMBER_MESSAGE = "A valid number is required.";

/**
 * A null or a blank value fails other keywords too once Ajv has coerced it (a null string is "",
 * shorter than its minLength), and a number that is not one (1e20 for an integer) fails its bounds
 * too: DRF names only the first failure, and so does the wire.
 */
const SOLE_MESSAGES = [NULL_MESSAGE, BLANK_MESSAGE, INTEGER_MESSAGE, NUMBER_MESSAGE];

/** Turns Ajv errors into `{field: [messages]}` in the style of Django REST Framework. */
export function fieldErrors(errors: AjvError[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    const segments = error.instancePath.split("/").filter(Boolean).map(unescapeSegment);
    let message: string;
    if (error.keyword === "required") {
      segments.push(String(error.params.missingProperty));
      message = "This field is required.";
    } else if (error.keyword === "additionalProperties") {
      segments.push(String(error.params.additionalProperty));
      message = UNKNOWN_FIELD_MESSAGE;
    } else {
      message = messageOf(error);
    }
    const field = fieldName(segments);
    fields[field] ??= [];
    const messages = fields[field];
    if (!messages.includes(message)) messages.push(message);
  }
  for (const [field, messages] of Object.entries(fields)) {
    const sole = SOLE_MESSAGES.find((message) => messages.includes(message));
    if (sole) fields[field] = [sole];
  }
  return fields;
}

/** A body limit as a reader would say it: 3, 10, 0.5. */
function megabytes(bytes: number | undefined): string {
  return bytes === undefined ? "?" : String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ServiceError | HttpError | ValidationFailed | FailureReport, request, reply) => {
    if (error instanceof ServiceError) {
      return reply.code(statusOf(error.code)).send({ detail: error.detail });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (error instanceof FailureReport) {
      return reply.code(statusOf(error.code)).send(error.body);
    }
    if (error instanceof ValidationFailed) {
      return reply.code(400).send(error.fields);
    }
    if (error.validation) {
      // A malformed id in a path names nothing that exists (docs/conventions.md §2): 404, not a field error.
      if (error.validationContext === "params") return reply.code(404).send({ detail: "Not found." });
      return reply.code(400).send(fieldErrors(error.validation));
    }
    switch (error.code) {
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return reply.code(415).send({ detail: unsupportedMediaTypeDetail(request.headers["content-type"]) });
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return reply.code(400).send({ detail: "JSON parse error - the request body is empty." });
      case "FST_ERR_CTP_INVALID_JSON_BODY":
        return reply.code(400).send({ detail: "JSON parse error - the request body is not valid JSON." });
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        readRefusedBody(request, reply);
        return reply.code(413).send({ detail: `Request body is too large: at most ${megabytes(request.routeOptions.bodyLimit)} MB.` });
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return reply.code(400).send({ detail: "Request body size did not match Content-Length." });
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return reply.code(400).send({ detail: "JSON parse error - the request body is not valid JSON." });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ detail: error.message });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ detail: SERVER_ERROR_DETAIL });
  });
}
