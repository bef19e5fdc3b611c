// A stand-in for DataForSEO on 127.0.0.1: it checks HTTP Basic auth and the shape of each
// request body as the documentation describes it, then replays scripted answers (fixtures in
// DataForSEO's wire format, garbage, huge or slow bodies). Unscripted calls get an answer
// built by `fallback`, or fail the test loudly.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(here, "fixtures", name), "utf8")) as unknown;
}

export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  /** JSON-encoded unless it is a string, which is sent as is. */
  body?: unknown;
  /** Answer after this long (the body is never sent if the client has gone). */
  delayMs?: number;
  /** Stream this many bytes of filler instead of `body`. */
  streamBytes?: number;
  /** With streamBytes: declare the length up front. */
  declareLength?: boolean;
}

export interface RecordedRequest {
  path: string;
  method: string;
  authorization: string | undefined;
  body: unknown;
}

type Fallback = (request: RecordedRequest) => ScriptedReply;

export const SERP_PATH = "/v3/serp/google/organic/live/advanced";
export const VOLUME_PATH = "/v3/keywords_data/google_ads/search_volume/live";
export const LABS_IDEAS_PATH = "/v3/dataforseo_labs/google/keyword_ideas/live";
export const LABS_SUGGESTIONS_PATH = "/v3/dataforseo_labs/google/keyword_suggestions/live";
export const LABS_RELATED_PATH = "/v3/dataforseo_labs/google/related_keywords/live";
export const AUTOCOMPLETE_PATH = "/v3/serp/google/autocomplete/live/advanced";
export const CONTENT_PARSING_PATH = "/v3/on_page/content_parsing/live";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}

/**
 * The fields the three Labs keyword endpoints share, as documented: an optional limit of
 * 1..1000, optional booleans, and sort rules "field,asc|desc" (at most three) whose fields, for
 * related_keywords, sit under keyword_data.
 */
function labsProblems(requestPath: string, task: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const limit = task.limit;
  if (limit !== undefined && (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > 1000)) {
    problems.push("limit must be an integer 1..1000");
  }
  if (task.include_seed_keyword !== undefined && typeof task.include_seed_keyword !== "boolean") {
    problems.push("include_seed_keyword must be a boolean");
  }
  const orderBy = task.order_by;
  if (orderBy !== undefined) {
    const prefix = requestPath === LABS_RELATED_PATH ? "keyword_data." : "keyword_info.";
    const rule = /^[a-z_.]+,(asc|desc)$/;
    if (!Array.isArray(orderBy) || orderBy.length < 1 || orderBy.length > 3) problems.push("order_by: 1..3 rules");
    else if (!orderBy.every((r) => typeof r === "string" && rule.test(r) && r.startsWith(prefix)))
      problems.push(`order_by: rules "field,asc|desc" on ${prefix} fields`);
  }
  if (requestPath === LABS_IDEAS_PATH) {
    const keywords = task.keywords;
    if (!Array.isArray(keywords) || keywords.length < 1 || keywords.length > 200) problems.push("keywords: 1..200 items");
    else if (!keywords.every(nonEmptyString)) problems.push("keywords: non-empty strings");
  } else if (!nonEmptyString(task.keyword)) {
    problems.push("keyword must be a non-empty string");
  }
  if (requestPath === LABS_RELATED_PATH && task.depth !== undefined) {
    if (typeof task.depth !== "number" || !Number.isInteger(task.depth) || task.depth < 0 || task.depth > 4)
      problems.push("depth must be 0..4");
  }
  return problems;
}

/** content_parsing/live: an absolute http(s) address of at most 2,000 characters, and nothing unknown. */
function contentParsingProblems(task: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (typeof task.url !== "string" || !/^https?:\/\/\S+$/.test(task.url) || task.url.length > 2000)
    problems.push("url must be an absolute http(s) address of at most 2000 characters");
  const known = new Set(["url", "custom_user_agent", "browser_preset", "enable_javascript", "markdown_view", "accept_language"]);
  for (const key of Object.keys(task)) if (!known.has(key)) problems.push(`unknown field ${key}`);
  return problems;
}

const LABS_PATHS = new Set([LABS_IDEAS_PATH, LABS_SUGGESTIONS_PATH, LABS_RELATED_PATH]);

/** What the documentation asks of a request body; returns the problems found. */
function shapeProblems(requestPath: string, body: unknown): string[] {
  if (!Array.isArray(body) || body.length !== 1) return ["body must be an array with exactly one task"];
  const task: unknown = body[0];
  if (!isRecord(task)) return ["the task must be an object"];
  // Content parsing reads one address: no place, no language.
  if (requestPath === CONTENT_PARSING_PATH) return contentParsingProblems(task);
  const problems: string[] = [];
  const hasCode = typeof task.location_code === "number";
  const hasName = typeof task.location_name === "string";
  if (hasCode === hasName) problems.push("exactly one of location_code and location_name");
  if (typeof task.language_code !== "string") problems.push("language_code must be a string");
  if (requestPath === SERP_PATH) {
    if (typeof task.keyword !== "string" || task.keyword === "") problems.push("keyword must be a non-empty string");
    if (typeof task.depth !== "number" || task.depth < 1 || task.depth > 700) problems.push("depth must be 1..700");
  } else if (requestPath === VOLUME_PATH) {
    const keywords = task.keywords;
    if (!Array.isArray(keywords) || keywords.length < 1 || keywords.length > 1000) problems.push("keywords: 1..1000 items");
    else if (!keywords.every((k) => typeof k === "string" && k.length > 0 && k.length <= 80))
      problems.push("keywords: strings of 1..80 chars");
  } else if (LABS_PATHS.has(requestPath)) {
    problems.push(...labsProblems(requestPath, task));
  } else if (requestPath === AUTOCOMPLETE_PATH) {
    if (!nonEmptyString(task.keyword) || (task.keyword as string).length > 700)
      problems.push("keyword: a non-empty string of at most 700 chars");
    if (task.client !== undefined && typeof task.client !== "string") problems.push("client must be a string");
  } else {
    problems.push(`unknown endpoint ${requestPath}`);
  }
  return problems;
}

