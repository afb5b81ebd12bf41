/**
 * A step-therapy requirement written as one sentence over a table of agents, as PBM step-therapy
 * programs print it:
 *
 *   The member must have tried TWO of the following Step 1 agents, each for at least the minimum
 *   trial length at a maintenance dose, with continued seizures (inadequate response).
 *   Step 1 agent (generic)      Minimum trial                  Maintenance dose reached (adult)
 *   Levetiracetam (IR or ER)    8 weeks                        1,000 mg/day or more
 *   Lamotrigine (IR or ER)      12 weeks (includes titration)  200 mg/day or more
 *   …
 *   EXCEPTIONS TO STEP THERAPY
 *   A Step 1 agent is counted as tried when ONE of the following is documented instead of a full trial:
 *   1. Intolerance: …  2. Contraindication: …  3. Continuity of care: …
 *
 * read as ONE prior-therapy criterion: the rows' agents, the count the sentence names, each agent's own
 * minimum trial length and maintenance dose, and the exceptions as what may stand in for an agent's
 * trial (intolerance, contraindication). An exception the criterion cannot weigh (continuity of care)
 * leaves the criterion at medium confidence, so that a failed step goes to a reviewer and is never a
 * denial on its own. The exceptions list is no requirement of its own (it lists alternatives to a
 * trial) and is taken out of the paths it was read into.
 *
 * Source: the policy document's own sentence and table; no clinical rule is added.
 */
import type { Citation, Criterion, CriterionOf } from "../contracts";
import type { DocLine } from "../text/lines";
import { numberWord, unitDays } from "../codes/dates";
import { drugsIn, type ParseContext } from "./parse-criterion";

/** "must have tried TWO of the following Step 1 agents", "has had an adequate trial of at least two of the following" */
const LEAD_RE =
  /\b(?:tried|trials?\s+of|failed|used|received|taken)\s+(?:and\s+failed\s+)?(?:at\s+least\s+)?(one|two|three|four|\d)\s+(?:\(\d\)\s+)?(?:of\s+the\s+following|(?:different\s+)?(?:step\s*(?:1|one)\s+|preferred\s+|formulary\s+|prerequisite\s+)(?:agents?|drugs?|medications?|products?)\s+(?:listed\s+)?(?:below|in\s+the\s+(?:following\s+)?table))/i;
/** "A Step 1 agent is counted as tried when ONE of the following is documented instead of a full trial" */
export const STEP_EXCEPTION_LEAD_RE =
  /\bcounted\s+as\s+(?:tried|a\s+trial|having\s+been\s+tried)\b|\b(?:instead|in\s+place)\s+of\s+(?:a\s+)?(?:full\s+|complete\s+)?trial\b|^\s*exceptions?\s+to\s+(?:the\s+)?step(?:\s+therapy)?\b/i;
