/**
 * Numbered yes/no decision flows ("Clinical Criteria Logic"): steps written as a question followed by
 * its routing line —
 *
 *   1. Is the client 18 years of age or older?
 *   [ ] Yes (Go to #2) [ ] No (Deny)
 *   2. Does the client have a diagnosis of rheumatoid arthritis (Table 1)?
 *   [ ] Yes (Go to #3) [ ] No (Go to #4)
 *   ...
 *   9. Is the requested dose within the limit?
 *   [ ] Yes (Approve - 365 days) [ ] No (Deny)
 *
 * read as the routes from the first step to an approval. On a route, a step answered YES whose NO
 * denies is a requirement; a step answered YES at a branch (its NO goes to another step) is the
 * branch's own requirement (the diagnosis that selects it); a step answered NO at a branch is only the
 * choice of route (no requirement: a member with both diagnoses is still covered by the other route);
 * a step whose YES denies ("Is the client receiving a biologic? Yes (Deny) No (Go to #8)") is an
 * exclusion, read only when it lies on every approving route. Anything else (a route that loops, a step
 * that routes to a missing number, a NO answer that is required without a YES that denies) makes the
 * flow unreadable: null, and a reviewer walks it as before.
 * Source: the policy document's own routing; no clinical rule is added.
 */
import type { DocLine } from "../text/lines";

/** where an answer leads */
export type FlowOutcome =
  /**
   * `when`: the condition a routing cell states for this way on ("Request is for subcutaneous flare
   * prevention: go to S7") — a requirement of every route through this answer
   */
  | { to: "step"; step: number; when?: string }
  | { to: "approve"; duration: string | null }
  | { to: "deny" }
  /** the form names no outcome for this answer ("If the test is pending, please resubmit"): never a denial */
  | { to: "pend" }
  /** "Go to Renewal Criteria": the answer sends a continuation request to the renewal section (a choice of request type) */
  | { to: "renewal" };

/** one numbered question of the flow with its two outcomes and the lines it was read from */
export interface FlowStep {
  n: number;
  question: string;
  /** the question restated as a requirement ("Is the client 18 or older?" → "the client is 18 or older") */
  statement: string;
  /** sentences written after the question mark (how the question is answered), "" when none */
  note: string;
  yes: FlowOutcome;
  no: FlowOutcome;
  lines: DocLine[];
  /**
   * the ages the question is asked at ("Patients 40 years of age or older ONLY: Has a PSA …"):
   * `min_years` inclusive, `max_years` exclusive (younger than); absent when asked of everyone
   */
  ages?: { min_years?: number; max_years?: number };
}

/** a route from the first step to an approval: the requirements it needs and the exclusions on it */
export interface FlowRoute {
  /** steps answered YES that the route needs (their NO denies, or they select this branch) */
  required: FlowStep[];
  /** steps whose YES denies, answered NO on this route */
  excluded: FlowStep[];
  /** branch steps answered NO on this route whose NO states its own condition (FlowOutcome `when`) */
  stated: FlowStep[];
  duration: string | null;
}

const STEP_RE = /^\s*(\d{1,2})[.)]\s+(\S.*)$/;
/** "[ ] Yes (Go to #2) [ ] No (Deny)", "Yes - Go to 3; No - Deny", "YES: approve for 12 months / NO: deny" */
const ROUTING_RE =
  /(?:\[\s*[xX✓]?\s*\]\s*|☐\s*|□\s*)?\byes\b\s*[:(\-–—→>]*\s*([^[\]]*?)\)?\s*[;,/]?\s*(?:\[\s*[xX✓]?\s*\]\s*|☐\s*|□\s*)?\bno\b\s*[:(\-–—→>]*\s*([^)\]]*)\)?\s*$/i;

