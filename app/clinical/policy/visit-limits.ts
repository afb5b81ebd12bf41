/**
 * Benefit visit maximums of a benefit rule sheet or therapy policy: a requirement that the visit fall
 * "within the calendar-year maximum" (or "annual visit limit") refers to the policy's benefit table,
 * whose rows name the service codes and the number of visits ("Speech therapy | 92507, 92508, 92526 |
 * 20 visits"). The reader turns such a requirement into a `visit_limit` criterion carrying the rows;
 * the evaluator counts the visits (evidence/visit-count.ts). Pure functions of the policy lines.
 */
import type { Criterion } from "../contracts";

/** "The visit falls within the calendar-year maximum", "visits are within the annual visit limit" */
const VISIT_MAX_RE =
  /\b(?:falls?|is|are|remains?|stays?)\s+within\s+the\s+(?:member's\s+)?((?:calendar|plan|benefit|contract)[- ]year|annual|yearly)\s+(?:visit\s+|benefit\s+)?(?:maximum|max|limit)\b/i;

/** a HCPCS/CPT code ("92507", "G0283", "97161-97168") */
const CODE_RE = /\b(\d{4}[0-9A-Z]|[A-Z]\d{4})(?:\s*[-–]\s*(\d{4}[0-9A-Z]|[A-Z]\d{4}))?\b/g;
/** the number of visits of a row ("20 visits", "30 visits, combined PT and OT") */
const COUNT_RE = /\b(\d{1,3})\s+(visits?|sessions?)\b(?!\s*(?:per|each|every)\s+(?:episode|day|week|month|date|referral|condition|lifetime))/i;

/** The period a visit-maximum requirement names ("calendar year"), or null when the text is no such requirement. */
export function visitMaximumPeriod(text: string): string | null {
  const m = VISIT_MAX_RE.exec(text);
  if (!m) return null;
  const p = m[1].toLowerCase().replace("-", " ");
  return p === "annual" || p === "yearly" ? "calendar year" : p;
}

/**
 * The benefit table rows of a policy: each line that names service codes and a number of visits
 * ("Speech therapy 92507, 92508, 92526, 92609 20 visits Evaluations do not count"). Only the codes on
 * the row's own line are read (a wrapped code list is left out: a line without a maximum of its own
 * is judged by a reviewer, never by a neighbouring row). Rows per episode, per day or per week are
 * other limits and are skipped.
 */
export function visitLimitRows(lines: { text: string }[]): { codes: string[]; max: number; text: string }[] {
  const out: { codes: string[]; max: number; text: string }[] = [];
  for (const l of lines) {
    const count = COUNT_RE.exec(l.text);
    if (!count) continue;
    const codes = [...l.text.slice(0, count.index).matchAll(CODE_RE)].map((m) => (m[2] ? `${m[1]}-${m[2]}` : m[1]));
    if (!codes.length) continue;
    out.push({ codes, max: Number(count[1]), text: l.text.trim() });
  }
  return out;
}

/** Whether `code` is one of `codes` (a listed code or inside a listed range "97161-97168"). */
export function codeListed(code: string, codes: string[]): boolean {
  const c = code.trim().toUpperCase();
  return codes.some((x) => {
    const [a, b] = x.toUpperCase().split("-");
    if (!b) return a === c;
    return c.length === a.length && c >= a && c <= b;
  });
}

/**
 * Replaces each visit-maximum requirement among `criteria` (nested groups included) by a
 * `visit_limit` criterion with the policy's benefit table rows; unchanged when the policy has no
 * such rows (the requirement stays as read, and a reviewer judges it).
 */
export function withVisitLimits(criteria: Criterion[], rows: { codes: string[]; max: number; text: string }[]): Criterion[] {
  if (!rows.length) return criteria;
  return criteria.map((c): Criterion => {
    if (c.kind === "all" || c.kind === "any") return { ...c, items: withVisitLimits(c.items, rows) };
    const period = visitMaximumPeriod(c.text);
    if (!period) return c;
    return { kind: "visit_limit", text: c.text, passage: c.passage ?? null, confidence: "high", limits: rows, period };
  });
}

/** "Visits beyond 24 in a calendar year are not covered" */
const BEYOND_RE =
  /\bvisits?\s+(?:beyond|over|above|in excess of|exceeding|after)\s+(?:the\s+)?(\d{1,3})(?:th)?\s+(?:visits?\s+)?(?:in|per|during)\s+(?:a|the|each|any)?\s*(calendar|plan|benefit|contract)[- ]year\b[^.]{0,60}?\b(?:are|is)\s+not\s+covered\b/i;
/** "For members aged 21 and older": the members a limit applies to */
const AGE_SCOPE_RE = /\b(?:members?|beneficiar(?:y|ies)|enrollees?|adults?)\s+(?:aged|age|ages)\s+(\d{1,2})\s+(?:and|or)\s+(?:older|over|above)\b/i;

/**
 * A visit maximum a provider manual states in prose, not in a table of codes ("For members aged 21
 * and older, the 24-visit limit is a benefit limit. Visits beyond 24 in a calendar year are not
 * covered"): a `visit_limit` criterion over the service codes the policy lists (lines naming two or
 * more codes, or a code word and a code), wrapped, when the 200 characters before it scope it to
 * members of an age and older, as "younger than that age, or within the maximum". Null when the
 * policy states no such limit or lists no code. `cite` cites the policy lines the sentence is on.
 * Source: the plan's provider manual.
 */
export function statedVisitLimit<L extends { text: string }>(lines: L[], cite: (ls: L[]) => Criterion["passage"]): Criterion | null {
  for (let i = 0; i < lines.length; i++) {
    const span = lines.slice(i, i + 2);
    const window = span.map((l) => l.text).join(" ");
    const m = BEYOND_RE.exec(window);
    if (!m || m.index >= lines[i].text.length) continue;
    const codes = [
      ...new Set(
        lines.flatMap((l) => {
          const found = [...l.text.matchAll(CODE_RE)].map((c) => (c[2] ? `${c[1]}-${c[2]}` : c[1]));
          return found.length >= 2 || (found.length && /\b(?:codes?|cpt|hcpcs)\b/i.test(l.text)) ? found : [];
        }),
      ),
    ].filter((c) => /^(?:\d{5}|[A-Z]\d{4})(?:-(?:\d{5}|[A-Z]\d{4}))?$/.test(c));
    if (!codes.length) return null;
    const before = [lines[i - 1]?.text ?? "", lines[i].text.slice(0, m.index)].join(" ").slice(-200);
    const scope = AGE_SCOPE_RE.exec(before);
    const passage = cite(span);
    const text = m[0].trim();
    const limit: Criterion = {
      kind: "visit_limit",
      text,
      passage,
      confidence: "high",
      limits: [{ codes, max: Number(m[1]), text }],
      period: `${m[2].toLowerCase()} year`,
    };
    if (!scope) return limit;
    const age: Criterion = {
      kind: "age",
      text: `Younger than ${scope[1]} (the limit applies to ${scope[0]})`,
      passage,
      confidence: "high",
      max_years: Number(scope[1]),
    };
    return { kind: "any", text: `${scope[0]}: ${text}`, passage, confidence: "high", items: [age, limit] };
  }
  return null;
}
