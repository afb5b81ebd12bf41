import type { Route } from "./+types/api.o.$orgId.prior_auths.$id.run_ai";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { queueIntake } from "~/prior-auths/create-prior-auth.server";
import { normalizeToken } from "~/prior-auths/require-prior-auth.server";

/** POST /api/o/{orgId}/prior_auths/{id}/run_ai — (re)queues the intake ('Complete intake with AI'). → {prior_auth: {token, intake_status}} */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "cases.write");
    if (request.method !== "POST") return methodNotAllowed("POST");
    const id = normalizeToken(params.id) ?? "";
    await queueIntake(await getDatabase(), organization.id, id);
    return ok({ prior_auth: { token: id, intake_status: "queued" } });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}
