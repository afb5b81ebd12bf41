/**
 * 'Chat with Prior Auth': threads per case, reviewer questions, and streamed AI replies grounded in
 * the case documents and the case's coverage policy.
 *
 * A reply is created as an empty AI message with streaming=true (`chat.created`), then filled in the
 * background: `chat.delta` events carry the accumulated content, `chat.completed` the final message
 * with its citations, or `chat.error` with 'An error occurred generating AI response'. All events go
 * to `prior_auth:{id}` (the SSE stream of the detail page). The HTTP request that started the reply
 * returns at once; a failing reply marks its message as failed and never crashes the process.
 *
 * Engines: with a model configured, `streamChatAnswer` answers over the retrieved passages; without
 * one, the built-in engine answers from the case's extracted facts in a sentence or two, each fact
 * referenced [n] to where it was read (answer-from-facts.ts), quoting a passage when no fact fits.
 */
import type { Database } from "~/lib/db.server";
import type { Citation } from "~/clinical/contracts";
import { AppError } from "~/lib/errors";
import { publish } from "~/queue/live-events.server";
import { searchPassages, type Passage } from "~/documents/search-passages.server";
import { getModelClient, type ChatTurn, type ModelClient } from "~/agents/llm.server";
import { citationsInAnswer, streamChatAnswer } from "~/agents/chat.model";
import { jsonArray, normalizeToken, requirePriorAuth } from "~/prior-auths/require-prior-auth.server";
import { answerFromFacts, type CaseFacts } from "./answer-from-facts";
import { LATEST_AI_DECISION, humanFinalDecision } from "~/prior-auths/effective-decision.server";
import { CHAT_EVENTS, CHAT_REPLY_ERROR, MAX_CHAT_MESSAGE_CHARS } from "./chat-constants";

export { SUGGESTED_QUESTIONS } from "./chat-constants";

/** API shape of a chat message. */
export interface ChatMessageJson {
  id: string;
  chat_thread_id: string;
  content: string;
  ai_sender: boolean;
  streaming: boolean;
  error: boolean;
  citations: Citation[];
  created_at: string;
}

function serializeMessage(m: {
  id: string;
  chat_thread_id: string;
  content: string;
  ai_sender: boolean;
  streaming: boolean;
  error: boolean;
  citations: unknown;
  created_at: Date;
}): ChatMessageJson {
  return {
    id: m.id,
    chat_thread_id: m.chat_thread_id,
    content: m.content,
    ai_sender: m.ai_sender,
    streaming: m.streaming,
    error: m.error,
    citations: jsonArray<Citation>(m.citations),
    created_at: m.created_at.toISOString(),
  };
}

/** The thread `threadId` of `organizationId` (optionally also of prior auth `priorAuthId`). Throws AppError not_found. */
async function requireThread(database: Database, organizationId: string, threadId: string, priorAuthId?: string) {
  const id = normalizeToken(threadId);
  const paId = priorAuthId === undefined ? undefined : normalizeToken(priorAuthId);
  const thread =
    id && paId !== null
      ? await database.prisma.chatThread.findFirst({ where: { id, organization_id: organizationId, ...(paId ? { prior_auth_id: paId } : {}) } })
      : null;
  if (!thread) throw new AppError("not_found", "Chat thread not found");
  return thread;
}

/** Starts a chat thread on prior auth `priorAuthId`. Returns `{ token, prior_auth_id, created_at }`. Throws AppError not_found. */
export async function createChatThread(database: Database, organizationId: string, priorAuthId: string) {
  const pa = await requirePriorAuth(database, organizationId, priorAuthId);
  const thread = await database.prisma.chatThread.create({ data: { organization_id: organizationId, prior_auth_id: pa.id } });
  return { token: thread.id, prior_auth_id: pa.id, created_at: thread.created_at.toISOString() };
}

