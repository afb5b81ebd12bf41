/**
 * Human decisions (Override decision modal; POST .../prior_auths/{token}/ai_decisions/{token}/decisions).
 * A reviewer's decision overrides the AI's for display and for prior_auths.final_decision; the AI
 * decision row is kept unchanged so the audit trail shows both, and a later AI re-run never
 * replaces it (effective-decision.server.ts).
 */
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { publish } from "~/queue/live-events.server";
import { humanFinalDecision, lockPriorAuth, refreshFinalDecision } from "./effective-decision.server";
import { RecordHumanDecisionInputSchema, type RecordHumanDecisionInput } from "./record-human-decision-input";
import { normalizeToken, requirePriorAuth } from "./require-prior-auth.server";
import { notifyPasDecision } from "~/fhir/pas-subscriptions.server";

/**
 * Records a human decision on the AI decision `aiDecisionId` of prior auth `priorAuthId`.
 * Sets prior_auths.final_decision to approved/denied, publishes `prior_auth` on `org:{org}` (list
 * refresh) and `decision` on `prior_auth:{id}`. Returns the stored decision.
 * Errors: AppError validation ('Override reason is required', 'Decision type must be approve or deny'),
 * not_found (prior auth or AI decision not in this organization / not of this case).
 * `userId` is null when the call came with an API key.
 */
export async function recordHumanDecision(
  database: Database,
  organizationId: string,
  priorAuthId: string,
  aiDecisionId: string,
  input: RecordHumanDecisionInput | Record<string, unknown>,
  userId: string | null,
) {
  const pa = await requirePriorAuth(database, organizationId, priorAuthId);
  const aiId = normalizeToken(aiDecisionId);
  const ai = aiId ? await database.prisma.aiDecision.findFirst({ where: { id: aiId, prior_auth_id: pa.id } }) : null;
  if (!ai) throw new AppError("not_found", "AI decision not found");
  const parsed = RecordHumanDecisionInputSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => i.message);
    throw new AppError("validation", problems[0]!, { details: problems.slice(1) });
  }
  const { decision_type: decisionType, reason } = parsed.data;

  const finalDecision = humanFinalDecision(decisionType);
  const p = database.prisma;
  const [, decision] = await p.$transaction([
    // Same lock order as an intake saving its results: the two never interleave.
    lockPriorAuth(p, pa.id),
    p.humanDecision.create({
      data: { prior_auth_id: pa.id, ai_decision_id: ai.id, user_id: userId, decision_type: decisionType, reason },
      include: { user: { select: { id: true, username: true, email: true } } },
    }),
    refreshFinalDecision(p, pa.id, null),
  ]);
  const serialized = {
    token: decision.id,
    decision_type: decisionType,
    reason: decision.reason,
    created_at: decision.created_at.toISOString(),
    user: decision.user,
  };
  await publish(database, `org:${organizationId}`, "prior_auth", { id: pa.id, final_decision: finalDecision });
  await publish(database, `prior_auth:${pa.id}`, "decision", { decision: serialized, final_decision: finalDecision });
  await notifyPasDecision(database, organizationId, "prior_auth", pa.id);
  return serialized;
}
