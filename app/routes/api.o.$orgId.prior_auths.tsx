import type { Route } from "./+types/api.o.$orgId.prior_auths";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { createPriorAuth, readCreatePriorAuthRequest } from "~/prior-auths/create-prior-auth.server";

/**
 * POST /api/o/{orgId}/prior_auths — multipart `file` (fax PDF), or JSON/form
 * `{submission_type: "epa", epa_submission: {synthetic_document}}`. Queues the intake.
 * → 200 {prior_auth, synthetic_prior_auth}; 422 'Please upload a PDF file'.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "cases.write");
    if (request.method !== "POST") return methodNotAllowed("POST");
    const created = await createPriorAuth(await getDatabase(), organization.id, await readCreatePriorAuthRequest(request));
    return ok({ prior_auth: created, synthetic_prior_auth: created });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}