/** The most recent chat thread of a case (so the panel reopens it), or null. Scoped to the organization. */
export async function latestChatThreadId(database: Database, organizationId: string, priorAuthId: string): Promise<string | null> {
  const thread = await database.prisma.chatThread.findFirst({
    where: { organization_id: organizationId, prior_auth_id: priorAuthId },
    orderBy: { created_at: "desc" },
    select: { id: true },
  });
  return thread?.id ?? null;
}

/**
 * The messages of a thread, oldest first. `opts.priorAuthId` additionally requires the thread to
 * belong to that case (the URL's prior auth). Throws AppError not_found.
 */
export async function listChatMessages(
  database: Database,
  organizationId: string,
  threadId: string,
  opts: { priorAuthId?: string } = {},
): Promise<ChatMessageJson[]> {
  const thread = await requireThread(database, organizationId, threadId, opts.priorAuthId);
  const rows = await database.prisma.chatMessage.findMany({ where: { chat_thread_id: thread.id }, orderBy: [{ created_at: "asc" }, { id: "asc" }] });
  return rows.map(serializeMessage);
}

/**
 * Adds the reviewer's message `content` to the thread.
 * Errors: AppError validation ('Message content is required', too long), not_found.
 */
export async function createChatMessage(
  database: Database,
  organizationId: string,
  threadId: string,
  content: string,
  opts: { priorAuthId?: string } = {},
): Promise<ChatMessageJson> {
  const thread = await requireThread(database, organizationId, threadId, opts.priorAuthId);
  const text = String(content ?? "").trim();
  if (!text) throw new AppError("validation", "Message content is required");
  if (text.length > MAX_CHAT_MESSAGE_CHARS) throw new AppError("validation", `The message is longer than ${MAX_CHAT_MESSAGE_CHARS} characters`);
  const message = await database.prisma.chatMessage.create({ data: { chat_thread_id: thread.id, content: text, ai_sender: false } });
  return serializeMessage(message);
}

// ───────────── AI replies ─────────────

const inflight = new Set<Promise<void>>();

/** Resolves when every AI reply started by this process has finished (tests, graceful shutdown). */
export async function settleChatReplies(): Promise<void> {
  while (inflight.size) await Promise.allSettled([...inflight]);
}

export interface StartReplyOptions {
  /** the model client; default getModelClient() (null → built-in engine) */
  client?: ModelClient | null;
  /** pause between built-in deltas, ms (default 40) */
  deltaDelayMs?: number;
}

/**
 * Starts the AI reply to the thread's latest reviewer message and returns the new AI message
 * (empty, streaming=true) right away; the answer streams in the background (see module comment).
 * Errors (synchronous part only): AppError not_found, validation 'Ask a question first' when the
 * thread has no reviewer message after the last AI reply.
 */
export async function startAiChatReply(
  database: Database,
  organizationId: string,
  threadId: string,
  opts: StartReplyOptions & { priorAuthId?: string } = {},
): Promise<ChatMessageJson> {
  const thread = await requireThread(database, organizationId, threadId, opts.priorAuthId);
  const history = await database.prisma.chatMessage.findMany({
    where: { chat_thread_id: thread.id, error: false },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
  });
  const question = history.at(-1);
  if (!question || question.ai_sender) throw new AppError("validation", "Ask a question first");
  const message = await database.prisma.chatMessage.create({ data: { chat_thread_id: thread.id, content: "", ai_sender: true, streaming: true } });
  const channel = `prior_auth:${thread.prior_auth_id}`;
  const created = serializeMessage(message);
  await publish(database, channel, CHAT_EVENTS.created, { chat_thread_id: thread.id, chat_message: created });

  const turns: ChatTurn[] = history.slice(0, -1).map((m) => ({ role: m.ai_sender ? "assistant" : "user", content: m.content }));
  const client = opts.client === undefined ? getModelClient() : opts.client;
  const task = streamReply(
    database,
    { organizationId, priorAuthId: thread.prior_auth_id, threadId: thread.id, messageId: message.id, channel },
    question.content,
    turns,
    client,
    opts.deltaDelayMs ?? 40,
  )
    .catch((err) => console.error("[chat] reply failed and could not be marked:", (err as Error)?.message))
    .finally(() => inflight.delete(task));
  inflight.add(task);
  return created;
}

