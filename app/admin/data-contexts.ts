/**
 * Data contexts: what the agents are given about a case (patient, prescriber, medication,
 * diagnoses, prior and concurrent therapies, labs, clinical summary) and about the plan (plan,
 * formulary). The examples are the project's synthetic demo content (fixtures/demo/catalog.ts),
 * never a real organization's cases, so instance administrators see the shape without any member data.
 */
import { DEMO_CASES, DEMO_FORMULARY, DEMO_PLAN } from "../../fixtures/demo/runtime";

export interface DataContext {
  id: string;
  title: string;
  description: string;
  /** plain JSON: strings, numbers, booleans, null, arrays, objects */
  data: Record<string, unknown>;
}

/** The example data contexts: the demo plan with its formulary, then one per demo case. */
export function listDataContexts(): DataContext[] {
  return [
    { id: "plan", title: DEMO_PLAN.title, description: "Plan context: the plan and its formulary rows", data: { plan: DEMO_PLAN, formulary: DEMO_FORMULARY } },
    ...DEMO_CASES.map((c) => ({
      id: c.id,
      title: c.title,
      description: `Case context · ${c.urgency} request of ${c.request_date}`,
      data: {
        urgency: c.urgency,
        request_date: c.request_date,
        scanned: c.scanned,
        patient: c.patient,
        prescriber: c.prescriber,
        medication: c.medication,
        diagnoses: c.diagnoses,
        prior_therapies: c.prior_therapies,
        concurrent_therapies: c.concurrent_therapies,
        labs: c.labs,
        clinical_summary: c.form_clinical_summary,
        clinical_note_attached: c.clinical_note !== null,
      },
    })),
  ];
}
