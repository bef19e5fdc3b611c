// The fault run's HTTP client: requests go to the API processes in turn, and are retried on
// what a restart of the database or of a process answers (connection errors, 5xx, 429) until a
// real answer comes or a deadline passes. Start requests carry an Idempotency-Key where the
// endpoint takes one, so retrying a start whose first answer was lost charges nothing twice.
import type { Api } from "./fleet";

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** The API process that gave this answer. */
  api: string;
  /** Unusable answers before this one: when > 0, an earlier attempt may have taken effect unseen. */
  retries: number;
}

export interface RequestOptions {
  body?: unknown;
  idempotencyKey?: string;
  /** How long to keep retrying an unusable answer; default 120 s (a database restart plus start-up on a busy machine). */
  deadlineMs?: number;
}

export class Client {
  private turn = 0;
  /** Answers that had to be retried, by cause: what the faults cost the API's users. */
  readonly retried = new Map<string, number>();

  constructor(
    private readonly apis: Api[],
    private readonly key: string,
  ) {}

  /** The next API process in turn: consecutive requests alternate between them. */
  private nextApi(): Api {
    const api = this.apis[this.turn % this.apis.length]!;
    this.turn++;
    return api;
  }

  private count(cause: string): void {
    this.retried.set(cause, (this.retried.get(cause) ?? 0) + 1);
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const deadline = Date.now() + (options.deadlineMs ?? 120_000);
    let pause = 100;
    for (let retries = 0; ; retries++) {
      const api = this.nextApi();
      let cause: string;
      try {
        const headers: Record<string, string> = { "x-api-key": this.key };
        if (options.body !== undefined) headers["content-type"] = "application/json";
        if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
        const res = await fetch(`${api.base}${path}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        if (res.status < 500 && res.status !== 429) {
          return { status: res.status, body: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>), api: api.name, retries };
        }
        cause = `HTTP ${res.status}`;
      } catch (err) {
        cause = (err as Error).name === "TimeoutError" ? "timeout" : "connection error";
      }
      this.count(cause);
      if (Date.now() > deadline) throw new Error(`${method} ${path}: no usable answer before the deadline (last: ${cause})`);
      // Back off while the database or a process comes back: a retry, not a wait for a condition we could poll.
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 2000);
    }
  }
}
