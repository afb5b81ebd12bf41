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
import { policySentences } from "./policy-sentences";
import type { Criterion } from "../contracts";
import { escapeRegex } from "../vocabulary/conditions";

/** a HCPCS/CPT code or a range of them ("77003", "64490-64495") */
const CODE_RE = /\b(\d{4}[0-9FTU]|[A-V]\d{4})(?:\s*[-–]\s*(\d{4}[0-9FTU]|[A-V]\d{4}))?\b/g;
/** the policy's statement that a service is not paid on its own */
const NOT_SEPARATE_RE =
  /\b(?:(?:must|should|may|will|are|is|shall)\s+not\s+(?:be\s+)?(?:reported|billed|paid|reimbursed|coded)\s+separately|(?:is|are)\s+not\s+separately\s+(?:reportable|payable|billable|reimbursable|reimbursed|paid|covered)|not\s+separately\s+(?:reportable|payable|billable|reimbursable))\b/i;
/** "… are included in 64490-64495", "bundled into", "integral to", "a component of" */
const INCLUDED_IN_RE = /\b(?:(?:is|are)\s+)?(?:included\s+in|bundled\s+(?:into|with)|integral\s+to|(?:a\s+)?component\s+of)\b/i;

/** "When 81435 is billed, …", "If 64483 is reported on the same date, …": the codes of a leading condition clause (group 1) */
const WHEN_BILLED_RE =
  /^\s*(?:[A-Z]?\d{1,2}\.\s+)?(?:when|if|where)\s+([^,;]{0,80}?)\s+(?:is|are)\s+(?:billed|reported|performed|submitted|paid)\b[^,;]{0,60},/i;

/**
 * A code-pair edit stated on its denied code: "when both are reported for the same date of service,
 * 95115 is denied as included in 95117", "95115 is not reimbursed as bundled into 95117".
 */
const DENIED_AS_INCLUDED_RE =
  /\b(?:is|are|will\s+be)\s+(?:denied|disallowed|not\s+(?:reimbursed|paid|payable|covered))\s+as\s+(?:included|bundled|incidental)\s+(?:in|into|to|with)\b/i;
/** "64484 may not be billed with 64483 on the same date of service", "… must not be reported together with …" */
const NOT_BILLED_WITH_RE = /\b(?:may|must|should|can|shall)\s*not\s+be\s+(?:billed|reported|coded|submitted)\s+(?:together\s+)?(?:with|in\s+addition\s+to)\b/i;
/** the same date of service, "the same specimen or date of service" (a code pair edited across dates is no same-day bundling) */
const SAME_DATE_RE = /\bsame\s+(?:[a-z]+\s+or\s+)?(?:date|day)\b/i;

/**
 * The code pair of a sentence that states a code-pair edit on its denied code (DENIED_AS_INCLUDED_RE,
 * or NOT_BILLED_WITH_RE with "the same date"): the codes of the clause that ends at the statement
 * (after the last colon, semicolon or comma before it) are the denied codes, the codes after it the
 * codes they are denied with. null when either side names no code, or the statement is negated
 * ("is not denied as included …" never matches). Pure.
 */
export function codePairEdit(sentence: string): { included: string[]; into: string[] } | null {
  // "81162, 81163 and 81216 must not be reported with 81432 … for the same specimen or date of
  // service; when both are billed, the BRCA1/BRCA2 code is denied as included in the panel": each
  // statement is tried, the first that names codes on both sides is the edit
  const statements = [DENIED_AS_INCLUDED_RE.exec(sentence), SAME_DATE_RE.test(sentence) ? NOT_BILLED_WITH_RE.exec(sentence) : null];
  for (const at of statements) {
    if (!at) continue;
    const included = codesIn(deniedClause(sentence.slice(0, at.index)));
    // the codes it is denied with: up to the end of the statement's own clause
    const after = sentence.slice(at.index + at[0].length).split(/[.;:]\s/)[0];
    const into = codesIn(after).filter((c) => !included.includes(c));
    if (included.length && into.length) return { included, into };
  }
  return null;
}

