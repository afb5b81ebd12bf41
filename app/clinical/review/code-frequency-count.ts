/**
 * A billing note's frequency rule (policy/code-frequency.ts, "92136 … is reimbursed once per eye in
 * a 12-month period, counted from the member's claims history") judged on one service line: the
 * lines of the rule's codes on the same claim dated before the line (or on its date, listed before
 * it) and the member's earlier paid lines (the claims history) within the window before the line's
 * date of service are counted with the line; with a per-side rule only those of the line's own side
 * (RT / LT; a bilateral 50 line counts for both sides). Within the maximum: met. Over it: failed
 * only when every line counted names its side (or the rule is not per side) and the history was
 * available; anything uncertain (no history, a side not read, a same-side line of the same date) is
 * needs-more-information. A visit maximum per calendar year (`calendar_year`, `visits`) counts the dates
 * of service from January 1 of the line's year up to its date, one date one visit (the claim's other
 * lines of the same date are the same visit). Source: the policy's own billing note (no clinical rule
 * is added).
 */
import type { CaseFacts, Citation, CriterionOf, CriterionOutcome } from "../contracts";
import { daysBetween } from "../codes/dates";
import { codeListed } from "../policy/visit-limits";

/** The result shape of review/evaluate.ts (Ev), without importing it (no cycle). */
export interface FrequencyCount {
  outcome: CriterionOutcome;
  reason: string;
  citations: Citation[];
  evidence: "direct" | "inferred" | "none";
  missing?: string | null;
}

type Side = "RT" | "LT" | "50";
/** The anatomic side a line's modifiers name: RT, LT or 50 (both); null when none or both RT and LT. */
export function lineSide(modifiers: readonly string[] | undefined): Side | null {
  const m = new Set((modifiers ?? []).map((x) => x.trim().toUpperCase()));
  if (m.has("50")) return "50";
  if (m.has("RT") && !m.has("LT")) return "RT";
  if (m.has("LT") && !m.has("RT")) return "LT";
  return null;
}
const sameSide = (a: Side, b: Side) => a === "50" || b === "50" || a === b;

/**
 * Counts `spec` on the line of `facts.service_line` (see the module comment). `lineCitation` cites
 * the line as read. Returns met / not_met / insufficient with the count in the reason.
 */
export function judgeCodeFrequency(spec: CriterionOf<"code_frequency">, facts: CaseFacts, lineCitation: Citation[]): FrequencyCount {
  const line = facts.service_line;
  const none = (reason: string, missing: string): FrequencyCount => ({ outcome: "insufficient", reason, citations: [], evidence: "none", missing });
  if (!line) return { outcome: "not_met", reason: "Does not apply: the frequency rule is judged on claim service lines.", citations: [], evidence: "inferred" };
  if (!line.code || !line.date_of_service)
    return none("The frequency rule is judged per service line; the line's code or date of service is not read.", spec.text);
  const codes = spec.codes?.length ? spec.codes : [line.code];
  const dos = line.date_of_service;
  const period = spec.calendar_year ? `calendar year ${dos.slice(0, 4)}` : `${spec.window_days} days`;
  const window = `${spec.max}${spec.visits ? " visits" : ""} per ${spec.per_side ? "side per " : ""}${spec.calendar_year ? "calendar year" : `${spec.window_days} days`}`;
  const side = spec.per_side ? lineSide(line.modifiers) : null;
  if (spec.per_side && !side)
    return none(
      `The policy counts ${codes.join(", ")} per side ("${spec.text}"); the line's RT / LT modifier is not read.`,
      "The line's anatomic modifier (RT / LT)",
    );
  if (!line.prior_lines)
    return none(
      `The policy counts ${codes.join(", ")} over ${period} ("${spec.text}"); the member's claims history could not be looked up.`,
      `The member's earlier ${codes.join(" / ")} services in ${spec.calendar_year ? `${period}` : `the ${period}`} before ${dos}`,
    );
  const counted: string[] = [];
  const unsure: string[] = [];
  // a visit rule counts dates of service: a date already counted, or the line's own, is the same visit
  const visitDates = new Set<string>();
  const consider = (code: string | null, date: string | null, modifiers: string[] | undefined, what: string, sameDayAmbiguous: boolean) => {
    if (!code || !codeListed(code.toUpperCase(), codes)) return;
    if (!date) {
      unsure.push(`${what} (no date)`);
      return;
    }
    const gap = daysBetween(date, dos);
    if (gap < 0 || (spec.calendar_year ? date.slice(0, 4) !== dos.slice(0, 4) : gap >= spec.window_days)) return;
    if (spec.visits) {
      if (gap === 0 && sameDayAmbiguous) return;
      if (gap === 0) {
        unsure.push(`${what} on ${date} (the line's own date)`);
        return;
      }
      if (visitDates.has(date)) return;
      visitDates.add(date);
    }
    if (spec.per_side) {
      const s = lineSide(modifiers);
      if (!s) {
        unsure.push(`${what} on ${date} (side not read)`);
        return;
      }
      if (!sameSide(s, side!)) return;
    }
    if (gap === 0 && sameDayAmbiguous) unsure.push(`${what} on ${date} (same date)`);
    else counted.push(`${what} on ${date}`);
  };
  // the claim's other lines: the line itself is the first of its code, side and date it matches
  const own = line.claim_lines.findIndex(
    (l) => l.code === line.code && l.date_of_service === dos && (l.modifiers ?? []).join(",") === (line.modifiers ?? []).join(","),
  );
  for (const [i, l] of line.claim_lines.entries()) {
    if (i === own) continue;
    consider(l.code, l.date_of_service, l.modifiers, `${l.code} (line ${i + 1} of this claim)`, true);
  }
  for (const p of line.prior_lines)
    consider(p.code, p.date_of_service, p.modifiers, `${p.code} ${(p.modifiers ?? []).join(" ")} (${p.source})`.replace(/\s+\(/, " ("), false);
  const count = counted.length + 1;
  const scope = spec.per_side ? ` of the ${side === "50" ? "both sides" : side} side` : "";
  if (count > spec.max && !unsure.length)
    return {
      outcome: "not_met",
      reason: `${line.code}${side ? `-${side}` : ""} on ${dos} is ${spec.visits ? "visit" : "service"} ${count}${scope} within ${period}, over the policy's ${window}: ${counted.join("; ")} ("${spec.text}").`,
      citations: lineCitation.slice(0, 1),
      evidence: "direct",
    };
  if (count > spec.max || count + unsure.length > spec.max)
    return {
      outcome: "insufficient",
      reason: `${line.code}${side ? `-${side}` : ""} on ${dos} may exceed the policy's ${window}: ${[...counted, ...unsure].join("; ")}; a reviewer must count them ("${spec.text}").`,
      citations: lineCitation.slice(0, 1),
      evidence: "none",
      missing: `Which earlier ${codes.join(" / ")} services${scope} fall within ${period} before ${dos}`,
    };
  return {
    outcome: "met",
    reason: `${line.code}${side ? `-${side}` : ""} on ${dos} is ${spec.visits ? "visit" : "service"} ${count}${scope} within ${period} (the claim's lines and the member's claims history counted${
      counted.length ? `: ${counted.join("; ")}` : "; no earlier one"
    }), within the policy's ${window}.`,
    citations: lineCitation.slice(0, 1),
    evidence: "direct",
  };
}
