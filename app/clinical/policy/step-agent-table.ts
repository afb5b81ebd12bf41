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

/** A class document's path for one agent and one indication, read from a row of its table of agents. */
export interface AgentPath {
  /** "<agent> — <indication>": the drug part scopes the path (drug-sections.ts), the rest names its indication */
  title: string;
  criteria: Criterion[];
  passage: Citation | null;
}

/** "Item 2 does not apply when the member is 65 or older, or has dementia": a numbered item waived on a condition */
const WAIVER_RE =
  /\b(?:item|criterion|requirement|step)\s*#?(\d{1,2})\s+(?:does\s+not|doesn't|shall\s+not|need\s+not)\s+(?:apply|be\s+met)\s+(?:when|if|for|to)\s+([^.]+)\.?/gi;
/** "65 or older", "aged 65 years and older" */
const AGE_OR_OLDER_RE = /\b(?:aged?\s+)?(\d{1,3})\s*(?:years?(?:\s+of\s+age)?\s*)?(?:or|and)\s+(?:older|over|above)\b/i;

/**
 * A cell's requirements: its numbered items ("1. … ; AND 2. …") or else its parts between semicolons,
 * an age bound joined to the next requirement by "and" ("Age 6 or older and weight more than 25 kg")
 * parted from it, each without its trailing connector; and the items the cell waives on a condition
 * ("Item 2 does not apply when …"), by item number (1-based).
 */
function cellRequirements(text: string): { items: string[]; waivers: Map<number, string> } {
  const waivers = new Map<number, string>();
  const body = text.replace(WAIVER_RE, (_m, n: string, cond: string) => {
    waivers.set(Number(n), cond.trim());
    return " ";
  });
  const numbered = body.split(/(?:^|\s)\d{1,2}[.)]\s+(?=[A-Z])/).map((s) => s.trim());
  let items = numbered.length >= 3 || (numbered.length === 2 && !numbered[0]) ? numbered.filter(Boolean) : splitTopLevel(body, ";");
  items = items.flatMap((s) => {
    const m = /^(.{0,40}?\b(?:or|and)\s+(?:older|younger))\s+and\s+(.+)$/i.exec(s);
    return m ? [m[1], m[2]] : [s];
  });
  return { items: items.map((s) => s.replace(/[\s;,]*(?:\b(?:AND|OR)\b)?[\s;,]*$/i, "").trim()).filter((s) => s.length > 2), waivers };
}

/** `text` split at `sep` outside parentheses. */
function splitTopLevel(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of text) {
    if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    if (ch === sep && depth === 0) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}

/**
 * The paths of a class document's tables of agents ("Agent | Indication | Criteria (ALL) |
 * Preferred-agent requirement"; text/table-columns.ts `readAgentGrids`): one path per row, titled by
 * its agent and indication, whose criteria are the row's own — each requirement of its criteria and
 * step cells, parsed as written with the row's agent as the covered drug (the class's other agents
 * are prior therapies it may require) — and an age bound the indication names ("…, adults": 18 or
 * older; "…, children": younger than 18) when the row states none. A numbered item the row waives
 * on a condition ("Item 2 does not apply when the member is 65 or older, or has dementia") is met by
 * that condition instead ("any"). Rows without an agent or any requirement are skipped; [] when no
 * row gives a path. `cite` quotes lines of the policy. Source: the policy's own table; no clinical rule is added.
 */
export function agentIndicationPaths(
  grids: { header: string[]; rows: ({ text: string; lines: DocLine[] } | null)[][] }[],
  parse: (text: string, ctx: ParseContext) => Criterion,
  cite: (ls: DocLine[]) => Citation | null,
): AgentPath[] {
  const out: AgentPath[] = [];
  for (const g of grids) {
    const indCol = g.header.findIndex((h, k) => k > 0 && /^(?:indications?|diagnos[ie]s|conditions?|(?:covered |approved )?uses?)\b/i.test(h));
    for (const row of g.rows) {
      const agent = row[0];
      const indication = indCol > 0 ? row[indCol] : null;
      if (!agent) continue;
      const ctx: ParseContext = { drugNames: [agent.text, ...agent.text.split(/[;,()]+/).map((s) => s.trim())].filter((s) => s.length > 2) };
      const criteria: Criterion[] = [];
      row.forEach((cell, k) => {
        if (!cell || k === 0 || k === indCol) return;
        const { items, waivers } = cellRequirements(cell.text);
        const passage = cite(cell.lines);
        items.forEach((item, n) => {
          const c = { ...parse(item, ctx), passage } as Criterion;
          const waiver = waivers.get(n + 1);
          if (!waiver) return criteria.push(c);
          const alternatives = waiver.split(/,?\s+or\s+(?=(?:is|has|have|the|a|an|member|patient)\b)|,\s+or\s+/i).map((w): Criterion => {
            const age = AGE_OR_OLDER_RE.exec(w);
            if (age && /\b(?:is|aged?|member|patient)\b|^\s*\d/i.test(w.slice(0, age.index + 1)))
              return { kind: "age", text: w.trim(), min_years: Number(age[1]), confidence: "high", passage };
            return { ...parse(w.trim(), ctx), passage } as Criterion;
          });
          criteria.push({ kind: "any", text: `${item} (does not apply when ${waiver})`, items: [c, ...alternatives], confidence: c.confidence, passage });
        });
      });
      if (!criteria.length) continue;
      const ind = indication?.text ?? "";
      if (!criteria.some((c) => c.kind === "age")) {
        if (/\b(?:children|pediatric|paediatric)\b/i.test(ind))
          criteria.unshift({ kind: "age", text: `${ind} (younger than 18)`, max_years: 18, confidence: "high", passage: cite(indication!.lines) });
        else if (/\badults?\b/i.test(ind))
          criteria.unshift({ kind: "age", text: `${ind} (18 or older)`, min_years: 18, confidence: "high", passage: cite(indication!.lines) });
      }
      out.push({ title: ind ? `${agent.text} — ${ind}` : agent.text, criteria, passage: cite([...agent.lines, ...(indication?.lines ?? [])]) });
    }
  }
  return out;
}
