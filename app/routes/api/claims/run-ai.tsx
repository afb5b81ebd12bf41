import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { queueClaimIntake } from "~/claims/create-claim.server";

/** POST /api/o/{orgId}/claims/{id}/run_ai — (re)queues the claim intake. → {claim: {token, intake_status}, job: {id}}; 404 another organization. */
const route = apiRoute({
  POST: {
    permission: "cases.write",
    summary: "Run (or re-run) the AI intake of a medical claim",
    description: "Re-reads the fax and decides every service line again. A reviewer's override is never replaced by the new AI decision.",
    tags: ["Medical claims"],
    response: z.object({
      claim: z.object({ token: z.string(), intake_status: z.literal("queued") }),
      job: z.object({ id: z.string().describe("the queued job (bigint as a decimal string)") }),
    }),
    async handler({ organizationId, params }) {
      const job = await queueClaimIntake(await getDatabase(), organizationId, params.id!);
      return { claim: { token: params.id!.replace(/\.json$/i, ""), intake_status: "queued" }, job: { id: job.id } };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
