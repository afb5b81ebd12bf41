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

export interface SeedClaimLine {
  code: string;
  description?: string;
  ai?: { decision: "approved" | "denied" | "needs_more_information"; at: string; signedOffAt?: string };
  human?: { decision: "approve" | "deny"; at: string };
}

export interface SeedClaim {
  label: string;
  received: string;
  urgency?: "standard" | "expedited";
  intake?: "succeeded" | "pending";
  lines?: SeedClaimLine[];
  planId?: string | null;
  assigneeId?: string | null;
}

/**
 * Creates one medical claim per SeedClaim in `orgId` (patient "Patient {label}"), with one service
 * line per `lines` entry and its AI decision (optionally signed off) and reviewer override at the
 * given times; returns label → claim id.
 */
export async function seedClaims(database: Database, orgId: string, claims: SeedClaim[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const c of claims) {
    const received = new Date(c.received);
    const urgency = c.urgency ?? "standard";
    const intake = c.intake ?? "succeeded";
    const claim = await database.prisma.claim.create({
      data: {
        organization_id: orgId,
        patient_name: `Patient ${c.label}`,
        urgency,
        received_at: received,
        created_at: received,
        due_at: dueAt(received, urgency),
        intake_status: intake,
        intake_finished: intake === "succeeded",
        intake_step: intake === "succeeded" ? 5 : 0,
        plan_id: c.planId ?? null,
        assignee_id: c.assigneeId ?? null,
      },
    });
    for (const [i, l] of (c.lines ?? []).entries()) {
      const line = await database.prisma.serviceRequest.create({
        data: { claim_id: claim.id, line_number: i + 1, code: l.code, description: l.description ?? `Service ${l.code}`, units: 1 },
      });
      if (l.ai) {
        await database.prisma.serviceDecision.create({
          data: {
            claim_id: claim.id,
            service_request_id: line.id,
            agent: "builtin",
            final_decision: l.ai.decision,
            approved: l.ai.decision === "approved" ? true : l.ai.decision === "denied" ? false : null,
            reason: "r",
            created_at: new Date(l.ai.at),
            signed_off_at: l.ai.signedOffAt ? new Date(l.ai.signedOffAt) : null,
          },
        });
      }
      if (l.human) {
        const approve = l.human.decision === "approve";
        await database.prisma.serviceDecision.create({
          data: {
            claim_id: claim.id,
            service_request_id: line.id,
            agent: "human",
            final_decision: approve ? "approved" : "denied",
            approved: approve,
            reason: "reviewed",
            created_at: new Date(l.human.at),
          },
        });
      }
    }
    ids[c.label] = claim.id;
  }
  return ids;
}
