/**
 * JSON Schema helpers for structured outputs (no SDK, no secrets: safe to import anywhere).
 */
import { z } from "zod";

/**
 * JSON Schema for `schema` in the subset OpenAI's strict structured outputs accept: no `$schema`,
 * every object closed (`additionalProperties: false`) with every property required (use
 * `.nullable()`, not `.optional()`), no open records, without zod's ±2^53 integer bounds and
 * without minLength/maxLength (unsupported there; the zod schema still checks them).
 * Throws an Error naming the offending path when the schema cannot be made strict.
 */
export function toStrictJsonSchema(schema: z.ZodType, name = "schema"): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12" }) as Record<string, unknown>;
  delete json.$schema;
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      node.forEach((n, i) => walk(n, `${path}[${i}]`));
      return;
    }
    if (!node || typeof node !== "object") return;
    const o = node as Record<string, unknown>;
    const types = Array.isArray(o.type) ? o.type : [o.type];
    // OpenAI's strict mode rejects string length bounds; zod still enforces them on the reply.
    delete o.minLength;
    delete o.maxLength;
    if (types.includes("integer")) {
      if (o.minimum === Number.MIN_SAFE_INTEGER) delete o.minimum;
      if (o.maximum === Number.MAX_SAFE_INTEGER) delete o.maximum;
    }
    if (types.includes("object")) {
      const props = (o.properties ?? {}) as Record<string, unknown>;
      if (o.additionalProperties !== undefined && o.additionalProperties !== false) {
        throw new Error(`${name}: ${path || "(root)"} is an open record; strict JSON schema needs named properties`);
      }
      o.additionalProperties = false;
      const required = new Set((o.required as string[] | undefined) ?? []);
      for (const key of Object.keys(props)) {
        if (!required.has(key)) throw new Error(`${name}: ${path}.${key} is optional; use .nullable() for strict JSON schema`);
      }
      delete o.propertyNames;
    }
    for (const [k, v] of Object.entries(o)) {
      if (k === "properties" && v && typeof v === "object") {
        for (const [pk, pv] of Object.entries(v as Record<string, unknown>)) walk(pv, `${path}.${pk}`);
      } else if (v && typeof v === "object") {
        walk(v, `${path}/${k}`);
      }
    }
  };
  walk(json, "");
  return json;
}

/** Parses a reply that should be JSON; tolerates a Markdown code fence around it. */
export function parseJsonReply(raw: string): { ok: true; value: unknown } | { ok: false; error: string } {
  let text = raw.trim();
  const fence = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text);
  if (fence) text = fence[1];
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** Zod issues as short lines a model can act on ("patient.birth_date: expected string, received number"). */
export function formatZodIssues(error: z.ZodError): string[] {
  return error.issues.slice(0, 20).map((i) => `${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`);
}
