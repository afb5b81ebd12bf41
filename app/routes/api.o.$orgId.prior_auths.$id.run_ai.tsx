import type { Route } from "./+types/api.o.$orgId.prior_auths.$id.run_ai";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { fail, handleApiError, ok } from "~/lib/http.server";
import { queueIntake } from "~/prior-auths/create-prior-auth.server";
import { normalizeToken } from "~/prior-auths/require-prior-auth.server";

/** POST /api/o/{orgId}/prior_auths/{id}/run_ai — (re)queues the intake ('Complete intake with AI'). → {prior_auth: {token, intake_status}} */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    if (request.method !== "POST") return fail(405, ["Method not allowed"]);
    const id = normalizeToken(params.id) ?? "";
    await queueIntake(await getDatabase(), organization.id, id);
    return ok({ prior_auth: { token: id, intake_status: "queued" } });
  } catch (err) {
    return handleApiError(err);
  }
}
