// The running server's side of the operator socket. `canopy serve` on the embedded database owns
// the database for its whole life, so operator commands run here, in-process, with the server's
// own handle and platform: a key revoked or a user changed through the CLI clears this server's
// principal cache at commit, before the CLI hears back.
import type { ServiceCtx } from "../platform/context";
import { safeErrorMessage } from "../platform/log/error-serializer";
import { parseOperatorCommand } from "./commands";
import { executeOperatorCommand } from "./execute";
import { describeFailure } from "./failures";
import { busy, operatorSocketPath, type OperatorRequest, type OperatorResponse } from "./protocol";
import { claimOperatorSocket, SocketHeld, type OperatorSocket } from "./socket-server";

// How long a starting server waits for a CLI command that holds the embedded database.
const WAIT_FOR_COMMAND_MS = 120_000;

export class ServerOperatorEndpoint {
  private ctx: ServiceCtx | null = null;
  private stopping = false;
  private readonly running = new Set<Promise<OperatorResponse>>();

  /** Commands are answered "busy" (asked again later) until the server is ready. */
  ready(ctx: ServiceCtx): void {
    this.ctx = ctx;
  }

  readonly handle = (request: OperatorRequest): Promise<OperatorResponse> => {
    if ("probe" in request) {
      return Promise.resolve(
        this.stopping ? busy("the canopy server is stopping") : { ok: true, result: { owner: "serve", pid: process.pid } },
      );
    }
    if (this.stopping) return Promise.resolve(busy("the canopy server is stopping"));
    if (!this.ctx) return Promise.resolve(busy("the canopy server is starting"));
    const run = this.run(this.ctx, request.argv);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return run;
  };

  /** New commands are answered "busy" from now on; resolves once the ones running are done. */
  async drain(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.running]);
  }

  private async run(ctx: ServiceCtx, argv: string[]): Promise<OperatorResponse> {
    try {
      const command = parseOperatorCommand(argv);
      if (command.name === "migrate") {
        // The server applied every migration before it started serving.
        return { ok: true, result: { migrated: true, database: ctx.platform.database.kind, by: "running server", pid: process.pid } };
      }
      const result = await executeOperatorCommand(ctx, command);
      ctx.platform.log.info({ command: command.name }, "operator command");
      return { ok: true, result };
    } catch (err) {
      const failure = describeFailure(err);
      if (failure) return { ok: false, ...failure };
      ctx.platform.log.error({ err, argv: argv.slice(0, 2) }, "operator command failed");
      // A failed statement's message would carry its parameters (digests, emails): not those.
      return { ok: false, exitCode: 1, message: `the server could not run the command: ${safeErrorMessage(err)}` };
    }
  }
}

export interface ServerOperatorSocket {
  endpoint: ServerOperatorEndpoint;
  socket: OperatorSocket;
}

/**
 * Takes `<dataDir>/canopy.sock` for a server on the embedded database. Call it before opening
 * the database: the socket is the data directory's lock, and a live server already holding it
 * means this one must not start.
 */
export async function openServerOperatorSocket(dataDir: string): Promise<ServerOperatorSocket> {
  const endpoint = new ServerOperatorEndpoint();
  try {
    const socket = await claimOperatorSocket(operatorSocketPath(dataDir), endpoint.handle, { waitWhileBusyMs: WAIT_FOR_COMMAND_MS });
    return { endpoint, socket };
  } catch (err) {
    if (err instanceof SocketHeld) {
      const holder = err.answer.ok ? `another canopy server (pid ${String(err.answer.result.pid)})` : "another canopy process";
      throw new Error(
        `${holder} is using the embedded database in ${dataDir} (socket ${err.socketPath}); ` +
          "stop it first, or give this server another DATA_DIR. Operator commands reach the running server on their own.",
        { cause: err },
      );
    }
    throw err;
  }
}
