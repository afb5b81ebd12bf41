import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { getPublicDemoOrganization, listDemoFaxes } from "~/demo/public-demo.server";

/**
 * GET /api/demo_faxes.json — no account needed.
 * → {success, errors, faxes: [{id, title, patient_name, medication_name, prescriber_name, request_date,
 *    urgency, scanned, layout, pdf_url}], organization: {token, name, title, plan}}
 * The bundled synthetic example faxes of the public demo; 404 when the instance has no demo organization.
 */
const route = apiRoute({
  auth: "public",
  GET: {
    summary: "Example faxes of the public demo",
    tags: ["Demo"],
    response: z.object({ faxes: z.array(z.record(z.string(), z.unknown())), organization: z.record(z.string(), z.unknown()) }),
    async handler() {
      return { faxes: listDemoFaxes(), organization: await getPublicDemoOrganization(await getDatabase()) };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
