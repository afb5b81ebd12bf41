import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { listAgentRuns } from "~/prior-auths/list-agent-runs.server";
import { AgentRunSchema } from "~/prior-auths/schemas";

/** GET /api/o/{orgId}/prior_auths/{id}/ai_agent_runs.json → {ai_agent_runs}. */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "Agent runs of a prior auth",
    tags: ["Developer"],
    response: z.object({ ai_agent_runs: z.array(AgentRunSchema) }),
    handler: async ({ organizationId, params }) => ({ ai_agent_runs: await listAgentRuns(await getDatabase(), organizationId, params.id!) }),
  },
});
export const loader = route.loader;
export const action = route.action;
