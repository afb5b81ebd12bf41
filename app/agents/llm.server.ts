/**
 * The OpenAI-compatible model path shared by every agent.
 *
 * `getModelClient()` returns null when OPENAI_BASE_URL is unset: callers then use the built-in
 * engine (app/engine/**). When it is set, agents receive a `ModelClient` and call
 * `completeJson` (JSON-schema structured output, validated again with zod), `streamText` (chat) or
 * `embed` (384-dimension vectors for pgvector).
 *
 * Transport failures (timeouts, 429, 5xx, refused connections) are retried by the SDK
 * (`maxRetries`, exponential backoff, honours `retry-after-ms` / `retry-after`) and then surface as
 * `ModelRequestError`. Output that is not valid JSON or does not match the schema gets exactly one
 * repair turn (the validation error is sent back to the model) and then `ModelOutputError`.
 */
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { z } from "zod";
import { getEnv } from "~/env.server";
import { formatZodIssues, parseJsonReply, toStrictJsonSchema } from "./json-schema";

export { formatZodIssues, parseJsonReply, toStrictJsonSchema };

/** Vector width stored in pgvector columns; every embedding must have exactly this length. */
export const EMBEDDING_DIMENSIONS = 384;

export type ModelErrorCode = "model_output_invalid" | "model_timeout" | "model_request_failed";

/** Base class for model-path failures; `code` is stable for routes / AiAgentRun.error. */
export class ModelError extends Error {
  constructor(
    readonly code: ModelErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ModelError";
  }
}

/** The model answered, but not with what the schema asks for, even after one repair turn. */
export class ModelOutputError extends ModelError {
  constructor(
    message: string,
    /** the schema name (prompt) that failed */
    readonly schemaName: string,
    /** the last raw reply, truncated to 2,000 characters */
    readonly raw: string | null,
    /** human-readable validation problems of the last reply */
    readonly issues: string[],
  ) {
    super("model_output_invalid", message);
    this.name = "ModelOutputError";
  }
}

/** The request itself failed after the SDK's retries (timeout, HTTP error, connection refused). */
export class ModelRequestError extends ModelError {
  constructor(
    code: "model_timeout" | "model_request_failed",
    message: string,
    /** HTTP status when the server answered, else null */
    readonly status: number | null,
    cause: unknown,
  ) {
    super(code, message, { cause });
    this.name = "ModelRequestError";
  }
}

export interface ModelUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** Reported after each model call (for AiAgentRun.model / metrics); never throws into the caller. */
export interface ModelCallInfo {
  kind: "json" | "stream" | "embed";
  name: string;
  model: string;
  usage: ModelUsage | null;
  /** chat turns used: 1, or 2 when the repair turn ran */
  attempts: number;
  duration_ms: number;
  ok: boolean;
}

export interface CompleteJsonArgs<T> {
  /** schema name sent as response_format.json_schema.name (letters, digits, _ and -) */
  name: string;
  /** output schema: sent as JSON Schema (strict) and used to validate the reply */
  schema: z.ZodType<T>;
  system: string;
  user: string;
  /** default 0 (reproducible reviews) */
  temperature?: number;
  /**
   * Extra semantic checks after zod (e.g. tree structure). Returned problems count as invalid output
   * and go through the same repair turn.
   */
  check?: (data: T) => string[];
}

export interface CompleteJsonResult<T> {
  data: T;
  model: string;
  usage: ModelUsage | null;
  attempts: number;
}

export interface CompleteWithJsonSchemaArgs {
  name: string;
  /** a JSON Schema object as edited by a user (run_prompt); sent as-is */
  jsonSchema: Record<string, unknown>;
  system: string;
  user: string;
  temperature?: number;
  /** default true; user-edited schemas that are not strict-compatible need false */
  strict?: boolean;
}

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
}

