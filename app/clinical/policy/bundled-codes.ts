/**
 * Codes a policy or its billing article says are included in other codes and not paid on their own
 * ("Imaging guidance (CPT 77003, 77012) is included in 64490-64495 and must not be reported
 * separately", "… is bundled into 20610 and not separately payable"): a line billing such a code on
 * the same claim and date of service as a line of the code it is included in is not payable. The
 * reader turns each such sentence into a `bundled_code` criterion scoped to the included codes; the
 * evaluator checks the claim's lines (review/evaluate.ts). Pure functions of the policy lines.
 * Source: CMS NCCI policy manual (services integral to a primary procedure are not separately
 * reportable) as the policy's own sentence states it.
 */
import type { Criterion } from "../contracts";

/** a HCPCS/CPT code or a range of them ("77003", "64490-64495") */
const CODE_RE = /\b(\d{4}[0-9FTU]|[A-V]\d{4})(?:\s*[-–]\s*(\d{4}[0-9FTU]|[A-V]\d{4}))?\b/g;
/** the policy's statement that a service is not paid on its own */
const NOT_SEPARATE_RE =
  /\b(?:(?:must|should|may|will|are|is|shall)\s+not\s+(?:be\s+)?(?:reported|billed|paid|reimbursed|coded)\s+separately|(?:is|are)\s+not\s+separately\s+(?:reportable|payable|billable|reimbursable|reimbursed|paid|covered)|not\s+separately\s+(?:reportable|payable|billable|reimbursable))\b/i;
/** "… are included in 64490-64495", "bundled into", "integral to", "a component of" */
const INCLUDED_IN_RE = /\b(?:(?:is|are)\s+)?(?:included\s+in|bundled\s+(?:into|with)|integral\s+to|(?:a\s+)?component\s+of)\b/i;

function codesIn(text: string): string[] {
  return [...new Set([...text.matchAll(CODE_RE)].map((m) => (m[2] ? `${m[1]}-${m[2]}` : m[1]).toUpperCase()))];
}

/**
 * The bundling rules of a policy's lines: each sentence stating that codes are included in other
 * codes (INCLUDED_IN_RE) and are not reported or paid separately (NOT_SEPARATE_RE), with the codes
 * before "included in" as the included codes and the codes after it as the codes they are included
 * in. A sentence that names no code on either side, or negates the inclusion ("not included in"),
 * gives no rule (nothing is guessed). `cite` cites the policy lines the sentence is on. One criterion
 * per distinct set of included codes, each scoped (Criterion.codes) to its included codes.
 */
export function bundledCodeRules<L extends { text: string }>(lines: L[], cite: (ls: L[]) => Criterion["passage"]): Criterion[] {
  const out: Criterion[] = [];
  const seen = new Set<string>();
  // the policy as one text, each line's start offset kept to cite the lines a sentence is on
  const offsets: number[] = [];
  let text = "";
  for (const l of lines) {
    offsets.push(text.length);
    text += `${l.text.trim()} `;
  }
  // sentences end at a full stop before a capital, an opening parenthesis or a numbered item
  const bounds = [0, ...[...text.matchAll(/\.\s+(?=[A-Z(]|\d{1,2}[.)]\s)/g)].map((m) => m.index + m[0].length), text.length];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const raw = text.slice(bounds[k], bounds[k + 1]);
    const sentence = raw.replace(/^\s*(?:\d{1,2}[.)]|[a-z][.)])\s+/, "").trim();
    const inc = INCLUDED_IN_RE.exec(sentence);
    if (!inc || !NOT_SEPARATE_RE.test(sentence)) continue;
    if (/\bnot\s+$/i.test(sentence.slice(0, inc.index))) continue;
    const included = codesIn(sentence.slice(0, inc.index));
    const into = codesIn(sentence.slice(inc.index)).filter((c) => !included.includes(c));
    if (!included.length || !into.length) continue;
    const key = included.join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    const first = offsets.findLastIndex((o) => o <= bounds[k]);
    const last = offsets.findLastIndex((o) => o < bounds[k + 1] - 1);
    out.push({
      kind: "bundled_code",
      text: sentence,
      passage: cite(lines.slice(Math.max(0, first), last + 1)),
      confidence: "high",
      codes: included,
      included_in: into,
    });
  }
  return out;
}
