import type { Route } from "./+types/api.o.$orgId.generate_synthetic_prior_auth";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { generateSyntheticPriorAuthDocument } from "~/prior-auths/generate-synthetic-prior-auth.server";

/** POST /api/o/{orgId}/generate_synthetic_prior_auth {description} → {synthetic_prior_auth: {document}}. Stores nothing. */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "cases.write");
    if (request.method !== "POST") return methodNotAllowed("POST");
    const body = await readBody(request);
    const description = typeof body.description === "string" ? body.description : "";
    return ok(await generateSyntheticPriorAuthDocument(await getDatabase(), organization.id, description));
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}
