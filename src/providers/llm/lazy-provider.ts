// A provider whose SDK is loaded on its first call. The AI SDKs are about a megabyte of code;
// loading them when `canopy serve` starts would delay every start for a deployment that may never
// call a model (the offline model needs none).
import type { LlmProvider, ObjectRequest, TextRequest } from "./types";

export class LazyLlmProvider implements LlmProvider {
  private provider: Promise<LlmProvider> | null = null;

  constructor(
    readonly modelId: string,
    private readonly load: () => Promise<LlmProvider>,
  ) {}

  async generateText(req: TextRequest): Promise<string> {
    return (await this.loaded()).generateText(req);
  }

  async generateObject<T>(req: ObjectRequest): Promise<T> {
    return (await this.loaded()).generateObject<T>(req);
  }

  private loaded(): Promise<LlmProvider> {
    // A failed load (a missing package) is not kept: the next call tries again.
    this.provider ??= this.load().catch((err: unknown) => {
      this.provider = null;
      throw err;
    });
    return this.provider;
  }
}
