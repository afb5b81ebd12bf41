/**
 * Data shapes of the project's synthetic demo content (plan, roster, formulary, policies, PA cases).
 * Plain JSON-serialisable data; roster and formulary rows use the engine's contracts so they can be
 * loaded directly by eligibility / formulary checks.
 */
import type { FormularyRow, RosterMember, TherapyOutcome } from "~/clinical/contracts";

export type { FormularyRow, RosterMember, TherapyOutcome };

export type DemoDecision = "approved" | "denied" | "needs_more_information";

/** Request-form layouts the fax renderer knows. */
export type FaxLayout = "plan_form" | "uniform_form" | "pbm_checkbox";

/** The three real-world policy writing styles. */
export type PolicyStyle = "part_d_table" | "pbm_initial_therapy" | "clinical_policy";

export interface DemoPlan {
  title: string;
  identification: string;
  line_of_business: string;
  plan_type: string;
  state: string;
  effective_date: string;
  /** display name of the health plan (without product line) */
  organization: string;
  /** pharmacy PA intake fax / phone */
  pa_fax: string;
  pa_phone: string;
  /** pharmacy benefit manager that brands the checkbox form */
  pbm_name: string;
  pbm_fax: string;
  pbm_phone: string;
}

export interface DemoPolicy {
  id: string;
  title: string;
  drug_names: string[];
  style: PolicyStyle;
  /** file name a plan would upload (`policies/<file>`) */
  file: string;
  /** the full policy text; rendered to PDF by renderPolicyPdf */
  text: string;
}

export interface DemoAddress {
  street: string;
  city: string;
  state: string;
  zip: string;
}

export interface DemoPatient {
  first_name: string;
  last_name: string;
  birth_date: string; // YYYY-MM-DD
  gender: "male" | "female";
  member_id: string;
  group_number: string | null;
  phone: string;
  address: DemoAddress;
}

export interface DemoPrescriber {
  first_name: string;
  last_name: string;
  credential: string; // MD, DO, APRN ...
  /** valid 10-digit NPI (Luhn with the 80840 prefix) */
  npi: string;
  specialty: string;
  phone: string;
  fax: string;
  practice_name: string;
  address: DemoAddress;
  contact_name: string;
}

export interface DemoMedication {
  /** plan formulary drug name the request maps to (e.g. "Enbrel") */
  drug_name: string;
  /** as written on the form: brand, form and strength */
  display_name: string;
  generic_name: string;
  strength: string;
  ndc: string; // 5-4-2
  quantity: number;
  quantity_unit: string;
  days_supply: number;
  sig: string;
  duration_months: number;
  request_type: "new_start" | "continuation";
}

export interface DemoDiagnosis {
  /** ICD-10-CM with the dot; null when the form leaves the code blank */
  code: string | null;
  description: string;
  primary: boolean;
}

export interface DemoTherapy {
  drug_name: string;
  /** null when the request names the drug without a dose */
  dose: string | null;
  /** YYYY-MM-DD or YYYY-MM; null when not given */
  start_date: string | null;
  /** null with outcome "ongoing" means "present" */
  end_date: string | null;
  outcome: TherapyOutcome;
  /** free text for the form's outcome column */
  outcome_detail: string;
}

export interface DemoLab {
  name: string;
  value: string;
  unit: string;
  date: string; // YYYY-MM-DD collected
  reference_range: string;
  flag: "H" | "L" | "A" | null;
}

export interface DemoClinicalNote {
  date_of_service: string;
  visit_type: string;
  chief_complaint: string;
  hpi: string;
  pmh: string[];
  medications: string[];
  allergies: string;
  exam: string;
  assessment_plan: string;
}

export interface DemoCriterionLabel {
  text: string;
  met: boolean | null;
}

export interface DemoCase {
  id: string;
  title: string;
  /** id of the DemoPolicy that governs the request */
  policy_id: string | null;
  /** date (and time) the fax was sent: the request date */
  request_date: string;
  request_time: string; // HH:MM, 24h
  urgency: "standard" | "expedited";
  layout: FaxLayout;
  /** render as an image-only scan */
  scanned: boolean;
  patient: DemoPatient;
  prescriber: DemoPrescriber;
  medication: DemoMedication;
  diagnoses: DemoDiagnosis[];
  prior_therapies: DemoTherapy[];
  /** drugs the patient is on now that matter for the review (e.g. another biologic) */
  concurrent_therapies: DemoTherapy[];
  labs: DemoLab[];
  /** the "pertinent clinical information" box on the request form */
  form_clinical_summary: string;
  /** office note page; null when the form references notes that were not attached */
  clinical_note: DemoClinicalNote | null;
  /** intended decision and why (for demos and smoke tests; never shown to the engine) */
  expected: {
    decision: DemoDecision;
    why: string;
    criteria: DemoCriterionLabel[];
  };
}
