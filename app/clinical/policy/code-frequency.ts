/**
 * A billing note's frequency rule stated on its own codes: "Biometry (92136 …, or 76519 …) is
 * reimbursed once per eye in a 12-month period, counted from the member's claims history", "97750 is
 * covered no more than twice per 12 months", "A2002 is payable once per side per year". The reader
 * turns each such sentence into a `code_frequency` criterion scoped to the codes it names; the
 * evaluator counts the codes' lines on the claim and in the member's claims history (of the same side
 * when the rule counts per eye / side), review/evaluate.ts. A visit maximum per calendar year on codes
 * ("CMT (98940-98943) is limited to 20 visits per member per calendar year") is read the same way,
 * counted in dates of service over the calendar year. Pure functions of the policy lines.
 * Source: the policy's own billing note (no clinical rule is added).
 */
import { policySentences } from "./policy-sentences";
import type { Criterion } from "../contracts";

/** a HCPCS/CPT code ("92136", "G0399") */
const CODE_RE = /\b(\d{4}[0-9FTU]|[A-V]\d{4})\b/g;
/** the paid-service verb that opens the rule ("is reimbursed", "are covered", "is limited to") */
const PAID_RE =
  /\b(?:is|are)\s+(?:(?:reimbursed|covered|payable|paid|allowed|reimbursable|billable)(?:\s+(?:only|no\s+more\s+than|up\s+to|at\s+most))?|limited\s+to)\s+/i;
/** how many times: "once", "twice", "one time", "2 times", "two (2) times" */
const TIMES_RE = /^(once|twice|(one|two|three|four|\d{1,2})\s+(?:\(\d{1,2}\)\s+)?times?)\b\s*/i;
const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4 };
/** "per eye", "per side", "per breast", "for each eye": the count is kept per anatomic side */
const PER_SIDE_RE = /^(?:per|for\s+each|each)\s+(?:eye|side|breast|ear|knee|hip|extremity|limb)\b\s*/i;
/** the window: "in a 12-month period", "per 12 months", "within 365 days", "per year", "every 12 months" */
const WINDOW_RE =
  /^(?:(?:in|within|per|every|during)\s+(?:any\s+|a\s+|one\s+|each\s+|the\s+)?(?:rolling\s+)?(?:(\d{1,3})[- ](day|week|month|year)s?(?:\s+period)?|(year|twelve[- ]month\s+period)))\b/i;
/**
 * a subject qualified by purpose or timing ("a pre-treatment duplex scan (93970) is covered once per 12
 * months"): the rule counts only the services of that purpose, which a claim line's code cannot tell
 */
const QUALIFIED_RE =
  /\b(?:pre-?(?:treatment|operative|procedure|surgical)|post-?(?:treatment|operative|procedure|surgical)|initial|baseline|follow-?up|screening|repeat|surveillance|diagnostic|therapeutic)\b/i;
/** a purpose or condition after the window ("… per 12 months to establish criteria 3 and 4", "… when …") */
const TRAILING_PURPOSE_RE = /^[^.]*?\b(?:to|for|when|if|only|unless|provided)\b/i;
/** a rule with an exception the reader cannot weigh ("unless", "except", "more often when") */
const EXCEPTION_RE = /\b(?:unless|except|more\s+(?:often|frequently)\s+(?:when|if|for)|may\s+be\s+repeated)\b/i;

/** days in `n` `unit`s (a month 30 days, a year 365) */
function windowDays(n: number, unit: string): number {
  const u = unit.toLowerCase();
  if (u.startsWith("day")) return n;
  if (u.startsWith("week")) return n * 7;
  if (u.startsWith("month")) return n === 12 ? 365 : n * 30;
  return n * 365;
}

/**
 * The frequency rule of one policy sentence: the codes named before the paid-service verb (PAID_RE),
 * the count ("once", "twice", "N times"), whether it is kept per side ("per eye") and the window
 * ("in a 12-month period"). null when the sentence names no code before the verb, states no count or
 * window in that order, carries an exception (EXCEPTION_RE: the reader cannot weigh it), or counts only
 * services of one purpose (QUALIFIED_RE subject, or a purpose / condition after the window: the claim
 * line's code cannot tell which of its services the rule counts). Pure.
 */
