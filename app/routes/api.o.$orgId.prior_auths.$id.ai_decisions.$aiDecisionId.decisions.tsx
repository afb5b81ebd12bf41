import type { Route } from "./+types/api.o.$orgId.prior_auths.$id.ai_decisions.$aiDecisionId.decisions";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { recordHumanDecision } from "~/prior-auths/record-human-decision.server";

/**
 * POST /api/o/{orgId}/prior_auths/{token}/ai_decisions/{token}/decisions {decision_type: approve|deny, reason}
 * → {decision}. 422 'Override reason is required'.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const ctx = await requireApiAuth(request, params.orgId, "cases.decide");
    if (request.method !== "POST") return methodNotAllowed("POST");
    const body = await readBody(request);
    const text = (v: unknown) => (typeof v === "string" ? v : ""); // not "[object Object]"
    const input = { decision_type: text(body.decision_type), reason: text(body.reason) };
    const decision = await recordHumanDecision(await getDatabase(), ctx.organization.id, params.id, params.aiDecisionId, input, ctx.user?.id ?? null);
    return ok({ decision });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}
