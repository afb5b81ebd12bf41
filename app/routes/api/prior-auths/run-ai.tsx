import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { queueIntake } from "~/prior-auths/create-prior-auth.server";
import { normalizeToken } from "~/prior-auths/require-prior-auth.server";

/** POST /api/o/{orgId}/prior_auths/{id}/run_ai — (re)queues the intake ('Complete intake with AI'). → {prior_auth: {token, intake_status}} */
const route = apiRoute({
  POST: {
    permission: "cases.write",
    summary: "Run (or re-run) the AI intake",
    tags: ["Prior auths"],
    response: z.object({ prior_auth: z.object({ token: z.string(), intake_status: z.literal("queued") }) }),
    async handler({ organizationId, params }) {
      const id = normalizeToken(params.id) ?? "";
      await queueIntake(await getDatabase(), organizationId, id);
      return { prior_auth: { token: id, intake_status: "queued" } };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
