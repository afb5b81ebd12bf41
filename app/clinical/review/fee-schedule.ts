/**
 * The plan's fee schedule applied to service lines: frequency and unit limits per HCPCS/CPT code
 * (../shared/eval/FORMAT.md, manifest `fee_schedule`: `{ code, description, units_per_period:
 * { amount, period_days } }`). A row never approves anything; it only denies a line whose units,
 * counted with the same code's other units within the period, exceed the limit — and only when
 * every unit and date counted was read from typed text. On a scanned (OCR'd) form, or when a date
 * is missing, an exceeded (or possibly exceeded) limit sends the line to a reviewer instead.
 * Source: the plan's own fee schedule (MUE / frequency limits as plans publish them).
 */
import type { Citation, ParsedDocument } from "~/documents/types";
import type { DecisionResult, DecisionTree, ServiceLineResult } from "../contracts";
import { unitDays } from "../codes/dates";
import { statesFrequency } from "../text/frequency-wording";

/** One row of a plan's fee schedule: at most `amount` units of `code` per `period_days` days (1 = per date of service). */
export interface FeeScheduleRow {
  code: string;
  description: string | null;
  units_per_period: { amount: number; period_days: number };
}

/** A service line of an earlier claim of the same member (units and date as recorded; denied lines are not passed). */
export interface PriorServiceLine {
  code: string;
  units: number;
  /** YYYY-MM-DD */
  date_of_service: string;
  /** the line's modifiers as recorded (RT / LT / 50 name the side a per-eye rule counts), when known */
  modifiers?: string[];
  /** where it came from, for the rationale ("claim CLM-123 line 2") */
  source: string;
}

/** a limit counted per side of the body ("1 per implanted ear", "per eye", "each side", "per extremity") */
const PER_SIDE_RE =
  /\b(?:per|each|for each|a)\s+(?:implanted\s+|affected\s+)?(?:ear|eye|side|limb|extremity|knee|hip|foot|hand|breast)\b|\bper side\b|\bbilateral(?:ly)? counts? as\b/i;

/** the side a line's modifiers name: "RT", "LT", "50" (both), or null when none */
function sideOf(mods: string[] | undefined): "RT" | "LT" | "50" | null {
  const m = (mods ?? []).map((x) => x.trim().toUpperCase());
  return m.includes("50") ? "50" : m.includes("RT") ? "RT" : m.includes("LT") ? "LT" : null;
}

const DAY = 86_400_000;
const days = (a: string, b: string) => Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY);
const norm = (c: string | null | undefined) => (c ?? "").trim().toUpperCase();

/** Parses manifest/CSV rows leniently: rows without a code, a positive amount or a positive period are dropped. */
export function normaliseFeeSchedule(rows: unknown): FeeScheduleRow[] {
  if (!Array.isArray(rows)) return [];
  const out: FeeScheduleRow[] = [];
  for (const r of rows as Record<string, unknown>[]) {
    const u = (r?.units_per_period ?? {}) as Record<string, unknown>;
    const code = typeof r?.code === "string" ? r.code.trim() : "";
    const amount = Number(u.amount);
    const period = Number(u.period_days);
    if (!code || !Number.isFinite(amount) || amount < 0 || !Number.isFinite(period) || period < 1) continue;
    out.push({ code, description: typeof r.description === "string" ? r.description : null, units_per_period: { amount, period_days: Math.round(period) } });
  }
  return out;
}

/** How the line's coverage policy states its own frequency rule, if it does (see policyFrequencyRule). */
export interface PolicyFrequencyRule {
  /** the policy states a frequency or quantity rule (a criterion, its quoted passage, or an unread passage) */
  stated: boolean;
  /** it counts by calendar year ("per member per calendar year", "January - December") */
  calendarYear: boolean;
  /** it allows more ("unless", "except", "more frequently when monitoring glucocorticoid therapy") */
  exception: boolean;
  /** the periods it counts by, in days ("calendar year" 365, "23 months" 699, "per date of service" 1); empty when none is stated */
  periods: number[];
}

/** "per member per calendar year", "January - December": a rule counted by calendar year. */
const CALENDAR_YEAR_RE = /\bcalendar[- ]year\b|\bJanuary\b[^.]{0,24}\bDecember\b/i;

/** The counting periods a frequency text states, in days (see PolicyFrequencyRule.periods). */
function statedPeriods(text: string): number[] {
  const out: number[] = [];
  if (CALENDAR_YEAR_RE.test(text) || /\b(?:per|each|a|one) (?:plan |benefit |contract )?year\b|\bannual(?:ly)?\b/i.test(text)) out.push(365);
  if (/\bper (?:date of service|day|visit|session)\b|\bsame (?:date|day)\b/i.test(text)) out.push(1);
  for (const m of text.matchAll(/\b(\d{1,3})[- ](days?|weeks?|months?|years?)\b/gi)) out.push(Math.round(Number(m[1]) * unitDays(m[2])));
  return out;
}