const LEADING_CODE_RE = /^\s*(?:(?:and|or)\s+)?(?:\d{4}[0-9FTU]|[A-V]\d{4})\b/;
const TRAILING_CODE_RE = /(?:\d{4}[0-9FTU]|[A-V]\d{4})\s*$/;

/**
 * The clause of `before` that ends at a code-pair statement and names its denied codes: the text after
 * the last sentence end, colon or semicolon, and after the last comma — unless the commas separate a
 * list of codes ("81162, 81163, 81164 and 81216 must not be reported with …"), which is kept whole.
 */
function deniedClause(before: string): string {
  const clause = before.slice(Math.max(before.lastIndexOf(":"), before.lastIndexOf(";"), before.lastIndexOf(". ")) + 1);
  const parts = clause.split(",");
  let k = parts.length - 1;
  while (k > 0 && LEADING_CODE_RE.test(parts[k])) k--;
  if (k === parts.length - 1) return parts[k];
  // the list's first code may end the part before it ("… in 81432. 81162, 81163")
  const lead = TRAILING_CODE_RE.exec(parts[k]);
  return [lead ? lead[0] : "", ...parts.slice(k + 1)].join(",");
}

/** "on the date of a bariatric procedure", "on the same date as the procedure" */
const ON_PROCEDURE_DATE_RE =
  /\bon\s+the\s+(?:same\s+)?(?:date|day)\s+(?:of|as)\s+(?:a|an|the)\s+(?:[a-z-]+\s+){0,2}(?:procedures?|surgery|surgeries|operations?)\b/i;
/** "included in the bariatric procedure", "included in the surgery" */
const INTO_PROCEDURE_RE =
  /^\s*(?:is\s+|are\s+)?(?:included\s+in|bundled\s+(?:into|with)|integral\s+to)\s+(?:the|a|an)\s+(?:[a-z-]+\s+){0,2}(?:procedures?|surgery|surgeries|operations?)\b/i;

/**
 * A same-date bundling sentence that names neither side by code: the included service by a term (an
 * abbreviation such as "EGD", 2-6 capitals) that the policy ties to exactly one code elsewhere ("EGD
 * (43235)"), included in "the <class> procedure" billed on "the date of a <class> procedure". The
 * included code is that one code; the codes it is included in are the policy's other codes
 * (`policyCodes`, those of them that are service codes). Null when any part is missing or the term
 * maps to no single code.
 */
function sameDateProcedureBundle(before: string, after: string, policyText: string, policyCodes: string[]): { included: string[]; into: string[] } | null {
  if (!ON_PROCEDURE_DATE_RE.test(before) || !INTO_PROCEDURE_RE.test(after)) return null;
  const terms = [...new Set([...before.matchAll(/\b[A-Z]{2,6}\b/g)].map((m) => m[0]))].filter((t) => !/^(?:CPT|HCPCS|ICD|XS|XU|XE|XP)$/.test(t));
  if (terms.length !== 1) return null;
  const tied = [...policyText.matchAll(new RegExp(`\\b${terms[0]}\\s*\\((?:CPT\\s+)?(\\d{4}[0-9FTU]|[A-V]\\d{4})\\)`, "g"))].map((m) => m[1].toUpperCase());
  const included = [...new Set(tied)];
  if (included.length !== 1) return null;
  const into = policyCodes.map((c) => c.trim().toUpperCase()).filter((c) => /^(?:\d{4}[0-9FTU]|[A-V]\d{4})$/.test(c) && !included.includes(c));
  return into.length ? { included, into: [...new Set(into)] } : null;
}

/** "on the day of surgery or the day before", "on the date of the procedure or the two days before it" */
const ON_SURGERY_DAY_RE =
  /\bon\s+the\s+(?:day|date)\s+of\s+(?:the\s+)?(?:surgery|procedure|operation)(?:\s+or\s+(?:on\s+)?the\s+(?:(one|two|three|1|2|3)\s+)?days?\s+before(?:\s+it)?)?/i;