/** A success envelope around one task's result, as live endpoints answer. */
export function envelope(result: unknown[], taskStatus = 20000, taskMessage = "Ok."): unknown {
  return {
    version: "0.1.20250526",
    status_code: 20000,
    status_message: "Ok.",
    time: "1.0000 sec.",
    cost: 0.002,
    tasks_count: 1,
    tasks_error: taskStatus === 20000 ? 0 : 1,
    tasks: [
      {
        id: "05261500-1535-0139-0000-000000000001",
        status_code: taskStatus,
        status_message: taskMessage,
        time: "0.9000 sec.",
        cost: 0.002,
        result_count: result.length,
        path: ["v3"],
        data: {},
        result: taskStatus === 20000 ? result : null,
      },
    ],
  };
}

/** A plausible SERP for any keyword: three organic results whose URLs name the keyword. */
export function serpFor(keyword: string): unknown {
  const slug = keyword.replace(/\s+/g, "-");
  const items = [1, 2, 3].map((rank) => ({
    type: "organic",
    rank_group: rank,
    rank_absolute: rank,
    domain: `site${rank}.example`,
    title: `${keyword} ${rank}`,
    url: `https://site${rank}.example/${slug}`,
    description: `About ${keyword}.`,
  }));
  return envelope([{ keyword, type: "organic", se_results_count: 1000, items_count: 3, items }]);
}

export class FakeDataForSeo {
  readonly requests: RecordedRequest[] = [];
  readonly shapeErrors: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  fallback: Fallback | null = null;
  /** When set, each request waits until this many are in flight (or 10 s pass) before answering. */
  barrier: number | null = null;
  private readonly queues = new Map<string, ScriptedReply[]>();
  private readonly waiting: Array<() => void> = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly expectedAuth: string,
  ) {}

  static async start(login: string, password: string): Promise<FakeDataForSeo> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeDataForSeo(server, `http://127.0.0.1:${port}`, `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`);
    server.on("request", (req, res) => void fake.handle(req, res));
    return fake;
  }

  /** Answers for the next calls to `requestPath`, in order. */
  enqueue(requestPath: string, ...replies: ScriptedReply[]): void {
    this.queues.set(requestPath, [...(this.queues.get(requestPath) ?? []), ...replies]);
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = null;
      }
      const requestPath = req.url ?? "";
      const recorded: RecordedRequest = { path: requestPath, method: req.method ?? "", authorization: req.headers.authorization, body };
      this.requests.push(recorded);
      if (req.headers.authorization !== this.expectedAuth) {
        await this.send(res, { status: 401, body: fixture("unauthorized-40100.json") });
        return;
      }
      const problems = req.method === "POST" ? shapeProblems(requestPath, body) : ["method must be POST"];
      if (problems.length > 0) {
        this.shapeErrors.push(...problems);
        await this.send(res, { body: envelope([], 40501, `Invalid Field: ${problems.join("; ")}`) });
        return;
      }
      if (this.barrier !== null) await this.holdForBarrier(this.barrier);
      const reply = this.queues.get(requestPath)?.shift() ?? this.fallback?.(recorded);
      if (!reply) {
        this.shapeErrors.push(`no scripted answer for ${requestPath}`);
        await this.send(res, { status: 500, body: "no scripted answer" });
        return;
      }
      if (reply.delayMs) await this.wait(reply.delayMs);
      await this.send(res, reply);
    } finally {
      this.inFlight -= 1;
    }
  }

  private async holdForBarrier(size: number): Promise<void> {
    if (this.inFlight >= size) {
      for (const release of this.waiting.splice(0)) release();
      return;
    }
    await Promise.race([new Promise<void>((resolve) => this.waiting.push(resolve)), this.wait(10_000)]);
  }

  private async send(res: ServerResponse, reply: ScriptedReply): Promise<void> {
    if (res.destroyed) return;
    const headers: Record<string, string> = { "content-type": "application/json", ...reply.headers };
    if (reply.streamBytes !== undefined) {
      if (reply.declareLength) headers["content-length"] = String(reply.streamBytes);
      res.writeHead(reply.status ?? 200, headers);
      const piece = Buffer.alloc(64 * 1024, 0x20);
      let left = reply.streamBytes;
      // Read afresh on each turn: the client may go away while the loop waits for a drain.
      const open = (): boolean => !res.destroyed;
      while (left > 0 && open()) {
        const part = piece.subarray(0, Math.min(piece.length, left));
        left -= part.length;
        if (!res.write(part)) {
          await new Promise<void>((resolve) => {
            const done = (): void => {
              res.off("drain", done);
              res.off("close", done);
              resolve();
            };
            res.on("drain", done);
            res.on("close", done);
          });
        }
      }
      res.end();
      return;
    }
    const payload = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body ?? null);
    res.writeHead(reply.status ?? 200, headers);
    res.end(payload);
  }
}
