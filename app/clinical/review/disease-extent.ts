/**
 * Requirements on a cancer's extent ("Patient has locally advanced or metastatic disease", "Disease is
 * advanced, metastatic, or recurrent and unresectable"). Each is a list of alternatives (split at "," and
 * "or"; the words joined by "and" in one alternative are all needed), each made of extent states. A state
 * is documented by what oncology records write for it:
 * - metastatic: a secondary malignant neoplasm code on the request (ICD-10-CM C77-C79), or "metastatic",
 *   "metastases", "metastasis", "stage IV" in an affirmed statement (not "no distant metastases", not a
 *   form's unanswered question);
 * - advanced: "advanced" before a cancer word, stage III or IV, or a metastatic state (metastatic
 *   disease is advanced disease);
 * - locally advanced: the phrase itself;
 * - unresectable: "unresectable", "not resectable", "inoperable", "not a surgical candidate";
 * - recurrent: "recurrent" / "recurrence" affirmed.
 * The judge only ever finds a requirement met; anything else is left to the caller's other readings
 * (an early-stage, resected cancer is a reviewer's or an exclusion's question, never failed here).
 *
 * Source: ICD-10-CM 2026 C77-C79 (secondary malignant neoplasms); AJCC 8th edition stage groups
 * (stage IV = distant metastasis, M1).
 */
import type { CaseFacts, Citation } from "../contracts";
import { isUnansweredFormLine, quote, search, type CaseIndex } from "../evidence/case-index";

type State = "metastatic" | "advanced" | "locally advanced" | "unresectable" | "recurrent";

/** the words a requirement on extent may use besides its states */
const FILLER = new Set(
  "patient patients member members individual has have had is are the a an with of in disease cancer carcinoma tumor tumour malignancy setting or and stage".split(
    " ",
  ),
);
const STATE_RE = /\b(locally advanced|advanced|metastatic|recurrent|unresectable|inoperable)\b/g;

/**
 * The alternatives of an extent requirement (each a list of states, all needed), or null when the
 * text is not only about extent ("an aromatase inhibitor as initial therapy for advanced disease").
 */
export function extentAlternatives(text: string): State[][] | null {
  const flat = text
    .replace(/\([^)]*\)|\[[^\]]*\]/g, " ")
    .replace(/[;.]\s*$/, "")
    .toLowerCase()
    .trim();
  if (!STATE_RE.test(flat)) return null;
  STATE_RE.lastIndex = 0;
  const rest = flat
    .replace(STATE_RE, " ")
    .split(/[\s,/-]+/)
    .filter((w) => w && !FILLER.has(w));
  if (rest.length) return null;
  const alts: State[][] = [];
  for (const alt of flat.split(/,\s*(?:or\s+)?|\s+or\s+/)) {
    const states = [...alt.matchAll(STATE_RE)].map((m) => (m[1] === "inoperable" ? "unresectable" : m[1]) as State);
    if (states.length) alts.push([...new Set(states)]);
  }
  return alts.length ? alts : null;
}

/** affirmed statements of each state in the request's text */
const STATE_TEXT: Record<State, RegExp> = {
  metastatic: /\b(?:metastatic|metastases|metastasis|mets|stage\s+(?:iv|4)[abc]?)\b/i,
  advanced: /\b(?:(?:locally\s+)?advanced(?:\s+[a-z+/-]+){0,3}\s+(?:cancer|carcinoma|disease|malignancy|tumou?r)|stage\s+(?:iii|iv|3|4)[abc]?)\b/i,
  "locally advanced": /\blocally advanced\b/i,
  unresectable:
    /\b(?:unresectable|not resectable|non-?resectable|inoperable|not a (?:surgical|resection) candidate|not amenable to (?:surgery|resection|surgical resection))\b/i,
  recurrent: /\b(?:recurrent|recurrence|recurred|relapsed)\b/i,
};
/** words that make a mention a question, a plan or someone else's disease, not the patient's fact */
const NOT_A_FACT =
  /\b(?:rule out|r\/o|evaluate for|evaluation for|concern for|possible|suspected|suspicious for|question of|family history|mother|father|sister|brother|aunt|uncle|non-?metastatic|no distant|no evidence of)\b[^.;]{0,40}$/i;
/** "metastatic" written as the request's own question ("Does the patient have metastatic disease?") */
const QUESTION = /\?/;

/** a secondary malignant neoplasm code on the request (C77-C79), with its citation */
function secondaryCode(facts: CaseFacts): { code: string; citation: Citation | null } | null {
  for (const d of facts.diagnoses) if (d.code && /^C7[7-9]/i.test(d.code)) return { code: d.code, citation: d.citations[0] ?? null };
  return null;
}

/** where the request affirms one state, or null */
function stateShown(state: State, idx: CaseIndex, facts: CaseFacts): { citation: Citation | null; shown: string } | null {
  if (state === "metastatic" || state === "advanced") {
    const c = secondaryCode(facts);
    if (c) return { citation: c.citation, shown: `${c.code} (a secondary malignant neoplasm)` };
  }
  const res = state === "advanced" ? [STATE_TEXT.advanced, STATE_TEXT.metastatic] : [STATE_TEXT[state]];
  for (const re of res)
    for (const h of search(idx, new RegExp(re.source, "i"))) {
      if (h.negated) continue;
      const line = h.line.text;
      if (QUESTION.test(line) || isUnansweredFormLine(line)) continue;
      if (NOT_A_FACT.test(h.line.lower.slice(0, h.index))) continue;
      return { citation: quote(idx, h.line, h.index, h.index + h.length), shown: line.slice(h.index, h.index + h.length) };
    }
  return null;
}

/**
 * Judges an extent requirement (see the module comment): met, quoted, when every state of one
 * alternative is documented; null otherwise (the requirement is not about extent, or the request does
 * not show it: the caller's other readings decide).
 */
export function judgeDiseaseExtent(text: string, idx: CaseIndex, facts: CaseFacts): { outcome: "met"; reason: string; citations: Citation[] } | null {
  const alts = extentAlternatives(text);
  if (!alts) return null;
  for (const alt of alts) {
    const shown = alt.map((s) => ({ s, found: stateShown(s, idx, facts) }));
    if (shown.every((x) => x.found))
      return {
        outcome: "met",
        reason: `The request documents ${shown.map((x) => `${x.s} disease ("${x.found!.shown}")`).join(" and ")}.`,
        citations: shown.flatMap((x) => (x.found!.citation ? [x.found!.citation] : [])).slice(0, 2),
      };
  }
  return null;
}