/** "is part of the global surgical package", "is included in the global surgical package / period" */
const GLOBAL_PACKAGE_RE = /\b(?:is|are)\s+(?:part\s+of|included\s+in)\s+the\s+global\s+(?:surgical\s+)?(?:package|period|fee|payment)\b/i;
const WORD_NUMBER: Record<string, number> = { one: 1, two: 2, three: 3 };

/**
 * A global-package sentence that names its service by a term the policy ties to its codes elsewhere:
 * "Biometry performed by the operating surgeon on the day of surgery or the day before is part of the
 * global surgical package and is not separately reimbursed", with "Biometry (92136 …, or 76519 …)"
 * earlier. The included codes are those of the term's parenthesis; the codes it is included in are the
 * codes the policy's coverage leads and titles name (`procedureCodes`), else the policy's other codes.
 * `days_before` is the days before the procedure the sentence reaches (0 for the day itself). Null
 * when any part is missing. Pure.
 */
export function globalPackageBundle(
  sentence: string,
  policyText: string,
  procedureCodes: string[],
  policyCodes: string[],
): { included: string[]; into: string[]; days_before: number } | null {
  const day = ON_SURGERY_DAY_RE.exec(sentence);
  if (!day || !GLOBAL_PACKAGE_RE.test(sentence) || !NOT_SEPARATE_RE.test(sentence)) return null;
  if (/\bnot\s+(?:part|included)\b/i.test(sentence)) return null;
  const head = /^\s*([A-Z][A-Za-z-]{3,})(?:\s+([a-z][A-Za-z-]{3,}))?\b/.exec(sentence);
  if (!head || codesIn(sentence.slice(0, day.index)).length) return null;
  // the service's term: its first word, or its first two ("Optical biometry")
  const tiedTo = (term: string) => [...policyText.matchAll(new RegExp(`\\b${escapeRegex(term)}\\s*\\(([^)]{0,200})\\)`, "gi"))].flatMap((m) => codesIn(m[1]));
  const twoWords = head[2] ? tiedTo(`${head[1]} ${head[2]}`) : [];
  const tied = twoWords.length ? twoWords : tiedTo(head[1]);
  const included = [...new Set(tied)];
  if (!included.length) return null;
  const own = (cs: string[]) =>
    cs.map((c) => c.trim().toUpperCase()).filter((c) => /^(?:\d{4}[0-9FTU]|[A-V]\d{4})(?:-(?:\d{4}[0-9FTU]|[A-V]\d{4}))?$/.test(c) && !included.includes(c));
  const into = own(procedureCodes).length ? own(procedureCodes) : own(policyCodes);
  if (!into.length) return null;
  const days_before = day[0].match(/\bbefore\b/i) ? (day[1] ? (WORD_NUMBER[day[1].toLowerCase()] ?? Number(day[1])) : 1) : 0;
  return { included, into: [...new Set(into)], days_before };
}

