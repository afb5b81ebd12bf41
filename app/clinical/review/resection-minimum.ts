/**
 * A policy's exclusion of a tissue removal below its BSA sliding-scale minimum (policy/resection-
 * table.ts) judged on one service line. The member's body-surface area is the BSA the record states
 * ("BSA 2.13 m2"), or — only when the policy states the Mosteller formula — computed from the
 * record's height and weight (sqrt(cm x kg / 3600); feet/inches and pounds converted as the policy
 * converts them, 2.54 cm per inch, 2.2046 lb per kg). Every height and weight written is used: the
 * table minimum is taken for the smallest and the largest BSA they give. The weights removed per
 * breast are the grams the record writes for the right or the left side (a planned weight or a
 * pathology specimen weight; "per side" / "each breast" for both). Applies (met) when every weight
 * read for the line's side (RT / LT; both for 50 or no side) is below the smallest minimum; does not
 * apply (not_met) when every one is at least the largest minimum; otherwise, or without a BSA or a
 * weight, needs information. Source: the policy's own table and formula; no clinical rule is added.
 */
import type { Citation, CriterionOf } from "../contracts";
import { quote, search, type CaseIndex } from "../evidence/case-index";
import { minimumGrams } from "../policy/resection-table";
import type { FrequencyCount } from "./code-frequency-count";
import { lineSide } from "./code-frequency-count";

