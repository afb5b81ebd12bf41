/**
 * A reimbursement policy's diagnosis list stated through the claim line's pointer: "The line's
 * diagnosis pointer (item 24E) must reference a code from the list below. Lines whose pointers
 * reference only codes not on the list are denied, even when a listed code appears elsewhere in
 * item 21", followed by rows of ICD-10-CM codes ("M19.011, M19.012 Primary osteoarthritis, …"). It is
 * the same rule as a billing article's "ICD-10-CM Codes that Support Medical Necessity" list
 * (bundled-codes.ts lineDiagnosisRules), written without that heading: one `line_diagnosis`
 * criterion for every code of the policy, judged on the codes the line points to. Read only with the
 * policy's own statement that such a line is denied; the list ends at a "not on the list" line or at
 * the next heading. Pure.
 */
import type { Criterion } from "../contracts";

/** "diagnosis pointer … must reference a code from the list" */
const POINTER_RULE_RE =
  /\bdiagnosis\s+pointers?\b[^.]{0,60}?\b(?:must|should|shall)\s+(?:reference|point\s+to)\s+(?:a|an|one)\s+(?:ICD-10(?:-CM)?\s+)?codes?\s+(?:from|on|in)\s+the\s+list\b/i;
/** "Lines whose pointers reference only codes not on the list are denied" */
const POINTER_DENIED_RE =
  /\bpointers?\s+(?:reference|point\s+to)\s+(?:only\s+)?codes?\s+not\s+(?:on|in)\s+the\s+list\b[^.]{0,40}?\b(?:is|are|will\s+be)\s+denied\b/i;
const ICD = String.raw`[A-TV-Z]\d[0-9A-Z](?:\.[0-9A-Z]{1,4})?`;
/** a row opening with one or more ICD-10-CM codes ("M17.10, M17.11, M17.12 Unilateral …") */
const ROW_RE = new RegExp(String.raw`^(${ICD}(?:\s*[-–]\s*${ICD})?(?:\s*,\s*${ICD}(?:\s*[-–]\s*${ICD})?)*)(?=\s|$)`);
/** the end of the list: codes the policy names as not listed, or a next section */
const END_RE = /^(?:not\s+(?:on|in)\s+the\s+list|(?:codes\s+)?(?:that\s+)?(?:do|does)\s+not\s+support|definitions?\b|policy\s+history\b|[A-Z]\.\s+[A-Z])/i;

export function pointerDiagnosisRules<L extends { text: string }>(lines: L[], cite: (ls: L[]) => Criterion["passage"]): Criterion[] {
  const all = lines.map((l) => l.text.trim()).join(" ");
  const rule = POINTER_RULE_RE.exec(all);
  const denied = POINTER_DENIED_RE.exec(all);
  if (!rule || !denied) return [];
  // the list follows the line the rule ends on
  let at = 0;
  let seen = 0;
  for (let i = 0; i < lines.length; i++) {
    seen += lines[i].text.trim().length + 1;
    if (seen > denied.index) {
      at = i + 1;
      break;
    }
  }
  const icd: string[] = [];
  const rows: L[] = [];
  let misses = 0;
  for (const l of lines.slice(at)) {
    const t = l.text.trim();
    if (END_RE.test(t)) break;
    const row = ROW_RE.exec(t);
    if (!row) {
      if (icd.length && ++misses > 3) break;
      continue;
    }
    misses = 0;
    for (const c of row[1].split(/\s*,\s*/)) icd.push(c.replace(/\s*[-–]\s*/, "-"));
    rows.push(l);
  }
  if (!icd.length) return [];
  const from = Math.max(0, all.lastIndexOf(". ", rule.index) + 2);
  const to = all.indexOf(".", denied.index + denied[0].length);
  return [
    {
      kind: "line_diagnosis",
      text: all.slice(all.lastIndexOf(". ", rule.index) < 0 ? 0 : from, to < 0 ? undefined : to + 1).trim(),
      passage: cite(rows.slice(0, 1)),
      confidence: "high",
      icd10: icd,
    },
  ];
}
