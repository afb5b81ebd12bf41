/** Small status badges of the prior-auth screens. */
import { decisionKind, headerDecisionLabel, listDecisionLabel } from "./decision";

const TONES = {
  green: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  red: "bg-red-50 text-red-700 ring-red-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/20",
  slate: "bg-slate-100 text-slate-600 ring-slate-500/20",
  indigo: "bg-indigo-50 text-indigo-700 ring-indigo-600/20",
  sky: "bg-sky-50 text-sky-700 ring-sky-600/20",
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({
  tone = "slate",
  children,
  className = "",
  ...rest
}: { tone?: BadgeTone; children: React.ReactNode; className?: string } & React.HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      {...rest}
      className={`inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[tone]} ${className}`}
    >
      {children}
    </span>
  );
}

export function decisionTone(value: string | null | undefined): BadgeTone {
  const kind = decisionKind(value);
  return kind === "approved" ? "green" : kind === "denied" ? "red" : kind === "outreach" ? "amber" : "slate";
}

/** Final Decision column: Approved / Denied / Outreach required / Pending. */
export function DecisionBadge({ value }: { value: string | null | undefined }) {
  return (
    <Badge tone={decisionTone(value)} data-testid="decision-badge">
      {listDecisionLabel(value)}
    </Badge>
  );
}

export function IntakeRequiredBadge() {
  return (
    <Badge tone="indigo" data-testid="intake-required">
      Intake required
    </Badge>
  );
}

export function SubmissionBadge({ type }: { type: string }) {
  // "pas": a Da Vinci PAS request on /fhir/Claim/$submit (the CMS-0057-F Prior Authorization API)
  if (type === "pas") return <Badge tone="indigo">ePA (FHIR)</Badge>;
  // "x12_837p": an X12 837P professional claim file (app/claims/x12-837p.ts)
  if (type === "x12_837p") return <Badge tone="indigo">837P</Badge>;
  return type === "epa" ? <Badge tone="sky">EPA</Badge> : <Badge tone="slate">Fax</Badge>;
}

/** A case the requester withdrew (a Da Vinci PAS cancellation): its reason as the tooltip. */
export function WithdrawnBadge({ withdrawn }: { withdrawn: { at: string; reason: string | null } | null | undefined }) {
  if (!withdrawn) return null;
  return (
    <Badge tone="slate" data-testid="withdrawn" title={withdrawn.reason ?? undefined}>
      Withdrawn by the requester
    </Badge>
  );
}

/** The detail header's decision pill (Outreach / Approved / Denied / Manual review). */
export function HeaderDecision({ value }: { value: string | null | undefined }) {
  const tone = decisionTone(value);
  const styles: Record<BadgeTone, string> = {
    green: "bg-emerald-600 text-white",
    red: "bg-red-600 text-white",
    amber: "bg-amber-500 text-white",
    slate: "bg-slate-700 text-white",
    indigo: "bg-indigo-600 text-white",
    sky: "bg-sky-600 text-white",
  };
  return (
    <span data-testid="header-decision" className={`inline-flex items-center rounded-md px-3 py-1.5 text-sm font-semibold shadow-xs ${styles[tone]}`}>
      {headerDecisionLabel(value)}
    </span>
  );
}

/** ✓ / ✗ / ? marker of a criterion step (passed true / false / null = insufficient information). */
export function PassMark({ passed }: { passed: boolean | null | undefined }) {
  if (passed === true)
    return (
      <span
        className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-xs font-bold text-emerald-700"
        title="Met"
        aria-label="Met"
        data-testid="step-pass"
      >
        ✓
      </span>
    );
  if (passed === false)
    return (
      <span
        className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-red-100 text-xs font-bold text-red-700"
        title="Not met"
        aria-label="Not met"
        data-testid="step-fail"
      >
        ✗
      </span>
    );
  return (
    <span
      className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-amber-100 text-xs font-bold text-amber-800"
      title="Insufficient information"
      aria-label="Insufficient information"
      data-testid="step-unknown"
    >
      ?
    </span>
  );
}
