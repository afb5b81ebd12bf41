/**
 * The built-in chat engine's answer: a sentence or two built from the case's extracted facts
 * (patient, diagnoses, prescriber, requested drug, prior therapies, labs, the decision), each fact
 * followed by a numbered reference [n] to the citation it was extracted from (questions about prior
 * therapies or the decision also quote the coverage policy's best-matching passage); when the
 * question is about none of those, the passage that best matches the question is quoted instead.
 *
 * Pure and deterministic: no database, no model. `chat.server.ts` loads the facts and passages.
 */
import type { Citation } from "~/documents/types";

/** One extracted fact with the citations it was read from (as stored by the intake). */
export interface CitedFact<T> {
  value: T;
  citations: Citation[];
}

/** What the case says, as extracted by the intake (every field optional: extraction may miss it). */
export interface CaseFacts {
  patient?: CitedFact<{ first_name?: string | null; last_name?: string | null; birth_date?: string | null; member_id?: string | null }>;
  diagnoses: CitedFact<{ code?: string | null; description?: string | null }>[];
  prescribers: CitedFact<{ full_name?: string | null; npi?: string | null; specialty?: string | null; organization_name?: string | null }>[];
  medications: CitedFact<{
    drug_name?: string | null;
    strength?: string | null;
    dosage?: string | null;
    quantity?: number | null;
    quantity_unit?: string | null;
    days_supply?: number | null;
  }>[];
  prior_therapies: CitedFact<{ drug_name: string; duration_days?: number | null; outcome?: string | null }>[];
  labs: CitedFact<{ name: string; value?: number | null; value_text?: string | null; unit?: string | null; observed_on?: string | null }>[];
  decision?: CitedFact<{ final_decision: string; ai_summary: string; by_human: boolean }>;
}

/** A passage retrieved for the question (case document or coverage policy). */
export type AnswerPassage = Citation;

/** The answer text with its [n] references resolved to `citations[n-1]`. */
export interface FactAnswer {
  content: string;
  citations: Citation[];
}

type Topic = "diagnosis" | "prescriber" | "medication" | "prior_therapy" | "patient" | "lab" | "decision";

/** Question → topics, most specific first. A question may touch several ("who prescribed what?"). */
const TOPICS: [Topic, RegExp][] = [
  ["prior_therapy", /\b(tried|trials?\b|previous(ly)?\b|prior (therap|treat|medic|drug)|before\b|failed|step therap|history of (treatment|therap))/i],
  ["diagnosis", /\b(diagnos\w*|condition|icd|disease|indication)\b/i],
  ["prescriber", /\b(prescrib\w*|provider|physician|doctor|npi|ordering|specialist|specialty)\b/i],
  ["lab", /\b(lab|labs|a1c|hba1c|bmi|level|value|test result|results?)\b/i],
  ["decision", /\b(decision|decided|approv\w*|den(y|ied|ial)|why|status|outcome|criteria|criterion|missing|need)\b/i],
  ["medication", /\b(medication|drug|requested|request|dose|dosage|quantity|strength|supply|ndc)\b/i],
  ["patient", /\b(patient|member|birth|dob|age)\b/i],
];

/** Words a policy uses for a topic, so the quoted requirement is the one the question is about. */
const POLICY_TERMS: Partial<Record<Topic, string>> = {
  prior_therapy: "trial failure failed inadequate response intolerance contraindication conventional step therapy weeks months previous",
  decision: "criteria required requirements must documented approval",
};

const SOURCE: Record<string, string> = { fax: "The fax", epa: "The ePA request", policy: "The coverage policy" };

const DECISION_WORDS: Record<string, string> = { approved: "approved", denied: "denied", needs_more_information: "needs more information" };

const OUTCOME_WORDS: Record<string, string> = {
  inadequate_response: "inadequate response",
  intolerance: "not tolerated",
  contraindication: "contraindicated",
  ongoing: "ongoing",
};

/**
 * Answers `question` from `facts`, falling back to the best of `passages`.
 * Returns the answer text (one or two sentences, at most ~400 characters of quoted text) and the
 * citations its [n] references point at, in order. Never throws.
 */