const DURATION_RE = /\b(\d{1,3})\s*(days?|weeks?|wks?|months?|mos?)\b/i;
const DOSE_RE = /\b(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(mg|g)\s*(?:\/|per\s+)\s*(day|d|week|wk)\b/i;
/** a heading or a new sentence that ends the table */
const TABLE_END_RE = /^[A-Z][A-Z /&-]{6,}$|^(?:exceptions?|additional criteria|quantity limits?|approval duration|definitions|references)\b/i;

export interface StepAgentTable {
  criterion: CriterionOf<"prior_therapy">;
  /** the lead sentence's and the rows' lines */
  lines: DocLine[];
}

/**
 * The step requirement of a policy's lines (reading order), or null when the policy prints none:
 * a lead sentence naming a count of agents "of the following" and at least two table rows after it
 * that each start with a drug and give a trial length. `cite` quotes lines of the policy; `ctx` the
 * covered drug's names (never a step agent). Never throws.
 */
export function stepAgentTable(lines: DocLine[], ctx: ParseContext, cite: (ls: DocLine[]) => Citation | null): StepAgentTable | null {
  for (let i = 0; i < lines.length; i++) {
    // the lead may wrap onto the next line
    const joined = `${lines[i].text} ${lines[i + 1]?.text ?? ""}`;
    const m = LEAD_RE.exec(joined);
    if (!m || m.index > lines[i].text.length) continue;
    const rows: { drug: string; days: number; dose: { mg: number; per: "day" | "week" } | null; line: DocLine }[] = [];
    const used: DocLine[] = [lines[i]];
    let gap = 0;
    for (let j = i + 1; j < lines.length && j < i + 40; j++) {
      const t = lines[j].text.trim();
      if (j > i + 1 && TABLE_END_RE.test(t)) break;
      const head = t.slice(0, 40);
      const drug = drugsIn(head, ctx)[0];
      const starts = drug && head.toLowerCase().indexOf(drug.split(" ")[0]) <= 2;
      const dur = DURATION_RE.exec(t);
      if (drug && starts && dur) {
        const dose = DOSE_RE.exec(t);
        rows.push({
          drug,
          days: Math.round(numberWord(dur[1]) * unitDays(dur[2].replace(/^wks?$/i, "week").replace(/^mos?$/i, "month"))),
          dose: dose ? { mg: Number(dose[1].replace(/,/g, "")) * (dose[2].toLowerCase() === "g" ? 1000 : 1), per: /^w/i.test(dose[3]) ? "week" : "day" } : null,
          line: lines[j],
        });
        used.push(lines[j]);
        gap = 0;
        continue;
      }
      if (j === i + 1) {
        used.push(lines[j]);
        continue;
      }
      // a header row or a cell wrapped onto its own line; two in a row after the rows end the table
      if (rows.length && ++gap > 2) break;
      if (!rows.length && j > i + 3) break;
    }
    if (rows.length < 2) continue;
    const count = Math.max(1, Math.min(numberWord(m[1]), rows.length));
    const after = lines.slice(lines.indexOf(rows[rows.length - 1].line) + 1);
    const ex = exceptionsAfter(after);
    const lead = joined.replace(/\s+/g, " ").trim();
    const byDrug = new Map<string, number>();
    for (const r of rows) if (!byDrug.has(r.drug)) byDrug.set(r.drug, r.days);
    const criterion: CriterionOf<"prior_therapy"> = {
      kind: "prior_therapy",
      text: `${lead.split(/(?<=[.:])\s/)[0]} (${rows.map((r) => `${r.drug}: ${Math.round(r.days / 7)} weeks${r.dose ? `, ${r.dose.mg.toLocaleString("en-US")} mg/${r.dose.per}` : ""}`).join("; ")})`,
      drugs: [...byDrug.keys()],
      classes: [],
      excluded_drugs: [],
      min_days: Math.min(...byDrug.values()),
      min_days_by_drug: [...byDrug].map(([drug, days]) => ({ drug, days })),
      count,
      different_classes: false,
      all_classes: false,
      allow_intolerance: ex.intolerance || /intoleran|adverse (?:effect|event)|not tolerated/i.test(lead),
      allow_contraindication: ex.contraindication || /contraindicat/i.test(lead),
      require_intolerance: false,
      ...(rows.some((r) => r.dose) ? { min_dose: rows.filter((r) => r.dose).map((r) => ({ drug: r.drug, mg: r.dose!.mg, per: r.dose!.per })) } : {}),
      passage: cite(used.slice(0, 3)),
      // an exception the criterion cannot weigh (continuity of care, a prescriber attestation) may
      // stand in for a trial: a failed step is then for a reviewer, never a denial on its own
      confidence: ex.other ? "medium" : "high",
    };
    return { criterion, lines: used };
  }
  return null;
}

/** The exceptions printed after the table: which of intolerance / contraindication stand in for a trial, and whether any other does. */
function exceptionsAfter(lines: DocLine[]): { intolerance: boolean; contraindication: boolean; other: boolean } {
  const out = { intolerance: false, contraindication: false, other: false };
  const start = lines.findIndex((l, k) => k < 12 && STEP_EXCEPTION_LEAD_RE.test(l.text));
  if (start < 0) return out;
  for (const l of lines.slice(start + 1, start + 16)) {
    const t = l.text.trim();
    if (/^(?:[A-Z][A-Z /&-]{6,}|additional criteria|quantity limits?)$/i.test(t)) break;
    const item = /^(?:\d{1,2}[.)]|[a-z][.)]|[•·▪-])\s*(.*)$/i.exec(t);
    if (!item) continue;
    const body = item[1];
    if (/^(?:documented\s+)?intoleran|adverse (?:effect|event|reaction)/i.test(body)) out.intolerance = true;
    else if (/^(?:documented\s+)?contraindicat/i.test(body)) out.contraindication = true;
    else out.other = true;
  }
  return out;
}

/** Whether a criterion read from the policy is the step exceptions list (alternatives to a trial, no requirement of its own). */
export function isStepExceptionList(c: Criterion): boolean {
  return c.kind === "any" && STEP_EXCEPTION_LEAD_RE.test(c.text);
}