export function codeFrequencyOf(sentence: string): { codes: string[]; max: number; window_days: number; per_side: boolean } | null {
  const paid = PAID_RE.exec(sentence);
  if (!paid || EXCEPTION_RE.test(sentence)) return null;
  const subject = sentence.slice(0, paid.index);
  const codes = [...new Set([...subject.matchAll(CODE_RE)].map((m) => m[1].toUpperCase()))];
  if (!codes.length || QUALIFIED_RE.test(subject)) return null;
  let rest = sentence.slice(paid.index + paid[0].length);
  const times = TIMES_RE.exec(rest);
  if (!times) return null;
  const max = /^once$/i.test(times[1]) ? 1 : /^twice$/i.test(times[1]) ? 2 : (WORDS[times[2]?.toLowerCase() ?? ""] ?? Number(times[2]));
  if (!Number.isInteger(max) || max < 1) return null;
  rest = rest.slice(times[0].length);
  const side = PER_SIDE_RE.exec(rest);
  if (side) rest = rest.slice(side[0].length);
  const w = WINDOW_RE.exec(rest);
  if (!w) return null;
  if (TRAILING_PURPOSE_RE.test(rest.slice(w[0].length))) return null;
  const days = w[1] ? windowDays(Number(w[1]), w[2]) : 365;
  return { codes, max, window_days: days, per_side: !!side };
}

/**
 * a visit maximum stated on codes: "is limited to 20 visits per member per calendar year", "are limited
 * to a maximum of 12 visits per calendar year" (the paid-service verb already read)
 */
const VISIT_LIMIT_RE =
  /^(?:a\s+(?:maximum|total)\s+of\s+)?(\d{1,3})\s+(?:\(\d{1,3}\)\s+)?visits?\s+(?:per\s+(?:member|patient|person|enrollee|beneficiary)\s+)?(?:per|in\s+a|in\s+each|each|during\s+a)\s+calendar[- ]year\b/i;
/** what may follow a visit maximum without narrowing it ("combined for all providers, in and out of network") */
const VISIT_TRAILING_NARROWING_RE = /\b(?:to|when|if|only|unless|provided|except|for\s+(?!all\b|each\b|every\b|any\b))\b/i;

/**
 * A visit maximum of one policy sentence over the calendar year ("CMT (98940, 98941, 98942, 98943) is
 * limited to 20 visits per member per calendar year, combined for all providers"): the codes named
 * before the verb, the maximum, counted per calendar year with one date of service as one visit. null
 * when the sentence names no code before the verb, carries an exception, or narrows the visits counted
 * after the period ("… for members under 21", "… when …"). Pure.
 */
export function visitMaximumOf(sentence: string): { codes: string[]; max: number } | null {
  const paid = PAID_RE.exec(sentence);
  if (!paid || EXCEPTION_RE.test(sentence)) return null;
  const subject = sentence.slice(0, paid.index);
  const codes = [...new Set([...subject.matchAll(CODE_RE)].map((m) => m[1].toUpperCase()))];
  if (!codes.length || QUALIFIED_RE.test(subject)) return null;
  const rest = sentence.slice(paid.index + paid[0].length);
  const m = VISIT_LIMIT_RE.exec(rest);
  if (!m) return null;
  if (VISIT_TRAILING_NARROWING_RE.test(rest.slice(m[0].length))) return null;
  const max = Number(m[1]);
  return max >= 1 ? { codes, max } : null;
}

/**
 * The code frequency rules of a policy's lines (codeFrequencyOf on each sentence), one criterion per
 * distinct set of codes, each scoped (Criterion.codes) to the codes it names. `cite` cites the lines
 * the sentence is on. [] when the policy states none.
 */
export function codeFrequencyRules<L extends { text: string }>(lines: L[], cite: (ls: L[]) => Criterion["passage"]): Criterion[] {
  const { sentences, linesOf } = policySentences(lines);
  const out: Criterion[] = [];
  const seen = new Set<string>();
  for (const { text: sentence, from, to } of sentences) {
    const visitMax = visitMaximumOf(sentence);
    if (visitMax) {
      const key = `visits:${visitMax.codes.join(",")}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        kind: "code_frequency",
        text: sentence,
        passage: cite(linesOf(from, to - 1)),
        confidence: "high",
        codes: visitMax.codes,
        max: visitMax.max,
        window_days: 365,
        per_side: false,
        calendar_year: true,
        visits: true,
      });
      continue;
    }
    const rule = codeFrequencyOf(sentence);
    if (!rule) continue;
    const key = rule.codes.join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      kind: "code_frequency",
      text: sentence,
      passage: cite(linesOf(from, to - 1)),
      confidence: "high",
      codes: rule.codes,
      max: rule.max,
      window_days: rule.window_days,
      per_side: rule.per_side,
    });
  }
  return out;
}