/**
 * The frequency rule the line's coverage policy states of its own (text/frequency-wording.ts), read
 * from its criteria, their quoted passages and the frequency passages the reader kept unread. Where a
 * policy and the plan's code-level edit disagree the policy wins (../shared/eval/FORMAT.md, the same
 * rule as for a formulary row): applyFeeSchedule then denies only what both count as over the limit.
 */
export function policyFrequencyRule(tree: DecisionTree | null): PolicyFrequencyRule {
  if (!tree) return { stated: false, calendarYear: false, exception: false, periods: [] };
  const texts = [
    ...tree.nodes.filter((n) => n.node_type === "question").flatMap((n) => [n.question, n.passage?.text ?? ""]),
    ...(tree.unread ?? []).map((u) => u.text),
  ].filter(statesFrequency);
  return {
    stated: texts.length > 0,
    calendarYear: texts.some((t) => CALENDAR_YEAR_RE.test(t)),
    periods: texts.flatMap(statedPeriods),
    exception: texts.some((t) =>
      /\b(?:unless|except(?:ion)?s?|more (?:often|frequently) (?:when|if|for|in)|(?:may|can) be (?:covered|allowed|approved|repeated|performed) (?:more|sooner|earlier))\b/i.test(
        t,
      ),
    ),
  };
}

/** True when the line's coverage policy states a frequency rule of its own (policyFrequencyRule). */
export function policyStatesFrequency(tree: DecisionTree | null): boolean {
  return policyFrequencyRule(tree).stated;
}

/** True when a citation's page was read by OCR (a scanned page) or the page is unknown. */
function scannedCitation(doc: ParsedDocument, c: Citation | undefined): boolean {
  if (!c) return true;
  const page = doc.pages[c.page - 1];
  return !page || !!page.ocr;
}

/**
 * Applies `schedule` to the decided `lines` of one claim. For each line whose code has a row, the
 * units counted are its own, those of the claim's other lines of the code dated on or before it
 * and within `period_days` (|Δ| < period_days; 1 = the same date of service), and `prior` lines
 * (earlier claims of the member) within the period before it. Within the limit the line is unchanged.
 * Over it: denied (rule "fee_schedule_limit", citing the row and quoting the line's citation) when
 * every counted line was read from typed text with a date, the member was identified and the line's
 * policy states no frequency rule of its own, or one counted by calendar year without exceptions
 * whose count is over the limit too (policyFrequencyRule); otherwise needs_more_information. A line already denied stays denied; a line whose units or date are unknown
 * is only ever sent to a reviewer. `identified`: the eligibility check matched the member (prior lines
 * are only trusted then). `preService`: the document is a prior-authorization request
 * (isPreServiceRequest), whose units span the authorization period — a limit counted over less than
 * 28 days is then only ever sent to a reviewer. Returns new line results; the input is not modified.
 */