export interface ModelClient {
  /** chat model name (OPENAI_MODEL) */
  readonly model: string;
  /** embedding model name (OPENAI_EMBEDDING_MODEL) */
  readonly embeddingModel: string;
  /**
   * One structured-output chat completion. Sends `response_format: { type: "json_schema",
   * json_schema: { name, schema: toStrictJsonSchema(schema), strict: true } }`, parses the reply
   * (tolerating a ```json fence) and validates it with `schema` (+ `check`). Invalid → one repair
   * turn with the problems → still invalid → `ModelOutputError`. Transport → `ModelRequestError`.
   */
  completeJson<T>(args: CompleteJsonArgs<T>): Promise<CompleteJsonResult<T>>;
  /**
   * Like completeJson for a caller-supplied JSON Schema (developer run_prompt): the reply must be
   * a JSON object; it is not validated further. Same repair / error behaviour.
   */
  completeWithJsonSchema(args: CompleteWithJsonSchemaArgs): Promise<CompleteJsonResult<unknown>>;
  /** Streams the assistant's text deltas in order (`stream: true`). Errors: `ModelRequestError`. */
  streamText(args: { system: string; messages: ChatTurn[]; temperature?: number; name?: string }): AsyncIterable<string>;
  /**
   * Embeds `texts` (same order) with `dimensions: 384, encoding_format: "float"`, in batches.
   * Throws `ModelOutputError` when a vector is not 384 long or the count does not match.
   */
  embed(texts: string[]): Promise<number[][]>;
}

export interface ModelClientOptions {
  /** OpenAI-compatible base URL, usually ending in /v1 */
  baseURL: string;
  apiKey: string;
  model: string;
  embeddingModel: string;
  /** per-request timeout in ms (OPENAI_TIMEOUT_MS) */
  timeoutMs: number;
  /** SDK retries for timeouts, 408/409/429/5xx and connection errors; default 2 */
  maxRetries?: number;
  /** texts per embeddings request; default 64 */
  embedBatchSize?: number;
  onCall?: (info: ModelCallInfo) => void;
}

/** SDK instances per (baseURL, key, timeout, retries): connection pools are reused, never shared across servers. */
const sdkCache = new Map<string, OpenAI>();

function sdkFor(o: ModelClientOptions): OpenAI {
  const maxRetries = o.maxRetries ?? 2;
  const key = JSON.stringify([o.baseURL, o.apiKey, o.timeoutMs, maxRetries]);
  let sdk = sdkCache.get(key);
  if (!sdk) {
    sdk = new OpenAI({ baseURL: o.baseURL, apiKey: o.apiKey, timeout: o.timeoutMs, maxRetries });
    sdkCache.set(key, sdk);
  }
  return sdk;
}

/**
 * The configured model client, or null when OPENAI_BASE_URL is not set (use the built-in engine).
 * Reads getEnv(): OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL, OPENAI_EMBEDDING_MODEL, OPENAI_TIMEOUT_MS.
 */
export function getModelClient(): ModelClient | null {
  const env = getEnv();
  if (!env.OPENAI_BASE_URL) return null;
  return createModelClient({
    baseURL: env.OPENAI_BASE_URL,
    apiKey: env.OPENAI_API_KEY ?? "",
    model: env.OPENAI_MODEL,
    embeddingModel: env.OPENAI_EMBEDDING_MODEL,
    timeoutMs: env.OPENAI_TIMEOUT_MS,
  });
}