/** "is included in the CMT", "are included in the E/M service": the bundling named by a term, not by codes */
const INCLUDED_IN_TERM_RE = /\b(?:is|are)\s+included\s+in\s+(?:the\s+)?([A-Z][A-Z/&-]{1,7})\b(?!\s*\()/;
/** the statement that such a line is denied ("… and is denied", "… and is not separately reimbursed") */
const AND_DENIED_RE = /^[^.;]{0,40}?\band\s+(?:is|are|will\s+be)\s+(?:denied|not\s+(?:separately\s+)?(?:reimbursed|paid|payable|covered))\b/i;
/** "without modifier 59 / XS", "without modifier 59 or XU", "without the 59 modifier" */
const WITHOUT_MODIFIER_RE =
  /\bwithout\s+(?:the\s+|a\s+)?(?:modifiers?\s+)?((?:\d{2}|X[EPSU])(?:\s*(?:\/|,|or)\s*(?:modifier\s+)?(?:\d{2}|X[EPSU]))*)(?:\s+modifiers?)?\b/i;

/**
 * A same-date bundling that names the included service by code and the service it is included in by
 * a term the policy ties to its codes elsewhere, with the modifiers that take a line out of it:
 * "97140 for the same region as the CMT, or without modifier 59 / XS, is included in the CMT and is
 * denied", with "CMT (98940, 98941, 98942, 98943)" elsewhere in the policy. Only a sentence that names
 * the modifiers gives a rule (its other conditions — the same region — are not read, so a line with
 * the modifier is left to a reviewer); null otherwise, or when the term is tied to no codes. Pure.
 */
export function modifierBundle(sentence: string, policyText: string): { included: string[]; into: string[]; unless_modifiers: string[] } | null {
  const inc = INCLUDED_IN_TERM_RE.exec(sentence);
  if (!inc || !AND_DENIED_RE.test(sentence.slice(inc.index + inc[0].length))) return null;
  // the statement's own sentence (a sentence opening with a code is not cut by the shared reader)
  const whole = sentence.slice(0, inc.index);
  const before = whole.slice(whole.lastIndexOf(". ") + 1);
  if (/\bnot\s*$/i.test(before)) return null;
  const mods = WITHOUT_MODIFIER_RE.exec(before);
  if (!mods) return null;
  const unless_modifiers = [...new Set([...mods[1].matchAll(/\d{2}|X[EPSU]/gi)].map((m) => m[0].toUpperCase()))];
  const included = codesIn(before);
  if (!included.length || !unless_modifiers.length) return null;
  const term = inc[1];
  const into = [...new Set([...policyText.matchAll(new RegExp(`\\b${escapeRegex(term)}\\s*\\(([^)]{0,200})\\)`, "g"))].flatMap((m) => codesIn(m[1])))].filter(
    (c) => !included.includes(c),
  );
  return into.length ? { included, into, unless_modifiers } : null;
}

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
export function bundledCodeRules<L extends { text: string }>(
  lines: L[],
  cite: (ls: L[]) => Criterion["passage"],
  policyCodes: string[] = [],
  procedureCodes: string[] = [],
): Criterion[] {
  const out: Criterion[] = [];
  const seen = new Set<string>();
  // the policy as one text cut into sentences, each citing the lines it is on (policy-sentences.ts)
  const { text, sentences, linesOf } = policySentences(lines);
  for (const { text: sentence, from, to } of sentences) {
    const inc = INCLUDED_IN_RE.exec(sentence);
    let included: string[] = [];
    let into: string[] = [];
    // "When 81435 is billed, single-gene codes for genes included in the panel (81201, 81203, …) billed
    // for the same date of service are not separately reimbursable": the code of the "when" clause is the
    // one the others are included in, never the included code
    const when = NOT_SEPARATE_RE.test(sentence) ? WHEN_BILLED_RE.exec(sentence) : null;
    const whenInto = when ? codesIn(when[1]) : [];
    const whenIncluded = when ? codesIn(sentence.slice(when.index + when[0].length)).filter((c) => !whenInto.includes(c)) : [];
    if (whenInto.length && whenIncluded.length) {
      included = whenIncluded;
      into = whenInto;
    } else if (inc && NOT_SEPARATE_RE.test(sentence) && !/\bnot\s+$/i.test(sentence.slice(0, inc.index))) {
      included = codesIn(sentence.slice(0, inc.index));
      into = codesIn(sentence.slice(inc.index)).filter((c) => !included.includes(c));
      // a code table run into the note ("… 77003 Fluoroscopic guidance … Coding note 1: Fluoroscopic
      // guidance (77002, 77003) is integral to 63650"): the included codes are those of the note's own
      // clause, when the whole text before it also names the codes it is included in
      if (!into.length && included.length) {
        const own = codesIn(deniedClause(sentence.slice(0, inc.index)));
        const ownInto = codesIn(sentence.slice(inc.index)).filter((c) => !own.includes(c));
        if (own.length && ownInto.length) ({ included, into } = { included: own, into: ownInto });
      }
      // "EGD performed by the operating surgeon on the date of a bariatric procedure … is included in
      // the bariatric procedure and is not separately reimbursed": the service named by the term the
      // policy ties to its code elsewhere ("Pre-operative EGD (43235)"), included in the policy's
      // procedures billed on that date
      if (!included.length && !into.length) {
        const pair = sameDateProcedureBundle(sentence.slice(0, inc.index), sentence.slice(inc.index), text, policyCodes);
        if (pair) ({ included, into } = pair);
      }
    }
    let days_before: number | undefined;
    let unless_modifiers: string[] | undefined;
    if (!included.length || !into.length) {
      const mod = modifierBundle(sentence, text);
      if (mod) ({ included, into, unless_modifiers } = mod);
    }
    if (!included.length || !into.length) {
      const pkg = globalPackageBundle(sentence, text, procedureCodes, policyCodes);
      if (pkg) ({ included, into, days_before } = pkg);
    }
    // "95115 and 95117 are mutually exclusive: when both are reported for the same date of service,
    // 95115 is denied as included in 95117": the edit names its denied code in its own clause
    if (!included.length || !into.length) {
      const pair = codePairEdit(sentence);
      if (!pair) continue;
      ({ included, into } = pair);
    }
    const key = included.join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      kind: "bundled_code",
      text: sentence,
      passage: cite(linesOf(from, to - 1)),
      confidence: "high",
      codes: included,
      included_in: into,
      ...(days_before != null ? { days_before } : {}),
      ...(unless_modifiers ? { unless_modifiers } : {}),
    });
  }
  return out;
}

