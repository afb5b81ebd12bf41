import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { readBody } from "~/lib/http.server";
import { recordHumanDecision } from "~/prior-auths/record-human-decision.server";
import { HumanDecisionBodySchema, HumanDecisionSchema } from "~/prior-auths/schemas";

/**
 * POST /api/o/{orgId}/prior_auths/{token}/ai_decisions/{token}/decisions {decision_type: approve|deny, reason}
 * → {decision}. 422 'Override reason is required'.
 */
const route = apiRoute({
  POST: {
    summary: "Record a human decision (override)",
    description: "A reviewer approves or denies; the human decision overrides the AI's for the case's final decision. The reason is required ('Override reason is required').",
    tags: ["Decisions"],
    requestBody: [
      { contentType: "application/json", schema: HumanDecisionBodySchema },
      { contentType: "application/x-www-form-urlencoded", schema: HumanDecisionBodySchema },
    ],
    response: z.object({ decision: HumanDecisionSchema }),
    errors: { 422: "Override reason is required" },
    async handler({ request, organizationId, params, auth }) {
      const body = await readBody(request);
      const text = (v: unknown) => (typeof v === "string" ? v : ""); // not "[object Object]"
      const input = { decision_type: text(body.decision_type), reason: text(body.reason) };
      return { decision: await recordHumanDecision(await getDatabase(), organizationId, params.id!, params.aiDecisionId!, input, auth.user?.id ?? null) };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