/** An answer's outcome: "Go to #4", "Proceed to question 7", "Deny", "Approve - 365 days"; null when unreadable. */
export function flowOutcome(text: string): FlowOutcome | null {
  // "Pass to RPh. Deny; medical appropriateness", "Record ICD-10 code. Go to #2": who takes the request
  // on, and what to write down, before the outcome (Oregon DURM criteria tables); a hand-off to the
  // pharmacist with no outcome after it is a pharmacist's review
  const t = withoutRoutingNotes(text);
  if (!t) return /\S/.test(text) ? { to: "pend" } : null;
  if (/^(?:go|proceed|continue|skip)\s+to\s+(?:the\s+)?(?:renewal|re-?authori[sz]ation|continuation)(?:\s+(?:criteria|section|questions?))?\b/i.test(t))
    return { to: "renewal" };
  // "go to Step 3 (approve 12 months)": a form section that approves, not a question
  const toApproval = /^(?:go|proceed|continue|skip)\s+to\s+[^()]{0,30}\((approve[^)]*)\)/i.exec(t);
  if (toApproval) return flowOutcome(toApproval[1]);
  // "STOP: coverage not approved", "Stop - deny the request"
  if (/^stop\b/i.test(t)) return /\b(?:not (?:approved|covered|authori[sz]ed)|den(?:y|ied)|not eligible)\b/i.test(t) ? { to: "deny" } : null;
  const go = /^(?:go|proceed|continue|skip)\s+to\s*(?:#|question|step|item|no\.?)?\s*#?(\d{1,2})\b(?![a-z])/i.exec(t);
  if (go) return { to: "step", step: Number(go[1]) };
  if (/^(?:deny|denied|not approved|not covered|do not approve|reject)\b/i.test(t)) return { to: "deny" };
  const ap = /^(?:approve|approved|authorize|authorise)\b(.*)$/i.exec(t);
  if (ap) return { to: "approve", duration: approvalDuration(ap[1]) };
  if (PEND_RE.test(t)) return { to: "pend" };
  return null;
}

/**
 * An answer cell without the words that say who reviews it or what to record before its outcome: "Pass
 * to RPh. Deny; …" → "Deny; …", "Record ICD-10 code. Go to #2" → "Go to #2"; "" when nothing else is
 * written ("Pass to RPh").
 */
function withoutRoutingNotes(text: string): string {
  return text
    .trim()
    .replace(/^pass(?:ed)?\s+to\s+(?:the\s+)?(?:rph|pharmacist|clinical pharmacist|reviewer)\b\s*[.;:,-]?\s*/i, "")
    .replace(/^(?:record|document|note|enter)\b[^.;]{0,60}[.;]\s*/i, "")
    .trim();
}

/**
 * An outcome that asks for more and decides nothing: "PEND", "Pend for information", "Request the
 * missing information from the prescriber", "Refer for pharmacist review" — never a denial.
 */
const PEND_RE =
  /^(?:pend(?:ed|ing)?\b|hold\b|needs? more information\b|request\s+(?:the\s+|any\s+)?(?:missing|additional|more|further|updated|current|outstanding)\b|(?:request|obtain)\s+(?:the\s+)?(?:chart notes|records|documentation|information)\b|(?:refer|send|route|forward)\b[^.]{0,40}\breview\b)/i;

/**
 * The approval length an approving outcome states: "valid 30 days", "for 12 months" first (an
 * approval cell may also state dosing intervals: "a further dose within 8 days … Valid 30 days"),
 * else the first length written; null when none.
 */
function approvalDuration(text: string): string | null {
  const d =
    /\b(?:valid|approved?|authori[sz]ed?|approval|for)\s+(?:for\s+)?(?:up\s+to\s+)?(\d{1,3})\s*(days?|weeks?|months?|years?)\b/i.exec(text) ??
    /(\d{1,3})\s*(days?|weeks?|months?|years?)/i.exec(text);
  return d ? `${d[1]} ${d[2]}` : null;
}

