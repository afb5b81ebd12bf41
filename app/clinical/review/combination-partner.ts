/**
 * Requirements that the requested drug be given with a named partner ("The medication will be used in
 * combination with fulvestrant", "used in combination with letrozole or anastrozole"). A regimen is
 * written as its drugs joined ("fulvestrant + capivasertib", "palbociclib plus letrozole", "Truqap with
 * fulvestrant"), not with the policy's word "combination": the requirement is met when one affirmed line
 * of the request joins a partner the policy names and the requested drug. Only ever met here; anything
 * else is left to the caller's other readings.
 */
import type { Citation } from "../contracts";
import { isUnansweredFormLine, quote, type CaseIndex } from "../evidence/case-index";
import { isNegated } from "../vocabulary/language";

const REQUIREMENT_RE =
  /^\s*(?:the\s+)?(?:medication|drug|requested (?:drug|medication)|product|agent|[a-z][\w-]*)?\s*(?:will be|is to be|is|must be|to be)?\s*(?:used|given|administered|prescribed|taken)\s+in combination with\s+([^.;()]+?)\s*\.?\s*$/i;
const JOIN = String.raw`\s*(?:\+|&|\bplus\b|\bwith\b|\band\b|\bin combination with\b|\bcombined with\b|\/)\s*`;
/** a dose and schedule written after a drug's name: "500 mg days 1, 15, 29 then monthly" */
const DOSE_GAP = String.raw`(?:\s+[^.;?+&/]{0,60}?)?`;
/** words that make a line about another course, not the regimen requested */
const COURSE_ENDED = /\b(?:stopped|discontinued|held|failed|prior|previous(?:ly)?|progress\w*|was|were|completed|until|instead)\b/i;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** the partners a requirement names (every one a known drug name), or null when it names none or other words */
export function combinationPartners(text: string, knownDrugs: string[]): string[] | null {
  const m = REQUIREMENT_RE.exec(text.replace(/\s+/g, " "));
  if (!m) return null;
  const parts = m[1]
    .toLowerCase()
    .split(/\s*,\s*(?:or\s+)?|\s+or\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const known = new Set(knownDrugs.map((d) => d.toLowerCase()));
  return parts.length && parts.every((p) => known.has(p)) ? parts : null;
}

/**
 * Judges a combination requirement (see the module comment): met, quoted, when a line joins a named
 * partner and a name of the requested drug; null otherwise.
 */
export function judgeCombinationPartner(
  text: string,
  idx: CaseIndex,
  requested: Iterable<string>,
  knownDrugs: string[],
): { outcome: "met"; reason: string; citations: Citation[] } | null {
  const partners = combinationPartners(text, knownDrugs);
  if (!partners) return null;
  const own = [...requested].filter((n) => n.length >= 4).map((n) => escape(n.toLowerCase()));
  if (!own.length) return null;
  const ownRe = `(?:${own.join("|")})`;
  for (const p of partners) {
    // the first drug's dose and schedule may stand between ("Start fulvestrant 500 mg days 1, 15, 29
    // then monthly + capivasertib"), never a word that ends or dates a course ("stopped", "prior")
    const re = new RegExp(String.raw`\b(?:${escape(p)}${DOSE_GAP}${JOIN}${ownRe}|${ownRe}${DOSE_GAP}${JOIN}${escape(p)})\b`, "i");
    for (const line of idx.lines) {
      const m = re.exec(line.lower);
      if (!m || COURSE_ENDED.test(m[0])) continue;
      if (/\?/.test(line.text) || isUnansweredFormLine(line.text) || isNegated(line.lower, m.index)) continue;
      return {
        outcome: "met",
        reason: `The request gives the drug with ${p} ("${line.text.slice(m.index, m.index + m[0].length)}").`,
        citations: [quote(idx, line, m.index, m.index + m[0].length)],
      };
    }
  }
  return null;
}
