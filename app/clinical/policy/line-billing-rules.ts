/**
 * Coding rules a policy states for a service line together with its statement that a line billed
 * against them is denied:
 * - modifiers that must not be appended to a code ("Modifiers 50, RT and LT must not be appended to
 *   64615; a 64615 line billed with modifier 50, RT or LT is denied as incorrectly coded" — the code
 *   is bilateral by definition);
 * - a maximum of units per date of service ("The maximum is 200 units per date of service", "The
 *   units on the J0585 line(s) for one date of service … may not exceed 200", with "A J0585 line whose
 *   units exceed the per-date-of-service maximum is denied in full").
 * Each becomes a `line_billing` exclusion scoped to the codes the sentence names; nothing is read
 * without the policy's own denial statement, and a maximum only when the policy states one number.
 * Pure functions of the policy lines. Source: CMS NCCI / MUE practice (modifier misuse, units per
 * date of service) as the policy's own sentences state it.
 */
import { policySentences } from "./policy-sentences";
import type { Criterion } from "../contracts";

const CODE = String.raw`(?:\d{4}[0-9FTU]|[A-V]\d{4})`;
const MOD = String.raw`(?:[A-Z0-9]{2})`;
/** "Modifiers 50, RT and LT must not be appended to 64615" */
const MODIFIER_BAN_RE = new RegExp(
  String.raw`\bmodifiers?\s+(${MOD}(?:\s*(?:,|\/|\bor\b|\band\b|,\s*or|,\s*and)\s*${MOD})*)\s+(?:must|should|may|shall|can)\s*not\s+be\s+(?:appended|reported|billed|used|submitted)\s+(?:to|with)\s+((?:${CODE}(?:\s*(?:,|\bor\b|\band\b)\s*)?)+)`,
  "i",
);
/** the policy's statement that such a line is denied */
const DENIED_RE = /\b(?:is|are|will\s+be)\s+denied\b|\bnot\s+(?:payable|reimbursed|reimbursable|covered)\b/i;
/** "A J0585 line whose units exceed the per-date-of-service maximum is denied (in full)" */
const UNITS_DENIED_RE = new RegExp(
  String.raw`\b(${CODE})\s+lines?(?:\(s\))?\s+(?:whose|with|where the)\s+units\s+exceed(?:s)?\s+the\s+per[- ]date[- ]of[- ]service\s+maximum\b[^.]{0,40}?\b(?:is|are|will\s+be)\s+denied\b`,
  "i",
);
/** "The maximum is 200 units per date of service", "may not exceed 200 (units) … date of service" */
const PER_DATE_MAX_RES = [
  /\bmaximum\s+(?:is|of)\s+(\d{1,4})\s+units?\s+per\s+(?:date|day)\s+of\s+service\b/gi,
  /\bfor\s+one\s+date\s+of\s+service\b[^.]{0,80}?\b(?:may|must|shall)\s+not\s+exceed\s+(\d{1,4})\b/gi,
];

const sentencesOf = (text: string) => text.split(/(?<=[.;])\s+(?=[A-Z(]|\d)/);
const codesIn = (t: string) => [...new Set([...t.matchAll(new RegExp(String.raw`\b${CODE}\b`, "g"))].map((m) => m[0].toUpperCase()))];

/**
 * The line coding rules of a policy's lines (see the file comment): one `line_billing` exclusion per
 * rule, scoped (Criterion.codes) to the codes it names. `cite` cites the policy lines a rule is on.
 * [] when the policy states none.
 */
export function lineBillingRules<L extends { text: string }>(lines: L[], cite: (ls: L[]) => Criterion["passage"]): Criterion[] {
  const out: Criterion[] = [];
  const { text, linesOf } = policySentences(lines);
  const citeAt = (from: number, to: number) => cite(linesOf(from, to));
  // modifiers that must not be appended, in a paragraph that says such a line is denied
  for (const m of text.matchAll(new RegExp(MODIFIER_BAN_RE.source, "gi"))) {
    const end = text.indexOf(". ", m.index + m[0].length);
    const rest = text.slice(m.index, end < 0 ? undefined : end + 1);
    if (!DENIED_RE.test(rest)) continue;
    const modifiers = [...new Set(m[1].split(/\s*(?:,|\/|\bor\b|\band\b)\s*/i).map((x) => x.trim().toUpperCase()))].filter((x) => /^[A-Z0-9]{2}$/.test(x));
    const codes = codesIn(m[2]);
    if (!modifiers.length || !codes.length) continue;
    out.push({
      kind: "line_billing",
      text: rest.trim(),
      passage: citeAt(m.index, m.index + rest.length),
      confidence: "high",
      codes,
      modifiers,
      max_units_per_date: null,
    });
  }
  // a per-date-of-service unit maximum the policy states once, with its denial of a line above it
  for (const sentence of sentencesOf(text)) {
    const denied = UNITS_DENIED_RE.exec(sentence);
    if (!denied) continue;
    const maxima = new Set(PER_DATE_MAX_RES.flatMap((re) => [...text.matchAll(re)].map((x) => Number(x[1]))));
    if (maxima.size !== 1) continue;
    const at = text.indexOf(sentence);
    out.push({
      kind: "line_billing",
      text: sentence.trim(),
      passage: citeAt(at, at + sentence.length),
      confidence: "high",
      codes: [denied[1].toUpperCase()],
      modifiers: [],
      max_units_per_date: [...maxima][0],
    });
  }
  return out;
}