/** "5 ft 6 in", "5 feet 4 inches", "5'3\"" */
const FEET_RE = /\b([4-7])\s*(?:ft\.?|feet|foot|'|’)\s*(\d{1,2}(?:\.\d)?)\s*(?:in\.?|inches|"|”|'')?(?![\d.])/gi;
/** "height 167.6 cm", "ht: 160 cm" */
const HEIGHT_CM_RE = /\b(?:height|ht)\b[^0-9\n]{0,12}(1\d{2}(?:\.\d)?)\s*cm\b/gi;
/** "214 lb", "163 pounds", "weight 97.1 kg" */
const POUNDS_RE = /\b(\d{2,3}(?:\.\d)?)\s*(?:lbs?|pounds)\b/gi;
const KG_RE = /\b(?:weight|wt|weighs)\b[^0-9\n]{0,12}(\d{2,3}(?:\.\d)?)\s*kg\b/gi;
/** "BSA 2.13 m2", "body surface area of 1.83 m²" */
const BSA_RE = /\b(?:BSA|body\s+surface\s+area)\b[^0-9\n]{0,20}([1-3]\.\d{1,3})\s*(?:m2|m²|m\^2|sq\.?\s*m)?/gi;
/** a removed weight: "470 grams", "750 g", "550 to 600 grams" */
const GRAMS_RE = /\b(\d{2,4})(?:\s*(?:to|-|–)\s*(\d{2,4}))?\s*(?:g|gm|grams?)\b(?!\s*\/)/gi;
/** words that make a weight a breast tissue weight */
const TISSUE_RE = /\b(?:breast|reduction|resect\w*|specimen|remov\w*|tissue|side|mammaplasty)\b/i;

interface Mass {
  side: "R" | "L" | "both";
  lo: number;
  hi: number;
  citation: Citation;
}

/** The side a weight at `pos` of `text` is written for (see the module comment); null when none. */
function sideOf(text: string, pos: number, end: number): Mass["side"] | null {
  const after = text.slice(end, end + 24);
  if (/^\s*(?:per\s+side|(?:from\s+|of\s+|for\s+)?each\s+(?:breast|side)|bilateral(?:ly)?)\b/i.test(after)) return "both";
  const a = /^\s*(?:\(|,)?\s*(r|rt|right|l|lt|left)\b/i.exec(after);
  if (a) return /^r/i.test(a[1]) ? "R" : "L";
  // the last side word before it, within its own clause (after the previous weight or sentence end)
  const before = text.slice(Math.max(0, pos - 80), pos);
  const clause = before.split(/\d\s*(?:g|gm|grams?)\b|[.;](?:\s|$)|\s\/\s/i).at(-1) ?? "";
  const words = [...clause.matchAll(/\b(right|left)\b/gi)];
  if (words.length) return /^r/i.test(words.at(-1)![1]) ? "R" : "L";
  return null;
}

function values(idx: CaseIndex, re: RegExp, convert: (m: RegExpExecArray) => number | null): { value: number; citation: Citation }[] {
  const out: { value: number; citation: Citation }[] = [];
  for (const line of idx.lines) {
    const g = new RegExp(re.source, re.flags);
    for (const m of line.text.matchAll(g)) {
      const v = convert(m);
      if (v != null) out.push({ value: v, citation: quote(idx, line, m.index, m.index + m[0].length) });
    }
  }
  return out;
}

/** The member's BSA range (m2) from the record (see the module comment); null when it cannot be read. */
export function memberBsa(idx: CaseIndex, mosteller: boolean): { lo: number; hi: number; shown: string; citations: Citation[] } | null {
  const stated = values(idx, BSA_RE, (m) => Number(m[1]));
  if (stated.length) {
    const v = stated.map((s) => s.value);
    return { lo: Math.min(...v), hi: Math.max(...v), shown: `BSA ${v.join(" / ")} m2 as stated`, citations: stated.slice(0, 2).map((s) => s.citation) };
  }
  if (!mosteller) return null;
  const heights = [
    ...values(idx, FEET_RE, (m) => {
      const inches = Number(m[1]) * 12 + Number(m[2]);
      return Number(m[2]) < 12 ? inches * 2.54 : null;
    }),
    ...values(idx, HEIGHT_CM_RE, (m) => Number(m[1])),
  ].filter((h) => h.value >= 120 && h.value <= 220);
  const weights = [...values(idx, POUNDS_RE, (m) => Number(m[1]) / 2.2046), ...values(idx, KG_RE, (m) => Number(m[1]))].filter(
    (w) => w.value >= 30 && w.value <= 300,
  );
  if (!heights.length || !weights.length) return null;
  const bsa = (cm: number, kg: number) => Math.sqrt((cm * kg) / 3600);
  const hs = heights.map((h) => h.value);
  const ws = weights.map((w) => w.value);
  const lo = bsa(Math.min(...hs), Math.min(...ws));
  const hi = bsa(Math.max(...hs), Math.max(...ws));
  const r = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
  const shown =
    lo === hi ? `BSA sqrt(${r(hs[0], 1)} cm x ${r(ws[0], 1)} kg / 3600) = ${r(lo)} m2` : `BSA ${r(lo)}-${r(hi)} m2 from the heights and weights written`;
  return { lo, hi, shown, citations: [heights[0].citation, weights[0].citation] };
}

/** The breast tissue weights the record writes, each with its side (see the module comment). */
export function tissueWeights(idx: CaseIndex): Mass[] {
  const out: Mass[] = [];
  for (const h of search(idx, GRAMS_RE)) {
    const next = idx.lines[h.line.index + 1];
    const text = next && next.page === h.line.page ? `${h.line.text} ${next.text}` : h.line.text;
    const g = new RegExp(GRAMS_RE.source, "gi");
    g.lastIndex = h.index;
    const m = g.exec(text);
    if (!m || m.index !== h.index) continue;
    if (!TISSUE_RE.test(text)) continue;
    const side = sideOf(text, m.index, m.index + m[0].length);
    if (!side) continue;
    const lo = Number(m[1]);
    const hi = m[2] ? Number(m[2]) : lo;
    out.push({ side, lo: Math.min(lo, hi), hi: Math.max(lo, hi), citation: quote(idx, h.line, h.index, h.index + h.length) });
  }
  return out;
}

/** Judges `spec` for the line with `modifiers` on the record `idx` (see the module comment). */
export function judgeResectionMinimum(spec: CriterionOf<"resection_minimum">, idx: CaseIndex, modifiers: string[] | undefined): FrequencyCount {
  const bsa = memberBsa(idx, spec.mosteller);
  if (!bsa)
    return {
      outcome: "insufficient",
      reason: "The member's body-surface area (or height and weight) is not read from the record; the table minimum cannot be found.",
      citations: [],
      evidence: "none",
      missing: "The member's height and weight (body-surface area)",
    };
  const minLo = minimumGrams(spec.rows, bsa.lo);
  const minHi = minimumGrams(spec.rows, bsa.hi);
  if (minLo == null || minHi == null)
    return { outcome: "insufficient", reason: `${bsa.shown} is outside the policy's table.`, citations: bsa.citations, evidence: "none", missing: null };
  const side = lineSide(modifiers);
  const sides: ("R" | "L")[] = side === "RT" ? ["R"] : side === "LT" ? ["L"] : ["R", "L"];
  const masses = tissueWeights(idx);
  const need = minLo === minHi ? `${minLo} g` : `${minLo}-${minHi} g`;
  const per = sides.map((s) => ({ s, ms: masses.filter((m) => m.side === s || m.side === "both") }));
  if (per.some((p) => !p.ms.length))
    return {
      outcome: "insufficient",
      reason: `${bsa.shown}: the table minimum is ${need} per breast; the weight removed from the ${per
        .filter((p) => !p.ms.length)
        .map((p) => (p.s === "R" ? "right" : "left"))
        .join(" and ")} breast is not read.`,
      citations: bsa.citations,
      evidence: "none",
      missing: "The weight removed (or planned) per breast",
    };
  const name = (s: "R" | "L") => (s === "R" ? "right" : "left");
  const list = (ms: Mass[]) => ms.map((m) => (m.lo === m.hi ? `${m.lo} g` : `${m.lo}-${m.hi} g`)).join(", ");
  const below = per.filter((p) => p.ms.every((m) => m.hi < minLo));
  if (below.length)
    return {
      outcome: "met",
      reason: `${bsa.shown}, table minimum ${need} per breast; every weight written for the ${below.map((p) => name(p.s)).join(" and ")} breast (${below
        .map((p) => list(p.ms))
        .join("; ")}) is below it: "${spec.text}"`,
      citations: [...bsa.citations, ...below.flatMap((p) => p.ms.map((m) => m.citation))],
      evidence: "direct",
    };
  if (per.every((p) => p.ms.every((m) => m.lo >= minHi)))
    return {
      outcome: "not_met",
      reason: `${bsa.shown}, table minimum ${need} per breast; the weights written (${per.map((p) => `${name(p.s)} ${list(p.ms)}`).join("; ")}) reach it.`,
      citations: [...bsa.citations, ...per.flatMap((p) => p.ms.map((m) => m.citation))],
      evidence: "direct",
    };
  return {
    outcome: "insufficient",
    reason: `${bsa.shown}, table minimum ${need} per breast; the weights written (${per.map((p) => `${name(p.s)} ${list(p.ms)}`).join("; ")}) do not all fall on one side of it.`,
    citations: bsa.citations,
    evidence: "none",
    missing: "The weight removed per breast (pathology specimen weights)",
  };
}
