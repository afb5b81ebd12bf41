/**
 * The extraction itself, as a pure function over plain data (no database, no server modules), so it
 * runs on an isolated worker thread (extract-coverage-policies.server.ts): a large schema or a long
 * policy text can then never block the thread that serves requests.
 */
import type { EXTRACTION_FIELD_TYPES, ExtractionSchema } from "./extract-coverage-policies.server";

type FieldType = (typeof EXTRACTION_FIELD_TYPES)[number];

interface Source {
  text: string;
  page?: number;
  node_id?: string;
}
type Value = string | number | boolean | string[] | null;

/** One coverage policy as the extraction reads it. */
export interface PolicyForExtraction {
  policy: { id: string; drug_name: string; drugs_list: string[]; policy_text: string | null };
  nodes: { id: string; node_type: string; node_action: string | null; question: string; reason: string | null; criterion: unknown; passage: unknown }[];
}

interface PolicyFacts extends PolicyForExtraction {
  sentences: string[];
  /** sentences lower-cased once (custom fields compare words against every sentence) */
  lowerSentences: string[];
}

type Criterion = { kind?: string; items?: Criterion[]; drugs?: string[]; classes?: string[]; text?: string; conditions?: string[] };

/** Flattens nested all/any criteria of a node. */
function criteriaOf(node: PolicyFacts["nodes"][number]): Criterion[] {
  const out: Criterion[] = [];
  const walk = (c: Criterion | null | undefined) => {
    if (!c || typeof c !== "object") return;
    out.push(c);
    for (const i of c.items ?? []) walk(i);
  };
  // a node's criterion is { role, spec } (app/clinical/contracts NodeCriterionSchema)
  const stored = node.criterion as { spec?: Criterion } | null;
  walk(stored?.spec ?? (stored as Criterion | null));
  return out;
}

function nodeSource(node: PolicyFacts["nodes"][number]): Source {
  const p = node.passage as { text?: string; page?: number } | null;
  return { text: p?.text ?? node.question, ...(p?.page ? { page: p.page } : {}), node_id: node.id };
}

function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.;])\s+(?=[A-Z0-9])/)
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => s.length > 3);
}

function findSentences(f: PolicyFacts, re: RegExp): string[] {
  return f.sentences.filter((s) => re.test(s));
}

function questionNodes(f: PolicyFacts, kinds: string[]) {
  return f.nodes.filter((n) => n.node_type === "question" && criteriaOf(n).some((c) => c.kind && kinds.includes(c.kind)));
}

/** Built-in extractors of the predefined (and sample) fields: value plus where it came from. */
const EXTRACTORS: Record<string, (f: PolicyFacts) => { value: Value; sources: Source[] }> = {
  drug_name: (f) => ({ value: f.policy.drug_name, sources: [] }),
  drugs: (f) => ({ value: [...new Set([f.policy.drug_name, ...f.policy.drugs_list])], sources: [] }),
  age_restriction: (f) => {
    const nodes = questionNodes(f, ["age"]);
    if (nodes.length) return { value: nodes.map((n) => n.question).join("; "), sources: nodes.map(nodeSource) };
    const hits = findSentences(f, /\b\d{1,2}\s*(years? of age|years? old|years? or older)|\bage[ds]?\s*(of\s*)?\d{1,2}\b/i);
    return { value: hits[0] ?? null, sources: hits.slice(0, 1).map((text) => ({ text })) };
  },
  prescriber_requirement: (f) => {
    const nodes = questionNodes(f, ["prescriber"]);
    if (nodes.length) return { value: nodes.map((n) => n.question).join("; "), sources: nodes.map(nodeSource) };
    const hits = findSentences(f, /prescribed by|in consultation with/i);
    return { value: hits[0] ?? null, sources: hits.slice(0, 1).map((text) => ({ text })) };
  },
  step_therapy_required: (f) => {
    const nodes = questionNodes(f, ["prior_therapy"]);
    if (nodes.length) return { value: true, sources: nodes.map(nodeSource) };
    const hits = findSentences(f, /step therapy|tried and failed|inadequate response|trial of|failure of/i);
    return { value: hits.length > 0, sources: hits.slice(0, 2).map((text) => ({ text })) };
  },
  required_medications: (f) => {
    const nodes = questionNodes(f, ["prior_therapy"]);
    const names = nodes.flatMap((n) =>
      criteriaOf(n)
        .filter((c) => c.kind === "prior_therapy")
        .flatMap((c) => [...(c.drugs ?? []), ...(c.classes ?? [])]),
    );
    return { value: [...new Set(names)], sources: nodes.map(nodeSource) };
  },
  exclusion_criteria: (f) => {
    // "contraindicated in/for/with" is an exclusion; "a contraindication to methotrexate" or
    // "unless contraindicated" is an exception to another criterion (a step), not an exclusion.
    const hits = findSentences(
      f,
      /not (be )?covered|exclusion|not (recommended|authorized|medically necessary)|will not be approved|\b(is|are) contraindicated (in|for|with)\b/i,
    );
    return { value: hits.length ? hits.join(" ") : null, sources: hits.map((text) => ({ text })) };
  },
  coverage_duration: (f) => {
    const re =
      /(?:approve|approval|authori[sz]ation|authori[sz]ed|coverage)[^.]{0,40}?\b(?:for|up to|duration[:\s]+|period[:\s]+|of)\s*(\d+\s*(?:months?|weeks?|years?|days?))/i;
    for (const n of f.nodes) {
      const m = n.reason ? re.exec(n.reason) : null;
      if (m) return { value: m[1]!, sources: [{ text: n.reason!, node_id: n.id }] };
    }
    for (const s of f.sentences) {
      const m = re.exec(s);
      if (m) return { value: m[1]!, sources: [{ text: s }] };
    }
    return { value: null, sources: [] };
  },
  part_b_required: (f) => {
    const hits = findSentences(f, /\bPart B\b/i);
    return { value: hits.length > 0, sources: hits.slice(0, 1).map((text) => ({ text })) };
  },
  off_label_uses: (f) => {
    const hits = findSentences(f, /off[- ]label|compendi/i);
    return { value: hits.length ? hits.join(" ") : null, sources: hits.map((text) => ({ text })) };
  },
  indication: (f) => {
    const nodes = questionNodes(f, ["diagnosis"]);
    return { value: nodes.length ? nodes.map((n) => n.question).join("; ") : null, sources: nodes.map(nodeSource) };
  },
  required_medical_information: (f) => {
    const nodes = questionNodes(f, ["lab", "diagnosis"]);
    return { value: nodes.length ? nodes.map((n) => n.question).join("; ") : null, sources: nodes.map(nodeSource) };
  },
  other_criteria: (f) => {
    const nodes = questionNodes(f, ["text", "dose_limit", "current_therapy", "concurrent_use"]);
    return { value: nodes.length ? nodes.map((n) => n.question).join("; ") : null, sources: nodes.map(nodeSource) };
  },
};
// The spec's sample extracted policy uses these names for the same facts.
EXTRACTORS.age_restrictions = EXTRACTORS.age_restriction!;
EXTRACTORS.prescribe_restrictions = EXTRACTORS.prescriber_requirement!;
EXTRACTORS.prescriber_restrictions = EXTRACTORS.prescriber_requirement!;
EXTRACTORS.part_b_prereq = EXTRACTORS.part_b_required!;

