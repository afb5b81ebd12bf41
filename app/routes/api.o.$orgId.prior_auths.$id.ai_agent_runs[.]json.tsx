import type { Route } from "./+types/api.o.$orgId.prior_auths.$id.ai_agent_runs[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { listAgentRuns } from "~/prior-auths/list-agent-runs.server";

/** GET /api/o/{orgId}/prior_auths/{id}/ai_agent_runs.json → {ai_agent_runs}. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "cases.read");
    return ok({ ai_agent_runs: await listAgentRuns(await getDatabase(), organization.id, params.id) });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