/** "Is the client 18 or older?" → "the client is 18 or older"; "Does the client have X?" → "the client has X". */
export function questionStatement(q: string): string {
  let s = q.trim().replace(/\?\s*$/, "");
  const subject = String.raw`(the (?:client|patient|member|beneficiary|enrollee|individual|recipient|prescriber|provider|requested (?:drug|medication|agent|dose|quantity)|drug|medication|request))`;
  s = s
    .replace(new RegExp(`^(?:is|are)\\s+${subject}\\s+`, "i"), "$1 is ")
    .replace(new RegExp(`^(?:does|do)\\s+${subject}\\s+have\\s+`, "i"), "$1 has ")
    .replace(new RegExp(`^(?:has|have)\\s+${subject}\\s+`, "i"), "$1 has ")
    .replace(/^is there\s+/i, "there is ")
    .replace(/^(?:does|do|has|have|is|are|was|were|did)\s+/i, "");
  // "Has a PSA been measured within the 12 months before this request, with a result below 4.0
  // ng/mL?" → "PSA below 4.0 ng/mL within the 12 months before this request" (the threshold beside
  // its measure, the window after it)
  const measured =
    /^(?:an?\s+|the\s+)?(.{2,40}?)\s+(?:been\s+)?(?:measured|drawn|obtained|performed|checked|tested|documented)\s+(within\s+[^,]+?),?\s+with\s+an?\s+(?:result|value|level|reading)\s+(?:of\s+)?((?:below|under|less than|above|over|greater than|at least|at most|of at least|no (?:more|greater|higher) than)\b.+)$/i.exec(
      s,
    );
  if (measured) s = `${measured[1]} ${measured[3]} ${measured[2]}`;
  return s;
}

/**
 * The steps of a numbered yes/no flow in `lines`, or null when fewer than three steps with a readable
 * routing are found, or two steps share a number. Three shapes are read: a routing line after each
 * question ("[ ] Yes (Go to #2) [ ] No (Deny)"), routing sentences ("If yes, go to 2. If no, STOP:
 * coverage not approved.") and a step table row ("3 | Is the client on X? | Go to Step 4 | Deny").
 */
export function flowSteps(lines: DocLine[]): FlowStep[] | null {
  // a flow written as text is read first (a policy may also print an abbreviated step table of it);
  // a step algorithm table (step-table.ts) only when no text flow is found
  return routingLineSteps(lines) ?? tableRowSteps(lines) ?? ifRoutedSteps(lines) ?? (lines.some((l) => l.flow) ? stepTableSteps(lines) : null);
}

/** a step table row's label before its question: "S1", "Step 3", "Q2.", "4)" */
const ROW_LABEL_RE = /^\s*(?:step\s*)?([A-Z]{0,2})(\d{1,2})[.):]?\s+/i;
/** the answer word that opens a routing cell: "YES ->", "NO:", "If yes –" */
const ANSWER_LEAD_RE = /^\s*(?:if\s+)?(yes|no)\b\s*(?:->|→|=>|>|:|[-–—])?\s*/i;
/**
 * the condition of a clause that routes a NO answer to a pend because information is missing
 * ("Diagnosis not stated", "No result, or result pending", "Flare history only in outside records not sent")
 */
const MISSING_INFO_RE =
  /\b(?:not (?:stated|documented|provided|submitted|sent|recorded|available|given|entered|reported|known|included|attached|quantified)|no (?:results?|records?|documentation|information|dates?|values?|weights?|scores?|reports?)\b|missing|pending|unknown|unclear|incomplete)\b/i;

/**
 * The outcome of a step table's routing cell (`answer` its column): one or more sentences, each an
 * outcome ("Go to S2", "APPROVE SC for 12 months: …", "NOT APPROVED (restricted to Dermatology)",
 * "PEND") or a condition and its outcome ("Active TB: NOT APPROVED.", "Request is for subcutaneous
 * flare prevention: go to S7."); sentences naming no outcome are notes ("Valid 30 days."). `prefix`
 * is the table's label letters ("S" of "S1"), so "Go to S3" reads as step 3. Read as:
 *  - outcomes all going to one step → that step (a single stated condition kept as `when`);
 *  - one approval → approve (its length read from the whole cell);
 *  - denials, or denials beside pends whose conditions name missing information ("Diagnosis not
 *    stated: PEND") → deny: the answer clearly known to be NO denies, missing information pends, as
 *    the engine decides any requirement;
 *  - pends only, or a pend on a stated answer beside a denial ("12 to 17: PEND for review") → pend
 *    (never a denial);
 * anything else (a cell whose first sentence names no outcome, approvals or steps mixed with other
 * outcomes) → null: the table is left to a reviewer.
 */
