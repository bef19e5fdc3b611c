// Calls to a running canopy with the bench key, answering the parsed JSON or throwing with the
// status and body, for benchmarks that drive whole workflows over HTTP.
import type { RunningCanopy } from "./servers";

export class ApiClient {
  constructor(private readonly server: RunningCanopy) {}

  async call<T>(method: string, route: string, body?: unknown): Promise<T> {
    const res = await fetch(new URL(this.server.url).origin + route, {
      method,
      headers: { "x-api-key": this.server.apiKey, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  }
}
