// Errors raised below the routes, before any handler or error handler could run, answered in the
// wire's `{"detail": ...}` shape (docs/conventions.md §2) instead of Fastify's or Node's own bodies (which
// carry `code`, `statusCode` and `error` fields): the router's (an undecodable path, an overlong
// path parameter) and the HTTP parser's (headers too large, a malformed request).
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { SERVER_ERROR_DETAIL } from "./errors";
import { setSecurityHeaders } from "./security-headers";

const UNDECODABLE_PATH = "The request path is not valid percent-encoded UTF-8.";
const HEADERS_TOO_LARGE = "Request header fields too large.";
const MALFORMED_REQUEST = "Malformed HTTP request.";
const REQUEST_TIMEOUT = "Request timed out.";

function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // These answers skip the onSend hooks that set the headers every answer carries.
  setSecurityHeaders(request, reply);
  switch (error.code) {
    case "FST_ERR_BAD_URL":
      reply.code(400).send({ detail: UNDECODABLE_PATH });
      return;
    case "FST_ERR_MAX_PARAM_LENGTH":
      // A path parameter longer than any id names nothing that exists, as a malformed id does.
      reply.code(404).send({ detail: "Not found." });
      return;
    default:
      request.log.error({ err: error }, "router failed");
      reply.code(500).send({ detail: SERVER_ERROR_DETAIL });
  }
}

/**
 * The router's failures, given to Fastify as its `frameworkErrors` option (typed there as generic
 * over route type parameters that this handler, called before any route is known, never uses).
 */
export const frameworkErrors = answerFrameworkError as NonNullable<FastifyServerOptions["frameworkErrors"]>;

/** The status and detail for each failure of Node's HTTP parser; anything else is a 400. */
const PARSER_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, HEADERS_TOO_LARGE],
  ERR_HTTP_REQUEST_TIMEOUT: [408, REQUEST_TIMEOUT],
};

/** A complete HTTP/1.1 answer written straight to the socket, as there is no request to reply to. */
function rawJsonResponse(status: number, detail: string): string {
  const body = JSON.stringify({ detail });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\n` +
    "Content-Type: application/json; charset=utf-8\r\n" +
    "X-Content-Type-Options: nosniff\r\n" +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    "Connection: close\r\n\r\n" +
    body
  );
}

/**
 * The server's 'clientError' handler (Fastify's `clientErrorHandler` option): answers and closes,
 * since after a parse error the rest of the connection's bytes cannot be trusted. Node calls it
 * too for a client over HTTP_HEADERS_TIMEOUT_MS or HTTP_REQUEST_TIMEOUT_MS (ERR_HTTP_REQUEST_TIMEOUT).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection, or one already answered and closing, has no one left to tell.
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, detail] = PARSER_ERRORS[error.code ?? ""] ?? [400, MALFORMED_REQUEST];
  // Written, then destroyed at once, never only ended. Node's HTTP server keeps its sockets
  // half-open (allowHalfOpen), so `socket.end()` sends our FIN but the socket stays open until the
  // client sends its own; a slow client that keeps writing never does. Node's timeout check also
  // drops a connection from its list of active ones when it reports it, so the timeout never fires
  // for it again: such a connection held its slot (and counted against HTTP_MAX_CONNECTIONS) for
  // good, and whether the timeouts "worked" depended on the client closing when told. Destroying
  // also aborts a request whose body was still arriving, so its handler never runs after a 408.
  // The answer is handed to the kernel by the write and is sent ahead of the close.
  socket.write(rawJsonResponse(status, detail));
  socket.destroy();
}
