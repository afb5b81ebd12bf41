/**
 * A scripted "model" for the fake OpenAI-compatible server (tests/support/fake-openai.ts): answers
 * each structured-output request by its `response_format.json_schema.name` with a reply that is
 * valid for the app's output schemas and built from the request itself — the document text in the
 * user message (so quotes really are in the fax / policy and citations resolve), the tree's question
 * node ids and answer options, and the numbered evidence passages.
 *
 * Replies carry a marker (`SCRIPTED_MARK`) so a test can tell model output from built-in output.
 * `/v1/embeddings` falls through to the fake's default deterministic vectors.
 */
import type { AuditOutput, ClinicalReviewOutput, DecisionOutput, DecisionTreeOutput, ExtractionOutput } from "~/agents/output-schemas";
import type { FakeHandler, FakeRequest } from "./fake-openai";

export const SCRIPTED_MARK = "[scripted-model]";

export interface ScriptedModelOptions {
  /** what the decision agent proposes (the app's hard rules may override it) */
  decision?: DecisionOutput["final_decision"];
}

/** The questions the scripted decision_tree reply asks, in order (root first). */
export const SCRIPTED_TREE_QUESTIONS = [
  `${SCRIPTED_MARK} Is the patient 18 years of age or older?`,
  `${SCRIPTED_MARK} Has the patient tried one csDMARD (e.g. methotrexate) for at least 3 months?`,
  `${SCRIPTED_MARK} Is the drug prescribed by or in consultation with a rheumatologist?`,
];

export function scriptedModel(opts: ScriptedModelOptions = {}): FakeHandler {
  return (req: FakeRequest) => {
    if (req.path !== "/chat/completions") return undefined; // embeddings: default vectors
    const user = userMessage(req);
    switch (req.schemaName) {
      case "decision_tree":
        return decisionTreeReply(pagesOf(user));
      case "case_facts":
        return extractionReply(pagesOf(user));
      case "clinical_review":
        return clinicalReviewReply(user);
      case "audit":
        return auditReply(user);
      case "decision":
        return decisionReply(user, opts.decision ?? "approved");
      default:
        return undefined; // the fake answers 400 naming the schema
    }
  };
}

function userMessage(req: FakeRequest): string {
  const messages: { role: string; content: unknown }[] = req.body?.messages ?? [];
  const first = messages.find((m) => m.role === "user");
  return typeof first?.content === "string" ? first.content : "";
}

interface Page {
  page: number;
  text: string;
}

/** Pages of a document rendered by documentForPrompt ("=== Page N ===\n<text>\n"). */
export function pagesOf(user: string): Page[] {
  const parts = user.split(/^=== Page (\d+)(?: \(OCR\))? ===\n/m);
  const pages: Page[] = [];
  for (let i = 1; i + 1 < parts.length; i += 2) pages.push({ page: Number(parts[i]), text: parts[i + 1].replace(/\n$/, "") });
  return pages;
}

/** First match of `re` on any page: the captures, the page and the whole line it is on. */
function find(pages: Page[], re: RegExp): { m: RegExpMatchArray; page: number; line: string } | null {
  for (const p of pages) {
    const m = p.text.match(re);
    if (m && m.index != null) {
      const start = p.text.lastIndexOf("\n", m.index) + 1;
      const endNl = p.text.indexOf("\n", m.index + m[0].length);
      const line = p.text.slice(start, endNl < 0 ? undefined : endNl).trim();
      return { m, page: p.page, line };
    }
  }
  return null;
}

const quote = (hit: { page: number; line: string } | null) => (hit ? [{ page: hit.page, quote: hit.line.slice(0, 120) }] : []);
const quoteOf = (hit: { m: RegExpMatchArray; page: number } | null) => (hit ? [{ page: hit.page, quote: hit.m[0].trim().slice(0, 120) }] : []);

function usDate(s: string | undefined | null): string | null {
  const m = s?.match(/^(\d{2})\/(\d{2})\/(\d{4})$/);
  return m ? `${m[3]}-${m[1]}-${m[2]}` : null;
}

