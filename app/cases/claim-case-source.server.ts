/** Medical claims as workspace cases (CaseSource adapter over the claims tables). */
import type { Database } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { notFound } from "~/lib/errors";
import { normalizeToken } from "~/prior-auths/require-prior-auth.server";
import type { CaseLineCounts, CaseRecord } from "./case-record";
import type { CaseQuery, CaseSource } from "./case-sources.server";
import { CASE_ROW_SELECT, caseRowFields, caseRowFilter } from "./case-row";

/** One decision row of a service line, as the adapter reads it. */
export interface LineDecisionInput {
  /** "human" for a reviewer's override, else the AI engine ("builtin", "openai") */
  agent: string;
  /** approved | denied | needs_more_information (older rows: null, read from `approved`) */
  final_decision: string | null;
  approved: boolean | null;
  created_at: Date;
  /** a clinician signed off this denial */
  signed_off_at: Date | null;
}

/** Where one service line stands. `at`/`by` are set for final determinations only. */
export interface LineState {
  state: "approved" | "denied" | "awaiting_sign_off" | "outreach" | "pending";
  at: Date | null;
  by: "human" | "ai" | null;
}

function value(d: LineDecisionInput): "approved" | "denied" | "needs_more_information" {
  const v = d.final_decision ?? (d.approved === true ? "approved" : d.approved === false ? "denied" : "needs_more_information");
  return v === "approved" || v === "denied" ? v : "needs_more_information";
}

const newest = (rows: LineDecisionInput[]) => rows.reduce<LineDecisionInput | null>((a, b) => (!a || b.created_at > a.created_at ? b : a), null);

/**
 * The state of one service line from its decisions (any order):
 * - the newest reviewer override (agent "human") wins over any AI decision and is final at its time;
 * - otherwise the newest AI decision: an approval is final at its time (automated approval); a denial
 *   is final only once a clinician signed it off (at `signed_off_at`, a human determination), before
 *   that it is `awaiting_sign_off`; needs_more_information is `outreach` (not a determination);
 * - no decision at all: `pending`.
 */
export function serviceLineState(decisions: LineDecisionInput[]): LineState {
  const human = newest(decisions.filter((d) => d.agent === "human"));
  if (human) {
    const v = value(human);
    if (v === "needs_more_information") return { state: "outreach", at: null, by: null };
    return { state: v, at: human.created_at, by: "human" };
  }
  const ai = newest(decisions);
  if (!ai) return { state: "pending", at: null, by: null };
  const v = value(ai);
  if (v === "approved") return { state: "approved", at: ai.created_at, by: "ai" };
  if (v === "denied") return ai.signed_off_at ? { state: "denied", at: ai.signed_off_at, by: "human" } : { state: "awaiting_sign_off", at: null, by: null };
  return { state: "outreach", at: null, by: null };
}

/**
 * A claim's overall case status and decision, derived from its service lines (each line as in
 * `serviceLineState`: human overrides win over AI decisions; an AI denial is final only after a
 * clinician's sign-off). In this order:
 * 1. intake not succeeded and no line decided yet → status `intake`, no decision;
 * 2. no service line (intake read none) → `review`, no decision (a reviewer must look);
 * 3. any line needs more information → `outreach`, decision outreach (the request cannot be closed
 *    until the information comes back, whatever the other lines say);
 * 4. any line undecided or an AI denial awaiting sign-off → `review`; decision denied when any line
 *    is denied (signed off or not), else none;
 * 5. every line finally determined → `decided`: approved when all lines are approved; denied when
 *    any line is denied (a partial denial: `lines` tells how many; CMS-0057-F reporting counts the
 *    request as denied, since part of what was asked for was refused). The determination time is the
 *    last line's determination time; `determined_by` is "ai" only when every line was an AI approval.
 * Appeals (`overturned_at[i]`: when an appeal overturned the denial of line i, else null/absent): an
 * overturned line counts as approved (`lines.approved`, and `lines.approved_after_appeal`) in the
 * status and decision the case shows, so a claim whose denied lines were all overturned shows
 * approved. The initial determination (`determination`, `determined_at`, `determined_by`) is not
 * changed by an appeal (the appeal is its own record; CMS-0057-F reports count approvals after
 * appeal apart, app/reports/compute-metrics.ts), as for prior auths.
 * Throws nothing; pure.
 */
