/**
 * Chat agent ("Chat with Prior Auth"): streams an answer to a reviewer's question, grounded in
 * retrieved passages of the case and its coverage policy and citing them as [1], [2] ...
 * There is no built-in equivalent that generates prose; without a model the chat panel shows
 * the retrieved passages instead.
 */
import type { Citation } from "~/clinical/contracts";
import type { ChatTurn, ModelClient } from "./llm.server";
import { formatEvidence } from "./cite";

export const CHAT_SYSTEM_PROMPT = `You are a prior authorization (PA) review assistant. You answer a utilization management reviewer's questions about one PA case.

Rules:
- Answer only from the numbered passages below (the case documents and the coverage policy). If they do not contain the answer, say that the case documents do not say, and name what is missing.
- Cite every statement with the passage number in square brackets, e.g. [1] or [2][3], right after the statement. Never cite a passage that does not support the statement.
- Be brief and exact: names, doses, dates, lab values and codes as written in the passages.
- Do not make the coverage decision for the reviewer and do not give medical advice to the patient.`;

export interface ChatInput {
  question: string;
  /** retrieved passages; numbered [1].. in this order */
  passages: Citation[];
  /** earlier turns of the thread, oldest first */
  history: ChatTurn[];
  /** most recent turns kept from history (default 10) */
  maxHistory?: number;
}

/** The system prompt and turns sent for a chat answer (exported for tests and debugging). */
export function buildChatRequest(input: ChatInput): { system: string; messages: ChatTurn[] } {
  const history = input.history.filter((t) => t.content.trim()).slice(-(input.maxHistory ?? 10));
  return {
    system: `${CHAT_SYSTEM_PROMPT}\n\nPassages:\n${formatEvidence(input.passages, 2000)}`,
    messages: [...history, { role: "user", content: input.question }],
  };
}

/**
 * Streams the answer's text deltas, in order. Concatenated they form the answer, with passage
 * references like [1] (map them back with `citationsInAnswer`).
 * Errors: `ModelRequestError` (before or during the stream).
 */
export function streamChatAnswer(client: ModelClient, input: ChatInput): AsyncIterable<string> {
  const { system, messages } = buildChatRequest(input);
  return client.streamText({ system, messages, name: "chat" });
}

/** Passages cited in a finished answer ("[2]" → passages[1]), in order of first citation, unknown numbers ignored. */
export function citationsInAnswer(answer: string, passages: Citation[]): Citation[] {
  const out: Citation[] = [];
  const seen = new Set<number>();
  for (const m of answer.matchAll(/\[(\d{1,3})\]/g)) {
    const n = Number(m[1]);
    if (seen.has(n) || !passages[n - 1]) continue;
    seen.add(n);
    out.push(passages[n - 1]);
  }
  return out;
}