export function cellOutcome(text: string, answer: "yes" | "no", prefix = ""): FlowOutcome | null {
  const lead = ANSWER_LEAD_RE.exec(text);
  if (lead && lead[1].toLowerCase() !== answer) return null;
  let body = withoutRoutingNotes(lead ? text.slice(lead[0].length) : text);
  if (!body) return { to: "pend" };
  if (prefix) body = body.replace(new RegExp(String.raw`\b(to\s+(?:step\s+)?)${prefix}(?=\d{1,2}\b)`, "gi"), "$1");
  const read: { out: FlowOutcome; when: string }[] = [];
  for (const [k, sentence] of body.split(/(?<=[.;])\s+(?=[A-Z(])/).entries()) {
    const t = sentence.trim().replace(/[.;]\s*$/, "");
    const own = flowOutcome(t);
    let hit: { out: FlowOutcome; when: string } | null = own ? { out: own, when: "" } : null;
    // "<condition>: <outcome>", "<condition> -> <outcome>"
    for (const m of own ? [] : t.matchAll(/\s*(?::|->|→|=>)\s*/g)) {
      const out = flowOutcome(t.slice(m.index! + m[0].length));
      if (out) {
        hit = { out, when: t.slice(0, m.index).trim() };
        break;
      }
    }
    if (hit) read.push(hit);
    else if (k === 0) return null;
  }
  const kinds = new Set(read.map((r) => r.out.to));
  if (kinds.size === 1 && kinds.has("step")) {
    const steps = new Set(read.map((r) => (r.out as { step: number }).step));
    if (steps.size !== 1) return null;
    const whens = read.map((r) => r.when).filter(Boolean);
    return { to: "step", step: [...steps][0], ...(whens.length === 1 && read.length === 1 ? { when: whens[0] } : {}) };
  }
  if (kinds.size === 1 && kinds.has("approve")) return read.length === 1 ? { to: "approve", duration: approvalDuration(body) } : null;
  if (kinds.size === 1 && kinds.has("deny")) return { to: "deny" };
  if (kinds.size === 1 && kinds.has("pend")) return { to: "pend" };
  if (kinds.size === 1 && kinds.has("renewal")) return read.length === 1 ? { to: "renewal" } : null;
  if (kinds.size === 2 && kinds.has("deny") && kinds.has("pend"))
    return read.every((r) => r.out.to !== "pend" || MISSING_INFO_RE.test(r.when)) ? { to: "deny" } : { to: "pend" };
  return null;
}

/**
 * The steps of a step algorithm table as step-table.ts re-reads it (lines tagged `flow`: per row
 * "<label> <question>", the YES cell, the NO cell). Every row must be read — a label with a step
 * number, one letter prefix shared by all labels, distinct numbers, both cells understood
 * (cellOutcome) — else null: a routing not fully understood is left to a reviewer, never guessed.
 * Only the first table is read, and only when it starts at step 1.
 */
function stepTableSteps(lines: DocLine[]): FlowStep[] | null {
  const table = lines.find((l) => l.flow)!.flow!.table;
  const rows = new Map<number, Partial<Record<"question" | "yes" | "no", DocLine>>>();
  for (const l of lines) if (l.flow?.table === table) rows.set(l.flow.row, { ...rows.get(l.flow.row), [l.flow.role]: l });
  const labels = [...rows.values()].map((r) => (r.question ? ROW_LABEL_RE.exec(r.question.text) : null));
  if (labels.some((m) => !m) || new Set(labels.map((m) => m![1].toUpperCase())).size !== 1) return null;
  const prefix = labels[0]![1];
  const steps: FlowStep[] = [];
  for (const [k, r] of [...rows.values()].entries()) {
    const m = labels[k]!;
    if (!r.yes || !r.no) return null;
    const yes = cellOutcome(r.yes.text, "yes", prefix);
    const no = cellOutcome(r.no.text, "no", prefix);
    if (!yes || !no || steps.some((s) => s.n === Number(m[2]))) return null;
    steps.push(stepOf(Number(m[2]), r.question!.text.slice(m[0].length), yes, no, [r.question!, r.yes, r.no]));
  }
  return steps.length >= 3 ? steps : null;
}

/** a checkbox ("[ ]", "[x]", "☐") */
const BOX = String.raw`(?:\[\s*[xX✓✔]?\s*\]|☐|□|☑|☒)`;
/** the answer boxes printed inside a question ("… documented [ ] Yes [ ] No by a SALT score …") */
const ANSWER_BOXES_RE = new RegExp(String.raw`${BOX}\s*yes\b\s*${BOX}?\s*no\b`, "gi");
/** a label that ends the questions of the initial request: "R1.", "Renewal", "Step 3:", "Continuation of therapy" */
const FLOW_END_RE =
  /^\s*(?:[A-Z]{1,2}\d{1,2}[.)]\s|(?:renewal|re-?authori[sz]ation|continuation|continued therapy|recertification)\b|step\s+\d+\s*[:\-–—]|(?:prescriber|physician)\s+signature\b|attestation\b)/i;
