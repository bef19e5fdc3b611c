// What the fake LLM server needs to play a model drafting article sections: which section a
// request asks for, and a draft that passes the section checks (see section-check.ts).
import type { Step } from "./fake-llm-server";

/** The prompt of a request (the last message's text, as JSON text). */
export function promptOf(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as { content?: unknown }[];
  return JSON.stringify(messages.at(-1)?.content ?? "");
}

/** The heading of the section a request asks to draft (see sectionPrompt); undefined for other requests. */
export function headingOf(body: Record<string, unknown>): string | undefined {
  return /Write the section \\"(.+?)\\" of the article/.exec(promptOf(body))?.[1];
}

/** A draft that passes the checks: the heading's words, as many words as the prompt asks. */
export function goodDraft(body: Record<string, unknown>): Step {
  const heading = headingOf(body) ?? "the topic";
  const words = Number(/Write about (\d+) words/.exec(promptOf(body))?.[1] ?? 200);
  const sentence = `${heading.replace(/[^\p{L}\p{N} ]/gu, " ")} matters because it shapes every cup you brew at home.`
    .split(/\s+/)
    .filter(Boolean);
  const out: string[] = [];
  while (out.length < words) out.push(...sentence);
  return { text: out.slice(0, words).join(" ") };
}
