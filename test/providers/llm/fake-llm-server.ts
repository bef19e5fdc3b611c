// A local stand-in for LLM providers: speaks OpenAI chat completions (POST /v1/chat/completions)
// and Anthropic messages (POST /v1/messages), answering from a script, one step per request.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as wait } from "node:timers/promises";
import { anthropicStream, openAiStream } from "./fake-stream";

export type Step =
  /**
   * A normal answer whose text is this string (for objects: the JSON text of the object);
   * `cutOff`: it stopped at its output budget (OpenAI's `length`, Anthropic's `max_tokens`).
   */
  | { text: string; cutOff?: boolean }
  /** A normal answer carrying this value as the structured output. */
  | { json: unknown }
  | { status: number; body: string; headers?: Record<string, string> }
  /** Waits, then takes the next step (unless the client gave up first). */
  | { delayMs: number; then: Step }
  /** Waits until the promise settles (a test decides when), then takes the next step. */
  | { waitFor: Promise<unknown>; then: Step }
  /** A 200 whose body streams this many bytes of JSON-looking filler. */
  | { oversized: number; declareLength?: boolean }
  /** A 200 announcing the whole answer's length, then half of it, then the connection drops. */
  | { cutInTransit: { text: string } | { json: unknown } }
  /**
   * A streamed answer in `pieces` pieces, `pieceDelayMs` apart: a slow local model. With `hold`,
   * it stops after that many events until the promise settles (a test decides when).
   */
  | {
      slowStream: { text: string } | { json: unknown };
      pieces: number;
      pieceDelayMs: number;
      hold?: { after: number; until: Promise<unknown> };
    };

