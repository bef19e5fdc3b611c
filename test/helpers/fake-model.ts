// A harness whose models include one behind a local fake OpenAI-compatible server, and a platform
// whose model calls give up fast (one retry, a short timeout), for running jobs in this process.
import type { Platform } from "../../src/platform/context";
import { ModelRegistry } from "../../src/providers/models/registry";
import { startFakeLlmServer, type FakeLlmServer } from "../providers/llm/fake-llm-server";
import { createHarness, type Harness } from "./harness";

export const FAKE_MODEL = "openai:test-model";
/** The same fake, speaking Anthropic's messages API (with `anthropic: true`). */
export const FAKE_ANTHROPIC_MODEL = "anthropic:test-model";

export interface FakeModelHarness {
  h: Harness;
  server: FakeLlmServer;
  /** The harness's platform with a registry that tries twice and waits `timeoutMs` a call. */
  quick: Platform;
  /** Forgets what the fake saw and how it was told to answer. */
  reset(): void;
  close(): Promise<void>;
}

export async function fakeModelHarness(
  options: { env?: Record<string, string>; timeoutMs?: number; workers?: boolean; anthropic?: boolean } = {},
): Promise<FakeModelHarness> {
  const server = await startFakeLlmServer();
  const h = await createHarness({
    workers: options.workers ?? false,
    env: {
      ...options.env,
      OPENAI_BASE_URL: server.baseUrl,
      OPENAI_MODELS: "test-model",
      ...(options.anthropic ? { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.baseUrl, ANTHROPIC_MODELS: "test-model" } : {}),
    },
  });
  const models = new ModelRegistry(h.config, {
    timeoutMs: options.timeoutMs ?? 1000,
    retry: { attempts: 2, backoffMs: 1, maxBackoffMs: 5 },
  });
  return {
    h,
    server,
    quick: { ...h.canopy.platform, models },
    reset() {
      server.seen.length = 0;
      server.respond(null);
    },
    async close() {
      await h.close();
      await server.close();
    },
  };
}
