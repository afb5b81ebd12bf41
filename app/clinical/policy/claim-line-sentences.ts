/**
 * Billing, coding, modifier and unit sentences of a policy (a DME policy article's "payment rules", a
 * reimbursement policy's coding notes) are checks on the claim line — its code, modifiers, units and
 * the claim's other lines — never a clinical condition to be documented in the records:
 * - "X123 is paid as a monthly rental. Each rental month is billed on its own line with modifier RR";
 * - "The KX modifier may be added … only when the coverage criteria are met. Claim lines billed
 *   without a KX modifier are denied";
 * - "Supply quantities: A1234 (…) - no more than 15 sets per wound per month; … A claim line whose
 *   units exceed these quantities for the month is denied";
 * - "Supplies are covered only for a month in which the X123 rental is covered".
 * `isClaimLineSentence` tells such a sentence from a clinical criterion; `claimLineChecks` turns the
 * ones that state a checkable rule into `line_billing` criteria judged on the line (a per-month unit
 * maximum with the policy's denial of a line above it, a modifier the policy requires on its lines,
 * a supply month that needs the named rental line on the claim). Sentences that state no checkable
 * rule are dropped from the criteria: they describe how to bill, not what the member must have.
 * Pure functions of the policy text.
 */
import type { Criterion, CriterionOf } from "../contracts";
import { mostSpecificConditions } from "../vocabulary/conditions";

const CODE = String.raw`(?:\d{4}[0-9FTU]|[A-V]\d{4})`;
const CODE_RE = new RegExp(String.raw`\b${CODE}\b`, "g");
/** billing vocabulary: how a line is billed, paid, coded, modified or counted */
const BILLING_RE =
  /\b(?:is|are|be)\s+(?:billed|paid|reported|coded|submitted)\b|\bbilled\s+(?:on|as|with|without|per)\b|\bpaid\s+as\b|\bmodifiers?\b|\bunits?\s+(?:exceed|billed|per)\b|\bclaim\s+lines?\b|\bcorrected\s+claim\b|\brental\s+months?\b|\b(?:rental|purchase)\s+is\s+covered\b|\bno\s+more\s+than\s+\d+\s+[a-z ]{0,30}?\bper\s+(?:[a-z]+\s+per\s+)?(?:month|date\s+of\s+service|day|week)\b|\bcounts?\s+toward\s+the\s+(?:total|maximum|limit)\b|\b(?:report|bill|submit)\s+(?:each|every)\s+(?:date\s+of\s+service|session(?:\s+date)?|visit(?:\s+date)?|day|side|unit)\s+on\s+its\s+own\s+lines?\b|\b(?:is|are)\s+reported\s+in\s+(?:item|box)\s+\d{1,2}[a-l]?\b/i;
/** clinical vocabulary that keeps a sentence a criterion even when it names a code */
const CLINICAL_RE =
  /\b(?:the\s+(?:member|patient|beneficiary)\s+(?:has|have|had|is|was|must)|diagnos[ie]s|documented\s+(?:history|diagnosis)|history\s+of|tried|failed|contraindicat|symptom|score|trial\s+of)\b/i;

const codesIn = (t: string) => [...new Set([...t.matchAll(CODE_RE)].map((m) => m[0].toUpperCase()))];

/**
 * "Each date of service must fall within the member's enrollment. Sessions after the end of enrollment
 * are denied", "Services are payable only for dates of service on which the member is enrolled",
 * "Services after the member's coverage termination date are not covered": the plan's eligibility rule,
 * which the roster decides for every request and every line (eligibility/, deny_not_eligible on a date
 * of service outside coverage) — never a fact for the records to document. Enrollment in anything but
 * the plan (a REMS, hospice, a state agency) is not this rule.
 */
