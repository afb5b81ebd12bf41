import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { resetEnvForTests } from "~/env.server";
import { reply, startFakeOpenAI, type FakeOpenAI } from "../../tests/support/fake-openai";
import { EMBEDDING_DIMENSIONS, getModelClient, ModelOutputError, ModelRequestError, toStrictJsonSchema } from "./llm.server";
import { testClient } from "./test-fixtures";

const Answer = z.object({ answer: z.string(), score: z.number().min(0).max(1) });

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

const ask = (client = testClient(fake.url)) => client.completeJson({ name: "answer", schema: Answer, system: "You answer.", user: "Question?" });

describe("getModelClient", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvForTests();
  });

  it("returns null without OPENAI_BASE_URL, so callers use the built-in engine", () => {
    delete process.env.OPENAI_BASE_URL;
    resetEnvForTests();
    expect(getModelClient()).toBeNull();
  });

  it("returns a client configured from the environment when OPENAI_BASE_URL is set", async () => {
    process.env.OPENAI_BASE_URL = fake.url;
    process.env.OPENAI_API_KEY = "env-key";
    process.env.OPENAI_MODEL = "env-model";
    resetEnvForTests();
    const client = getModelClient();
    expect(client?.model).toBe("env-model");
    fake.setHandler(() => ({ answer: "ok", score: 1 }));
    await ask(client!);
    expect(fake.requests[0].headers.authorization).toBe("Bearer env-key");
    expect(fake.requests[0].body.model).toBe("env-model");
  });
});

