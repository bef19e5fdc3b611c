// A body over its route's limit is refused with 413 before it is read: Fastify compares the
// declared Content-Length with the limit first. Two things make sure the client sees that answer:
// - a client that sends `Expect: 100-continue` for a body larger than any route takes is not told
//   to continue: the 413 comes at once, no body follows, and the connection closes after it;
// - any other client is still sending its body. Closing at once would leave it writing into a
//   closed connection (EPIPE) before it reads the answer, so the rest of the body is read and
//   dropped, up to a bound, and the connection stays open for the next request.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** How much of a refused body is read and dropped before the connection is cut instead. */
const REFUSED_BODY_READ_LIMIT = 64 * 1024 * 1024;

/** Requests that asked to continue and were not told to: their body never comes. */
const continueWithheld = new WeakSet<IncomingMessage>();

/** `largestBodyLimit`: the most any route takes, in bytes. */
export function installContinueCheck(app: FastifyInstance, largestBodyLimit: number): void {
  // With a listener here, Node no longer sends the interim 100 itself: this does, or withholds it.
  app.server.on("checkContinue", (request: IncomingMessage, response: ServerResponse) => {
    const declared = Number(request.headers["content-length"]);
    if (Number.isFinite(declared) && declared > largestBodyLimit) continueWithheld.add(request);
    else response.writeContinue();
    app.server.emit("request", request, response);
  });
}

/** Called as the 413 is answered: reads and drops the body still coming, unless none will come. */
export function readRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  if (continueWithheld.has(request.raw) || request.raw.readableEnded) return;
  // Fastify asks to close the connection; the body is read to its end instead, so the connection
  // can carry the next request.
  reply.removeHeader("connection");
  let read = 0;
  request.raw.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > REFUSED_BODY_READ_LIMIT) request.raw.socket.destroy();
  });
  request.raw.resume();
}