const ELIGIBILITY_SENTENCE_RE =
  /\b(?:dates? of service|services?|sessions?|visits?|days?|applications?|supply deliver(?:y|ies)|rental months?)\b[^.;]{0,60}?\b(?:(?:must\s+)?(?:fall|be)\s+within\s+the\s+(?:member|enrollee|beneficiary|recipient|covered person)'s\s+(?:[\w-]+\s+){0,3}?(?:enrollment|coverage|eligibility)\b|on\s+which\s+the\s+(?:member|enrollee|beneficiary|recipient|covered person)\s+is\s+enrolled\b|after\s+the\s+(?:end\s+of\s+(?:enrollment|coverage)|(?:member|enrollee|beneficiary|recipient|covered person)'s\s+(?:coverage\s+)?(?:termination|end)\s+date)\b)|\b(?:the\s+)?(?:member|enrollee|beneficiary|recipient|covered person)\s+(?:must\s+be|is)\s+enrolled\s+on\s+(?:the|that|each)\s+(?:date\s+of\s+service|day)\b|\b(?:paid|payable|covered|reimbursed)\s+only\s+(?:when|if|while)\s+the\s+(?:member|enrollee|beneficiary|recipient|covered person)\s+is\s+enrolled\s+(?:in\s+the\s+plan\s+)?on\s+the\s+(?:line's\s+)?(?:date\s+of\s+service|day)\b|\b(?:begins?|starts?|falls?)\s+after\s+(?:the\s+(?:member's\s+)?)?disenrollment\b[^.;]{0,40}?\bnot\s+(?:payable|covered)\b/i;
/** every sentence of `text` (after an "Eligibility" caption) is the plan's eligibility rule (ELIGIBILITY_SENTENCE_RE) */
export function eligibilityRuleOnly(text: string): boolean {
  if (/\bREMS\b|\bhospice\b|\benrolled\s+(?:with|in)\b(?!\s+the\s+plan\b)/i.test(text)) return false;
  const sentences = text
    // (after its caption and a plan's bracketed note tag: "6. Enrollment [PLAN] A supply allowance is paid only when …")
    .replace(/^\s*(?:\d{1,2}(?:\.\d{1,2})*[.)]?\s+)?(?:eligibility|enrollment)\b[:.\s-]*(?:\[[A-Z]{2,10}\]\s*)?/i, "")
    .replace(/^\s*\[[A-Z]{2,10}\]\s*/, "")
    .split(/(?<=[.;])\s+/)
    .filter((x) => x.trim());
  return sentences.length > 0 && sentences.every((x) => ELIGIBILITY_SENTENCE_RE.test(x));
}

/** A billing / coding / modifier / unit sentence that names a billing code or a claim line (see the file comment). */
export function isClaimLineSentence(text: string): boolean {
  const t = text.replace(/\s+/g, " ").trim();
  if (!BILLING_RE.test(t)) return false;
  if (CLINICAL_RE.test(t) && !/\bcoverage\s+criteria\b/i.test(t)) return false;
  // (or names a modifier or the rental month it bills — "The KX modifier is added by the supplier
  // when …", "the date of service is the first day of the rental month" — with no code of its own)
  return (
    codesIn(t).length > 0 ||
    /\bclaim\s+lines?\b|\bcorrected\s+claim\b|\blines?\s+on\s+the\s+same\s+claim\b|\bon\s+its\s+own\s+lines?\b|\b(?:item|box)\s+\d{1,2}[a-l]?\b/i.test(t) ||
    /\b[A-Z0-9]{2}\s+modifier\b|\bmodifiers?\s+[A-Z0-9]{2}\b|\brental\s+month\b/.test(t)
  );
}

/** "A1234 (wound care set …) - no more than 15 dressing sets per wound per month" → [{code, max}] */
const PER_MONTH_RE = new RegExp(String.raw`\b(${CODE})\b[^;.]{0,120}?\bno\s+more\s+than\s+(\d{1,4})\s+[a-z -]{0,40}?\bper\s+(?:[a-z]+\s+per\s+)?month\b`, "gi");
/** the policy's statement that a line above the quantity is denied */
const UNITS_DENIED_RE = /\bunits?\s+exceed\b[^.]{0,80}?\b(?:is|are|will\s+be)\s+denied\b/i;
/** "Claim lines billed without a KX modifier are denied" */
const REQUIRED_MOD_RE =
  /\blines?\s+(?:billed|submitted|reported)\s+without\s+(?:an?\s+|the\s+)?([A-Z0-9]{2})\s+modifier\b[^.]{0,60}?\b(?:is|are|will\s+be)\s+denied\b/i;
/** "A line submitted without RT, LT or 50 … is denied" (modifiers any one of which the line must carry; case-sensitive) */
const REQUIRED_ANY_MOD_RE =
  /\b[Ll]ines?\s+(?:billed|submitted|reported)\s+without\s+(?:an?\s+|the\s+)?(?:(?:anatomic\s+)?modifiers?\s+)?([A-Z0-9]{2}(?:\s*(?:,|\bor\b|\band\b|,\s*or)\s*[A-Z0-9]{2})*)\b(?:\s+modifiers?)?[^.]{0,80}?\b(?:is|are|will\s+be)\s+denied\b/;