/** "Patients 40 years of age or older ONLY:", "For members under 18 only -", "Patients 12 to 17 years of age only:" */
const AGE_GATE_RE =
  /^\s*(?:for\s+)?(?:patients?|members?|clients?|beneficiar(?:y|ies)|enrollees?|individuals?|recipients?)\s+(?:aged?\s+)?(?:(\d{1,2})\s*(?:years?\s*(?:of\s+age|old)?\s*)?(?:or|and)\s+(older|over|above|younger|under)|(?:under|younger\s+than)\s+(\d{1,2})|(\d{1,2})\s*(?:to|-|–|through)\s*(\d{1,2}))\s*(?:years?\s*(?:of\s+age|old)?\s*)?only\s*[:\-–—]\s*/i;

/**
 * The ages a question is asked at, from its lead ("Patients 40 years of age or older ONLY: Has …"):
 * the lead removed from the question, and `ages` (min inclusive, max exclusive), or null when the
 * question has no such lead.
 */
export function ageGate(question: string): { ages: { min_years?: number; max_years?: number }; rest: string } | null {
  const m = AGE_GATE_RE.exec(question);
  if (!m) return null;
  const rest = question.slice(m[0].length).trim();
  if (m[1]) {
    const n = Number(m[1]);
    // "18 or older" → 18+; "17 or younger" → under 18
    return /older|over|above/i.test(m[2]) ? { ages: { min_years: n }, rest } : { ages: { max_years: n + 1 }, rest };
  }
  if (m[3]) return { ages: { max_years: Number(m[3]) }, rest };
  return { ages: { min_years: Number(m[4]), max_years: Number(m[5]) + 1 }, rest };
}

/** a step built from its question text (answer boxes removed, an age lead read) and its outcomes */
function stepOf(n: number, text: string, yes: FlowOutcome, no: FlowOutcome, lines: DocLine[]): FlowStep {
  let question = text.replace(ANSWER_BOXES_RE, " ").replace(/\s+/g, " ").trim();
  const gate = ageGate(question);
  if (gate) question = gate.rest;
  const q = /^[^?]*\?/.exec(question)?.[0] ?? question;
  const note = question.slice(q.length).trim();
  return { n, question, statement: questionStatement(q), note, yes, no, lines, ...(gate ? { ages: gate.ages } : {}) };
}

/** "If yes, go to 3", "If no, STOP: coverage not approved", "If no, go to Step 3 (approve 12 months)" */
const IF_ANSWER_RE = /\bif\s+(yes|no)\b\s*[,:\-–—]?\s*((?:[^.;()]|\([^)]*\))*)/gi;
/** "If the score is below 50, STOP: coverage not approved" — a stop on a stated failing answer */
const IF_STOP_RE = /\bif\s+(?!yes\b|no\b)(?:[^,.;]|[,.](?=\d)){3,100},\s*(stop\b[^.;]*)/i;