/** "ICD-10-CM Codes that Support Medical Necessity": the heading of a billing article's diagnosis list */
const SUPPORT_HEADING_RE = /^ICD-10(?:-CM)?\s+Codes\s+(?:that|which)\s+Support\s+Medical\s+Necessity\b/i;
/** the article's statement that a line whose diagnosis is not listed is denied */
const NOT_LISTED_DENIED_RE =
  /\b(?:(?:diagnos[ie]s|ICD-10(?:-CM)?)\s+(?:code\s+)?(?:is|are)\s+not\s+(?:listed|on\s+the\s+list|among\s+(?:them|those))|without\s+(?:a|an)\s+(?:listed|covered)\s+(?:diagnosis|ICD-10(?:-CM)?)(?:\s+code)?|(?:diagnosis\s+)?pointers?\s+references?\s+only\s+(?:ICD-10(?:-CM)?\s+)?codes\s+(?:that\s+are\s+)?not\s+listed)\b[^.]{0,80}\b(?:will\s+be\s+denied|(?:is|are|will\s+be)\s+(?:not\s+covered|denied|not\s+reasonable\s+and\s+necessary))/i;
/** an ICD-10-CM code opening a list row ("M47.816 Spondylosis …"), or a range ("M47.811-M47.819") */
const ICD_ROW_RE = /^([A-TV-Z]\d[0-9A-Z](?:\.[0-9A-Z]{1,4})?)(?:\s*[-–]\s*([A-TV-Z]\d[0-9A-Z](?:\.[0-9A-Z]{1,4})?))?(?=\s|$)/;
/** an ICD-10-CM code (with a decimal part) or range anywhere in a line of a category list */
const ICD_IN_TEXT_RE = /\b([A-TV-Z]\d[0-9A-Z]\.[0-9A-Z]{1,4})(?:\s*[-–]\s*([A-TV-Z]\d[0-9A-Z]\.[0-9A-Z]{1,4}))?\b/g;
/** a line that ends the list (the next section of the article) */
const LIST_END_RE =
  /^(?:Document (?:Information|History)|Revision History|ICD-10(?:-CM)?\s+Codes\s+that\s+DO\s+NOT|Bill Type|Revenue Codes|Additional ICD|Related (?:Local|National)|Associated Documents)\b/i;