/** "Supplies are covered only for a month in which the X123 rental is covered" */
const COMPANION_RE = new RegExp(String.raw`\bcovered\s+only\s+for\s+a\s+month\s+in\s+which\s+the\s+(${CODE})\b[^.]{0,30}?\bis\s+covered\b`, "i");

const CODE_LIST_RE = new RegExp(String.raw`${CODE}(?:\s*(?:,\s*(?:or\s+|and\s+)?|\bor\b|\band\b)\s*${CODE})*`);
/** "A line reporting V2787 or V2788 is denied", "Lines billing 0001U are denied" (nothing between the codes and the denial) */
const DENIED_LINE_RE = new RegExp(
  String.raw`(?:^|[;:,]\s*|\b(?:an?|any|each|every|the)\s+)(?:claim\s+|service\s+)?lines?\s+(?:reporting|billing)\s+(?:(?:CPT|HCPCS)(?:\s+codes?)?\s+|codes?\s+)?(${CODE_LIST_RE.source})\s+(?:is|are|will\s+be)\s+denied\b`,
  "i",
);
/** "V2787 (…) is a non-covered convenience item", "0001U and 0002U are non-covered services" */
const NONCOVERED_RE = /\b(?:is|are)\s+(?:an?\s+)?non-?covered\s+(?:convenience\s+|comfort\s+|personal\s+)?(?:items?|services?|benefits?)\b/i;
/** a clause that makes the denial conditional: it is then no line-level denial */
const CONDITIONAL_RE = /\b(?:when|whenever|unless|if|without|except|only|absent|until|after|before|more\s+than|exceed|beyond)\b/i;

/**
 * The policy's unconditional denials of every line billing named codes (see DENIED_LINE_RE,
 * NONCOVERED_RE): one `line_billing` criterion (`denied_line`) per sentence, scoped to its codes. A
 * sentence whose denial is conditioned ("a 66982 line without this documentation is denied", "a line
 * without RT or LT is denied") gives none. Pure.
 */
export function deniedLineSentences(text: string): { sentence: string; codes: string[] }[] {
  const out: { sentence: string; codes: string[] }[] = [];
  for (const raw of text.split(/(?<=[.])\s+(?=[A-Z(]|\d{1,2}\.\s)/)) {
    const sentence = raw.replace(/^\s*(?:\d{1,2}[.)]|[a-z][.)])\s+/, "").trim();
    const d = DENIED_LINE_RE.exec(sentence);
    if (d) {
      // the words before "line" in the sentence's own clause must not condition it either
      const clause = sentence.slice(0, d.index).split(/[;:]/).pop() ?? "";
      if (!CONDITIONAL_RE.test(clause) && !/\bnot\s*$/i.test(clause)) {
        const codes = codesIn(d[1]);
        if (codes.length) out.push({ sentence, codes });
        continue;
      }
    }
    const n = NONCOVERED_RE.exec(sentence);
    if (n) {
      const subject = sentence.slice(0, n.index).split(/[;:]/).pop() ?? "";
      const codes = codesIn(subject);
      if (codes.length && !CONDITIONAL_RE.test(subject) && !/\bnot\b/i.test(subject) && !/\b(?:is|are)\b/i.test(subject)) out.push({ sentence, codes });
    }
  }
  return out;
}