const STOP = new Set(["the", "a", "an", "of", "for", "and", "or", "to", "in", "is", "are", "with", "any", "policy", "drug"]);

/** Custom field: the policy sentence sharing the most words with the field's id, title and description. */
function extractCustom(f: PolicyFacts, field: ExtractionSchema["properties"][number]): { value: Value; sources: Source[] } {
  const words = [...new Set(`${field.field_id.replace(/_/g, " ")} ${field.title} ${field.description}`.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [])].filter(
    (w) => !STOP.has(w),
  );
  let best: { s: string; score: number } | null = null;
  for (const [i, s] of f.sentences.entries()) {
    const lower = f.lowerSentences[i]!;
    const score = words.filter((w) => lower.includes(w)).length;
    if (score > 0 && (!best || score > best.score)) best = { s, score };
  }
  const needed = Math.min(2, words.length);
  if (!best || best.score < needed) return { value: field.type === "boolean" ? false : null, sources: [] };
  return { value: best.s, sources: [{ text: best.s }] };
}

/** Casts an extracted value to the field's declared type (null when it cannot be expressed). */
function coerce(value: Value, type: FieldType): Value {
  if (value === null) return type === "array" ? [] : null;
  switch (type) {
    case "boolean":
      return typeof value === "boolean" ? value : Array.isArray(value) ? value.length > 0 : Boolean(value);
    case "array":
      return Array.isArray(value) ? value : typeof value === "boolean" ? [] : [String(value)];
    case "number":
    case "integer": {
      if (typeof value === "number") return type === "integer" ? Math.trunc(value) : value;
      const m = /-?\d+(\.\d+)?/.exec(Array.isArray(value) ? value.join(" ") : String(value));
      if (!m) return null;
      return type === "integer" ? Math.trunc(Number(m[0])) : Number(m[0]);
    }
    default:
      return Array.isArray(value) ? value.join(", ") : typeof value === "boolean" ? (value ? "Yes" : "No") : String(value);
  }
}

/** One policy's extracted fields (by field_id) and the wording each value came from. */
export interface ExtractedPolicy {
  coverage_policy_id: string;
  [field: string]: unknown;
  citations: Record<string, Source[]>;
}

/**
 * Fills `schema`'s fields for each policy: built-in extractors for the predefined fields, the best
 * matching policy sentence for custom ones, each value cast to its field's type. Pure and
 * synchronous; run it through extract-coverage-policies.server.ts (isolated thread).
 */
export function extractPolicies(schema: ExtractionSchema, policies: PolicyForExtraction[]): ExtractedPolicy[] {
  return policies.map((p) => {
    const sentences = sentencesOf(p.policy.policy_text ?? "");
    const facts: PolicyFacts = { ...p, sentences, lowerSentences: sentences.map((s) => s.toLowerCase()) };
    const row: ExtractedPolicy = { coverage_policy_id: p.policy.id, citations: {} };
    for (const field of schema.properties) {
      // own keys only: a custom field named e.g. 'constructor' is not Object.prototype.constructor
      const extractor = Object.hasOwn(EXTRACTORS, field.field_id) ? EXTRACTORS[field.field_id] : undefined;
      const { value, sources } = extractor ? extractor(facts) : extractCustom(facts, field);
      row[field.field_id] = coerce(value, field.type);
      if (sources.length) row.citations[field.field_id] = sources;
    }
    return row;
  });
}