export function claimStatus(input: {
  intake_status: string;
  lines: LineDecisionInput[][];
  overturned_at?: ReadonlyArray<Date | null | undefined>;
}): Pick<CaseRecord, "status" | "decision" | "determination" | "determined_at" | "determined_by"> & { lines: CaseLineCounts } {
  const initial = lineStatus(input.intake_status, input.lines.map(serviceLineState));
  const overturned = input.overturned_at ?? [];
  if (!overturned.some(Boolean)) return initial;
  const states = input.lines.map(serviceLineState);
  const isOverturned = (i: number) => !!overturned[i] && states[i]!.state === "denied";
  const after = lineStatus(
    input.intake_status,
    states.map((st, i): LineState => (isOverturned(i) ? { state: "approved", at: overturned[i]!, by: "human" } : st)),
  );
  return {
    status: after.status,
    decision: after.decision,
    determination: initial.determination,
    determined_at: initial.determined_at,
    determined_by: initial.determined_by,
    lines: { ...after.lines, approved_after_appeal: states.filter((_, i) => isOverturned(i)).length },
  };
}

function lineStatus(
  intakeStatus: string,
  states: LineState[],
): Pick<CaseRecord, "status" | "decision" | "determination" | "determined_at" | "determined_by"> & { lines: CaseLineCounts } {
  const count = (s: LineState["state"]) => states.filter((x) => x.state === s).length;
  const lines: CaseLineCounts = {
    total: states.length,
    approved: count("approved"),
    denied: count("denied"),
    awaiting_sign_off: count("awaiting_sign_off"),
    outreach: count("outreach"),
    pending: count("pending"),
  };
  const open = { determination: null, determined_at: null, determined_by: null } as const;
  const anyDecided = states.some((s) => s.state !== "pending");
  if (intakeStatus !== "succeeded" && !anyDecided) return { status: "intake", decision: null, ...open, lines };
  if (states.length === 0) return { status: "review", decision: null, ...open, lines };
  if (lines.outreach > 0) return { status: "outreach", decision: "outreach", ...open, lines };
  if (lines.pending + lines.awaiting_sign_off > 0)
    return { status: "review", decision: lines.denied + lines.awaiting_sign_off > 0 ? "denied" : null, ...open, lines };
  const d = lines.denied > 0 ? "denied" : "approved";
  const at = new Date(Math.max(...states.map((s) => s.at!.getTime())));
  const by = states.every((s) => s.by === "ai") ? "ai" : "human";
  return { status: "decided", decision: d, determination: d, determined_at: at, determined_by: by, lines };
}

/** "MRI lumbar spine (72148) + 1 more": the first service line and how many follow. */
function claimSubject(lines: { code: string | null; description: string | null }[]): string | null {
  const first = lines[0];
  if (!first) return null;
  const name = first.description && first.code ? `${first.description} (${first.code})` : (first.description ?? first.code);
  if (!name) return lines.length > 1 ? `${lines.length} service lines` : null;
  return lines.length > 1 ? `${name} + ${lines.length - 1} more` : name;
}

/** When an overturned appeal approved service line `lineId` (the earliest), or null. */
export function overturnedAt(appeals: { service_request_ids: string[]; decided_at: Date | null }[], lineId: string): Date | null {
  const at = appeals.filter((a) => a.decided_at && a.service_request_ids.includes(lineId)).map((a) => a.decided_at!.getTime());
  return at.length ? new Date(Math.min(...at)) : null;
}

export const claimCaseSource: CaseSource = {
  kind: "claim",
  async list(database: Database, organizationId: string, query: CaseQuery): Promise<CaseRecord[]> {
    const where: Prisma.ClaimWhereInput = caseRowFilter(organizationId, query);
    const rows = await database.prisma.claim.findMany({
      where,
      select: {
        ...CASE_ROW_SELECT,
        service_requests: {
          orderBy: [{ line_number: "asc" }, { created_at: "asc" }],
          select: {
            code: true,
            description: true,
            id: true,
            decisions: { select: { agent: true, final_decision: true, approved: true, created_at: true, signed_off_at: true } },
          },
        },
        appeals: { where: { outcome: "overturned" }, select: { service_request_ids: true, decided_at: true } },
      },
    });
    return rows.map((r) => {
      return {
        kind: "claim",
        category: "service",
        subject: claimSubject(r.service_requests),
        ...caseRowFields(r),
        ...claimStatus({
          intake_status: r.intake_status,
          lines: r.service_requests.map((s) => s.decisions),
          overturned_at: r.service_requests.map((s) => overturnedAt(r.appeals, s.id)),
        }),
        path: `claims/${r.id}`,
      } satisfies CaseRecord;
    });
  },
  async assign(database: Database, organizationId: string, caseId: string, userId: string | null): Promise<void> {
    const id = normalizeToken(caseId);
    const { count } = id
      ? await database.prisma.claim.updateMany({ where: { id, organization_id: organizationId }, data: { assignee_id: userId } })
      : { count: 0 };
    if (count === 0) throw notFound();
  },
};
