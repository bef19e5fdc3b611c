// A real `canopy serve` on a fresh database for the console's tests, with a user whose key the
// browser signs in with.
import { cliUserWithKey, jsonOf, runCli, startServe, type ServeProcess } from "../helpers/cli";
import { SCOPES } from "../../src/platform/auth/scopes";
import { serveStorage, type ServeStorage } from "../helpers/serve-storage";

const STRATEGIST_SCOPES = Object.keys(SCOPES)
  .filter((scope) => !scope.startsWith("admin:"))
  .join(",");

export interface ConsoleServer {
  serve: ServeProcess;
  /** A key with every scope a strategist uses (all but admin), of a user holding `credits`. */
  apiKey: string;
  stop(): Promise<void>;
}

export interface ConsoleServerOptions {
  credits?: number;
  /** Teams to create with the user as owner, in this order (teams are made only by the operator). */
  teams?: string[];
  /** More environment for the server (a model's base URL, say). */
  env?: Record<string, string>;
}

export async function startConsoleServer(options: ConsoleServerOptions = {}): Promise<ConsoleServer> {
  const storage: ServeStorage = await serveStorage();
  const serve = await startServe({ env: { ...storage.env, ...options.env } });
  try {
    const email = `strategist-${process.pid}@example.com`;
    const apiKey = await cliUserWithKey(storage.env, email, { credits: options.credits ?? 500, scopes: STRATEGIST_SCOPES });
    for (const name of options.teams ?? []) jsonOf(await runCli(["teams", "create", "--name", name, "--owner", email], storage.env));
    return {
      serve,
      apiKey,
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
