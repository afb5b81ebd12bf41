/**
 * A requirement that the member is pregnant now ("The recipient is currently pregnant, with the
 * estimated date of delivery (EDD) or the gestational age documented", "for use during a current
 * pregnancy"), judged on the fax. Pure functions of the requirement's text and the case index.
 *
 * - Met by an estimated date of delivery (EDD, EDC, due date) after the request date and within a
 *   pregnancy's length of it, or by a gestational age the request states ("9 weeks 6 days by her LMP",
 *   "12w5d", "GA 20+3", ICD-10-CM Z3A.xx weeks of gestation on the request), when no delivery is
 *   documented after that pregnancy began.
 * - Failed only by an explicit, recent statement: a negative pregnancy test dated within 30 days
 *   before the request, with a delivery documented before it and no later EDD or gestational age —
 *   the member delivered and is not pregnant again (source: the requirement's own words; the
 *   no-denial-without-a-clear-cited-failure rule of the product).
 * - Anything else (a delivery alone, a pregnancy code without a date, conflicting statements) is no
 *   judgement here: the requirement is left to a reviewer.
 */
import type { Citation } from "../contracts";
import { addDays, findDates } from "../codes/dates";
import { citeLine } from "../text/lines";
import type { CaseIndex } from "./case-index";
import { isNegated } from "../vocabulary/language";

type Judgement = { outcome: "met" | "not_met" | "insufficient"; reason: string; citations: Citation[] };

/** the longest a pregnancy runs (days from conception's side to the EDD), with some margin: 42 weeks */
const PREGNANCY_DAYS = 294;

/** "is currently pregnant", "is pregnant", "during a current pregnancy", "has a confirmed pregnancy" */
const REQUIREMENT_RE =
  /\b(?:(?:is|be|are)\s+(?:currently\s+)?pregnant\b|current(?:ly)?\s+pregnan(?:t|cy)\b|(?:confirmed|ongoing|viable|intrauterine)\s+pregnancy\b)/i;
/** words that make a pregnancy requirement something else: not pregnant, able to become pregnant, a test */
const OTHER_REQUIREMENT_RE =
  /\bnot\s+(?:currently\s+)?pregnant\b|\bnot\s+be\s+pregnant\b|\bbecome\s+pregnant\b|\bpregnancy\s+test\b|\bchildbearing\b|\breproductive\s+potential\b|\bplanning\b|\bpostpartum\b/i;

/**
 * Whether a requirement's text asks that the member be pregnant now (and nothing this module does not
 * read: not a "not pregnant" bar, a childbearing-potential or pregnancy-test requirement).
 */
export function isCurrentPregnancyRequirement(text: string): boolean {
  return REQUIREMENT_RE.test(text) && !OTHER_REQUIREMENT_RE.test(text);
}

/**
 * Whether the requirement's sentence is nothing but the current-pregnancy requirement (its subject, "is
 * currently pregnant", and the EDD or gestational age to document): then a failure judged here rests on
 * every word of it, and may ground a denial (review-case failConfidence).
 */
export function isWholePregnancyRequirement(text: string): boolean {
  if (!isCurrentPregnancyRequirement(text)) return false;
  const rest = text
    .replace(REQUIREMENT_RE, " ")
    .replace(/\b(?:recipient|member|patient|enrollee|beneficiary|participant|client|individual|woman|person)\b/gi, " ")
    .replace(
      /\b(?:estimated\s+date\s+of\s+(?:delivery|confinement)|estimated\s+due\s+date|due\s+date|EDD|EDC|gestational\s+age|weeks?\s+of\s+gestation)\b/gi,
      " ",
    )
    .replace(/\b(?:the|a|an|with|and|or|is|are|has|have|been|be|must|documented|documentation|of|her|their|its|either)\b/gi, " ")
    .replace(/[(),;.:/-]/g, " ")
    .trim();
  return rest === "";
}

/** "EDD 06/11/2027", "estimated date of delivery: 05/29/2027", "due date 5/27/27", "EDC 04/02/2027" */
const EDD_RE = /\b(?:EDD|EDC|e\.d\.d\.|estimated\s+(?:date\s+of\s+(?:delivery|confinement)|due\s+date)|due\s+date)\b/gi;
/** "9 weeks 6 days", "9 wks 6 d", "12w5d", "20+3 weeks", "GA 20 weeks", with pregnancy words near */
const GA_RE = /\b(\d{1,2})\s*(?:w(?:ee)?ks?|w)\s*,?\s*(?:(?:and\s+)?([0-6])\s*(?:d(?:ays?)?)\b)?|\b(\d{1,2})\s*\+\s*([0-6])\s*(?:w(?:ee)?ks?)?\b/gi;
const GA_CONTEXT_RE = /\b(?:gestation(?:al)?|GA|pregnan(?:t|cy)|IUP|by\s+(?:LMP|US|ultrasound|dates)|G\d\s*P\d{1,4})\b/i;
/** a delivery that happened: "delivered … on 10/14/2026", "SVD 10/14/26", "gave birth", "born on" */
const DELIVERY_RE = /\b(?:delivered|delivery|childbirth|gave\s+birth|born\s+on|(?:n?svd|ltcs|lscs|vbac)|c-?\s?section|cesarean|caesarean)\b/gi;
/** a delivery word that is the EDD's ("estimated date of delivery") or no event ("drug delivery") */
const NOT_AN_EVENT_BEFORE_RE =
  /\b(?:prior|previous|earlier|history\s+of|hx\s+of|h\/o|estimated\s+date\s+of|expected|planned|date\s+of|mode\s+of|drug|through\s+(?:her\s+)?|until\s+(?:her\s+)?)\s*$/i;