/**
 * Questions routed by sentences after them: "1. Is the patient 12 or older? [ ] Yes [ ] No / If yes,
 * go to 2. If no, STOP: coverage not approved." A question runs from its number to the next number
 * (or a renewal / attestation label); its YES is the "If yes" sentence; its NO the "If no" sentence,
 * else a conditional stop naming the failing answer ("If the score is below 50, STOP"), else no
 * outcome (pend: the form asks for more, never denies). A question without an "If yes" sentence
 * whose "If no" continues, or the reverse, is read with the unnamed answer going on to the next
 * number. Null when fewer than three routed questions are found.
 */
function ifRoutedSteps(lines: DocLine[]): FlowStep[] | null {
  const blocks: { n: number; lines: DocLine[] }[] = [];
  let open: { n: number; lines: DocLine[] } | null = null;
  for (const l of lines) {
    const st = STEP_RE.exec(l.text);
    if (st) {
      open = { n: Number(st[1]), lines: [l] };
      blocks.push(open);
      continue;
    }
    if (FLOW_END_RE.test(l.text)) open = null;
    else if (open && open.lines.length < 10) open.lines.push(l);
    else open = null;
  }
  const steps: FlowStep[] = [];
  const numbers = blocks.map((b) => b.n);
  for (const [k, b] of blocks.entries()) {
    const text = b.lines
      .map((l, i) => (i === 0 ? STEP_RE.exec(l.text)![2] : l.text))
      .join(" ")
      .replace(/\s+/g, " ");
    const routes = [...text.matchAll(IF_ANSWER_RE)];
    if (!routes.length) continue;
    const qEnd = routes[0].index!;
    const said = (a: "yes" | "no") => routes.find((r) => r[1].toLowerCase() === a);
    const next = numbers[k + 1] != null && numbers[k + 1] === b.n + 1 ? ({ to: "step", step: b.n + 1 } as FlowOutcome) : null;
    const read = (a: "yes" | "no"): FlowOutcome | null => {
      const r = said(a);
      if (r) return flowOutcome(r[2]);
      return null;
    };
    let yes = read("yes");
    let no = read("no");
    if (said("yes") && !yes) continue;
    if (said("no") && !no) continue;
    if (!no && yes) {
      const stop = IF_STOP_RE.exec(text.slice(qEnd));
      no = (stop ? flowOutcome(stop[1]) : null) ?? { to: "pend" };
    }
    if (!yes && no) yes = no.to === "deny" ? next : null;
    if (!yes || !no) continue;
    // the question is the text before its first routing sentence (notes included)
    if (steps.some((s) => s.n === b.n)) return null;
    steps.push(stepOf(b.n, text.slice(0, qEnd), yes, no, b.lines));
  }
  return steps.length >= 3 ? steps : null;
}

/** an outcome cell of a step table: "Go to Step 4", "Approve (12 months)", "Deny" */
const CELL = String.raw`((?:go|proceed|continue|skip)\s+to\s+(?:step|question|#)?\s*#?\d{1,2}|approve(?:d)?(?:\s*[-–(]?\s*\d{1,3}\s*(?:days?|weeks?|months?|years?)\)?)?|den(?:y|ied)|stop\b[^|]{0,40})`;
const TABLE_ROW_RE = new RegExp(String.raw`^\s*(?:step\s*)?(\d{1,2})[.):]?\s*\|?\s*(.+\?)\s*\|?\s*${CELL}\s*\|?\s*${CELL}\s*$`, "i");

/**
 * A step table ("Step | Question | Yes | No" with rows "1 | Does the client have X? | Go to Step 2 |
 * Deny"): each row one step, its YES and NO the two outcome cells. A question wrapped onto lines
 * before its row's outcomes is joined. Null when fewer than three rows are read.
 */
