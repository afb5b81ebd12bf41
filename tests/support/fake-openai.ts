/**
 * A real OpenAI-compatible HTTP server on 127.0.0.1 (random port) for tests: the model path runs
 * the real `openai` SDK against it, so request shapes, retries, timeouts and streaming are real.
 *
 * Implements the subset the SDK calls: POST /v1/chat/completions (JSON, or SSE chunks ending in
 * `data: [DONE]` when `stream: true`), POST /v1/embeddings (`dimensions` floats per input, default
 * 1536) and GET /v1/models. Every request is recorded (`requests`) before the handler runs.
 *
 * The test scripts replies with a handler `(request) => reply`. A reply may be:
 * - a plain object → the assistant message content is JSON.stringify(object) (chat), e.g. the
 *   structured output for the schema named `request.schemaName`;
 * - a string → the assistant content as is (stream: sent as several deltas);
 * - `reply.error(status, message?)` → an OpenAI-style error (429/5xx are retried by the SDK;
 *   `retry-after-ms: 1` is sent so retries are fast);
 * - `reply.chunks([...], { delayMs? })` → exactly these stream deltas (optionally spaced out); `reply.raw(body, status?)` → body verbatim;
 * - `reply.embeddings(vectors)` → these vectors; `reply.delay(ms, inner)` → wait, then `inner`
 *   (the wait is abandoned when the client disconnects, e.g. on timeout);
 * - undefined → the default: deterministic embeddings, and for chat a 400 naming the schema (a
 *   test that forgets to script a reply fails fast instead of retrying).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  method: string;
  /** path without the /v1 prefix, e.g. "/chat/completions" */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** parsed JSON body (null when not JSON) */
  body: any;
  /** response_format.json_schema.name of a chat request, if any */
  schemaName: string | null;
  /** 0-based count of requests to this path since the current handler was set */
  index: number;
}

const TAG = Symbol("fake-openai-reply");

type Tagged =
  | { [TAG]: "error"; status: number; message: string; headers: Record<string, string> }
  | { [TAG]: "chunks"; chunks: string[]; delayMs: number }
  | { [TAG]: "raw"; status: number; body: unknown; headers: Record<string, string> }
  | { [TAG]: "embeddings"; vectors: number[][] }
  | { [TAG]: "delay"; ms: number; inner: FakeReply };

export type FakeReply = Tagged | string | Record<string, unknown> | unknown[] | undefined | null;
export type FakeHandler = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

export const reply = {
  error: (status: number, message = `fake error ${status}`, headers: Record<string, string> = {}): Tagged => ({
    [TAG]: "error",
    status,
    message,
    headers: { "retry-after-ms": "1", ...headers },
  }),
  /** stream deltas; `delayMs` waits before each delta after the first (to test stalled streams) */
  chunks: (chunks: string[], opts: { delayMs?: number } = {}): Tagged => ({ [TAG]: "chunks", chunks, delayMs: opts.delayMs ?? 0 }),
  raw: (body: unknown, status = 200, headers: Record<string, string> = {}): Tagged => ({ [TAG]: "raw", status, body, headers }),
  embeddings: (vectors: number[][]): Tagged => ({ [TAG]: "embeddings", vectors }),
  delay: (ms: number, inner: FakeReply): Tagged => ({ [TAG]: "delay", ms, inner }),
};

function isTagged(x: unknown): x is Tagged {
  return !!x && typeof x === "object" && TAG in (x as object);
}

export interface FakeOpenAI {
  /** base URL for the SDK, ending in /v1 */
  url: string;
  requests: FakeRequest[];
  /** requests to one path ("/chat/completions", "/embeddings") */
  requestsTo(path: string): FakeRequest[];
  /** replaces the handler and restarts `index` counting */
  setHandler(handler: FakeHandler): void;
  /** forgets recorded requests and restores the default handler */
  reset(): void;
  close(): Promise<void>;
}