export function applyFeeSchedule(
  lines: ServiceLineResult[],
  schedule: FeeScheduleRow[],
  doc: ParsedDocument,
  prior: PriorServiceLine[] = [],
  identified = true,
  preService = false,
): ServiceLineResult[] {
  if (!schedule.length) return lines;
  return lines.map((l) => {
    const row = schedule.find((r) => norm(r.code) === norm(l.line.code));
    if (!row || l.decision.final_decision === "denied") return l;
    const { amount, period_days } = row.units_per_period;
    const code = norm(l.line.code);
    const date = l.line.date_of_service;
    const units = l.line.units;
    // a limit per side ("1 per implanted ear per 5 years"): only the same side's units count; without such
    // words, the other side's units make the count uncertain (a reviewer), never a denial
    const side = sideOf(l.line.modifiers);
    const perSide = PER_SIDE_RE.test(row.description ?? "");
    const sameSide = (mods: string[] | undefined) => {
      const o = sideOf(mods);
      return !side || !o || side === "50" || o === "50" || side === o;
    };
    const allOthers = lines.filter((o) => o !== l && norm(o.line.code) === code);
    const others = allOthers.filter((o) => sameSide(o.line.modifiers));
    const otherSide = perSide ? [] : allOthers.filter((o) => !sameSide(o.line.modifiers));
    const allPriors = prior.filter((p) => norm(p.code) === code);
    const priors = allPriors.filter((p) => sameSide(p.modifiers));
    const otherSidePriors = perSide ? [] : allPriors.filter((p) => !sameSide(p.modifiers));
    let counted: ServiceLineResult[] = [];
    let undatedOthers: ServiceLineResult[] = [];
    let priorCounted: PriorServiceLine[] = [];
    /** a date on or before the line's own, within the row's period (|Δ| < period_days) */
    const within = (d: string) => !!date && days(date, d) >= 0 && days(date, d) < period_days;
    if (date) {
      counted = others.filter((o) => !!o.line.date_of_service && within(o.line.date_of_service));
      undatedOthers = others.filter((o) => !o.line.date_of_service);
      priorCounted = priors.filter((p) => within(p.date_of_service));
    } else {
      // no date: every same-code unit could fall in the period
      undatedOthers = others;
      priorCounted = priors;
    }
    const own = units ?? 0;
    const sum = (xs: ServiceLineResult[]) => xs.reduce((s, o) => s + (o.line.units ?? 0), 0);
    const sure = own + sum(counted) + priorCounted.reduce((s, p) => s + p.units, 0);
    // (the other side's units count as possible when undated, or with no date on the line, as undated ones do)
    const inPeriod = (d: string | null | undefined) => !date || !d || within(d);
    const possible =
      sure +
      sum(undatedOthers) +
      sum(otherSide.filter((o) => inPeriod(o.line.date_of_service))) +
      otherSidePriors.filter((p) => inPeriod(p.date_of_service)).reduce((t, p) => t + p.units, 0);
    if (possible <= amount && units != null) return l;
    if (units == null && possible < amount) return l;
    const per = period_days === 1 ? "per date of service" : `per ${period_days} days`;
    const rowText = `${row.code}${row.description ? ` (${row.description})` : ""}: ${amount} unit(s) ${per}`;
    const lineCite = l.line.citations[0];
    const countedCites = counted.map((o) => o.line.citations[0]);
    const typed =
      !!date &&
      units != null &&
      sure > amount &&
      !scannedCitation(doc, lineCite) &&
      countedCites.every((c) => !scannedCitation(doc, c)) &&
      (identified || !priorCounted.length) &&
      // a pre-service request's units span the authorization period: never units billed on one date
      !(preService && period_days < 28);
    // the policy's own rule wins: with exceptions, or counted other than by calendar year, the line goes
    // to a reviewer; counted by calendar year, the line is denied only when that count is over the limit too
    const rule = policyFrequencyRule(l.tree);
    const yearStart = date ? `${date.slice(0, 4)}-01-01` : "";
    const inYear = (d: string | null | undefined) => !!d && d >= yearStart && d <= date!;
    const calendarCount =
      own +
      counted.filter((o) => inYear(o.line.date_of_service)).reduce((s, o) => s + (o.line.units ?? 0), 0) +
      priorCounted.filter((p) => inYear(p.date_of_service)).reduce((s, p) => s + p.units, 0);
    // a rule of another scale ("4 units per date of service" beside a row of 5 units per 7 days) is
    // another limit, not the row's own counted otherwise: the row applies as written
    const sameScale = !rule.periods.length || rule.periods.some((p) => Math.max(p, period_days) / Math.max(1, Math.min(p, period_days)) <= 2.5);
    const policyRule = rule.stated && sameScale && (rule.exception || !rule.calendarYear || calendarCount <= amount);
    const parts = [
      `${own} unit(s) of ${row.code}${date ? ` on ${date}` : ""}`,
      ...counted.map((o) => `${o.line.units ?? 0} on line ${o.line.line_number} (${o.line.date_of_service})`),
      ...priorCounted.map((p) => `${p.units} on ${p.date_of_service} (${p.source})`),
    ];
    if (typed && !policyRule) {
      const rationale = `The plan's fee schedule limits ${rowText}; this line's ${parts.join(" + ")} total ${sure} unit(s), over the limit${
        lineCite ? ` (line as written: "${lineCite.text.trim().slice(0, 160)}")` : ""
      }. The units over the plan's limit are not covered.`;
      const decision: DecisionResult = {
        ...l.decision,
        final_decision: "denied",
        confidence_score: Math.max(l.decision.confidence_score, 0.9),
        ai_summary: `Over the plan's fee-schedule limit (${rowText}).`,
        rationale,
        citations: [...(lineCite ? [lineCite] : []), ...countedCites.filter((c): c is Citation => !!c), ...l.decision.citations].slice(0, 20),
        missing_items: [],
        rule: "fee_schedule_limit",
      };
      return { ...l, decision };
    }
    const why = !date
      ? "the line's date of service could not be read"
      : preService && period_days < 28 && units != null
        ? "this is a prior-authorization request, whose units are those asked for over the authorization period, not units on one date of service"
        : units == null
          ? "the line's units could not be read"
          : typed && policyRule
            ? "the line's coverage policy states its own frequency rule, whose counting period and exceptions win over the fee schedule's row"
            : "the units or dates were read from a scanned form";
    const missing = `Confirmation of the units and dates of service of ${row.code} against the plan's fee-schedule limit (${rowText}); ${why}`;
    const decision: DecisionResult = {
      ...l.decision,
      final_decision: "needs_more_information",
      ai_summary: `Possibly over the plan's fee-schedule limit (${rowText}): needs a reviewer.`,
      rationale: `${l.decision.rationale}\n\nThe plan's fee schedule limits ${rowText}; counted: ${parts.join(" + ")}${
        undatedOthers.length ? ` and ${sum(undatedOthers)} undated unit(s)` : ""
      }. A reviewer must confirm the count because ${why}.`,
      missing_items: [...(l.decision.final_decision === "needs_more_information" ? (l.decision.missing_items ?? []) : []), missing],
      rule: l.decision.final_decision === "needs_more_information" ? l.decision.rule : "fee_schedule_review",
    };
    return { ...l, decision };
  });
}
