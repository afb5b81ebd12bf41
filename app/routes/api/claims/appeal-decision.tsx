import { z } from "zod";
import { apiRoute, orgCaller } from "~/api/api-route.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { getDatabase } from "~/lib/db.server";
import { DecideAppealInputSchema } from "~/appeals/appeals-input";
import { decideAppeal } from "~/appeals/record-appeal.server";
import { AppealSchema } from "~/appeals/schemas";

/**
 * POST /api/o/{orgId}/claims/{token}/appeals/{appealId}/decision {outcome: overturned|upheld, reason} → {appeal}.
 * 403 unless called with the session of a clinical reviewer (never an API key); 409 when already decided.
 */
const route = apiRoute({
  POST: {
    permission: "denials.sign_off",
    summary: "Decide an appeal of a medical claim",
    description:
      "A clinical reviewer decides the claim's open appeal: `overturned` (the appealed service lines become approved after appeal, and the claim's status and decision follow) or `upheld`, with a required `reason`. " +
      "Same permission as the clinical sign-off of a denial: a signed-in clinical reviewer (session cookie); API keys get 403. The lines' original AI and human decisions are kept unchanged.",
    tags: ["Medical claims", "Decisions"],
    body: DecideAppealInputSchema,
    response: z.object({ appeal: AppealSchema }),
    errors: {
      403: "Not signed in as a clinical reviewer (for example an API key)",
      409: "The appeal is already decided",
      422: "A reason for the appeal decision is required",
    },
    async handler({ request, organizationId, params, auth, body }) {
      const userId = auth.via === "session" ? (auth.user?.id ?? null) : null;
      const appeal = await decideAppeal(await getDatabase(), organizationId, { kind: "claim", id: params.id! }, params.appealId!, body, userId);
      await recordAuditEvent(orgCaller(auth), request, { action: "appeal.decide", resource_type: "appeal", resource_id: appeal.token });
      return { appeal };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
