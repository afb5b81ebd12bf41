import { z } from "zod";
import { apiRoute, orgCaller } from "~/api/api-route.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { getDatabase } from "~/lib/db.server";
import { ExtendTimeFrameInputSchema } from "~/appeals/appeals-input";
import { extendTimeFrame } from "~/appeals/extend-time-frame.server";
import { TimeFrameExtensionSchema } from "~/appeals/schemas";

/**
 * POST /api/o/{orgId}/claims/{token}/extension {reason_kind, reason, days?} → {extension}.
 * 409 when every service line is finally determined, already extended, Part D, or past its due time.
 */
const route = apiRoute({
  POST: {
    permission: "cases.decide",
    summary: "Extend the review time frame of a medical claim",
    description:
      "Extends the claim's due time by up to 14 calendar days (default 14), once per claim, while a service line is still undetermined and before the time frame has run out " +
      "(42 CFR 422.568(b)(1)(i) standard, 422.572(b) expedited): `reason_kind` member_requested or more_information (in the member's interest), and a required `reason`. " +
      "The claim's `due_at` moves; the extension (previous and new due time, who, when) is kept as its own record.",
    tags: ["Medical claims", "Decisions"],
    body: ExtendTimeFrameInputSchema,
    response: z.object({ extension: TimeFrameExtensionSchema }),
    errors: { 409: "Finally determined, already extended once, Part D, or past its due time", 422: "A reason for the extension is required" },
    async handler({ request, organizationId, params, auth, body }) {
      const extension = await extendTimeFrame(await getDatabase(), organizationId, { kind: "claim", id: params.id! }, body, auth.user?.id ?? null);
      await recordAuditEvent(orgCaller(auth), request, {
        action: "claim.extend_time_frame",
        resource_type: "time_frame_extension",
        resource_id: extension.token,
      });
      return { extension };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
