// Where an operator command runs. With DATABASE_URL: here, on the server database (any number of
// processes may share it). On the embedded database, which one process at a time may open: in
// the running `canopy serve` through its operator socket, or, when no process holds the socket,
// here, holding the socket meanwhile so that neither a server nor another command opens the
// database at the same time. Only `migrate` creates a database: any other command with neither a
// server nor a database at DATA_DIR was run in the wrong place, and says so instead of answering
// from a new, empty database.
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../platform/config";
import { parseOperatorCommand, type OperatorCommand } from "./commands";
import { OperatorFailure } from "./failures";
import { hasEmbeddedDatabase, prepareDataDir } from "../platform/db/data-dir";
import { operatorSocketPath } from "./protocol";
import { askOperatorSocket } from "./socket-client";
import { claimOperatorSocket, holdingHandler, SocketHeld, type OperatorSocket } from "./socket-server";
import { setTimeout as sleep } from "node:timers/promises";

// A server's first start on an empty directory (initdb, migrations) can take many seconds on a
// busy machine; a command waits that long for it rather than failing.
const WAIT_WHILE_BUSY_MS = 180_000;
const COMMAND_TIMEOUT_MS = 120_000;
const RETRY_MS = 250;

/** Runs `argv` (e.g. `["keys", "list", "--email", E]`) and returns its one JSON object. */
export async function runOperator(config: Config, argv: string[]): Promise<Record<string, unknown>> {
  const command = parseOperatorCommand(argv);
  if (config.databaseUrl) return runHere(config, command);

  const dataDir = path.resolve(config.dataDir);
  const createsDatabase = command.name === "migrate";
  // No directory: no server runs on it (a server creates it first), and nothing is created here.
  if (!createsDatabase && !existingDirectory(dataDir)) throw nothingAt(dataDir, operatorSocketPath(dataDir));
  // A DATA_DIR that cannot be used fails here, naming it, before any socket is tried.
  const socketPath = operatorSocketPath(prepareDataDir(dataDir).dir);
  const deadline = Date.now() + WAIT_WHILE_BUSY_MS;
  for (;;) {
    const answer = await askOperatorSocket(socketPath, { argv }, COMMAND_TIMEOUT_MS);
    let waitingFor = "another canopy process";
    if (answer.status === "absent") {
      if (!createsDatabase && !hasEmbeddedDatabase(dataDir)) throw nothingAt(dataDir, socketPath);
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

function existingDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function nothingAt(dataDir: string, socketPath: string): OperatorFailure {
  return new OperatorFailure(
    1,
    `no canopy server and no database at DATA_DIR ${dataDir}: looked for a running server's socket at ${socketPath} ` +
      "and for an embedded database in that directory. Run the command where `canopy serve` runs (DATA_DIR defaults to " +
      "./data in the current directory) or set DATA_DIR to the server's data directory; `canopy migrate` creates a new database.",
  );
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
