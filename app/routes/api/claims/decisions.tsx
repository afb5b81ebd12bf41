import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { readBody } from "~/lib/http.server";
import { overrideServiceLine } from "~/claims/claim-review.server";
import { OverrideServiceLineInput } from "~/claims/review-input";

/**
 * POST /api/o/{orgId}/claims/{id}/service_requests/{lineId}/decisions {decision_type: approve|deny, reason}
 * → {decision}; 422 'Override reason is required'; 404 unknown line or another organization.
 */
const route = apiRoute({
  POST: {
    permission: "cases.decide",
    summary: "Record a reviewer's decision on a service line (override)",
    description:
      "A reviewer approves or denies one service line; the decision wins over the AI's and survives later AI runs. The reason is required ('Override reason is required').",
    tags: ["Medical claims", "Decisions"],
    requestBody: [
      { contentType: "application/json", schema: OverrideServiceLineInput },
      { contentType: "application/x-www-form-urlencoded", schema: OverrideServiceLineInput },
    ],
    response: z.object({
      decision: z.object({ token: z.string(), service_request_id: z.string(), decision_type: z.enum(["approve", "deny"]), reason: z.string() }),
    }),
    errors: { 422: "Override reason is required" },
    // Parsed here (not with `body`) so the answer is the schema's own message, without a field prefix.
    async handler({ request, organizationId, params, auth }) {
      const parsed = OverrideServiceLineInput.safeParse(await readBody(request));
      if (!parsed.success) throw new AppError("validation", parsed.error.issues[0]?.message ?? "Invalid input");
      return {
        decision: await overrideServiceLine(await getDatabase(), organizationId, params.id!, params.lineId!, { ...parsed.data, userId: auth.user?.id ?? null }),
      };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
