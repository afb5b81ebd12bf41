/**
 * Orthostatic blood-pressure falls: a requirement written as an amount of change between two blood
 * pressures ("a sustained decrease of at least 20 mmHg systolic or at least 10 mmHg diastolic blood
 * pressure within 3 minutes of standing or head-up tilt, recorded within the past 6 months") judged on
 * the measurements the request gives — a fall it states ("systolic fall of 44 mmHg and diastolic fall
 * of 18 mmHg at 3 minutes of standing", "BP drop of 40/15 mmHg on standing") or a supine (or seated)
 * reading and the standing (or tilt) readings of an orthostatic vital-signs table ("Supine, 5 min
 * 148/84", "Standing, 3 min 104/66").
 *
 * Only ever "met" (with the readings compared against the policy's amounts) or null: a fall that is
 * smaller, undated when a window is set, or read from a standing reading taken later than the policy's
 * minutes stays with a reviewer (the criterion's human review), never a failure.
 *
 * Source: the policy's own words; the consensus definition of orthostatic hypotension (a sustained
 * fall of ≥ 20 mmHg systolic or ≥ 10 mmHg diastolic within 3 minutes of standing or head-up tilt;
 * Freeman et al., Clin Auton Res 2011) is the form such requirements take.
 */
import type { Citation } from "../contracts";
import { daysBetween, findDates } from "../codes/dates";
import { parseRecency } from "../policy/parse-criterion";
import { quote, type CaseIndex, type CaseLine } from "../evidence/case-index";

type Component = "systolic" | "diastolic";

/** What the requirement asks: the amounts per component, whether one is enough, the minutes of standing and the window in days. */
export interface FallRequirement {
  need: Partial<Record<Component, number>>;
  any: boolean;
  minutes: number | null;
  withinDays: number | null;
}

/** a fall of the requirement's components: "(at least) 20 mmHg systolic", "systolic … of 20 mmHg" */
const AMOUNT_FIRST_RE = /(?:at least|≥|>=|of|by)?\s*(\d{1,2})\s*mm\s?hg\s+(?:in\s+)?(systolic|diastolic)\b/gi;
const COMPONENT_FIRST_RE =
  /\b(systolic|diastolic)\b(?:\s+(?:blood\s+pressure|bp))?\s+(?:decrease|drop|fall|decline|reduction)\s+(?:of|by)\s+(?:at least\s+|≥\s*|>=\s*)?(\d{1,2})\s*mm\s?hg/gi;

/**
 * Reads an orthostatic fall requirement; null when `text` is not one (no standing, upright or tilt
 * posture, or no amount in mmHg for a systolic or diastolic component).
 */
export function readFallRequirement(text: string): FallRequirement | null {
  if (!/\b(?:stand(?:ing)?|upright|tilt|orthostatic)\b/i.test(text)) return null;
  if (!/\b(?:decrease|drop|fall|decline|reduction)\b/i.test(text)) return null;
  const need: Partial<Record<Component, number>> = {};
  for (const m of text.matchAll(AMOUNT_FIRST_RE)) need[m[2].toLowerCase() as Component] ??= Number(m[1]);
  for (const m of text.matchAll(COMPONENT_FIRST_RE)) need[m[1].toLowerCase() as Component] ??= Number(m[2]);
  // "at least 20 mmHg systolic or at least 10 mmHg diastolic" — one is enough; "and" needs both
  const keys = Object.keys(need) as Component[];
  if (!keys.length) return null;
  const between = keys.length === 2 ? (/\bmm\s?hg\s+(?:systolic|diastolic)\b(.{0,40}?)\b(?:systolic|diastolic)\b/i.exec(text)?.[1] ?? "") : "";
  const any = keys.length === 1 || /\bor\b/i.test(between) || !/\band\b/i.test(between);
  const min = /\bwithin\s+(\d{1,2}|three|five)\s+min(?:ute)?s?\b/i.exec(text);
  const minutes = min ? ({ three: 3, five: 5 }[min[1].toLowerCase()] ?? Number(min[1])) : null;
  return { need, any, minutes, withinDays: parseRecency(text.replace(/\bwithin\s+\S+\s+min(?:ute)?s?\b/gi, " ")) };
}

interface Fall {
  fall: Partial<Record<Component, number>>;
  date: string | null;
  citations: Citation[];
  shown: string;
}

const BP_RE = /\b(\d{2,3})\s*\/\s*(\d{2,3})\b/;
const SUPINE_RE = /\b(?:supine|lying|recumbent|seated|sitting)\b/i;
const UPRIGHT_RE = /\b(?:standing|stood|upright|tilt(?:ed)?|head-up)\b/i;
const FALL_WORD = "(?:fall|drop|decrease|decline|reduction|fell|dropped|decreased)";

/** the latest full date on `line` or the few lines above it (a table's caption: "Orthostatic vital signs (clinic, 11/18/2026)") */
function dateNear(idx: CaseIndex, line: CaseLine, above = 6): string | null {
  for (let i = line.index; i >= Math.max(0, line.index - above); i--) {
    const l = idx.lines[i];
    if (l.page !== line.page) break;
    const d = findDates(l.text).filter((x) => x.precision === "day");
    if (d.length) return d[d.length - 1].start;
  }
  return null;
}