/** A model client for explicit settings (tests, per-organisation servers). Cheap: the SDK is cached. */
export function createModelClient(options: ModelClientOptions): ModelClient {
  const sdk = sdkFor(options);
  const report = (info: ModelCallInfo) => {
    try {
      options.onCall?.(info);
    } catch {
      // observers must not break a review
    }
  };

  async function runJson<T>(
    name: string,
    responseFormat: { type: "json_schema"; json_schema: { name: string; schema: Record<string, unknown>; strict: boolean } },
    system: string,
    user: string,
    temperature: number,
    validate: (value: unknown) => { ok: true; data: T } | { ok: false; issues: string[] },
  ): Promise<CompleteJsonResult<T>> {
    const started = Date.now();
    const messages: ChatCompletionMessageParam[] = [
      { role: "system", content: system },
      { role: "user", content: user },
    ];
    let usage: ModelUsage | null = null;
    let model = options.model;
    let lastRaw: string | null = null;
    let lastIssues: string[] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await sdk.chat.completions.create({
          model: options.model,
          messages,
          temperature,
          response_format: responseFormat,
        });
      } catch (err) {
        report({ kind: "json", name, model, usage, attempts: attempt, duration_ms: Date.now() - started, ok: false });
        throw toRequestError(err, name);
      }
      model = completion.model || model;
      usage = addUsage(usage, completion.usage);
      const choice = completion.choices?.[0];
      const raw = choice?.message?.content ?? null;
      lastRaw = raw;
      const refusal = choice?.message?.refusal;
      if (refusal) {
        lastIssues = [`the model refused: ${refusal}`];
      } else if (raw == null || raw.trim() === "") {
        lastIssues = ["the reply was empty"];
      } else {
        const parsed = parseJsonReply(raw);
        if (!parsed.ok) {
          lastIssues = [`the reply is not valid JSON (${parsed.error})${choice?.finish_reason === "length" ? "; it was cut off at the token limit" : ""}`];
        } else {
          const v = validate(parsed.value);
          if (v.ok) {
            report({ kind: "json", name, model, usage, attempts: attempt, duration_ms: Date.now() - started, ok: true });
            return { data: v.data, model, usage, attempts: attempt };
          }
          lastIssues = v.issues;
        }
      }
      if (attempt === 1) {
        messages.push({ role: "assistant", content: raw ?? "" });
        messages.push({
          role: "user",
          content:
            `Your previous reply cannot be used:\n${lastIssues.map((i) => `- ${i}`).join("\n")}\n` +
            `Reply again with only one JSON object that matches the "${name}" JSON schema exactly. ` +
            `Keep every value you were sure of; fix only what is listed.`,
        });
      }
    }
    report({ kind: "json", name, model, usage, attempts: 2, duration_ms: Date.now() - started, ok: false });
    throw new ModelOutputError(
      `Model output for "${name}" is invalid after a repair attempt: ${lastIssues.slice(0, 5).join("; ")}`,
      name,
      lastRaw == null ? null : lastRaw.slice(0, 2000),
      lastIssues,
    );
  }

  return {
    model: options.model,
    embeddingModel: options.embeddingModel,

    completeJson<T>(args: CompleteJsonArgs<T>) {
      const jsonSchema = toStrictJsonSchema(args.schema, args.name);
      return runJson<T>(
        args.name,
        { type: "json_schema", json_schema: { name: args.name, schema: jsonSchema, strict: true } },
        args.system,
        args.user,
        args.temperature ?? 0,
        (value) => {
          const r = args.schema.safeParse(value);
          if (!r.success) return { ok: false, issues: formatZodIssues(r.error) };
          const problems = args.check?.(r.data) ?? [];
          return problems.length ? { ok: false, issues: problems } : { ok: true, data: r.data };
        },
      );
    },

    completeWithJsonSchema(args: CompleteWithJsonSchemaArgs) {
      const { $schema: _ignored, ...schema } = args.jsonSchema;
      return runJson<unknown>(
        args.name,
        { type: "json_schema", json_schema: { name: args.name, schema, strict: args.strict ?? true } },
        args.system,
        args.user,
        args.temperature ?? 0,
        (value) =>
          value !== null && typeof value === "object" && !Array.isArray(value)
            ? { ok: true, data: value }
            : { ok: false, issues: ["the reply must be a JSON object"] },
      );
    },

    async *streamText({ system, messages, temperature, name }) {
      const started = Date.now();
      const label = name ?? "chat";
      let model = options.model;
      let usage: ModelUsage | null = null;
      let stream: Awaited<ReturnType<typeof openStream>>;
      function openStream() {
        return sdk.chat.completions.create({
          model: options.model,
          stream: true,
          temperature: temperature ?? 0.2,
          messages: [{ role: "system", content: system }, ...messages.map((m) => ({ role: m.role, content: m.content }))],
        });
      }
      try {
        stream = await openStream();
      } catch (err) {
        report({ kind: "stream", name: label, model, usage, attempts: 1, duration_ms: Date.now() - started, ok: false });
        throw toRequestError(err, label);
      }
      // The SDK's timeout ends when the headers arrive; a stream that then stalls is cut off here
      // after OPENAI_TIMEOUT_MS without a chunk. The clock is paused while the consumer holds a delta.
      let stalled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        timer = setTimeout(() => {
          stalled = true;
          stream.controller.abort();
        }, options.timeoutMs);
      };
      try {
        arm();
        for await (const chunk of stream) {
          clearTimeout(timer);
          if (chunk.model) model = chunk.model;
          if (chunk.usage) usage = addUsage(null, chunk.usage);
          const delta = chunk.choices?.[0]?.delta?.content;
          if (delta) yield delta;
          arm();
        }
        if (stalled) throw new Error("stream stalled");
      } catch (err) {
        report({ kind: "stream", name: label, model, usage, attempts: 1, duration_ms: Date.now() - started, ok: false });
        if (stalled) throw new ModelRequestError("model_timeout", `Model stream "${label}" stalled for ${options.timeoutMs} ms`, null, err);
        throw toRequestError(err, label);
      } finally {
        clearTimeout(timer);
      }
      report({ kind: "stream", name: label, model, usage, attempts: 1, duration_ms: Date.now() - started, ok: true });
    },

    async embed(texts: string[]) {
      if (texts.length === 0) return [];
      const started = Date.now();
      const batchSize = Math.max(1, options.embedBatchSize ?? 64);
      const out: number[][] = [];
      let usage: ModelUsage | null = null;
      let model = options.embeddingModel;
      for (let i = 0; i < texts.length; i += batchSize) {
        const batch = texts.slice(i, i + batchSize);
        let res: OpenAI.Embeddings.CreateEmbeddingResponse;
        try {
          res = await sdk.embeddings.create({
            model: options.embeddingModel,
            input: batch,
            dimensions: EMBEDDING_DIMENSIONS,
            encoding_format: "float",
          });
        } catch (err) {
          report({ kind: "embed", name: "embeddings", model, usage, attempts: 1, duration_ms: Date.now() - started, ok: false });
          throw toRequestError(err, "embeddings");
        }
        model = res.model || model;
        if (res.usage) usage = addUsage(usage, { prompt_tokens: res.usage.prompt_tokens, completion_tokens: 0, total_tokens: res.usage.total_tokens });
        const rows = [...(res.data ?? [])].sort((a, b) => a.index - b.index);
        const problems: string[] = [];
        if (rows.length !== batch.length) problems.push(`expected ${batch.length} embeddings, got ${rows.length}`);
        for (const row of rows) {
          const v = row.embedding as unknown;
          if (!Array.isArray(v)) problems.push(`embedding ${row.index} is not a float array (is the server ignoring encoding_format: "float"?)`);
          else if (v.length !== EMBEDDING_DIMENSIONS) problems.push(`embedding ${row.index} has ${v.length} dimensions, expected ${EMBEDDING_DIMENSIONS}`);
          else if (!v.every((x) => typeof x === "number" && Number.isFinite(x))) problems.push(`embedding ${row.index} has non-numeric values`);
        }
        if (problems.length) {
          report({ kind: "embed", name: "embeddings", model, usage, attempts: 1, duration_ms: Date.now() - started, ok: false });
          throw new ModelOutputError(
            `Embedding model "${options.embeddingModel}" returned unusable vectors: ${problems.slice(0, 3).join("; ")}. ` +
              `It must support dimensions: ${EMBEDDING_DIMENSIONS}.`,
            "embeddings",
            null,
            problems,
          );
        }
        for (const row of rows) out.push(row.embedding as number[]);
      }
      report({ kind: "embed", name: "embeddings", model, usage, attempts: 1, duration_ms: Date.now() - started, ok: true });
      return out;
    },
  };
}

function addUsage(
  a: ModelUsage | null,
  b: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null | undefined,
): ModelUsage | null {
  if (!b) return a;
  const base = a ?? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
  return {
    prompt_tokens: base.prompt_tokens + (b.prompt_tokens ?? 0),
    completion_tokens: base.completion_tokens + (b.completion_tokens ?? 0),
    total_tokens: base.total_tokens + (b.total_tokens ?? 0),
  };
}

function toRequestError(err: unknown, name: string): ModelError {
  if (err instanceof ModelError) return err;
  if (err instanceof OpenAI.APIConnectionTimeoutError) {
    return new ModelRequestError("model_timeout", `Model request "${name}" timed out`, null, err);
  }
  if (err instanceof OpenAI.APIError) {
    const status = typeof err.status === "number" ? err.status : null;
    return new ModelRequestError("model_request_failed", `Model request "${name}" failed${status ? ` with HTTP ${status}` : ""}: ${err.message}`, status, err);
  }
  const message = err instanceof Error ? err.message : String(err);
  return new ModelRequestError("model_request_failed", `Model request "${name}" failed: ${message}`, null, err);
}