/** "urine pregnancy test on 11/21/2026 was negative", "hCG negative 11/21", "UPT: neg" */
const NEGATIVE_TEST_RE = /\b(?:(?:urine|serum|home)\s+)?(?:pregnancy\s+test|hcg|beta[-\s]?hcg|upt)\b[^.;\n]{0,60}?\b(?:negative|neg)\b/gi;

interface Dated {
  date: string;
  line: CaseIndex["lines"][number];
  text: string;
}

/**
 * Dates (full, YYYY-MM-DD) written within `near` characters after a match of `re` on each line, or
 * (when `before`) right before it ("INACTIVATED 10/14/26 (DELIVERED)": at most 3 characters between) —
 * never a row's date further left ("10/21/2026   Prior SVD 2021").
 */
function datedMentions(idx: CaseIndex, re: RegExp, near: number, before: boolean, skip?: (lower: string, at: number) => boolean): Dated[] {
  const out: Dated[] = [];
  for (const line of idx.lines) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(line.text))) {
      if (isNegated(line.lower, m.index) || skip?.(line.lower, m.index)) continue;
      const end = m.index + m[0].length;
      for (const d of findDates(line.text)) {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(d.start)) continue;
        const gap = d.index >= end ? d.index - end : before && m.index - (d.index + d.length) <= 3 ? 0 : Infinity;
        if (gap < 0 || gap > near) continue;
        out.push({ date: d.start, line, text: line.text.trim() });
      }
    }
  }
  return out;
}

/**
 * The current-pregnancy requirement judged on the fax (see the module comment); null when the fax
 * states nothing this module reads. Needs the request date (idx.requestDate).
 */
export function judgeCurrentPregnancy(idx: CaseIndex, diagnosisCodes: string[]): Judgement | null {
  const ref = idx.requestDate;
  if (!ref) return null;
  const cite = (d: Dated) => citeLine(idx.doc, idx.documentName, d.line);
  const deliveries = datedMentions(idx, DELIVERY_RE, 40, true, (lower, at) => NOT_AN_EVENT_BEFORE_RE.test(lower.slice(Math.max(0, at - 40), at))).filter(
    (d) => d.date <= ref,
  );
  const lastDelivery = deliveries.sort((a, b) => b.date.localeCompare(a.date))[0] ?? null;
  // an EDD after the request date, within a pregnancy's length of it
  const edds = datedMentions(idx, EDD_RE, 40, false).filter((d) => d.date > ref && d.date <= addDays(ref, PREGNANCY_DAYS));
  // a gestational age, written with a pregnancy word on its line
  const ages: Dated[] = [];
  for (const line of idx.lines) {
    GA_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = GA_RE.exec(line.text))) {
      const weeks = Number(m[1] ?? m[3]);
      if (weeks < 3 || weeks > 42 || (!m[2] && !m[4] && !/\bw(?:ee)?ks?\b/i.test(m[0]))) continue;
      const around = line.text.slice(Math.max(0, m.index - 50), m.index + m[0].length + 50);
      if (!GA_CONTEXT_RE.test(around) || isNegated(line.lower, m.index)) continue;
      ages.push({ date: ref, line, text: line.text.trim() });
    }
  }
  const z3a = diagnosisCodes.find((c) => /^Z3A\.(?:0[89]|[1-3]\d|4[0-2])$/i.test(c));
  const pregnancyBegan = edds.length ? addDays(edds[0].date, -PREGNANCY_DAYS) : null;
  const deliveredSince = lastDelivery && (!pregnancyBegan || lastDelivery.date >= pregnancyBegan);
  const negatives = datedMentions(idx, NEGATIVE_TEST_RE, 60, true).filter((d) => d.date <= ref && d.date >= addDays(ref, -30));
  if (edds.length && !deliveredSince && !negatives.length)
    return {
      outcome: "met",
      reason: `Current pregnancy documented: estimated date of delivery ${edds[0].date} ("${edds[0].text.slice(0, 120)}").`,
      citations: [cite(edds[0])],
    };
  if (!edds.length && (ages.length || z3a) && !lastDelivery && !negatives.length)
    return ages.length
      ? { outcome: "met", reason: `Current pregnancy documented with its gestational age ("${ages[0].text.slice(0, 120)}").`, citations: [cite(ages[0])] }
      : { outcome: "met", reason: `Current pregnancy documented: ${z3a} (weeks of gestation) is coded on the request.`, citations: [] };
  if (negatives.length && lastDelivery && !edds.length && !ages.length && !z3a) {
    const neg = negatives.sort((a, b) => b.date.localeCompare(a.date))[0];
    if (neg.date >= lastDelivery.date)
      return {
        outcome: "not_met",
        reason: `Not pregnant at the request: delivered ${lastDelivery.date} ("${lastDelivery.text.slice(0, 100)}") and a pregnancy test on ${neg.date} was negative ("${neg.text.slice(0, 100)}").`,
        citations: [cite(lastDelivery), cite(neg)],
      };
  }
  if (lastDelivery || negatives.length || edds.length || ages.length)
    return {
      outcome: "insufficient",
      reason: lastDelivery
        ? `A delivery on ${lastDelivery.date} is documented and no later pregnancy is clearly dated; a reviewer confirms whether the member is pregnant now.`
        : "The request's pregnancy statements do not agree (a negative test beside a pregnancy date); a reviewer confirms whether the member is pregnant now.",
      citations: [...(lastDelivery ? [cite(lastDelivery)] : []), ...negatives.slice(0, 1).map(cite)],
    };
  return null;
}
