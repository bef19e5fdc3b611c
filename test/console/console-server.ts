// A real `canopy serve` on a fresh database for the console's tests, with a user whose key the
// browser signs in with.
import { cliUserWithKey, jsonOf, runCli, startServe, type ServeProcess } from "../helpers/cli";
import { SCOPES } from "../../src/platform/auth/scopes";
import { serveStorage, type ServeStorage } from "../helpers/serve-storage";

const STRATEGIST_SCOPES = Object.keys(SCOPES)
  .filter((scope) => !scope.startsWith("admin:"))
  .join(",");
/** Every scope the strategist's key reads with, and none it changes anything with. */
const READ_ONLY_SCOPES = Object.keys(SCOPES)
  .filter((scope) => scope.endsWith(":read") && !scope.startsWith("admin:"))
  .join(",");

export interface ConsoleServer {
  serve: ServeProcess;
  /** A key with every scope a strategist uses (all but admin), of a user holding `credits`. */
  apiKey: string;
  /** A second key of the same user that may read everything the first may, and change nothing (when asked for). */
  readOnlyKey: string | null;
  stop(): Promise<void>;
}

export interface ConsoleServerOptions {
  credits?: number;
  /** Teams to create with the user as owner, in this order (teams are made only by the operator). */
  teams?: string[];
  /** More environment for the server (a model's base URL, say). */
  env?: Record<string, string>;
  /** Also make the user a read-only key (`readOnlyKey`). */
  readOnlyKey?: boolean;
}

async function readOnlyKeyOf(email: string, env: Record<string, string>): Promise<string> {
  const created = jsonOf(
    await runCli(["keys", "create", "--email", email, "--name", "read only", "--type", "Developer", "--scopes", READ_ONLY_SCOPES], env),
  );
  if (typeof created.key !== "string") throw new Error(`keys create printed no key: ${JSON.stringify(created)}`);
  return created.key;
}

export async function startConsoleServer(options: ConsoleServerOptions = {}): Promise<ConsoleServer> {
  const storage: ServeStorage = await serveStorage();
  const serve = await startServe({ env: { ...storage.env, ...options.env } });
  try {
    const email = `strategist-${process.pid}@example.com`;
    const apiKey = await cliUserWithKey(storage.env, email, { credits: options.credits ?? 500, scopes: STRATEGIST_SCOPES });
    for (const name of options.teams ?? []) jsonOf(await runCli(["teams", "create", "--name", name, "--owner", email], storage.env));
    const readOnly = options.readOnlyKey ? await readOnlyKeyOf(email, storage.env) : null;
    return {
      serve,
      apiKey,
      readOnlyKey: readOnly,
      async stop() {
        await serve.stop();
        await storage.cleanup();
      },
    };
  } catch (error) {
    await serve.stop();
    await storage.cleanup();
    throw error;
  }
}