describe("completeJson", () => {
  it("sends a strict json_schema response_format and returns the validated data, model and usage", async () => {
    fake.setHandler(() => ({ answer: "yes", score: 0.9 }));
    const r = await ask();
    expect(r.data).toEqual({ answer: "yes", score: 0.9 });
    expect(r.model).toBe("fake-model");
    expect(r.usage?.total_tokens).toBeGreaterThan(0);
    expect(r.attempts).toBe(1);
    const body = fake.requests[0].body;
    expect(body.response_format).toEqual({ type: "json_schema", json_schema: { name: "answer", schema: toStrictJsonSchema(Answer), strict: true } });
    expect(body.response_format.json_schema.schema).toMatchObject({ type: "object", additionalProperties: false, required: ["answer", "score"] });
    expect(body.temperature).toBe(0);
    expect(body.messages).toEqual([
      { role: "system", content: "You answer." },
      { role: "user", content: "Question?" },
    ]);
  });

  it("accepts JSON wrapped in a Markdown fence", async () => {
    fake.setHandler(() => '```json\n{"answer":"fenced","score":0.5}\n```');
    expect((await ask()).data.answer).toBe("fenced");
  });

  it("repairs invalid JSON once by sending the parse error back, then succeeds", async () => {
    fake.setHandler((req) => (req.index === 0 ? '{"answer": "cut off' : { answer: "fixed", score: 0.4 }));
    const r = await ask();
    expect(r.data.answer).toBe("fixed");
    expect(r.attempts).toBe(2);
    const second = fake.requests[1].body.messages;
    expect(second).toHaveLength(4);
    expect(second[2]).toEqual({ role: "assistant", content: '{"answer": "cut off' });
    expect(second[3].role).toBe("user");
    expect(second[3].content).toMatch(/not valid JSON/);
  });

  it("repairs a schema violation by naming the failing path", async () => {
    fake.setHandler((req) => (req.index === 0 ? { answer: "x", score: 7 } : { answer: "x", score: 0.7 }));
    const r = await ask();
    expect(r.data.score).toBe(0.7);
    expect(fake.requests[1].body.messages[3].content).toMatch(/score:/);
  });

  it("throws ModelOutputError when the repair turn is invalid too", async () => {
    fake.setHandler(() => "not json at all");
    const err = await ask().catch((e) => e);
    expect(err).toBeInstanceOf(ModelOutputError);
    expect(err.code).toBe("model_output_invalid");
    expect(err.schemaName).toBe("answer");
    expect(err.raw).toBe("not json at all");
    expect(fake.requests).toHaveLength(2);
  });

  it("sends `check` problems back in the repair turn", async () => {
    fake.setHandler((req) => ({ answer: req.index === 0 ? "bad" : "good", score: 1 }));
    const r = await testClient(fake.url).completeJson({
      name: "answer",
      schema: Answer,
      system: "s",
      user: "u",
      check: (d) => (d.answer === "bad" ? ["answer must not be bad"] : []),
    });
    expect(r.data.answer).toBe("good");
    expect(fake.requests[1].body.messages[3].content).toContain("answer must not be bad");
  });

  it("retries a 500 and then succeeds (SDK retries, one logical call)", async () => {
    fake.setHandler((req) => (req.index === 0 ? reply.error(500) : { answer: "after retry", score: 1 }));
    const r = await ask();
    expect(r.data.answer).toBe("after retry");
    expect(fake.requests).toHaveLength(2);
  });

  it("retries a 429 rate limit", async () => {
    fake.setHandler((req) => (req.index < 2 ? reply.error(429, "rate limited") : { answer: "ok", score: 1 }));
    expect((await ask()).data.answer).toBe("ok");
    expect(fake.requests).toHaveLength(3);
  });

  it("gives up after maxRetries (2) with ModelRequestError carrying the status", async () => {
    fake.setHandler(() => reply.error(503, "overloaded"));
    const err = await ask().catch((e) => e);
    expect(err).toBeInstanceOf(ModelRequestError);
    expect(err.code).toBe("model_request_failed");
    expect(err.status).toBe(503);
    expect(fake.requests).toHaveLength(3);
  });

  it("does not retry a 400", async () => {
    fake.setHandler(() => reply.error(400, "bad schema"));
    const err = await ask().catch((e) => e);
    expect(err).toBeInstanceOf(ModelRequestError);
    expect(err.status).toBe(400);
    expect(fake.requests).toHaveLength(1);
  });

  it("times out after OPENAI_TIMEOUT_MS, retries, then throws model_timeout", async () => {
    fake.setHandler(() => reply.delay(10_000, { answer: "too late", score: 1 }));
    const started = Date.now();
    const err = await ask(testClient(fake.url, { timeoutMs: 200 })).catch((e) => e);
    expect(err).toBeInstanceOf(ModelRequestError);
    expect(err.code).toBe("model_timeout");
    expect(fake.requests).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it("reports each call to onCall", async () => {
    const calls: unknown[] = [];
    fake.setHandler(() => ({ answer: "a", score: 1 }));
    await ask(testClient(fake.url, { onCall: (c) => calls.push(c) }));
    expect(calls).toEqual([expect.objectContaining({ kind: "json", name: "answer", model: "fake-model", attempts: 1, ok: true })]);
  });
});

describe("completeWithJsonSchema", () => {
  it("sends a caller's JSON Schema as is and returns the parsed object", async () => {
    const schema = { $schema: "x", type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false };
    fake.setHandler(() => ({ a: "b" }));
    const r = await testClient(fake.url).completeWithJsonSchema({ name: "custom", jsonSchema: schema, system: "s", user: "u" });
    expect(r.data).toEqual({ a: "b" });
    expect(fake.requests[0].body.response_format.json_schema).toEqual({
      name: "custom",
      strict: true,
      schema: { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false },
    });
  });
});

describe("streamText", () => {
  it("streams the deltas in order with stream: true", async () => {
    fake.setHandler(() => reply.chunks(["The ", "patient ", "tried ", "methotrexate [1]."]));
    const got: string[] = [];
    for await (const d of testClient(fake.url).streamText({ system: "sys", messages: [{ role: "user", content: "hi" }] })) got.push(d);
    expect(got).toEqual(["The ", "patient ", "tried ", "methotrexate [1]."]);
    expect(fake.requests[0].body.stream).toBe(true);
    expect(fake.requests[0].body.messages[0]).toEqual({ role: "system", content: "sys" });
  });

  it("cuts off a stream that stalls longer than the timeout", async () => {
    fake.setHandler(() => reply.chunks(["first ", "never"], { delayMs: 3_000 }));
    const got: string[] = [];
    const run = async () => {
      for await (const d of testClient(fake.url, { timeoutMs: 200 }).streamText({ system: "s", messages: [] })) got.push(d);
    };
    const err = await run().catch((e) => e);
    expect(got).toEqual(["first "]);
    expect(err).toBeInstanceOf(ModelRequestError);
    expect(err.code).toBe("model_timeout");
  });

  it("does not count the consumer's own pauses as a stall", async () => {
    fake.setHandler(() => reply.chunks(["a", "b", "c"]));
    const got: string[] = [];
    for await (const d of testClient(fake.url, { timeoutMs: 150 }).streamText({ system: "s", messages: [] })) {
      got.push(d);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(got).toEqual(["a", "b", "c"]);
  });

  it("throws ModelRequestError when the server fails", async () => {
    fake.setHandler(() => reply.error(400, "nope"));
    const run = async () => {
      for await (const _ of testClient(fake.url).streamText({ system: "s", messages: [] })) void _;
    };
    await expect(run()).rejects.toBeInstanceOf(ModelRequestError);
  });
});

describe("embed", () => {
  it("requests 384 float dimensions and returns one vector per text, in order", async () => {
    const v = await testClient(fake.url).embed(["alpha", "beta"]);
    expect(v).toHaveLength(2);
    expect(v[0]).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(v[0]).not.toEqual(v[1]);
    const body = fake.requests[0].body;
    expect(body).toMatchObject({ model: "fake-embedding", input: ["alpha", "beta"], dimensions: 384, encoding_format: "float" });
  });

  it("reorders vectors by index", async () => {
    fake.setHandler(() =>
      reply.raw({
        object: "list",
        model: "m",
        data: [
          { object: "embedding", index: 1, embedding: Array(384).fill(1) },
          { object: "embedding", index: 0, embedding: Array(384).fill(0) },
        ],
        usage: { prompt_tokens: 1, total_tokens: 1 },
      }),
    );
    const v = await testClient(fake.url).embed(["zero", "one"]);
    expect(v[0][0]).toBe(0);
    expect(v[1][0]).toBe(1);
  });

  it("rejects vectors that are not 384 long", async () => {
    fake.setHandler(() => reply.embeddings([Array(1536).fill(0.01)]));
    const err = await testClient(fake.url)
      .embed(["x"])
      .catch((e) => e);
    expect(err).toBeInstanceOf(ModelOutputError);
    expect(err.message).toMatch(/1536 dimensions, expected 384/);
  });

  it("batches large inputs and returns nothing for no input", async () => {
    const texts = Array.from({ length: 70 }, (_, i) => `t${i}`);
    const v = await testClient(fake.url, { embedBatchSize: 64 }).embed(texts);
    expect(v).toHaveLength(70);
    expect(fake.requestsTo("/embeddings").map((r) => r.body.input.length)).toEqual([64, 6]);
    fake.requests.length = 0;
    expect(await testClient(fake.url).embed([])).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("toStrictJsonSchema", () => {
  it("rejects optional properties and open records, which strict mode refuses", () => {
    expect(() => toStrictJsonSchema(z.object({ a: z.string().optional() }))).toThrow(/optional/);
    expect(() => toStrictJsonSchema(z.object({ a: z.record(z.string(), z.unknown()) }))).toThrow(/open record/);
  });

  it("drops $schema, safe-integer bounds and string lengths", () => {
    const s = toStrictJsonSchema(z.object({ n: z.number().int(), t: z.string().min(3) }));
    expect(s).toEqual({
      type: "object",
      properties: { n: { type: "integer" }, t: { type: "string" } },
      required: ["n", "t"],
      additionalProperties: false,
    });
  });
});
