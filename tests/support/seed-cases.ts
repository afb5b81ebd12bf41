/**
 * Cases with known receipt and decision times for the workspace tests (reports, cases queue,
 * dashboard). Every time is explicit, so the expected figures can be worked out by hand.
 */
import type { Database } from "~/lib/db.server";
import { dueAt } from "~/prior-auths/regulatory-clock";

export interface SeedCase {
  label: string;
  received: string;
  urgency?: "standard" | "expedited";
  intake?: "succeeded" | "pending";
  ai?: { decision: "approved" | "denied" | "needs_more_information"; at: string };
  human?: { decision: "approve" | "deny"; at: string };
  planId?: string | null;
  assigneeId?: string | null;
}

/** Creates one prior auth per SeedCase in `orgId`; returns label → id. */
export async function seedCases(database: Database, orgId: string, cases: SeedCase[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const c of cases) {
    const received = new Date(c.received);
    const urgency = c.urgency ?? "standard";
    const finalDecision = c.human ? (c.human.decision === "approve" ? "approved" : "denied") : (c.ai?.decision ?? null);
    const pa = await database.prisma.priorAuth.create({
      data: {
        organization_id: orgId,
        patient_name: `Patient ${c.label}`,
        medication_name: "Humira",
        urgency,
        received_at: received,
        created_at: received,
        due_at: dueAt(received, urgency),
        intake_status: c.intake ?? "succeeded",
        plan_id: c.planId ?? null,
        assignee_id: c.assigneeId ?? null,
        final_decision: finalDecision,
      },
    });
    if (c.ai) {
      await database.prisma.aiDecision.create({
        data: { prior_auth_id: pa.id, final_decision: c.ai.decision, confidence_score: 0.9, ai_summary: "s", rationale: "r", created_at: new Date(c.ai.at) },
      });
    }
    if (c.human) {
      await database.prisma.humanDecision.create({
        data: { prior_auth_id: pa.id, decision_type: c.human.decision, reason: "reviewed", created_at: new Date(c.human.at) },
      });
    }
    ids[c.label] = pa.id;
  }
  return ids;
}