/** The checkable claim-line rules of a policy's lines, one `line_billing` criterion each (see the file comment). */
export function claimLineChecks<L extends { text: string }>(lines: L[], cite: (ls: L[]) => Criterion["passage"]): Criterion[] {
  const offsets: number[] = [];
  let t = "";
  for (const l of lines) {
    offsets.push(t.length);
    t += `${l.text.replace(/\s+/g, " ").trim()} `;
  }
  const citeOf = (para: string) => {
    const from = t.indexOf(para);
    const first = offsets.findLastIndex((o) => o <= from);
    const last = offsets.findLastIndex((o) => o < from + para.length);
    return cite(lines.slice(Math.max(0, first), last + 1));
  };
  const out: Criterion[] = [];
  const base = (sentence: string, codes: string[]): CriterionOf<"line_billing"> => ({
    kind: "line_billing",
    text: sentence,
    passage: citeOf(sentence),
    confidence: "high",
    codes,
    modifiers: [],
    max_units_per_date: null,
  });
  for (const d of deniedLineSentences(t)) out.push({ ...base(d.sentence, d.codes), denied_line: true });
  for (const para of t.split(/(?<=[.])\s+(?=\d{1,2}\.\s)/)) {
    if (UNITS_DENIED_RE.test(para))
      for (const m of para.matchAll(PER_MONTH_RE)) {
        const max = Number(m[2]);
        if (max >= 1) out.push({ ...base(para.trim(), [m[1].toUpperCase()]), max_units_per_month: max });
      }
    const req = REQUIRED_MOD_RE.exec(para) ?? REQUIRED_ANY_MOD_RE.exec(para);
    if (req) {
      // the codes of the sentence that states the rule and the one before it
      const sentences = para.slice(0, req.index + req[0].length).split(/(?<=\.)\s+(?=[A-Z])/);
      const codes = codesIn(sentences.slice(-2).join(" "));
      const mods = [...new Set(req[1].split(/\s*(?:,|\bor\b|\band\b)\s*/).map((x) => x.trim().toUpperCase()))].filter((x) => /^[A-Z0-9]{2}$/.test(x));
      const sentence = sentences.slice(-2).join(" ").trim();
      if (mods.length) out.push({ ...base(sentence, codes), required_modifiers: mods });
    }
    const comp = COMPANION_RE.exec(para);
    if (comp) out.push({ ...base(para.slice(0, comp.index + comp[0].length + 1).trim(), []), companion_code: comp[1].toUpperCase() });
  }
  return out;
}

/** The criteria without the claim-line sentences (kept only inside mixed sentences with clinical wording). */
export function withoutClaimLineSentences(criteria: Criterion[]): Criterion[] {
  const out: Criterion[] = [];
  for (const c of criteria) {
    if (c.kind === "all" || c.kind === "any") {
      if (isClaimLineSentence(c.text) && c.items.every((i) => isClaimLineSentence(i.text))) continue;
      const items = withoutClaimLineSentences(c.items);
      if (!items.length) continue;
      if (items.length === c.items.length) out.push({ ...c, items });
      else if (c.kind === "all") out.push(items.length === 1 ? items[0] : { ...c, items });
      else out.push(c); // a choice keeps its alternatives as written
      continue;
    }
    if ((c.kind === "documentation" || c.kind === "human_review") && isClaimLineSentence(c.text)) continue;
    out.push(c);
  }
  return out;
}

type LineLike = { code: string | null; modifiers?: string[] | null; units?: number | null; date_of_service?: string | null };
export type ClaimLineCheckResult = { outcome: "met" | "not_met" | "insufficient"; reason: string };

/**
 * A per-month unit maximum, a required modifier or a companion code (claimLineChecks) judged on the
 * line under review and the other lines of its claim, as an exclusion: "met" when the line breaks the
 * rule and the policy denies such a line (units above the per-month maximum); "insufficient" when a
 * reviewer must confirm (a required modifier missing, the companion line not on the claim for that
 * month, the code's lines of the month together above the maximum); null when the criterion carries
 * none of these rules, "not_met" when the line is within them. The caller has checked Criterion.codes.
 */