interface Seen {
  /** When the request had been read whole (Date.now()). */
  at: number;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeLlmServer {
  baseUrl: string;
  seen: Seen[];
  /** Steps for the next requests in order; the last one repeats. */
  script(...steps: Step[]): void;
  /**
   * Answers by what is asked instead (e.g. the structured output's schema name, for requests sent
   * in parallel): the step for a request's body, or undefined to take the script's next step.
   */
  respond(choose: ((body: Record<string, unknown>) => Step | undefined) | null): void;
  close(): Promise<void>;
}

function openAiAnswer(text: string, cutOff = false): string {
  return JSON.stringify({
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "test-model",
    choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: cutOff ? "length" : "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });
}

function anthropicAnswer(body: Record<string, unknown>, step: { text: string } | { json: unknown }): string {
  const tools = Array.isArray(body.tools) ? (body.tools as { name?: string }[]) : [];
  // Models without native structured output get the schema as a forced "json" tool.
  const viaTool = tools.some((t) => t.name === "json");
  let content: unknown[];
  if ("json" in step && viaTool) {
    content = [{ type: "tool_use", id: "toolu_test", name: "json", input: step.json }];
  } else {
    const text = "json" in step ? JSON.stringify(step.json) : step.text;
    content = [{ type: "text", text }];
  }
  return JSON.stringify({
    type: "message",
    id: "msg_test",
    model: "test-model",
    role: "assistant",
    content,
    stop_reason: "cutOff" in step && step.cutOff ? "max_tokens" : viaTool ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 10 },
  });
}

export async function startFakeLlmServer(): Promise<FakeLlmServer> {
  let steps: Step[] = [{ text: "ok" }];
  let chooser: ((body: Record<string, unknown>) => Step | undefined) | null = null;
  const seen: Seen[] = [];
  const sockets = new Set<import("node:net").Socket>();

  function nextStep(): Step {
    return steps.length > 1 ? steps.shift()! : steps[0]!;
  }

  async function answer(step: Step, req: http.IncomingMessage, res: http.ServerResponse, body: Record<string, unknown>): Promise<void> {
    if ("waitFor" in step) {
      await step.waitFor.catch(() => undefined);
      // The request was read whole, so only the response's side says whether the client left.
      if (res.destroyed || res.socket?.destroyed) return;
      return answer(step.then, req, res, body);
    }
    if ("delayMs" in step) {
      await new Promise((resolve) => setTimeout(resolve, step.delayMs));
      // The request was read whole (and so is done with), so only the response's side says
      // whether the client gave up meanwhile.
      if (res.destroyed || res.socket?.destroyed) return;
      return answer(step.then, req, res, body);
    }
    if ("status" in step) {
      res.writeHead(step.status, { "content-type": "application/json", ...step.headers });
      res.end(step.body);
      return;
    }
    if (body.stream === true && ("text" in step || "json" in step || "cutInTransit" in step || "slowStream" in step)) {
      return streamAnswer(step, req, res, body);
    }
    if ("slowStream" in step)
      return answer("text" in step.slowStream ? { text: step.slowStream.text } : { json: step.slowStream.json }, req, res, body);
    if ("cutInTransit" in step) {
      const whole =
        req.url === "/v1/messages"
          ? anthropicAnswer(body, step.cutInTransit)
          : openAiAnswer("json" in step.cutInTransit ? JSON.stringify(step.cutInTransit.json) : step.cutInTransit.text);
      const bytes = Buffer.from(whole, "utf8");
      res.writeHead(200, { "content-type": "application/json", "content-length": String(bytes.length) });
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
      return;
    }
    if ("oversized" in step) {
      const chunk = Buffer.alloc(16 * 1024, "a");
      res.writeHead(200, {
        "content-type": "application/json",
        ...(step.declareLength ? { "content-length": String(step.oversized) } : {}),
      });
      let sent = 0;
      const pump = () => {
        while (sent < step.oversized && !res.destroyed) {
          const part = chunk.subarray(0, Math.min(chunk.length, step.oversized - sent));
          sent += part.length;
          if (!res.write(part)) return void res.once("drain", pump);
        }
        if (!res.destroyed) res.end();
      };
      pump();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    if (req.url === "/v1/messages") res.end(anthropicAnswer(body, step));
    else res.end("json" in step ? openAiAnswer(JSON.stringify(step.json)) : openAiAnswer(step.text, step.cutOff));
  }

  /** A streamed answer: whole, slow, or cut off midway, as the step says. */
  async function streamAnswer(
    step: Extract<Step, { text: string } | { json: unknown } | { cutInTransit: unknown } | { slowStream: unknown }>,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Record<string, unknown>,
  ): Promise<void> {
    const content = "slowStream" in step ? step.slowStream : "cutInTransit" in step ? step.cutInTransit : step;
    const text = "json" in content ? JSON.stringify(content.json) : content.text;
    const cutOff = "text" in content && "cutOff" in content && content.cutOff === true;
    const pieces = "slowStream" in step ? step.pieces : 4;
    const tools = Array.isArray(body.tools) ? (body.tools as { name?: string }[]) : [];
    const events =
      req.url === "/v1/messages"
        ? anthropicStream(text, { cutOff, pieces, viaTool: "json" in content && tools.some((t) => t.name === "json") })
        : openAiStream(text, { cutOff, pieces });
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const sent = "cutInTransit" in step ? events.slice(0, Math.ceil(events.length / 2)) : events;
    for (const [index, event] of sent.entries()) {
      if ("slowStream" in step) await wait(step.pieceDelayMs);
      if ("slowStream" in step && step.hold?.after === index) await step.hold.until.catch(() => undefined);
      if (res.destroyed || res.socket?.destroyed) return;
      res.write(event);
    }
    if ("cutInTransit" in step) res.socket?.destroy();
    else res.end();
  }

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // recorded as empty
      }
      seen.push({ at: Date.now(), path: req.url ?? "", headers: req.headers, body });
      if (req.url !== "/v1/chat/completions" && req.url !== "/v1/messages") {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      void answer(chooser?.(body) ?? nextStep(), req, res, body);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    seen,
    script(...next) {
      steps = next;
    },
    respond(choose) {
      chooser = choose;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
