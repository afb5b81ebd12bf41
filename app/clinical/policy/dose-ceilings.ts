/**
 * Dose ceilings a policy states in a table of its dosing section rather than among its criteria:
 *
 *   Indication            Dose                        Maximum per administration
 *   CD, UC (induction)    5 mg/kg IV at weeks 0, 2, 6  5 mg/kg, rounded up to whole 100 mg vials
 *   Population  Dose                  Maximum billing units (J9271)
 *   Adults      200 mg IV every 3 weeks  200 units per 21 days
 *
 * A table is read only when its header names a maximum column ("Maximum …", "Max units", "Dose limit");
 * a table of usual or starting doses is information, never a criterion. Each row is one alternative
 * ceiling (the request meets the policy when it is within one of them). The ceiling is a coverage limit,
 * read with high confidence, only when the policy says so in a sentence next to the table ("Doses above
 * the maximum are not medically necessary", "Units above the maximum … are not covered"); otherwise it is
 * read with medium confidence (met when within, never a denial). A row with a condition of its own
 * ("Adult CD, loss of response … documented loss of response") is left out, and the ceilings read are
 * then medium confidence: a dose above the unconditional rows needs a reviewer.
 *
 * The mg one HCPCS billing unit holds is read from the policy ("Billing units = dose in mg / 10",
 * "One billing unit of J9271 equals 1 mg", "10 mg = 1 unit"); a row stated in units is dropped when the
 * policy does not say it.
 */
import type { Citation, Criterion, CriterionOf } from "../contracts";
import type { DocLine } from "../text/lines";