function extractionReply(pages: Page[]): ExtractionOutput {
  const sent = find(pages, /DATE: (\d{2}\/\d{2}\/\d{4})/);
  const member = find(pages, /\b(PSH\d{8})\b/);
  const name = find(pages, /^([A-Z][A-Za-z'-]+), ([A-Z][A-Za-z'-]+) (\d{2}\/\d{2}\/\d{4})/m);
  const sex = find(pages, /Sex: ([MF])\b/);
  const prescriber = find(pages, /^([A-Z][a-z]+) ([A-Z][A-Za-z'-]+), (MD|DO|NP|PA) (\d{10}) ([A-Za-z]+)/m);
  const drug = find(pages, /^(Enbrel|Mounjaro|Skyrizi)\b[^\n]*?(\d{5}-\d{4}-\d{2})/m);
  const dx = find(pages, /\b([A-Z]\d{2}\.\d{1,2})\b/);
  const mtx = find(pages, /^Methotrexate [^\n]*\d{2}\/\d{2}\/\d{4} - present/m);
  const tb = find(pages, /^QuantiFERON-TB Gold Plus Negative Negative (\d{2}\/\d{2}\/\d{4})/m);
  return {
    request_date: usDate(sent?.m[1]),
    urgency: "standard",
    patient: {
      first_name: name?.m[2] ?? null,
      last_name: name?.m[1] ?? null,
      birth_date: usDate(name?.m[3]),
      gender: sex ? (sex.m[1] === "F" ? "female" : "male") : "unknown",
      member_id: member?.m[1] ?? null,
      insurance_plan: null,
      quotes: [...quote(member), ...quoteOf(name)],
    },
    practitioner: {
      full_name: prescriber ? `${prescriber.m[1]} ${prescriber.m[2]}` : null,
      first_name: prescriber?.m[1] ?? null,
      last_name: prescriber?.m[2] ?? null,
      credential: prescriber?.m[3] ?? null,
      npi: prescriber?.m[4] ?? null,
      specialty: prescriber?.m[5] ?? null,
      phone: null,
      fax: null,
      organization_name: null,
      state_license: null,
      quotes: quote(prescriber),
    },
    medication: {
      drug_name: drug?.m[1] ?? null,
      generic_name: null,
      strength: null,
      dosage: null,
      quantity: null,
      quantity_unit: null,
      days_supply: null,
      duration_months: null,
      ndc: drug?.m[2] ?? null,
      drug_class: null,
      quotes: quote(drug),
    },
    diagnoses: dx ? [{ code: dx.m[1], description: null, primary: true, quotes: quoteOf(dx) }] : [],
    prior_therapies: mtx
      ? [{ drug_name: "Methotrexate", dose: null, start_date: null, end_date: null, duration_days: null, outcome: "inadequate_response", quotes: quote(mtx) }]
      : [],
    concurrent_therapies: [],
    labs: tb ? [{ name: "QuantiFERON-TB Gold Plus", value: null, value_text: "Negative", unit: null, date: usDate(tb.m[1]), quotes: quote(tb) }] : [],
    notes: [{ text: `${SCRIPTED_MARK} extracted by the scripted model`, quotes: [] }],
  };
}

function decisionTreeReply(pages: Page[]): DecisionTreeOutput {
  const src = (re: RegExp) => {
    const hit = find(pages, re);
    return hit ? { page: hit.page, quote: hit.m[0] } : null;
  };
  const q = (id: string, question: string, parent: string | null, condition: string | null, source: DecisionTreeOutput["nodes"][number]["source"]) => ({
    id,
    node_type: "question" as const,
    question,
    reason: null,
    node_action: null,
    condition,
    parent_id: parent,
    source,
  });
  const a = (id: string, act: "approved" | "denied", parent: string, condition: string) => ({
    id,
    node_type: "action" as const,
    question: act === "approved" ? "Approve" : "Deny",
    reason: `${SCRIPTED_MARK} ${act}`,
    node_action: act,
    condition,
    parent_id: parent,
    source: null,
  });
  const [q1, q2, q3] = SCRIPTED_TREE_QUESTIONS;
  const nodes = [
    q("n1", q1, null, null, src(/Patient is >= 18 years of age/)),
    a("n2", "denied", "n1", "No"),
    q("n3", q2, "n1", "Yes", src(/Patient has tried ONE conventional synthetic disease-modifying antirheumatic drug/)),
    a("n4", "denied", "n3", "No"),
    q("n5", q3, "n3", "Yes", src(/The medication is prescribed by or in consultation with a rheumatologist/)),
    a("n6", "denied", "n5", "No"),
    a("n7", "approved", "n5", "Yes"),
  ];
  return {
    title: `${SCRIPTED_MARK} tree`,
    drug_names: [],
    nodes,
    edges: nodes.filter((n) => n.parent_id).map((n) => ({ source: n.parent_id!, target: n.id, condition: n.condition })),
  };
}

/** Numbered evidence passages "[n] (doc, page p) text" of a prompt. */
function evidenceOf(user: string): { ref: number; text: string }[] {
  return [...user.matchAll(/^\[(\d+)\] \([^)]*\) (.*)$/gm)].map((m) => ({ ref: Number(m[1]), text: m[2].replace(/…$/, "") }));
}

/** A pointer to passage `ref` quoting its first few words (verbatim, so the quote narrows the span). */
function pointer(e: { ref: number; text: string }) {
  return { ref: e.ref, quote: e.text.split(" ").slice(0, 6).join(" ") };
}

function clinicalReviewReply(user: string): ClinicalReviewOutput {
  const evidence = evidenceOf(user);
  const answers = [...user.matchAll(/^- ([^\s:]+): .*\n {2}answer options: (.*)$/gm)].map((m) => {
    const options = [...m[2].matchAll(/"([^"]*)"/g)].map((o) => o[1]).filter((o) => o !== "Unknown");
    return {
      node_id: m[1],
      answer: options.includes("Yes") ? "Yes" : (options[0] ?? "Unknown"),
      reason: `${SCRIPTED_MARK} documented in the request`,
      evidence: evidence.slice(0, 1).map(pointer),
    };
  });
  return { answers };
}

function auditReply(user: string): AuditOutput {
  const evidence = evidenceOf(user);
  return {
    findings: [
      {
        check: "member_identity",
        passed: true,
        severity: "info",
        message: `${SCRIPTED_MARK} identity consistent`,
        evidence: evidence.slice(0, 1).map(pointer),
      },
    ],
  };
}

function decisionReply(user: string, decision: DecisionOutput["final_decision"]): DecisionOutput {
  const evidence = evidenceOf(user);
  return {
    final_decision: decision,
    confidence_score: 0.9,
    ai_summary: `${SCRIPTED_MARK} ${decision}`,
    rationale: `${SCRIPTED_MARK} all criteria documented`,
    evidence: evidence.slice(0, 3).map(pointer),
  };
}
