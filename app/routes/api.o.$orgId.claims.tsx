import type { Route } from "./+types/api.o.$orgId.claims";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { createClaim, readCreateClaimRequest } from "~/claims/create-claim.server";

/**
 * POST /api/o/{orgId}/claims — multipart `{submission_type, fax.file}` (fax PDF), or JSON/form
 * `{submission_type: "epa", epa_submission: {synthetic_document}}`. Queues the `claim.intake` job.
 * → 200 {claim: {token, intake_status, submission_type, created_at}}; 422 'Please upload a PDF file'.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    if (request.method !== "POST") return methodNotAllowed("POST");
    const claim = await createClaim(await getDatabase(), organization.id, await readCreateClaimRequest(request));
    return ok({ claim: { token: claim.id, intake_status: claim.intake_status, submission_type: claim.submission_type, created_at: claim.created_at.toISOString() } });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}