const HEADER_MAX = /\b(?:max(?:imum)?|dose limit|dosing limit|not to exceed)\b/i;
const HEADER_WHAT = /\b(?:dose|dosing|dosage|units?|administration)\b/i;
const AMOUNT = /(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(mg\/kg|units?\s+per\s+kg|mg|units?)\b(?:\s+per\s+(\d{1,3})\s+days)?/gi;
const STOP = /^(?:billing\b|one (?:billing )?unit|doses?\b|units?\b|claims?\b|notes?\b|example\b|[A-Z][A-Za-z /&-]{2,40}:\s*$)/i;
/** the sentence that makes a table's maximum a limit of coverage */
export const COVERAGE_LIMIT_RE =
  /\b(?:doses?|units?|quantit(?:y|ies)|amounts?|dosing)\b[^.]{0,80}\b(?:above|exceed\w*|greater than|more than|beyond|in excess of)\b[^.]{0,80}\b(?:not medically necessary|not covered|not reimbursable|not reimbursed|(?:will be|are|is) denied|not eligible for coverage)/i;
/** words of a row label that make the row conditional (a requirement of its own) */
const CONDITIONAL = /\b(?:loss of response|after|if|when|only|documented|failure|fail\w*|escalat\w*|increase\w*|inadequate|refractory)\b/i;

/**
 * The mg one billing unit holds, as the policy states it; null when it states none or states different
 * sizes (products billed under codes of different unit sizes).
 * @param text the policy's whole text
 */
export function billingUnitMg(text: string): number | null {
  const found = new Set<number>();
  const res = [
    /billing units?\s*=\s*(?:the\s+)?dose\s+in\s+mg\s*\/\s*(\d+(?:\.\d+)?)/gi,
    /one (?:billing )?unit(?:\s+of\s+[A-Z]\d{4})?\s+(?:equals|=|is|represents)\s+(\d+(?:\.\d+)?)\s*mg\b/gi,
    /(\d+(?:\.\d+)?)\s*mg\s*=\s*1\s*(?:billing\s+)?unit\b/gi,
    /(\d+(?:\.\d+)?)\s*mg\s+per\s+(?:billing\s+)?unit\b/gi,
  ];
  for (const re of res) for (const m of text.matchAll(re)) found.add(Number(m[1]));
  return found.size === 1 ? [...found][0] : null;
}

type Amount = { value: number; unit: "mg/kg" | "units/kg" | "mg" | "units"; per_days: number | null; at: number; end: number };

function amountsOf(text: string): Amount[] {
  return [...text.matchAll(AMOUNT)].map((m) => {
    const u = m[2].toLowerCase();
    const unit: Amount["unit"] = u === "mg/kg" ? "mg/kg" : /per\s+kg/.test(u) ? "units/kg" : u === "mg" ? "mg" : "units";
    return { value: Number(m[1].replace(/,/g, "")), unit, per_days: m[3] ? Number(m[3]) : null, at: m.index!, end: m.index! + m[0].length };
  });
}

/**
 * One table row's ceiling: the amounts of its maximum cell (the first amount in billing units when
 * the header names units, else the first amount of the same kind as the row's dose that follows it).
 * Null when the row's maximum cannot be read or needs a billing unit size the policy does not give.
 */
export function rowCeiling(
  row: string,
  headerNamesUnits: boolean,
  unitMg: number | null,
): Pick<CriterionOf<"dose_limit">, "max_mg" | "per_days" | "mg_per_kg" | "vial_mg" | "unit_mg"> | null {
  const amounts = amountsOf(row);
  if (amounts.length < 2) return null;
  const k = headerNamesUnits
    ? amounts.findIndex((a) => a.unit === "units" || a.unit === "units/kg")
    : amounts.findIndex((a, i) => i > 0 && a.unit === amounts[0].unit);
  if (k < 1) return null;
  const cell = row.slice(amounts[k].at);
  const first = amounts[k];
  const later = amounts.slice(k + 1);
  const capAmount = later.find((a) => /\bup to\s*$/i.test(row.slice(Math.max(0, a.at - 12), a.at)) && (a.unit === "mg" || a.unit === "units"));
  const toMg = (a: Amount): number | null => (a.unit === "mg" || a.unit === "mg/kg" ? a.value : unitMg != null ? a.value * unitMg : null);
  const vial = /rounded up to (?:whole |the nearest )?(\d+)\s*mg\b/i.exec(cell);
  if (first.unit === "mg/kg" || first.unit === "units/kg") {
    const perKg = toMg(first);
    if (perKg == null) return null;
    const cap = capAmount ? toMg(capAmount) : null;
    if (capAmount && cap == null) return null;
    return { mg_per_kg: perKg, max_mg: cap, per_days: capAmount?.per_days ?? null, vial_mg: vial ? Number(vial[1]) : null, unit_mg: unitMg };
  }
  const mg = toMg(first);
  if (mg == null) return null;
  return { max_mg: mg, per_days: first.per_days, mg_per_kg: null, vial_mg: null, unit_mg: unitMg };
}

/**
 * The dose ceiling of a policy's maximum-dose table (see the module comment), as one dose_limit or an
 * `any` of one per row; null when the policy has no such table or no row of it can be read.
 * @param lines the policy's lines in reading order
 * @param cite  builds the passage citation of some lines
 */
export function dosingTableCeiling(lines: DocLine[], cite: (ls: DocLine[]) => Citation | null): Criterion | null {
  const text = lines.map((l) => l.text).join("\n");
  const unitMg = billingUnitMg(text);
  for (let h = 0; h < lines.length; h++) {
    const head = lines[h].text;
    const bare = head.replace(/\([^)]*\)/g, " ");
    if (head.length > 100 || /\d/.test(bare) || !HEADER_MAX.test(bare) || !HEADER_WHAT.test(bare) || /^drugs?\b/i.test(bare)) continue;
    const namesUnits = /\bmax(?:imum)?\s+(?:billing\s+)?units?\b/i.test(bare);
    const rows: { text: string; lines: DocLine[] }[] = [];
    let j = h + 1;
    for (; j < lines.length && j < h + 14; j++) {
      const t = lines[j].text;
      if (STOP.test(t)) break;
      if (amountsOf(t).length) rows.push({ text: t, lines: [lines[j]] });
      else if (rows.length && t.length < 90 && /^[a-z(]/.test(t)) {
        rows.at(-1)!.text += ` ${t}`;
        rows.at(-1)!.lines.push(lines[j]);
      } else break;
    }
    if (!rows.length) continue;
    const after = lines
      .slice(j, j + 6)
      .map((l) => l.text)
      .join(" ");
    const limit = COVERAGE_LIMIT_RE.test(after);
    let skipped = false;
    const items: CriterionOf<"dose_limit">[] = [];
    for (const row of rows) {
      const label = row.text.slice(0, amountsOf(row.text)[0].at);
      const rest = row.text.slice(amountsOf(row.text)[0].at);
      const population = /^\s*(?:adults?)\b/i.test(label) ? "adult" : /^\s*(?:pediatric|paediatric|children|child)\b/i.test(label) ? "pediatric" : null;
      const c = rowCeiling(row.text, namesUnits, unitMg);
      // a row with a condition of its own ("loss of response", "documented …") is another path's ceiling
      if (!c || CONDITIONAL.test(label) || /\bdocumented\b/i.test(rest)) {
        skipped = true;
        continue;
      }
      items.push({ kind: "dose_limit", text: row.text, passage: cite(row.lines), confidence: "high", ...c, population });
    }
    if (!items.length) continue;
    const confidence = limit && !skipped ? ("high" as const) : ("medium" as const);
    for (const i of items) i.confidence = confidence;
    if (items.length === 1) return items[0];
    return { kind: "any", items, text: head, passage: cite([lines[h], ...rows.flatMap((r) => r.lines)]), confidence };
  }
  return null;
}
