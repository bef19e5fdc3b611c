// The canopy command line: serve, worker, migrate, and the operator commands. Every command
// but serve and worker prints exactly one JSON object on stdout.
import { count } from "drizzle-orm";
import { buildCanopy, type Canopy } from "./app";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase } from "./platform/db/client";
import { runMigrations } from "./platform/db/migrate";
import { users } from "./platform/db/schema";
import { ApiError, ValidationFailed } from "./platform/http/errors";
import { runOperatorCommand, UsageError } from "./operator/commands";
import { KeyPolicyError } from "./modules/keys/service";

const USAGE = `usage: canopy <command>
  serve [--no-workers]     run the API (with workers unless --no-workers)
  worker                   run background workers only
  migrate                  apply database migrations
  users create|update ...  teams create|add-member ...  keys create|list|revoke|rotate ...
  credits grant ...`;

function fail(message: string, code = 1): never {
  process.stderr.write(`canopy: ${message}\n`);
  process.exit(code);
}

function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value) + "\n");
}

function handleSignals(canopy: Canopy): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    canopy.platform.log.info({ signal }, "shutting down");
    canopy
      .close()
      .then(() => process.exit(0))
      .catch((err) => {
        canopy.platform.log.error({ err }, "shutdown failed");
        process.exit(1);
      });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

async function serve(config: Config, args: string[]): Promise<void> {
  const unknown = args.filter((a) => a !== "--no-workers");
  if (unknown.length > 0) fail(`serve: unknown option ${unknown[0]}`, 2);
  const canopy = await buildCanopy({ config, workers: !args.includes("--no-workers") });
  handleSignals(canopy);
  await canopy.app.listen({ port: config.port, host: config.host });
  const [{ n } = { n: 0 }] = await canopy.platform.database.db.select({ n: count() }).from(users);
  if (n === 0) {
    process.stdout.write(
      [
        "",
        "canopy has no users yet. Create one and an API key:",
        "  npx canopy users create --email you@example.com",
        "  npx canopy credits grant --email you@example.com --amount 100",
        "  npx canopy keys create --email you@example.com --name local --type Integration --scopes user:read,brands:read,brands:write",
        `Then: curl -H "X-API-Key: <key>" http://${config.host}:${config.port}/api/v1/me/profile/`,
        "",
      ].join("\n"),
    );
  }
}

async function worker(config: Config): Promise<void> {
  const { startWorker } = await import("./worker");
  const handle = await startWorker(config);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    handle
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

async function migrate(config: Config): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    printJson({ migrated: true, database: database.kind });
  } finally {
    await database.close();
  }
}

async function operator(config: Config, argv: string[]): Promise<void> {
  const { runOperator } = await import("./operator/run");
  const result = await runOperator(config, argv);
  printJson(result);
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "help") {
    process.stdout.write(USAGE + "\n");
    return;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`configuration error: ${err.message}`, 2);
    throw err;
  }
  try {
    switch (command) {
      case "serve":
        return await serve(config, rest);
      case "worker":
        return await worker(config);
      case "migrate":
        return await migrate(config);
      case "users":
      case "teams":
      case "keys":
      case "credits":
        return await operator(config, argv);
      default:
        fail(`unknown command "${command}"\n${USAGE}`, 2);
    }
  } catch (err) {
    if (err instanceof UsageError) fail(err.message, 2);
    if (err instanceof ValidationFailed) {
      fail(Object.entries(err.fields).map(([field, messages]) => `${field}: ${messages.join(" ")}`).join("; "));
    }
    if (err instanceof ApiError || err instanceof KeyPolicyError) fail(err.message);
    throw err;
  }
}