export function answerFromFacts(question: string, facts: CaseFacts, passages: AnswerPassage[]): FactAnswer {
  const citations: Citation[] = [];
  /** `[n]` for the first citation of `cs` (added once; the same span is reused). */
  const ref = (cs: Citation[]): string => {
    const c = cs[0];
    if (!c) return "";
    const i = citations.findIndex((x) => x.document === c.document && x.page === c.page && x.start === c.start && x.end === c.end);
    if (i >= 0) return ` [${i + 1}]`;
    citations.push(c);
    return ` [${citations.length}]`;
  };

  const topics = TOPICS.filter(([, re]) => re.test(question)).map(([t]) => t);
  const sentences: string[] = [];
  for (const topic of topics) {
    const s = sentenceFor(topic, facts, ref, question);
    if (s) sentences.push(s);
    if (sentences.length === 2) break;
  }
  // No extracted fact answers it (or extraction missed it): quote the case document's best passage,
  // never claim the fact is absent.
  if (!sentences.length) {
    const fromCase = passages.filter((p) => p.document !== "policy");
    const best = bestPassage(question, fromCase.length ? fromCase : passages);
    if (best) sentences.push(`${SOURCE[best.document] ?? "The document"} says: "${snippet(best.text, words(question))}"${ref([best])}`);
  }
  // Questions about what was tried or why the case was decided are answered beside the policy's
  // own wording, so the reviewer sees the requirement next to the evidence.
  if (sentences.length && topics.some((t) => t === "prior_therapy" || t === "decision")) {
    const policy = bestPassage(
      `${question} ${topics.map((t) => POLICY_TERMS[t] ?? "").join(" ")}`,
      passages.filter((p) => p.document === "policy" && !citations.includes(p)),
    );
    // beside every part of the question answered, never instead of one (a two-part question keeps both)
    if (policy) sentences.push(`The coverage policy says: "${snippet(policy.text, words(question), 240)}"${ref([policy])}`);
  }
  if (sentences.length) return { content: sentences.join(" "), citations };
  return {
    content: "I could not find this in the case documents or the coverage policy. Try asking with the words the request uses (drug, diagnosis, prescriber).",
    citations,
  };
}

