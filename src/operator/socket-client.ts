// Sends one request to the operator socket and reads its one answer.
import net from "node:net";
import { MAX_MESSAGE_BYTES, parseResponse, type OperatorRequest, type OperatorResponse } from "./protocol";

/** The socket has a listener that did not answer properly (hung, or not canopy). */
export class SocketUnanswered extends Error {}

function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

export type SocketAnswer =
  /** Nobody listens: no file, or a file left behind by a process that died (connection refused). */
  | { status: "absent" }
  /** The holder dropped the connection unanswered, as one does when it stops; ask again. */
  | { status: "interrupted" }
  | { status: "answered"; response: OperatorResponse };

export function askOperatorSocket(socketPath: string, request: OperatorRequest, timeoutMs: number): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ path: socketPath });
    let connected = false;
    let settled = false;
    let received = "";
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      outcome();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(new SocketUnanswered(`the operator socket ${socketPath} did not answer within ${Math.round(timeoutMs / 1000)} s`)),
        ),
      timeoutMs,
    );
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (received.length > MAX_MESSAGE_BYTES) {
        finish(() => reject(new SocketUnanswered(`the operator socket ${socketPath} sent an oversized answer`)));
        return;
      }
      const end = received.indexOf("\n");
      if (end < 0) return;
      const answer = parseResponse(received.slice(0, end));
      finish(() =>
        answer
          ? resolve({ status: "answered", response: answer })
          : reject(new SocketUnanswered(`the operator socket ${socketPath} sent a malformed answer`)),
      );
    });
    // A holder busy in synchronous work may leave the connection in its backlog until it stops;
    // the connection is then reset, or ended, without an answer.
    socket.on("end", () => finish(() => resolve({ status: "interrupted" })));
    socket.on("error", (err) => {
      const code = errorCode(err);
      if (!connected && (code === "ENOENT" || code === "ECONNREFUSED")) finish(() => resolve({ status: "absent" }));
      else if (connected && (code === "ECONNRESET" || code === "EPIPE")) finish(() => resolve({ status: "interrupted" }));
      else finish(() => reject(err));
    });
  });
}
