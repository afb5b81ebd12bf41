/**
 * Decision display rules (PRODUCT-SPEC §4): both spellings (approved/approve, denied/deny) are
 * treated alike; needs_more_information and outreach mean "Outreach required"; no decision is
 * "Pending" in the list and "Manual review" on the detail page.
 */
import type { DecisionKind } from "./types";

export function decisionKind(value: string | null | undefined): DecisionKind | null {
  switch ((value ?? "").toLowerCase()) {
    case "approved":
    case "approve":
      return "approved";
    case "denied":
    case "deny":
      return "denied";
    case "needs_more_information":
    case "outreach":
    case "rfi":
      return "outreach";
    default:
      return null;
  }
}

/** List badge label: Approved / Denied / Outreach required / Pending. */
export function listDecisionLabel(value: string | null | undefined): string {
  const kind = decisionKind(value);
  return kind === "approved" ? "Approved" : kind === "denied" ? "Denied" : kind === "outreach" ? "Outreach required" : "Pending";
}

/** Detail header button label: Approved / Denied / Outreach, or Manual review without an AI decision. */
export function headerDecisionLabel(value: string | null | undefined): string {
  const kind = decisionKind(value);
  return kind === "approved" ? "Approved" : kind === "denied" ? "Denied" : kind === "outreach" ? "Outreach" : "Manual review";
}

/** "21 Nov 2026, 1:05:09 AM" (PRODUCT-SPEC §9 'D MMM YYYY, h:mm:ss a'), in UTC for stable SSR. */
export function formatDateTime(iso: string | Date | null | undefined): string {
  if (!iso) return "—";
  const d = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return "—";
  const date = d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const time = d.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", second: "2-digit", timeZone: "UTC" });
  return `${date}, ${time}`;
}

/** "14 Apr 2026" for a date-only value (request dates are calendar days, shown without a zone shift). */
export function formatDay(iso: string | Date | null | undefined): string {
  if (!iso) return "—";
  const d = typeof iso === "string" ? new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso) : iso;
  if (Number.isNaN(d.getTime())) return "—";
  return d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}