interface ReplyTarget {
  organizationId: string;
  priorAuthId: string;
  threadId: string;
  messageId: string;
  channel: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retrieves, answers, streams and stores one reply; any failure becomes a chat.error event. */
async function streamReply(database: Database, t: ReplyTarget, question: string, history: ChatTurn[], client: ModelClient | null, delayMs: number) {
  const started = Date.now();
  const run = await database.prisma.aiAgentRun.create({
    data: {
      organization_id: t.organizationId,
      prior_auth_id: t.priorAuthId,
      agent: "chat",
      status: "running",
      task_message: "Answering a chat question",
      engine: client ? "openai" : "builtin",
      model: client?.model ?? null,
      input: { question },
    },
  });
  const delta = (content: string) =>
    publish(database, t.channel, CHAT_EVENTS.delta, {
      chat_thread_id: t.threadId,
      chat_message: { id: t.messageId, chat_thread_id: t.threadId, content, ai_sender: true, streaming: true },
    });
  try {
    const passages = await retrievePassages(database, t, question, client);
    let content: string;
    let citations: Citation[];
    if (client) {
      content = "";
      let published = 0;
      let lastAt = Date.now();
      for await (const piece of streamChatAnswer(client, { question, passages, history })) {
        content += piece;
        if (content.length - published >= 80 || Date.now() - lastAt >= 150) {
          await delta(content);
          published = content.length;
          lastAt = Date.now();
        }
      }
      if (!content.trim()) throw new Error("The model returned an empty answer");
      if (published !== content.length) await delta(content);
      citations = citationsInAnswer(content, passages);
    } else {
      ({ content, citations } = answerFromFacts(question, await loadCaseFacts(database, t.priorAuthId), passages.map(toCitation)));
      for (const partial of accumulatedChunks(content, 4)) {
        await delta(partial);
        if (delayMs > 0) await sleep(delayMs);
      }
    }
    const saved = await database.prisma.chatMessage.update({
      where: { id: t.messageId },
      data: { content, streaming: false, error: false, citations: JSON.parse(JSON.stringify(citations)) },
    });
    await publish(database, t.channel, CHAT_EVENTS.completed, { chat_thread_id: t.threadId, chat_message: serializeMessage(saved) });
    await database.prisma.aiAgentRun.update({
      where: { id: run.id },
      data: {
        status: "succeeded",
        output: { answer_chars: content.length, citations: citations.length },
        finished_at: new Date(),
        duration_ms: Date.now() - started,
      },
    });
  } catch (err) {
    console.error("[chat] reply failed:", (err as Error)?.message);
    const failed = await database.prisma.chatMessage
      .update({ where: { id: t.messageId }, data: { content: CHAT_REPLY_ERROR, streaming: false, error: true } })
      .catch(() => null);
    await publish(database, t.channel, CHAT_EVENTS.error, {
      chat_thread_id: t.threadId,
      message: CHAT_REPLY_ERROR,
      chat_message: failed ? serializeMessage(failed) : { id: t.messageId, content: CHAT_REPLY_ERROR, ai_sender: true, streaming: false, error: true },
    });
    await database.prisma.aiAgentRun
      .update({
        where: { id: run.id },
        data: { status: "failed", error: (err as Error)?.message ?? "error", finished_at: new Date(), duration_ms: Date.now() - started },
      })
      .catch(() => {});
  }
}

/** Extra search terms for the suggested questions, so short questions still find the right passages. */
const TOPIC_TERMS: [RegExp, string][] = [
  [/diagnos|condition|icd/i, "diagnosis ICD-10 code diagnosed"],
  [/provider|prescrib|physician|doctor|npi/i, "prescriber physician NPI specialty provider"],
  [/medication|drug|tried|therap|step/i, "tried failed previous prior therapy trial weeks months discontinued"],
];

/**
 * Passages for `question`: the top case passages (fax / ePA) and, when the case has a coverage
 * policy, the top policy passages, case first. With a model, the question is embedded by the model
 * (the chunks were indexed with it); if that fails, the built-in embedding is used.
 */
async function retrievePassages(database: Database, t: ReplyTarget, question: string, client: ModelClient | null): Promise<Passage[]> {
  const pa = await database.prisma.priorAuth.findUnique({ where: { id: t.priorAuthId }, select: { coverage_policy_id: true } });
  const query = [question, ...TOPIC_TERMS.filter(([re]) => re.test(question)).map(([, terms]) => terms)].join(" ");
  let embedding: number[] | undefined;
  if (client) embedding = (await client.embed([question]).catch(() => null))?.[0];
  const caseLimit = pa?.coverage_policy_id ? 3 : 4;
  const [casePassages, policyPassages] = await Promise.all([
    searchPassages(database, { organization_id: t.organizationId, prior_auth_id: t.priorAuthId }, query, { limit: caseLimit, embedding }),
    pa?.coverage_policy_id
      ? searchPassages(database, { organization_id: t.organizationId, coverage_policy_id: pa.coverage_policy_id }, query, { limit: 2, embedding })
      : Promise.resolve([] as Passage[]),
  ]);
  return [...casePassages, ...policyPassages];
}

function toCitation(p: Passage): Citation {
  return { document: p.document, document_id: p.document_id, page: p.page, start: p.start, end: p.end, text: p.text };
}

/**
 * The case's extracted facts with their citations, for the built-in answer: patient, diagnoses,
 * prescribers, requested drugs, prior therapies, labs and the effective decision (the latest human
 * decision, else the latest AI decision).
 */
async function loadCaseFacts(database: Database, priorAuthId: string): Promise<CaseFacts> {
  const pa = await database.prisma.priorAuth.findUnique({
    where: { id: priorAuthId },
    include: {
      patient: true,
      diagnoses: { orderBy: [{ primary: "desc" }, { id: "asc" }] },
      practitioners: true,
      medication_requests: { orderBy: { created_at: "asc" } },
      prior_therapies: true,
      lab_results: true,
      ai_decisions: LATEST_AI_DECISION,
      human_decisions: { orderBy: { created_at: "desc" }, take: 1 },
    },
  });
  if (!pa) return { diagnoses: [], prescribers: [], medications: [], prior_therapies: [], labs: [] };
  const cited = <T>(value: T, citations: unknown) => ({ value, citations: jsonArray<Citation>(citations) });
  const ai = pa.ai_decisions[0];
  const human = pa.human_decisions[0];
  return {
    patient: pa.patient ? cited(pa.patient, pa.patient.citations) : undefined,
    diagnoses: pa.diagnoses.map((d) => cited(d, d.citations)),
    prescribers: pa.practitioners
      .filter((p) => p.role === "prescriber")
      .concat(pa.practitioners.filter((p) => p.role !== "prescriber"))
      .map((p) => cited(p, p.citations)),
    medications: pa.medication_requests.map((m) => cited(m, m.citations)),
    prior_therapies: pa.prior_therapies.map((t) => cited(t, t.citations)),
    labs: pa.lab_results.map((l) => cited(l, l.citations)),
    decision: human
      ? cited({ final_decision: humanFinalDecision(human.decision_type), ai_summary: human.reason ?? "", by_human: true }, [])
      : ai
        ? cited({ final_decision: ai.final_decision, ai_summary: ai.ai_summary, by_human: false }, ai.citations)
        : undefined,
  };
}

/** `text` cut at word boundaries into `n` growing prefixes, the last being the whole text. */
function accumulatedChunks(text: string, n: number): string[] {
  const out: string[] = [];
  for (let i = 1; i < n; i++) {
    let cut = Math.floor((text.length * i) / n);
    const space = text.indexOf(" ", cut);
    cut = space === -1 ? text.length : space;
    const prefix = text.slice(0, cut);
    if (prefix && prefix !== out.at(-1) && prefix.length < text.length) out.push(prefix);
  }
  out.push(text);
  return out;
}
