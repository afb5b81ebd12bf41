/**
 * 'Chat with Prior Auth' through the real routes: threads, questions, and AI replies streamed as
 * live events on prior_auth:{id} — chat.created → chat.delta (accumulated content) → chat.completed
 * with citations into the case documents and the coverage policy — or chat.error with the spec's
 * message when the engine fails, without blocking the request or crashing the process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute, seedReviewedCase } from "./api-prior-auths.seed";
import { subscribe, type LiveEvent } from "~/queue/live-events.server";
import { createChatMessage, createChatThread, settleChatReplies, startAiChatReply, SUGGESTED_QUESTIONS } from "~/chat/chat.server";
import type { ModelClient } from "~/agents/llm.server";
import * as threadsRoute from "~/routes/api/prior-auths/chat-threads";
import * as messagesRoute from "~/routes/api/prior-auths/chat-messages";
import * as aiRoute from "~/routes/api/prior-auths/ai-chat-message";

let t: TestDatabase;
let orgId: string;
let otherOrgId: string;
let cookie: string;
let otherCookie: string;
let apiKey: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database);
  const b = await createOrgWithUser(t.database);
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  cookie = await signInCookie(t.database, a.user.id);
  otherCookie = await signInCookie(t.database, b.user.id);
  apiKey = (await createApiKey(t.database, orgId)).token;
});

afterAll(async () => {
  await settleChatReplies();
  await t?.cleanup();
});

async function until(check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting for events");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A model client whose chat stream yields `pieces` (or throws); embeddings fail so retrieval falls back to the built-in vectors. */
function fakeClient(pieces: string[] | Error): ModelClient {
  return {
    model: "fake-chat",
    embeddingModel: "fake-embed",
    async embed() {
      throw new Error("no embeddings here");
    },
    async *streamText() {
      if (pieces instanceof Error) throw pieces;
      for (const p of pieces) yield p;
    },
    completeJson: () => Promise.reject(new Error("unused")),
    completeWithJsonSchema: () => Promise.reject(new Error("unused")),
  } as ModelClient;
}

