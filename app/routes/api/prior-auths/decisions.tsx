import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { readBody } from "~/lib/http.server";
import { recordHumanDecision } from "~/prior-auths/record-human-decision.server";
import { RecordHumanDecisionInputSchema } from "~/prior-auths/record-human-decision-input";
import { HumanDecisionSchema } from "~/prior-auths/schemas";

/**
 * POST /api/o/{orgId}/prior_auths/{token}/ai_decisions/{token}/decisions {decision_type: approve|deny, reason}
 * → {decision}. 422 'Override reason is required'.
 */
const route = apiRoute({
  POST: {
    permission: "cases.decide",
    summary: "Record a human decision (override)",
    description:
      "A reviewer approves or denies; the human decision overrides the AI's for the case's final decision. The reason is required ('Override reason is required').",
    tags: ["Decisions"],
    requestBody: [
      { contentType: "application/json", schema: RecordHumanDecisionInputSchema },
      { contentType: "application/x-www-form-urlencoded", schema: RecordHumanDecisionInputSchema },
    ],
    response: z.object({ decision: HumanDecisionSchema }),
    errors: { 422: "Override reason is required" },
    // The domain parses with the same schema (its messages carry no field prefix: 'Override reason is required').
    async handler({ request, organizationId, params, auth }) {
      const input = await readBody(request);
      return { decision: await recordHumanDecision(await getDatabase(), organizationId, params.id!, params.aiDecisionId!, input, auth.user?.id ?? null) };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
