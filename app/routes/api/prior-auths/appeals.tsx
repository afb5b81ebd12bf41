import { z } from "zod";
import { apiRoute, orgCaller } from "~/api/api-route.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { getDatabase } from "~/lib/db.server";
import { RecordAppealInputSchema } from "~/appeals/appeals-input";
import { getCaseAppeals } from "~/appeals/get-case-appeals.server";
import { recordAppeal } from "~/appeals/record-appeal.server";
import { AppealSchema, TimeFrameExtensionSchema } from "~/appeals/schemas";

/**
 * GET  /api/o/{orgId}/prior_auths/{token}/appeals → {extension, appeals, appeal_outcome, extension_blocked, appeal_blocked}.
 * POST /api/o/{orgId}/prior_auths/{token}/appeals {received_at, appellant, notes?} → {appeal}.
 * 409 unless the denial is final (clinician sign-off), or while an appeal is open / after an overturn.
 */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "Time-frame extension and appeals of a prior auth",
    tags: ["Decisions"],
    response: z.object({
      extension: TimeFrameExtensionSchema.nullable(),
      appeals: z.array(AppealSchema),
      appeal_outcome: z.string().nullable().describe("approved_after_appeal | upheld_on_appeal | null"),
      extension_blocked: z.string().nullable().describe("why the time frame cannot be extended now (null: it can)"),
      appeal_blocked: z.string().nullable().describe("why an appeal cannot be recorded now (null: it can)"),
    }),
    async handler({ request, organizationId, params, auth }) {
      const state = await getCaseAppeals(await getDatabase(), organizationId, params.id!);
      await recordAuditEvent(orgCaller(auth), request, { action: "prior_auth.view", resource_type: "appeal", prior_auth_id: params.id });
      return {
        extension: state.extension,
        appeals: state.appeals,
        appeal_outcome: state.appeal_outcome,
        extension_blocked: state.extension_blocked,
        appeal_blocked: state.appeal_blocked,
      };
    },
  },
  POST: {
    permission: "cases.write",
    summary: "Record an appeal of a final denial",
    description:
      "Records an appeal (reconsideration) of the case's denial: `received_at` (YYYY-MM-DD or date-time, not in the future nor before the denial), `appellant` member, prescriber or representative, `notes`. " +
      "Allowed only once the denial is final (a clinician signed off the denial letter), one open appeal at a time, none after an overturn (409). The original decisions are not changed.",
    tags: ["Decisions"],
    body: RecordAppealInputSchema,
    response: z.object({ appeal: AppealSchema }),
    errors: { 409: "The denial is not final, an appeal is already open, or the denial was overturned", 422: "Invalid date or appellant" },
    async handler({ request, organizationId, params, auth, body }) {
      const appeal = await recordAppeal(await getDatabase(), organizationId, params.id!, body, auth.user?.id ?? null);
      await recordAuditEvent(orgCaller(auth), request, {
        action: "appeal.record",
        resource_type: "appeal",
        resource_id: appeal.token,
        prior_auth_id: params.id,
      });
      return { appeal };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