describe("chat API", () => {
  it("streams a built-in reply: created → deltas → completed, citing the fax and the coverage policy", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    const base = `/api/o/${orgId}/prior_auths/${priorAuthId}/chat_threads`;
    const threadRes = await callRoute(threadsRoute, "POST", base, { orgId, id: priorAuthId }, { headers: { Cookie: cookie } });
    expect(threadRes.status).toBe(200);
    const { chat_thread } = await threadRes.json();
    expect(chat_thread.prior_auth_id).toBe(priorAuthId);
    const params = { orgId, id: priorAuthId, threadId: chat_thread.token };

    const asked = await callRoute(messagesRoute, "POST", `${base}/${chat_thread.token}/chat_messages`, params, {
      headers: { Cookie: cookie },
      body: { content: SUGGESTED_QUESTIONS[2] },
    });
    expect(asked.status).toBe(200);
    expect((await asked.json()).chat_message).toMatchObject({ content: "Which medications were tried before?", ai_sender: false });

    const events: LiveEvent[] = [];
    const unsubscribe = await subscribe(t.database, `prior_auth:${priorAuthId}`, (e) => events.push(e));
    const started = Date.now();
    const res = await callRoute(aiRoute, "POST", `${base}/${chat_thread.token}/ai_chat_message`, params, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const { chat_message } = await res.json();
    expect(chat_message).toMatchObject({ ai_sender: true, streaming: true, content: "" });
    expect(Date.now() - started).toBeLessThan(5_000); // the reply runs in the background

    await until(() => events.some((e) => e.event === "chat.completed" || e.event === "chat.error"));
    unsubscribe();
    const names = events.filter((e) => e.event.startsWith("chat.")).map((e) => e.event);
    expect(names[0]).toBe("chat.created");
    expect(names.at(-1)).toBe("chat.completed");
    const deltas = events.filter((e) => e.event === "chat.delta").map((e) => (e.data as { chat_message: { content: string } }).chat_message.content);
    expect(deltas.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < deltas.length; i++) expect(deltas[i]!.startsWith(deltas[i - 1]!)).toBe(true); // accumulated, growing
    const done = (
      events.at(-1)!.data as {
        chat_message: { id: string; content: string; streaming: boolean; citations: { document: string; page: number; text: string }[] };
      }
    ).chat_message;
    expect(done.id).toBe(chat_message.id);
    expect(done.streaming).toBe(false);
    expect(done.content).toBe(deltas.at(-1));
    expect(done.content).toContain("[1]");
    expect(done.content).toMatch(/methotrexate/i);
    expect(done.citations.length).toBeGreaterThanOrEqual(2);
    expect(new Set(done.citations.map((c) => c.document))).toEqual(new Set(["fax", "policy"]));
    expect(done.citations[0]!.page).toBe(1);

    const list = await callRoute(messagesRoute, "GET", `${base}/${chat_thread.token}/chat_messages`, params, {
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    const { chat_messages } = await list.json();
    expect(chat_messages.map((m: { ai_sender: boolean }) => m.ai_sender)).toEqual([false, true]);
    expect(chat_messages[1]).toMatchObject({ streaming: false, error: false, content: done.content });
    const run = await t.database.prisma.aiAgentRun.findFirst({ where: { prior_auth_id: priorAuthId, agent: "chat" } });
    expect(run?.status).toBe("succeeded");
  });

  it("answers 'What is the diagnosis?' from the extracted diagnosis in a sentence, citing where it was read", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "approved" });
    const diagnosis = await t.database.prisma.diagnosis.findFirstOrThrow({ where: { prior_auth_id: priorAuthId, primary: true } });
    const base = `/api/o/${orgId}/prior_auths/${priorAuthId}/chat_threads`;
    const { chat_thread } = await (await callRoute(threadsRoute, "POST", base, { orgId, id: priorAuthId }, { headers: { Cookie: cookie } })).json();
    const params = { orgId, id: priorAuthId, threadId: chat_thread.token };
    await callRoute(messagesRoute, "POST", `${base}/${chat_thread.token}/chat_messages`, params, {
      headers: { Cookie: cookie },
      body: { content: SUGGESTED_QUESTIONS[0] },
    });
    const events: LiveEvent[] = [];
    const unsubscribe = await subscribe(t.database, `prior_auth:${priorAuthId}`, (e) => events.push(e));
    await callRoute(aiRoute, "POST", `${base}/${chat_thread.token}/ai_chat_message`, params, { headers: { Cookie: cookie } });
    await until(() => events.some((e) => e.event === "chat.completed" || e.event === "chat.error"));
    unsubscribe();
    const done = (events.at(-1)!.data as { chat_message: { content: string; citations: { document: string; text: string }[] } }).chat_message;
    expect(done.content).toContain(`The diagnosis on the request is ${diagnosis.description} (ICD-10-CM ${diagnosis.code}) [1]`);
    expect(done.content.length).toBeLessThan(300);
    expect(done.citations[0]).toMatchObject({ document: "fax" });
    expect(done.citations[0]!.text.length).toBeGreaterThan(0);
  });

  it("validates input and scopes threads to the organization and the case", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { withPolicy: false });
    const other = await seedReviewedCase(t.database, orgId, { withPolicy: false });
    const thread = await createChatThread(t.database, orgId, priorAuthId);
    const base = `/api/o/${orgId}/prior_auths/${priorAuthId}/chat_threads/${thread.token}`;
    const params = { orgId, id: priorAuthId, threadId: thread.token };
    const empty = await callRoute(messagesRoute, "POST", `${base}/chat_messages`, params, { headers: { Cookie: cookie }, body: { content: "  " } });
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors).toEqual(["Message content is required"]);
    const noQuestion = await callRoute(aiRoute, "POST", `${base}/ai_chat_message`, params, { headers: { Cookie: cookie } });
    expect(noQuestion.status).toBe(422);
    // thread of another case in the URL → 404
    expect((await callRoute(messagesRoute, "GET", `${base}/chat_messages`, { ...params, id: other.priorAuthId }, { headers: { Cookie: cookie } })).status).toBe(
      404,
    );
    // other organization → 404; no credentials → 401
    expect(
      (await callRoute(messagesRoute, "GET", `${base}/chat_messages`, { ...params, orgId: otherOrgId }, { headers: { Cookie: otherCookie } })).status,
    ).toBe(404);
    expect((await callRoute(messagesRoute, "GET", `${base}/chat_messages`, params, { headers: { Cookie: otherCookie } })).status).toBe(404);
    expect((await callRoute(threadsRoute, "POST", `/api/o/${orgId}/prior_auths/${priorAuthId}/chat_threads`, { orgId, id: priorAuthId })).status).toBe(401);
    expect((await callRoute(aiRoute, "POST", `${base}/ai_chat_message`, params)).status).toBe(401);
    expect(
      (await callRoute(threadsRoute, "POST", `/api/o/${orgId}/prior_auths/unknown/chat_threads`, { orgId, id: "unknown" }, { headers: { Cookie: cookie } }))
        .status,
    ).toBe(404);
  });
});

