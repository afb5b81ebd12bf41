/** GET /api/demos.json: the demo kinds and the example prior authorizations of the public demo. */
import type { Database } from "~/lib/db.server";
import { DEMO_KINDS, DEMO_KIND_INFO } from "./demo-kinds";
import { getPublicDemoOrganization, listDemoFaxes } from "./public-demo.server";

/** The kinds (with their page paths) and the bundled synthetic requests. Throws AppError("not_found") without a demo organization. */
export async function listDemos(database: Database) {
  const organization = await getPublicDemoOrganization(database);
  return {
    organization,
    demos: DEMO_KINDS.map((k) => ({ ...DEMO_KIND_INFO[k], path: `/demo/${organization.token}/${k}` })),
    prior_auths: listDemoFaxes().map((f) => ({
      token: f.id,
      title: f.title,
      patient_name: f.patient_name,
      medication_name: f.medication_name,
      practitioner_name: f.prescriber_name,
      request_date: f.request_date,
      urgency: f.urgency,
      submission_type: "fax",
      scanned: f.scanned,
      pdf_url: f.pdf_url,
    })),
  };
}