/**
 * The diagnosis lists of a billing and coding article: under "ICD-10-CM Codes that Support Medical
 * Necessity", each group ("Group 1 Paragraph: the following codes support medical necessity for
 * 64490-64495") with its listed ICD-10-CM codes, as a `line_diagnosis` criterion scoped to the CPT/
 * HCPCS codes its paragraph names (every code of the policy when it names none). Read only when the
 * article also states that a line whose diagnosis is not listed is denied (NOT_LISTED_DENIED_RE) — a
 * list of supporting codes alone decides nothing. [] when the policy has no such list. Pure.
 */
export function lineDiagnosisRules<L extends { text: string }>(lines: L[], cite: (ls: L[]) => Criterion["passage"]): Criterion[] {
  const all = lines.map((l) => l.text.trim()).join(" ");
  const denied = NOT_LISTED_DENIED_RE.exec(all);
  if (!denied) return [];
  // the whole sentence of the statement, as the policy prints it
  const from = Math.max(0, all.lastIndexOf(". ", denied.index) + 2);
  const to = all.indexOf(".", denied.index + denied[0].length);
  const sentence = all.slice(all.lastIndexOf(". ", denied.index) < 0 ? 0 : from, to < 0 ? undefined : to + 1).trim();
  const start = lines.findIndex((l) => SUPPORT_HEADING_RE.test(l.text.trim()));
  if (start < 0) return [];
  type Group = { head: L; scope: string[]; icd: string[]; rows: L[] };
  const groups: Group[] = [];
  let cur: Group | null = null;
  for (const l of lines.slice(start + 1)) {
    const t = l.text.trim();
    if (LIST_END_RE.test(t)) break;
    const group = /^Group\s+(\d{1,2})\s+(?:Paragraph|Codes)\b/i.exec(t);
    if (group) {
      const scope = codesIn(t.replace(/ICD-10(?:-CM)?/gi, " "));
      // a "Group 1 Codes do not include …" note under a group is no new group
      if (cur && /\bdo(?:es)?\s+not\s+include\b/i.test(t)) continue;
      cur = { head: l, scope, icd: [], rows: [] };
      groups.push(cur);
      continue;
    }
    const row = ICD_ROW_RE.exec(t);
    if (row && cur) {
      cur.icd.push(row[2] ? `${row[1]}-${row[2]}` : row[1]);
      cur.rows.push(l);
    }
  }
  // a list by category with no "Group N" lines ("a. Estrogen deficiency Z78.0 …; E28.310, E28.319 …"):
  // every ICD-10-CM code or range printed under the heading is one list for every code of the policy
  if (!groups.length) {
    const rows: L[] = [];
    const icd: string[] = [];
    for (const l of lines.slice(start + 1)) {
      const t = l.text.trim();
      if (LIST_END_RE.test(t)) break;
      const found = [...t.matchAll(ICD_IN_TEXT_RE)].map((m) => (m[2] ? `${m[1]}-${m[2]}` : m[1]));
      if (!found.length) continue;
      icd.push(...found);
      rows.push(l);
    }
    if (icd.length) groups.push({ head: lines[start], scope: [], icd: [...new Set(icd)], rows });
  }
  return groups
    .filter((g) => g.icd.length)
    .map((g) => ({
      kind: "line_diagnosis" as const,
      text: `${g.head.text.trim()} ${sentence}`,
      passage: cite([g.head]),
      confidence: "high" as const,
      icd10: g.icd,
      ...(g.scope.length ? { codes: g.scope } : {}),
    }));
}

/** Whether the ICD-10-CM `code` is one of `listed` (a code, a category it falls under, or a range "M47.811-M47.819"). */
export function icdListed(code: string, listed: string[]): boolean {
  const c = code.toUpperCase().replace(/\./g, "");
  return listed.some((x) => {
    const [a, b] = x
      .toUpperCase()
      .replace(/\./g, "")
      .split(/\s*[-–]\s*/);
    if (b) return c.length >= a.length && c.slice(0, b.length) >= a && c.slice(0, b.length) <= b;
    return c === a || (a.length >= 3 && a.length < c.length && c.startsWith(a));
  });
}