describe("chat engines", () => {
  it("model path: streams the model's deltas and maps [n] references to the retrieved passages", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    const thread = await createChatThread(t.database, orgId, priorAuthId);
    await createChatMessage(t.database, orgId, thread.token, "What is the diagnosis?");
    const events: LiveEvent[] = [];
    const unsubscribe = await subscribe(t.database, `prior_auth:${priorAuthId}`, (e) => events.push(e));
    const long = "x".repeat(90);
    await startAiChatReply(t.database, orgId, thread.token, {
      client: fakeClient(["The diagnosis is rheumatoid arthritis, ", `M05.79 [1]. ${long}`, " Done."]),
    });
    await settleChatReplies();
    await until(() => events.some((e) => e.event === "chat.completed"));
    unsubscribe();
    const completed = events.find((e) => e.event === "chat.completed")!.data as { chat_message: { content: string; citations: { document: string }[] } };
    expect(completed.chat_message.content).toBe(`The diagnosis is rheumatoid arthritis, M05.79 [1]. ${long} Done.`);
    expect(completed.chat_message.citations).toHaveLength(1);
    expect(events.filter((e) => e.event === "chat.delta").length).toBeGreaterThanOrEqual(1);
  });

  it("a failing engine ends in chat.error with the spec's message; the message is marked failed", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { withPolicy: false });
    const thread = await createChatThread(t.database, orgId, priorAuthId);
    await createChatMessage(t.database, orgId, thread.token, "Who is the prescribing provider?");
    const events: LiveEvent[] = [];
    const unsubscribe = await subscribe(t.database, `prior_auth:${priorAuthId}`, (e) => events.push(e));
    const message = await startAiChatReply(t.database, orgId, thread.token, { client: fakeClient(new Error("model server down")) });
    await settleChatReplies();
    await until(() => events.some((e) => e.event === "chat.error"));
    unsubscribe();
    expect(events.map((e) => e.event)).toEqual(["chat.created", "chat.error"]);
    expect(events[1]!.data).toMatchObject({
      message: "An error occurred generating AI response",
      chat_message: { id: message.id, error: true, streaming: false },
    });
    const stored = await t.database.prisma.chatMessage.findUnique({ where: { id: message.id } });
    expect(stored).toMatchObject({ error: true, streaming: false, content: "An error occurred generating AI response" });
    const run = await t.database.prisma.aiAgentRun.findFirst({ where: { prior_auth_id: priorAuthId, agent: "chat" } });
    expect(run).toMatchObject({ status: "failed", error: "model server down" });
  });
});