/** minutes of standing a reading was taken at ("Standing, 3 min", "at 1 minute"), or null */
function minutesOf(text: string): number | null {
  const m = /\b(\d{1,2})\s*min(?:ute)?s?\b/i.exec(text);
  return m ? Number(m[1]) : null;
}

/** Falls the request states in words: "systolic fall of 44 mmHg", "diastolic drop of 18", "BP drop of 40/15 mmHg on standing". */
function statedFalls(idx: CaseIndex): Fall[] {
  const out: Fall[] = [];
  const componentFirst = new RegExp(
    `\\b(systolic|diastolic|sbp|dbp)\\b(?:\\s+(?:blood\\s+pressure|bp))?\\s+${FALL_WORD}\\s+(?:of\\s+|by\\s+)?(\\d{1,2})\\s*(?:mm\\s?hg)?`,
    "gi",
  );
  const fallFirst = new RegExp(
    `\\b${FALL_WORD}\\s+(?:in\\s+)?(systolic|diastolic|sbp|dbp)\\b(?:\\s+(?:blood\\s+pressure|bp))?\\s+(?:of\\s+|by\\s+)(\\d{1,2})\\s*mm\\s?hg`,
    "gi",
  );
  const pair = new RegExp(`\\b(?:bp|blood pressure)\\s+${FALL_WORD}\\s+(?:of\\s+|by\\s+)?(\\d{1,2})\\s*/\\s*(\\d{1,2})\\s*mm\\s?hg`, "gi");
  for (const line of idx.lines) {
    const text = line.text;
    if (!/\b(?:stand|upright|tilt|orthostat)/i.test(text + " " + (idx.lines[line.index - 1]?.text ?? ""))) continue;
    const fall: Partial<Record<Component, number>> = {};
    const comp = (w: string): Component => (/^(?:systolic|sbp)$/i.test(w) ? "systolic" : "diastolic");
    for (const m of text.matchAll(componentFirst)) fall[comp(m[1])] ??= Number(m[2]);
    for (const m of text.matchAll(fallFirst)) fall[comp(m[1])] ??= Number(m[2]);
    for (const m of text.matchAll(pair)) {
      fall.systolic ??= Number(m[1]);
      fall.diastolic ??= Number(m[2]);
    }
    if (fall.systolic == null && fall.diastolic == null) continue;
    // a negated or conditional statement ("no drop", "if the fall is") is no measurement
    if (/\b(?:no|not|without|if|unless)\s+(?:\w+\s+){0,2}(?:fall|drop|decrease)/i.test(text)) continue;
    out.push({ fall, date: dateNear(idx, line, 12), citations: [quote(idx, line)], shown: text.trim().slice(0, 120) });
  }
  return out;
}

/** Falls computed from an orthostatic table: the supine (or seated) reading and each later standing reading on the same page. */
function tableFalls(idx: CaseIndex, maxMinutes: number | null): Fall[] {
  const out: Fall[] = [];
  for (const base of idx.lines) {
    if (!SUPINE_RE.test(base.text) || UPRIGHT_RE.test(base.text)) continue;
    const b = BP_RE.exec(base.text.replace(/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g, " "));
    if (!b) continue;
    for (let i = base.index + 1; i < Math.min(idx.lines.length, base.index + 8); i++) {
      const l = idx.lines[i];
      if (l.page !== base.page) break;
      if (!UPRIGHT_RE.test(l.text)) continue;
      const s = BP_RE.exec(l.text.replace(/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g, " "));
      if (!s) continue;
      const min = minutesOf(l.text);
      if (maxMinutes != null && min != null && min > maxMinutes) continue;
      // (a standing reading without its minutes meets a "within N minutes" requirement only in words a reviewer reads)
      if (maxMinutes != null && min == null) continue;
      const fall = { systolic: Number(b[1]) - Number(s[1]), diastolic: Number(b[2]) - Number(s[2]) };
      out.push({
        fall,
        date: dateNear(idx, base, 8),
        citations: [quote(idx, base), quote(idx, l)],
        shown: `${b[1]}/${b[2]} -> ${s[1]}/${s[2]}${min != null ? ` at ${min} min` : ""}`,
      });
    }
  }
  return out;
}

/**
 * The orthostatic fall that meets `req` in the request, or null. Each fall is compared against the
 * requirement's amounts; a window ("within the past 6 months") needs the reading's date inside it.
 */
export function orthostaticFallMet(req: FallRequirement, idx: CaseIndex, requestDate: string | null): { reason: string; citations: Citation[] } | null {
  const falls = [...statedFalls(idx), ...tableFalls(idx, req.minutes)];
  const keys = Object.keys(req.need) as Component[];
  for (const f of falls) {
    const hits = keys.filter((k) => f.fall[k] != null && f.fall[k]! >= req.need[k]!);
    const ok = req.any ? hits.length > 0 : hits.length === keys.length;
    if (!ok) continue;
    if (req.withinDays != null) {
      if (!f.date || !requestDate) continue;
      const age = daysBetween(f.date, requestDate);
      if (age < -1 || age > req.withinDays) continue;
    }
    const what = hits.map((k) => `${k} fall ${f.fall[k]} mmHg (at least ${req.need[k]})`).join(", ");
    return { reason: `Orthostatic fall documented: ${what}, from "${f.shown}"${f.date ? ` on ${f.date}` : ""}.`, citations: f.citations };
  }
  return null;
}
