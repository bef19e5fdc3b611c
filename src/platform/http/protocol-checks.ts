// Two refusals that Node's HTTP server makes itself, with an empty body and no Content-Type,
// answered here in the wire's `{"detail": ...}` shape instead:
// - an HTTP/1.1 request without a Host header (RFC 9112 3.2: 400). Node refuses it before the
//   app sees it unless its `requireHostHeader` option is off, which app.ts sets so that the
//   hook below can answer; HTTP/1.0 has no Host requirement and is served as before.
// - an Expect header other than 100-continue (RFC 9110 10.1.1: 417). Node answers it itself
//   only while no one listens for 'checkExpectation'.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";

export const HOST_REQUIRED = "An HTTP/1.1 request must carry a Host header.";
export const EXPECTATION_FAILED = "Unsupported Expect header: only 100-continue is understood.";

function answerExpectation(_request: IncomingMessage, response: ServerResponse): void {
  const body = JSON.stringify({ detail: EXPECTATION_FAILED });
  // The request's body may follow regardless; closing keeps it from being read as a next request.
  response.writeHead(417, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    connection: "close",
  });
  response.end(body);
}

/** Installs both answers; the Host check runs before authentication and the rate limit, so it is registered before them. */
export function installProtocolChecks(app: FastifyInstance): void {
  app.server.on("checkExpectation", answerExpectation);
  // Synchronous on purpose: it runs for every request.
  app.addHook("onRequest", (request, reply, done) => {
    if (request.raw.httpVersion === "1.1" && request.headers.host === undefined) {
      // Sent from the hook, the answer ends the request here; the connection closes after it.
      reply.code(400).header("connection", "close").send({ detail: HOST_REQUIRED });
      return;
    }
    done();
  });
}
