/**
 * The decision a case shows everywhere (detail header, list, dashboard, prior_auths.final_decision):
 * the latest human decision when there is one, else the latest AI decision. A human decision is
 * never deleted or superseded by an AI run: a re-run adds a new AI decision beside the one the human
 * decided on, and the human one stays final (issue 8, defect 12).
 */
import { Prisma } from "~/generated/prisma/client";

/** Prisma include/select argument for "the case's current AI decision" (`ai_decisions[0]`). */
export const LATEST_AI_DECISION = { orderBy: [{ created_at: "desc" }, { id: "desc" }], take: 1 } as const satisfies Prisma.AiDecisionFindManyArgs;

/** approve → approved, deny → denied (human decision_type to the final_decision vocabulary). */
export function humanFinalDecision(decisionType: string): "approved" | "denied" {
  return decisionType === "approve" ? "approved" : "denied";
}

/**
 * A statement that sets prior_auths.final_decision of `priorAuthId` to "approved" when an appeal
 * overturned the denial (app/appeals: the appeal is the last word on the case), else to the latest
 * human decision, else to `aiDecision` (the AI's final_decision just stored, or null to keep the AI's
 * current one).
 * Run it inside the transaction that changed the decisions, after locking the case row
 * (`lockPriorAuth`), so that a human decision committed concurrently is always seen.
 */
export function refreshFinalDecision(client: { $executeRaw: Prisma.TransactionClient["$executeRaw"] }, priorAuthId: string, aiDecision: string | null) {
  return client.$executeRaw`
    UPDATE prior_auths SET final_decision = coalesce(
      (SELECT 'approved' FROM appeals ap WHERE ap.prior_auth_id = ${priorAuthId} AND ap.outcome = 'overturned' LIMIT 1),
      (SELECT CASE WHEN h.decision_type = 'approve' THEN 'approved' ELSE 'denied' END FROM human_decisions h
        WHERE h.prior_auth_id = ${priorAuthId} ORDER BY h.created_at DESC, h.id DESC LIMIT 1),
      ${aiDecision}::text,
      (SELECT a.final_decision FROM ai_decisions a WHERE a.prior_auth_id = ${priorAuthId} ORDER BY a.created_at DESC, a.id DESC LIMIT 1)
    ), updated_at = now()
    WHERE id = ${priorAuthId}`;
}

/**
 * Locks the case row (SELECT ... FOR UPDATE) for the rest of the transaction. Writers of decisions
 * (an intake saving its results, a reviewer's decision, a denial letter) take it first, so they
 * serialise and each sees the others' committed rows.
 */
export function lockPriorAuth(client: { $queryRaw: Prisma.TransactionClient["$queryRaw"] }, priorAuthId: string) {
  return client.$queryRaw<{ id: string }[]>`SELECT id FROM prior_auths WHERE id = ${priorAuthId} FOR UPDATE`;
}
