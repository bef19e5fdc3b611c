// Where an operator command runs. With DATABASE_URL: here, on the server database (any number of
// processes may share it). On the embedded database, which one process at a time may open: in
// the running `canopy serve` through its operator socket, or, when no process holds the socket,
// here, holding the socket meanwhile so that neither a server nor another command opens the
// database at the same time.
import type { Config } from "../config";
import { parseOperatorCommand, type OperatorCommand } from "./commands";
import { OperatorFailure } from "./failures";
import { prepareDataDir } from "../platform/db/data-dir";
import { operatorSocketPath } from "./protocol";
import { askOperatorSocket } from "./socket-client";
import { claimOperatorSocket, holdingHandler, SocketHeld, type OperatorSocket } from "./socket-server";

// A server's first start on an empty directory (initdb, migrations) can take many seconds on a
// busy machine; a command waits that long for it rather than failing.
const WAIT_WHILE_BUSY_MS = 180_000;
const COMMAND_TIMEOUT_MS = 120_000;
const RETRY_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `argv` (e.g. `["keys", "list", "--email", E]`) and returns its one JSON object. */
export async function runOperator(config: Config, argv: string[]): Promise<Record<string, unknown>> {
  const command = parseOperatorCommand(argv);
  if (config.databaseUrl) return runHere(config, command);

  // A DATA_DIR that cannot be used fails here, naming it, before any socket is tried.
  const socketPath = operatorSocketPath(prepareDataDir(config.dataDir).dir);
  const deadline = Date.now() + WAIT_WHILE_BUSY_MS;
  for (;;) {
    const answer = await askOperatorSocket(socketPath, { argv }, COMMAND_TIMEOUT_MS);
    let waitingFor = "another canopy process";
    if (answer.status === "absent") {
      const lock = await tryHold(socketPath);
      if (lock) {
        try {
          return await runHere(config, command);
        } finally {
          await lock.close();
        }
      }
    } else if (answer.status === "answered") {
      const { response } = answer;
      if (response.ok) return response.result;
      if (!response.busy) throw new OperatorFailure(response.exitCode, response.message);
      waitingFor = response.message;
    }
    // Otherwise "interrupted": a holder let go of the socket without reading the request (a
    // command that just finished), so asking again cannot run the command twice.
    if (Date.now() > deadline) throw new OperatorFailure(1, `gave up waiting: ${waitingFor}`);
    await sleep(RETRY_MS);
  }
}

/** The socket as a lock, or null when somebody took it first (ask them instead). */
async function tryHold(socketPath: string): Promise<OperatorSocket | null> {
  try {
    return await claimOperatorSocket(socketPath, holdingHandler);
  } catch (err) {
    if (err instanceof SocketHeld) return null;
    throw err;
  }
}

async function runHere(config: Config, command: OperatorCommand): Promise<Record<string, unknown>> {
  const { runDirect } = await import("./direct");
  return runDirect(config, command);
}