function tableRowSteps(lines: DocLine[]): FlowStep[] | null {
  const steps: FlowStep[] = [];
  let pending: { n: number; text: string; lines: DocLine[] } | null = null;
  for (const l of lines) {
    const t = l.text.replace(/\s*\|\s*/g, " | ");
    const joined = pending ? `${pending.n} ${pending.text} ${t}` : t;
    const m = TABLE_ROW_RE.exec(t) ?? (pending ? TABLE_ROW_RE.exec(joined) : null);
    if (m) {
      const yes = flowOutcome(m[3]);
      const no = flowOutcome(m[4]);
      const rowLines = m.input === joined && pending ? [...pending.lines, l] : [l];
      pending = null;
      if (!yes || !no) continue;
      if (steps.some((s) => s.n === Number(m[1]))) return null;
      steps.push(stepOf(Number(m[1]), m[2].replace(/\|/g, " "), yes, no, rowLines));
      continue;
    }
    const start = /^\s*(?:step\s*)?(\d{1,2})[.):]?\s*\|?\s*(\S.*)$/i.exec(t);
    if (start && !/\?\s*$/.test(start[2])) pending = { n: Number(start[1]), text: start[2].replace(/\|/g, " "), lines: [l] };
    else if (pending && pending.lines.length < 4) {
      pending.text += ` ${t.replace(/\|/g, " ")}`;
      pending.lines.push(l);
    } else pending = null;
  }
  // a table that does not start at step 1 is the continuation of one printed on an earlier page
  return steps.length >= 3 && Math.min(...steps.map((s) => s.n)) === 1 ? steps : null;
}

/** the original shape: a routing line ("[ ] Yes (Go to #2) [ ] No (Deny)") after each question */
function routingLineSteps(lines: DocLine[]): FlowStep[] | null {
  const steps: FlowStep[] = [];
  let open: { n: number; parts: string[]; lines: DocLine[] } | null = null;
  for (const l of lines) {
    const route = ROUTING_RE.exec(l.text);
    const yes = route ? flowOutcome(route[1]) : null;
    const no = route ? flowOutcome(route[2]) : null;
    // a step written on one line, number, question and routing ("3. Has the client …? [ ] Yes (Go to
    // #6) [ ] No (Go to #4)"): the question is its own, never the end of the step above
    const own = route && yes && no ? STEP_RE.exec(l.text.slice(0, route.index)) : null;
    if (own) open = { n: Number(own[1]), parts: [], lines: [] };
    if (own) {
      open!.parts.push(own[2]);
      open!.lines.push(l);
      const question = own[2].replace(/\s+/g, " ").trim();
      if (steps.some((s) => s.n === open!.n)) return null;
      const q = /^[^?]*\?/.exec(question)?.[0] ?? question;
      steps.push({ n: open!.n, question, statement: questionStatement(q), note: question.slice(q.length).trim(), yes: yes!, no: no!, lines: [l] });
      open = null;
      continue;
    }
    if (route && yes && no && open) {
      // the routing may end the question's own line ("... older? [ ] Yes (Go to #2) [ ] No (Deny)")
      const before = l.text.slice(0, route.index).trim();
      if (before) open.parts.push(before);
      const question = open.parts.join(" ").replace(/\s+/g, " ").trim();
      if (steps.some((s) => s.n === open!.n)) return null;
      const q = /^[^?]*\?/.exec(question)?.[0] ?? question;
      const note = question.slice(q.length).trim();
      steps.push({ n: open.n, question, statement: questionStatement(q), note, yes, no, lines: [...open.lines, l] });
      open = null;
      continue;
    }
    const st = STEP_RE.exec(l.text);
    if (st) {
      open = { n: Number(st[1]), parts: [st[2]], lines: [l] };
      continue;
    }
    // a question wrapped onto further lines, until it ends with its question mark
    if (open && !/\?\s*$/.test(open.parts.join(" "))) {
      open.parts.push(l.text);
      open.lines.push(l);
    } else open = null;
  }
  return steps.length >= 3 ? steps : null;
}

/**
 * The approving routes of a flow (see the file comment), or null when the flow cannot be followed.
 */