export function judgeClaimLineCheck(
  spec: { text: string; max_units_per_month?: number; required_modifiers?: string[]; companion_code?: string; denied_line?: boolean },
  line: LineLike & { claim_lines: LineLike[] },
): ClaimLineCheckResult | null {
  if (spec.denied_line) return { outcome: "met", reason: `Applies: the policy denies a line billing ${(line.code ?? "").toUpperCase()}: "${spec.text}"` };
  if (spec.max_units_per_month == null && !spec.required_modifiers?.length && !spec.companion_code) return null;
  const month = (d: string | null | undefined) => (d ? d.slice(0, 7) : null);
  const code = (line.code ?? "").toUpperCase();
  if (spec.companion_code) {
    if (code === spec.companion_code) return { outcome: "not_met", reason: "Does not apply: the line is the code the rule follows." };
    const m = month(line.date_of_service);
    const found = m && line.claim_lines.some((l) => (l.code ?? "").toUpperCase() === spec.companion_code && month(l.date_of_service) === m);
    if (!found)
      return {
        outcome: "insufficient",
        reason: `The policy covers this line only for a month in which ${spec.companion_code} is covered; no ${spec.companion_code} line for that month is on the claim.`,
      };
    return { outcome: "not_met", reason: `Does not apply: ${spec.companion_code} is billed on the claim for the same month.` };
  }
  if (spec.required_modifiers?.length) {
    const req = spec.required_modifiers;
    const carries = (l: LineLike) => (l.modifiers ?? []).some((x) => req.includes(x.toUpperCase()));
    if (carries(line)) return { outcome: "not_met", reason: `Does not apply: the line carries modifier ${req.join(" / ")}.` };
    // denied as the policy states, when another line of the claim shows its modifiers were read;
    // otherwise a modifier dropped by the scan is possible: a reviewer confirms
    if (line.modifiers && line.claim_lines.some((l) => l !== line && carries(l)))
      return { outcome: "met", reason: `Applies: ${code} is billed without modifier ${req.join(" / ")}, and the policy denies such a line: "${spec.text}"` };
    return { outcome: "insufficient", reason: `The line is billed without modifier ${req.join(" / ")}, which the policy requires on it: "${spec.text}"` };
  }
  const max = spec.max_units_per_month!;
  if (line.units == null) return { outcome: "insufficient", reason: `The policy allows ${max} units a month; the line's units are not read.` };
  if (line.units > max)
    return {
      outcome: "met",
      reason: `Applies: ${code} is billed with ${line.units} units for ${month(line.date_of_service) ?? "the month"}, above the policy's ${max} a month: "${spec.text}"`,
    };
  const m = month(line.date_of_service);
  const same = line.claim_lines.filter((l) => (l.code ?? "").toUpperCase() === code && m && month(l.date_of_service) === m);
  const total = same.reduce((n, l) => n + (l.units ?? 0), 0);
  if (same.length > 1 && total > max)
    return {
      outcome: "insufficient",
      reason: `${code} lines for ${m} total ${total} units, above the policy's ${max} a month; which line is over is for a reviewer to decide.`,
    };
  return { outcome: "not_met", reason: `Does not apply: ${line.units} units is within the policy's ${max} a month.` };
}

/** words that make an exclusion entry conditional: it then excludes only some uses of its code */
const ENTRY_CONDITION_RE =
  /\b(?:when|whenever|if|unless|except|only|without|absent|in the absence|does not|do not|not meet|fails?|for (?:members?|patients?|enrollees?|children|adults)|in (?:members?|patients?|enrollees?|children|adults)|more than|fewer than|less than|above|below|exceed\w*|before|after|within|per)\b/i;

/** a verb or coding word: the entry is a sentence about its codes, not the name of an excluded service */
const ENTRY_SENTENCE_RE =
  /\b(?:is|are|was|were|be|been|support\w*|include[ds]?|bundled|bill(?:ed|s)?|paid|report(?:ed|s)?|payable|reimburs\w*|covered|necessary|requires?|required|codes?|paragraph|group)\b/i;

/**
 * Exclusion entries that name the service codes they exclude and state no condition of their own
 * ("Abdominoplasty, 15847 (add-on), with or without panniculectomy, including repair of diastasis recti
 * and umbilical transposition" under "Not covered (cosmetic)"; "with or without …" and "including …"
 * only widen an entry), as `line_billing` criteria that deny a line billing one of those codes and do not
 * reach any other line. Every other exclusion is returned as it was. A drug request is no service line:
 * such a criterion never applies to it.
 */
export function codeNamedExclusions(exclusions: Criterion[]): Criterion[] {
  return exclusions.map((c) => {
    if (c.kind === "all" || c.kind === "any" || c.kind === "line_billing") return c;
    const codes = codesIn(c.text);
    if (!codes.length) return c;
    const own = c.text
      .replace(/,?\s*\bwith or without\b[^,;.]*/gi, " ")
      .replace(/,?\s*\bincluding\b[^;.]*/gi, " ")
      .replace(/\(\s*add-?on(?: code)?\s*\)/gi, " ");
    // an entry is a service's name with its codes — never a sentence about codes ("Image guidance (77014)
    // is included in IMRT delivery (77385, 77386)", "the following codes support …"), a range, a list
    if (ENTRY_CONDITION_RE.test(own) || ENTRY_SENTENCE_RE.test(own) || mostSpecificConditions(own).length) return c;
    if (codes.length > 3 || /\d\s*[-–]\s*[A-V]?\d{4}/.test(c.text) || own.length > 220) return c;
    return {
      kind: "line_billing",
      text: c.text,
      passage: c.passage ?? null,
      confidence: "high",
      codes,
      modifiers: [],
      max_units_per_date: null,
      denied_line: true,
    } satisfies CriterionOf<"line_billing">;
  });
}