/** Deterministic unit vector of `dims` floats derived from `text` (for default embeddings). */
export function fakeVector(text: string, dims: number): number[] {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  const v: number[] = [];
  for (let i = 0; i < dims; i++) {
    h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
    v.push((h / 4294967296) * 2 - 1);
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

/** Starts the fake server; `handler` may be replaced later with `setHandler`. */
export async function startFakeOpenAI(handler?: FakeHandler): Promise<FakeOpenAI> {
  let current: FakeHandler = handler ?? (() => undefined);
  const requests: FakeRequest[] = [];
  const counts = new Map<string, number>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = url.pathname.replace(/^\/v1/, "");
    const index = counts.get(path) ?? 0;
    counts.set(path, index + 1);
    const record: FakeRequest = {
      method: req.method ?? "GET",
      path,
      headers: req.headers,
      body,
      schemaName: body?.response_format?.json_schema?.name ?? null,
      index,
    };
    requests.push(record);

    let closed = false;
    res.on("close", () => {
      closed = true;
    });
    try {
      let r: FakeReply = await current(record);
      while (isTagged(r) && r[TAG] === "delay") {
        const { ms, inner } = r;
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, ms);
          res.once("close", () => {
            clearTimeout(t);
            resolve();
          });
        });
        if (closed) return;
        r = inner;
      }
      if (closed) return;
      respond(record, r, res);
    } catch (err) {
      if (!closed) sendJson(res, 500, { error: { message: `fake-openai handler threw: ${(err as Error).message}`, type: "server_error" } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    requestsTo: (p) => requests.filter((r) => r.path === p),
    setHandler(h) {
      current = h;
      counts.clear();
    },
    reset() {
      requests.length = 0;
      counts.clear();
      current = handler ?? (() => undefined);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const data = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(data), ...headers });
  res.end(data);
}

function respond(req: FakeRequest, r: FakeReply, res: http.ServerResponse) {
  if (isTagged(r)) {
    if (r[TAG] === "error") {
      return sendJson(
        res,
        r.status,
        { error: { message: r.message, type: r.status >= 500 ? "server_error" : "invalid_request_error", code: null } },
        r.headers,
      );
    }
    if (r[TAG] === "raw") {
      if (typeof r.body === "string") {
        res.writeHead(r.status, { "content-type": "text/plain", ...r.headers });
        return res.end(r.body);
      }
      return sendJson(res, r.status, r.body, r.headers);
    }
  }

  if (req.method === "GET" && req.path === "/models") {
    return sendJson(res, 200, { object: "list", data: [{ id: "fake-model", object: "model", created: 0, owned_by: "fake" }] });
  }

  if (req.path === "/embeddings") {
    const inputs: string[] = Array.isArray(req.body?.input) ? req.body.input : [req.body?.input ?? ""];
    const dims: number = req.body?.dimensions ?? 1536;
    const vectors = isTagged(r) && r[TAG] === "embeddings" ? r.vectors : inputs.map((t) => fakeVector(String(t), dims));
    return sendJson(res, 200, {
      object: "list",
      model: req.body?.model ?? "fake-embedding",
      data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })),
      usage: { prompt_tokens: inputs.join(" ").length, total_tokens: inputs.join(" ").length },
    });
  }

  if (req.path === "/chat/completions") {
    const model = req.body?.model ?? "fake-model";
    let deltas: string[];
    const delayMs = isTagged(r) && r[TAG] === "chunks" ? r.delayMs : 0;
    if (isTagged(r) && r[TAG] === "chunks") deltas = r.chunks;
    else if (typeof r === "string") deltas = splitText(r);
    else if (r && typeof r === "object" && !isTagged(r)) deltas = [JSON.stringify(r)];
    else {
      return sendJson(res, 400, {
        error: { message: `fake-openai: no scripted reply for chat request${req.schemaName ? ` "${req.schemaName}"` : ""}`, type: "invalid_request_error" },
      });
    }
    const content = deltas.join("");
    const id = `chatcmpl-fake-${Date.now()}`;
    const created = Math.floor(Date.now() / 1000);
    if (req.body?.stream) {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      const chunk = (delta: Record<string, unknown>, finish: string | null) =>
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.write(chunk({ role: "assistant", content: "" }, null));
      void (async () => {
        for (const [i, d] of deltas.entries()) {
          if (i > 0 && delayMs) await new Promise((r) => setTimeout(r, delayMs));
          if (res.destroyed) return;
          res.write(chunk({ content: d }, null));
        }
        res.write(chunk({}, "stop"));
        res.write("data: [DONE]\n\n");
        res.end();
      })();
      return;
    }
    return sendJson(res, 200, {
      id,
      object: "chat.completion",
      created,
      model,
      choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
      usage: { prompt_tokens: 10, completion_tokens: Math.ceil(content.length / 4), total_tokens: 10 + Math.ceil(content.length / 4) },
    });
  }

  return sendJson(res, 404, { error: { message: `fake-openai: ${req.method} ${req.path} is not implemented`, type: "invalid_request_error" } });
}

/** Splits text into word-sized deltas (keeps the whitespace) so streams have several chunks. */
function splitText(s: string): string[] {
  const parts = s.match(/\S+\s*|\s+/g);
  return parts && parts.length ? parts : [s];
}