export function flowRoutes(steps: FlowStep[]): FlowRoute[] | null {
  const byN = new Map(steps.map((s) => [s.n, s]));
  const first = Math.min(...steps.map((s) => s.n));
  const routes: FlowRoute[] = [];
  let broken = false;
  const walkFrom = (n: number, seen: Set<number>, required: FlowStep[], excluded: FlowStep[], stated: FlowStep[]) => {
    if (broken) return;
    const s = byN.get(n);
    if (!s || seen.has(n)) {
      broken = true;
      return;
    }
    const next = new Set(seen).add(n);
    for (const answer of ["yes", "no"] as const) {
      const out = s[answer];
      const other = answer === "yes" ? s.no : s.yes;
      if (out.to === "deny" || out.to === "pend" || out.to === "renewal") continue;
      // an information-only step ("What diagnosis is being treated? Record ICD-10 code. Go to #2"): both
      // answers go on to the same step — no requirement, one way on
      const same = s.yes.to === "step" && s.no.to === "step" && s.yes.step === s.no.step;
      if (same && answer === "no") continue;
      let req = required;
      let exc = excluded;
      let st = stated;
      if (same) req = required;
      else if (answer === "yes") req = [...required, s];
      else if (other.to === "deny") exc = [...excluded, s];
      // a NO that continues while the YES sends a continuation to the renewal section: the initial
      // request's way on (the choice of request type, no requirement)
      else if (other.to === "renewal") req = required;
      // a NO that continues while the YES has no outcome: unreadable
      else if (other.to === "pend") {
        broken = true;
        return;
      }
      // a NO that continues while the YES also continues is the choice of route: no requirement
      // (unless the NO states its own condition: "Request is for SC prevention: go to S7")
      // a NO that continues while the YES approves outright would need the negation read: unreadable
      else if (other.to === "approve") {
        broken = true;
        return;
      } else if (out.to === "step" && out.when) st = [...stated, s];
      if (out.to === "approve") routes.push({ required: req, excluded: exc, stated: st, duration: out.duration });
      else walkFrom(out.step, next, req, exc, st);
    }
  };
  walkFrom(first, new Set(), [], [], []);
  if (broken || !routes.length) return null;
  return routes;
}

/**
 * Whether a branch step (YES and NO both go on to other steps) only adds alternatives: every way on
 * from its NO comes back to its YES step (or ends in a denial or a pend) before any approval. "3. Has
 * the client received X for 30 days? Yes (Go to #6) No (Go to #4)", "4. Tried a preferred drug? Yes
 * (Go to #6) No (Go to #5)", "5. Intolerance? Yes (Go to #6) No (Deny)": the NO of 3 reaches 6 only
 * through 4 or 5, so a member on the NO route still meets everything the YES route checks from 6 on —
 * the branch is "3, or 4, or 5", never a way round step 6. False for a step that is no such branch,
 * or when the NO side approves on its own, loops or routes to a missing step.
 */
export function branchRejoins(steps: FlowStep[], step: FlowStep): boolean {
  if (step.yes.to !== "step" || step.no.to !== "step" || step.yes.step === step.no.step) return false;
  const target = step.yes.step;
  const byN = new Map(steps.map((s) => [s.n, s]));
  const ok = (out: FlowOutcome, seen: Set<number>): boolean => {
    if (out.to === "deny" || out.to === "pend" || out.to === "renewal") return true;
    if (out.to === "approve") return false;
    if (out.step === target) return true;
    const s = byN.get(out.step);
    if (!s || seen.has(s.n) || s.n === step.n) return false;
    const next = new Set(seen).add(s.n);
    return ok(s.yes, next) && ok(s.no, next);
  };
  return ok(step.no, new Set());
}

/**
 * A question whose YES denies, as the exclusion it states: "the client is receiving a biologic …"
 * → "Concurrent use of a biologic …" (the policy's "receiving" is current use alongside the requested
 * drug); other questions as restated.
 */
export function exclusionStatement(statement: string): string {
  // "Will ritlecitinib be used in combination with another JAK inhibitor …?" → "Concurrent use of
  // another JAK inhibitor …" (the drug asked about is the requested one)
  const combo =
    /^(?:will|is|are)\s+(?:the\s+)?[\w\-() /]{2,60}?\s+(?:be\s+)?(?:used|given|taken|administered|prescribed)\s+(?:in combination|concurrently|concomitantly|together)\s+with\s+(.+)$/i.exec(
      statement,
    );
  if (combo) return `Concurrent use of ${combo[1]}`;
  return statement.replace(
    /^the (?:client|patient|member|beneficiary|enrollee|individual|recipient) is (?:currently )?(?:receiving|taking|using|on)\s+/i,
    "Concurrent use of ",
  );
}
