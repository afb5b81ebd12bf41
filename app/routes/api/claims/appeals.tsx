import { z } from "zod";
import { apiRoute, orgCaller } from "~/api/api-route.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { getDatabase } from "~/lib/db.server";
import { RecordClaimAppealInputSchema } from "~/appeals/appeals-input";
import { getCaseAppeals } from "~/appeals/get-case-appeals.server";
import { recordAppeal } from "~/appeals/record-appeal.server";
import { AppealSchema, TimeFrameExtensionSchema } from "~/appeals/schemas";

/**
 * GET  /api/o/{orgId}/claims/{token}/appeals → {extension, appeals, appeal_outcome, extension_blocked, appeal_blocked, appealable_lines}.
 * POST /api/o/{orgId}/claims/{token}/appeals {received_at, appellant, notes?, service_request_ids?} → {appeal}.
 * 409 unless a service line's denial is final (clinician sign-off), or while an appeal is open / after every denied line was overturned.
 */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "Time-frame extension and appeals of a medical claim",
    tags: ["Medical claims", "Decisions"],
    response: z.object({
      extension: TimeFrameExtensionSchema.nullable(),
      appeals: z.array(AppealSchema),
      appeal_outcome: z.string().nullable().describe("approved_after_appeal (an appeal overturned a line's denial) | upheld_on_appeal | null"),
      extension_blocked: z.string().nullable().describe("why the time frame cannot be extended now (null: it can)"),
      appeal_blocked: z.string().nullable().describe("why an appeal cannot be recorded now (null: it can)"),
      appealable_lines: z
        .array(z.object({ service_request_id: z.string().nullable(), label: z.string(), denied_at: z.string() }))
        .describe("service lines whose denial is final and not yet overturned (what an appeal may cover)"),
    }),
    async handler({ request, organizationId, params, auth }) {
      const state = await getCaseAppeals(await getDatabase(), organizationId, { kind: "claim", id: params.id! });
      await recordAuditEvent(orgCaller(auth), request, { action: "claim.view", resource_type: "appeal", resource_id: params.id });
      return {
        extension: state.extension,
        appeals: state.appeals,
        appeal_outcome: state.appeal_outcome,
        extension_blocked: state.extension_blocked,
        appeal_blocked: state.appeal_blocked,
        appealable_lines: state.appealable,
      };
    },
  },
  POST: {
    permission: "cases.write",
    summary: "Record an appeal of a medical claim's denied service lines",
    description:
      "Records an appeal (reconsideration) of the claim's finally denied service lines: `received_at` (YYYY-MM-DD or date-time, not in the future nor before the denial), " +
      "`appellant` member, prescriber or representative, `notes`, and `service_request_ids` (the appealed lines; omitted = every line whose denial is final and not yet overturned). " +
      "A line's denial is final once a clinician signed it off (denial letter); one open appeal at a time (409). The lines' AI and human decisions are not changed.",
    tags: ["Medical claims", "Decisions"],
    body: RecordClaimAppealInputSchema,
    response: z.object({ appeal: AppealSchema }),
    errors: {
      409: "No signed-off denied line, an appeal is already open, or every denied line was overturned",
      422: "Invalid date, appellant or service lines",
    },
    async handler({ request, organizationId, params, auth, body }) {
      const appeal = await recordAppeal(await getDatabase(), organizationId, { kind: "claim", id: params.id! }, body, auth.user?.id ?? null);
      await recordAuditEvent(orgCaller(auth), request, { action: "appeal.record", resource_type: "appeal", resource_id: appeal.token });
      return { appeal };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
