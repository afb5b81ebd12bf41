import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { listDemos } from "~/demo/list-demos.server";

/**
 * GET /api/demos.json — no account needed.
 * → {success, errors, demos: [{kind, title, agent, description, path}], prior_auths: [the example
 *    requests: {token, title, patient_name, medication_name, request_date, urgency, submission_type, pdf_url}],
 *    organization}
 * The public demo's kinds and the synthetic prior authorizations it can run; 404 without a demo organization.
 */
const route = apiRoute({
  auth: "public",
  GET: {
    summary: "The public demo's kinds and example requests",
    tags: ["Demo"],
    response: z.object({
      demos: z.array(z.record(z.string(), z.unknown())),
      prior_auths: z.array(z.record(z.string(), z.unknown())),
      organization: z.record(z.string(), z.unknown()),
    }),
    async handler() {
      return listDemos(await getDatabase());
    },
  },
});
export const loader = route.loader;
export const action = route.action;
