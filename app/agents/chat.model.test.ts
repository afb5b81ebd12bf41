import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reply, startFakeOpenAI, type FakeOpenAI } from "../../tests/support/fake-openai";
import { buildChatRequest, citationsInAnswer, streamChatAnswer } from "./chat.model";
import { ModelRequestError } from "./llm.server";
import { faxFacts, testClient } from "./test-fixtures";

const facts = faxFacts();
const passages = [facts.prior_therapies[0].citations[0], facts.practitioner.citations[0]];

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

async function collect(it: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const d of it) out.push(d);
  return out;
}

describe("streamChatAnswer", () => {
  it("streams the answer's deltas in order", async () => {
    fake.setHandler(() => reply.chunks(["Methotrexate ", "20 mg weekly ", "for about 3.5 months [1]", "."]));
    const deltas = await collect(streamChatAnswer(testClient(fake.url), { question: "What was tried?", passages, history: [] }));
    expect(deltas).toEqual(["Methotrexate ", "20 mg weekly ", "for about 3.5 months [1]", "."]);
    expect(fake.requests[0].body.stream).toBe(true);
    expect(fake.requests[0].body.response_format).toBeUndefined();
  });

  it("grounds the model in numbered passages and keeps the thread's history", async () => {
    fake.setHandler(() => "The prescriber is a rheumatologist [2].");
    const history = [
      { role: "user" as const, content: "Who is the patient?" },
      { role: "assistant" as const, content: "Dana Whitfield." },
    ];
    const text = (await collect(streamChatAnswer(testClient(fake.url), { question: "Specialty?", passages, history }))).join("");
    expect(text).toBe("The prescriber is a rheumatologist [2].");
    const messages = fake.requests[0].body.messages;
    expect(messages[0].role).toBe("system");
    expect(messages[0].content).toMatch(/Answer only from the numbered passages/);
    expect(messages[0].content).toMatch(/\[1\] or \[2\]\[3\]/);
    expect(messages[0].content).toContain("[1] (fax, page 2) Methotrexate 20 mg weekly from 06/01/2025 to 09/15/2025");
    expect(messages[0].content).toContain("[2] (fax, page 1) Specialty: Rheumatology");
    expect(messages.slice(1)).toEqual([...history, { role: "user", content: "Specialty?" }]);
    expect(citationsInAnswer(text, passages)).toEqual([passages[1]]);
  });

  it("trims history to the most recent turns", () => {
    const history = Array.from({ length: 30 }, (_, i) => ({ role: (i % 2 ? "assistant" : "user") as "user" | "assistant", content: `turn ${i}` }));
    const { messages } = buildChatRequest({ question: "q", passages: [], history, maxHistory: 4 });
    expect(messages.map((m) => m.content)).toEqual(["turn 26", "turn 27", "turn 28", "turn 29", "q"]);
  });

  it("surfaces server errors as ModelRequestError after retries", async () => {
    fake.setHandler(() => reply.error(500));
    await expect(collect(streamChatAnswer(testClient(fake.url), { question: "q", passages, history: [] }))).rejects.toBeInstanceOf(ModelRequestError);
    expect(fake.requests).toHaveLength(3);
  });

  it("maps [n] references back to passages, ignoring unknown numbers", () => {
    expect(citationsInAnswer("A [2] b [1][2] c [9]", passages)).toEqual([passages[1], passages[0]]);
  });
});