function sentenceFor(topic: Topic, f: CaseFacts, ref: (cs: Citation[]) => string, question = ""): string | null {
  switch (topic) {
    case "diagnosis": {
      const ds = f.diagnoses.filter((d) => d.value.code || d.value.description);
      if (!ds.length) return null;
      const items = ds
        .slice(0, 3)
        .map((d) => `${d.value.description ?? "a diagnosis"}${d.value.code ? ` (ICD-10-CM ${d.value.code})` : ""}${ref(d.citations)}`);
      return `The diagnosis on the request is ${list(items)}.`;
    }
    case "prescriber": {
      const p = f.prescribers.find((x) => x.value.full_name || x.value.npi);
      if (!p) return null;
      // asked only for the specialty: the specialty, without identifiers nobody asked for
      if (/\bspecialt/i.test(question) && !/\b(npi|who|name|organi[sz]ation|contact|phone|fax)\b/i.test(question))
        return p.value.specialty
          ? `The prescriber, ${p.value.full_name ?? "named on the request"}, specializes in ${p.value.specialty}${ref(p.citations)}.`
          : `The request does not state the prescriber's specialty${ref(p.citations)}.`;
      const details = [p.value.specialty, p.value.npi ? `NPI ${p.value.npi}` : null, p.value.organization_name].filter(Boolean);
      return `The prescribing provider is ${p.value.full_name ?? "not named"}${details.length ? ` (${details.join(", ")})` : ""}${ref(p.citations)}.`;
    }
    case "medication": {
      const m = f.medications.find((x) => x.value.drug_name);
      if (!m) return null;
      const v = m.value;
      const qty =
        v.quantity != null
          ? `, quantity ${fmt(v.quantity)}${v.quantity_unit ? ` ${v.quantity_unit}` : ""}${v.days_supply ? ` for ${v.days_supply} days` : ""}`
          : "";
      return `The request is for ${[v.drug_name, v.strength].filter(Boolean).join(" ")}${v.dosage ? `, ${v.dosage}` : ""}${qty}${ref(m.citations)}.`;
    }
    case "prior_therapy": {
      if (!f.prior_therapies.length) return null;
      // a question naming a drug asks about that drug's trial
      const named = f.prior_therapies.filter((t) => new RegExp(`\\b${t.value.drug_name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "i").test(question));
      // one entry per therapy: the same drug and outcome read from two places is said once
      const seen = new Set<string>();
      const therapies = (named.length ? named : f.prior_therapies).filter((t) => {
        const key = `${t.value.drug_name.toLowerCase()}|${t.value.duration_days ?? ""}|${t.value.outcome ?? ""}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      const items = therapies.slice(0, 4).map((t) => {
        const detail = [
          t.value.duration_days ? `${durationWords(t.value.duration_days)}` : null,
          t.value.outcome ? (OUTCOME_WORDS[t.value.outcome] ?? null) : null,
        ].filter(Boolean);
        return `${t.value.drug_name}${detail.length ? ` (${detail.join(", ")})` : ""}${ref(t.citations)}`;
      });
      return `Previously tried: ${list(items)}.`;
    }
    case "lab": {
      if (!f.labs.length) return null;
      const items = f.labs.slice(0, 3).map((l) => {
        const value = l.value.value != null ? `${fmt(l.value.value)}${l.value.unit ? ` ${l.value.unit}` : ""}` : (l.value.value_text ?? "reported");
        return `${l.value.name} ${value}${l.value.observed_on ? ` on ${l.value.observed_on}` : ""}${ref(l.citations)}`;
      });
      return `Lab results on the request: ${list(items)}.`;
    }
    case "patient": {
      const p = f.patient?.value;
      if (!p || !(p.first_name || p.last_name)) return null;
      const details = [p.birth_date ? `born ${p.birth_date}` : null, p.member_id ? `member ID ${p.member_id}` : null].filter(Boolean);
      return `The patient is ${[p.first_name, p.last_name].filter(Boolean).join(" ")}${details.length ? `, ${details.join(", ")}` : ""}${ref(f.patient!.citations)}.`;
    }
    case "decision": {
      const d = f.decision;
      if (!d) return "The case has no decision yet.";
      const who = d.value.by_human ? "A reviewer decided" : "The AI review recommends";
      const summary = d.value.ai_summary.replace(/\s+/g, " ").trim().replace(/\.+$/, "");
      return `${who}: ${DECISION_WORDS[d.value.final_decision] ?? d.value.final_decision}${summary ? `. ${summary}` : ""}${ref(d.citations)}.`;
    }
  }
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, ""));

function durationWords(days: number): string {
  if (days >= 60 && days % 30 < 5) return `${Math.round(days / 30)} months`;
  if (days >= 14 && days % 7 === 0) return `${days / 7} weeks`;
  return `${days} days`;
}

function list(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const STOP = new Set([
  "what",
  "which",
  "who",
  "the",
  "this",
  "that",
  "was",
  "were",
  "are",
  "and",
  "for",
  "with",
  "does",
  "did",
  "has",
  "have",
  "patient",
  "before",
  "there",
  "any",
  "about",
]);

function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []).filter((w) => !STOP.has(w)));
}

function bestPassage(question: string, passages: AnswerPassage[]): AnswerPassage | null {
  const q = words(question);
  let best: AnswerPassage | null = null;
  let bestScore = 0;
  for (const p of passages) {
    const score = (p.text.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []).filter((w) => q.has(w)).length;
    if (score > bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return best ?? passages[0] ?? null;
}

/** The sentence(s) of `text` sharing most words with the question, cut at a word boundary (≤ `max` chars). */
export function snippet(text: string, q: Set<string>, max = 300): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  // a list numeral ("5.", "b)") is no sentence end: never cut a list between its marker and its item
  const sentences = flat.split(/(?<=[.;:!?])(?<!(?:^|\s)(?:\d{1,2}|[a-zA-Z]|[ivx]{1,4})[.)])\s+|\s{2,}/);
  let best = 0;
  let bestScore = -1;
  sentences.forEach((s, i) => {
    const score = (s.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []).filter((w) => q.has(w)).length;
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  });
  let out = sentences[best] ?? "";
  for (let j = best + 1; j < sentences.length && out.length + sentences[j]!.length < max; j++) out += ` ${sentences[j]}`;
  // a quote never ends on the next item's bare marker ("…; 5.")
  out = out.replace(/[;,]?\s+(?:\d{1,2}|[a-zA-Z]|[ivx]{1,4})[.)]$/, "").trimEnd();
  if (out.length <= max) return out;
  const cut = out.lastIndexOf(" ", max - 1);
  return `${out.slice(0, cut > max / 2 ? cut : max - 1).trimEnd()}…`;
}
