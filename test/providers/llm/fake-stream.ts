// The streamed form of the fake model's answers (server-sent events), for requests that ask for a
// stream: OpenAI's chat completion chunks and Anthropic's message events, the answer cut into
// pieces so that a test can space them out (a slow local model) or drop the connection midway.

/** The answer's text cut into about `pieces` pieces (at least one, even for an empty answer). */
function piecesOf(text: string, pieces: number): string[] {
  if (text === "") return [""];
  const size = Math.max(1, Math.ceil(text.length / pieces));
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}

const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`;

/** OpenAI chat completion chunks: a role, the content in pieces, the finish reason, then the usage. */
export function openAiStream(text: string, options: { cutOff?: boolean; pieces: number }): string[] {
  const chunk = (choices: unknown[], extra: object = {}) =>
    sse({ id: "chatcmpl-test", object: "chat.completion.chunk", created: 1_700_000_000, model: "test-model", choices, ...extra });
  return [
    chunk([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]),
    ...piecesOf(text, options.pieces).map((piece) => chunk([{ index: 0, delta: { content: piece }, finish_reason: null }])),
    chunk([{ index: 0, delta: {}, finish_reason: options.cutOff ? "length" : "stop" }]),
    chunk([], { usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 } }),
    "data: [DONE]\n\n",
  ];
}

/**
 * Anthropic message events: the answer as text, or, when the request forced the `json` tool (a
 * structured call to a model without native structured output), as that tool's input in pieces.
 */
export function anthropicStream(text: string, options: { cutOff?: boolean; pieces: number; viaTool: boolean }): string[] {
  const block = options.viaTool ? { type: "tool_use", id: "toolu_test", name: "json", input: {} } : { type: "text", text: "" };
  const delta = (piece: string) =>
    options.viaTool ? { type: "input_json_delta", partial_json: piece } : { type: "text_delta", text: piece };
  const stop = options.cutOff ? "max_tokens" : options.viaTool ? "tool_use" : "end_turn";
  return [
    sse(
      {
        type: "message_start",
        message: {
          id: "msg_test",
          type: "message",
          role: "assistant",
          model: "test-model",
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 1 },
        },
      },
      "message_start",
    ),
    sse({ type: "content_block_start", index: 0, content_block: block }, "content_block_start"),
    ...piecesOf(text, options.pieces).map((piece) =>
      sse({ type: "content_block_delta", index: 0, delta: delta(piece) }, "content_block_delta"),
    ),
    sse({ type: "content_block_stop", index: 0 }, "content_block_stop"),
    sse({ type: "message_delta", delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 10 } }, "message_delta"),
    sse({ type: "message_stop" }, "message_stop"),
  ];
}
