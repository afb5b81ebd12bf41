/** Prior auths as workspace cases (CaseSource adapter). */
import type { Database } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { notFound } from "~/lib/errors";
import { decisionKind } from "~/prior-auths/ui/decision";
import type { CaseRecord, CaseStatus } from "./case-record";
import type { CaseQuery, CaseSource } from "./case-sources.server";
import { CASE_ROW_SELECT, caseRowFields, caseRowFilter } from "./case-row";

/**
 * Determination rules (docs/clinical; helper-guide safety rules): the latest human decision is final
 * (its time is the determination time); without one, an AI approval is final at the time of that AI
 * decision (automated approval); an AI denial is not final until a clinician signs off (status
 * review), and needs_more_information is outreach, not a determination.
 */
export function priorAuthStatus(input: {
  intake_status: string;
  human: { decision_type: string; created_at: Date } | null;
  ai: { final_decision: string; created_at: Date } | null;
}): Pick<CaseRecord, "status" | "decision" | "determination" | "determined_at" | "determined_by"> {
  if (input.human) {
    const d = input.human.decision_type === "approve" ? "approved" : "denied";
    return { status: "decided", decision: d, determination: d, determined_at: input.human.created_at, determined_by: "human" };
  }
  const ai = input.ai ? decisionKind(input.ai.final_decision) : null;
  if (input.intake_status !== "succeeded" && !ai) return { status: "intake", decision: null, determination: null, determined_at: null, determined_by: null };
  if (ai === "approved")
    return { status: "decided", decision: "approved", determination: "approved", determined_at: input.ai!.created_at, determined_by: "ai" };
  const status: CaseStatus = ai === "outreach" ? "outreach" : "review";
  return { status, decision: ai, determination: null, determined_at: null, determined_by: null };
}

export const priorAuthCaseSource: CaseSource = {
  kind: "prior_auth",
  async list(database: Database, organizationId: string, query: CaseQuery): Promise<CaseRecord[]> {
    const where: Prisma.PriorAuthWhereInput = caseRowFilter(organizationId, query);
    const rows = await database.prisma.priorAuth.findMany({
      where,
      select: {
        ...CASE_ROW_SELECT,
        medication_name: true,
        human_decisions: { orderBy: [{ created_at: "desc" }, { id: "desc" }], take: 1, select: { decision_type: true, created_at: true } },
        ai_decisions: { orderBy: [{ created_at: "desc" }, { id: "desc" }], take: 1, select: { final_decision: true, created_at: true } },
      },
    });
    return rows.map((r) => {
      return {
        kind: "prior_auth",
        category: "drug",
        subject: r.medication_name,
        ...caseRowFields(r),
        ...priorAuthStatus({ intake_status: r.intake_status, human: r.human_decisions[0] ?? null, ai: r.ai_decisions[0] ?? null }),
        path: `prior-auths/${r.id}`,
      } satisfies CaseRecord;
    });
  },
  async assign(database: Database, organizationId: string, caseId: string, userId: string | null): Promise<void> {
    const { count } = await database.prisma.priorAuth.updateMany({ where: { id: caseId, organization_id: organizationId }, data: { assignee_id: userId } });
    if (count === 0) throw notFound();
  },
};
