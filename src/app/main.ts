// The canopy command line: serve, worker, mcp, and the operator commands (migrate, users, teams,
// keys, credits). Every command but serve, worker and mcp prints exactly one JSON object on stdout,
// and on failure nothing there: its message goes to stderr with a non-zero exit (2 for usage).
// Modules are loaded per command, so a command sent to a running server starts quickly.
import type { FastifyListenOptions } from "fastify";
import type { Canopy } from "./app";
import { ConfigError, loadConfig, loadMcpConfig, type Config, type McpConfig } from "../platform/config";
import type { Db } from "../platform/db/client";
import { asksForHelp, OPERATOR_GROUPS, operatorHelp } from "../operator/commands";
import { describeFailure, EXIT_USAGE, UsageError } from "../operator/failures";
import { JOB_DRAIN_SECONDS } from "../platform/jobs/drain";
import { describeDrain, onStopSignals } from "../platform/stop-signals";

const USAGE = `usage: canopy <command>
  serve [--no-workers]     run the API (with workers unless --no-workers)
  worker                   run background workers only (needs DATABASE_URL)
  migrate                  apply database migrations
  users create|update|list ...        teams create|add-member|list ...
  keys create|list|revoke|rotate ...  credits grant ...
  cluster --input FILE|- [--overlap X]   cluster a SERP export offline (- reads standard input)
  mcp                      MCP server on stdio for AI assistants: the API's tools with CANOPY_API_KEY,
                           calling the canopy at CANOPY_URL (default http://127.0.0.1:8000)`;

function fail(message: string, code = 1): never {
  process.stderr.write(`canopy: ${message}\n`);
  process.exit(code);
}

function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

async function serve(config: Config, args: string[]): Promise<void> {
  const unknown = args.filter((a) => a !== "--no-workers");
  if (unknown.length > 0) throw new UsageError(`serve: unknown option ${unknown[0]}`);
  const signals = onStopSignals();
  // The address first: a busy PORT fails here, before DATA_DIR is created or a database opened.
  const { bindEarly } = await import("../platform/http/early-listener");
  const listener = await bindEarly(config);
  let canopy: Canopy;
  let operator: Awaited<ReturnType<typeof import("../operator/server-socket").openServerOperatorSocket>> | null = null;
  try {
    const { openServerOperatorSocket } = await import("../operator/server-socket");
    const { prepareDataDir } = await import("../platform/db/data-dir");
    // On the embedded database the operator socket comes first: it is the data directory's lock.
    // A DATA_DIR that cannot be used fails before it, naming the path.
    operator = config.databaseUrl ? null : await openServerOperatorSocket(prepareDataDir(config.dataDir).dir);
    const { buildCanopy } = await import("./app");
    canopy = await buildCanopy({ config, workers: !args.includes("--no-workers") });
  } catch (err) {
    await operator?.socket.close();
    await listener.close();
    throw err;
  }
  operator?.endpoint.ready({ db: canopy.platform.database.db, platform: canopy.platform });
  const shutdown = async () => {
    // Commands already sent finish on the open database; later ones wait and then open it themselves.
    await operator?.endpoint.drain();
    await canopy.close();
    await operator?.socket.close();
  };
  try {
    // Fastify takes the bound socket (see early-listener.ts) instead of binding PORT again.
    await canopy.app.listen(listener.handOff() as FastifyListenOptions);
  } catch (err) {
    await shutdown();
    throw err;
  }
  signals.ready({
    shutdown,
    waitingFor: () => describeDrain(canopy.queue.runningJobs(), true),
    drainSeconds: JOB_DRAIN_SECONDS,
    log: (message) => canopy.platform.log.info(message),
  });
  if (operator)
    canopy.platform.log.info(
      { socket: operator.socket.path, startup_ms: Math.round(performance.now()) },
      "operator commands accepted on the socket",
    );
  await printWelcomeIfEmpty(canopy.platform.database.db, config);
}

async function printWelcomeIfEmpty(db: Db, config: Config): Promise<void> {
  const { count } = await import("drizzle-orm");
  const { users } = await import("../platform/db/schema");
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  if (n > 0) return;
  const { firstStartBanner } = await import("../operator/first-start");
  process.stdout.write(firstStartBanner(config.host, config.port));
}

async function worker(config: Config, args: string[]): Promise<void> {
  if (args.length > 0) throw new UsageError(`worker: unknown option ${args[0]}`);
  const signals = onStopSignals();
  const { startWorker } = await import("./worker");
  const handle = await startWorker(config);
  signals.ready({
    shutdown: handle.close,
    waitingFor: () => describeDrain(handle.runningJobs(), false),
    drainSeconds: JOB_DRAIN_SECONDS,
    log: handle.log,
  });
}

async function operator(config: Config, argv: string[]): Promise<void> {
  const { runOperator } = await import("../operator/run");
  printJson(await runOperator(config, argv));
}

/** Takes its own settings, not the service's: it only calls the API of a running canopy. */
async function mcp(args: string[]): Promise<void> {
  if (args.length > 0) fail(`mcp: unknown option ${args[0]}`, EXIT_USAGE);
  let config: McpConfig;
  try {
    config = loadMcpConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`configuration error: ${err.message}`, EXIT_USAGE);
    throw err;
  }
  const { serveMcp } = await import("../mcp/server");
  await serveMcp(config);
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  // `canopy keys create --help`: the command's own options; before the configuration is read, so
  // that help works anywhere.
  if (command && asksForHelp(rest)) {
    process.stdout.write(`${OPERATOR_GROUPS.includes(command) ? operatorHelp(argv) : USAGE}\n`);
    return;
  }
  // No command is a usage error: the usage goes to stderr, and scripts see a failure.
  if (!command) fail(`a command is required\n${USAGE}`, EXIT_USAGE);
  if (command === "mcp") return mcp(rest);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`configuration error: ${err.message}`, EXIT_USAGE);
    throw err;
  }
  try {
    if (command === "serve") {
      await serve(config, rest);
      return;
    }
    if (command === "worker") {
      await worker(config, rest);
      return;
    }
    if (OPERATOR_GROUPS.includes(command)) {
      await operator(config, argv);
      return;
    }
    if (command === "cluster") {
      // Offline: clusters a SERP export with the service's engine; no database involved.
      const { clusterCommand } = await import("../operator/cluster-command");
      printJson(await clusterCommand(rest));
      return;
    }
    throw new UsageError(`unknown command "${command}"\n${USAGE}`);
  } catch (err) {
    const failure = describeFailure(err);
    if (failure) fail(failure.message, failure.exitCode);
    // Anything else is reported by its message, less a failed statement's parameters (digests, emails).
    const { safeErrorMessage } = await import("../platform/log/error-serializer");
    fail(safeErrorMessage(err));
  }
}
