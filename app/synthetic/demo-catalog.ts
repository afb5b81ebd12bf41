/**
 * The project's own synthetic demo content, as data: a fictional Kansas commercial PPO plan, its
 * eligibility roster, formulary rows, three coverage policies (see demo-policies.ts) and nine
 * prior-authorization requests covering approved / denied / needs-more-information outcomes.
 *
 * Everything here is invented. Names, member IDs, addresses and phone numbers (555-01xx) are
 * fictional; NPIs are Luhn-valid but randomly chosen; NDCs are illustrative product codes.
 * `renderPriorAuthFax()` turns a DemoCase into a fax PDF and `renderPolicyPdf()` a policy into a PDF.
 */
import { DEMO_POLICIES } from "./demo-policies";
import type { DemoAddress, DemoCase, DemoPlan, DemoPolicy, DemoPrescriber, FormularyRow, RosterMember } from "./types";

export * from "./types";
export { DEMO_POLICIES };

/** The demo health plan. */
export const DEMO_PLAN: DemoPlan = {
  title: "Prairie State Health Commercial PPO 2026",
  identification: "PSH-PPO-2026",
  line_of_business: "Commercial",
  plan_type: "PPO",
  state: "KS",
  effective_date: "2026-01-01",
  organization: "Prairie State Health",
  pa_fax: "1-888-555-0172",
  pa_phone: "1-888-555-0171",
  pbm_name: "Heartland Rx Solutions",
  pbm_fax: "1-866-555-0139",
  pbm_phone: "1-866-555-0138",
};

const PLAN_ID = DEMO_PLAN.identification;

/** The plan's eligibility roster (12 members; PSH20587412's coverage ended 2026-04-30). */
export const DEMO_ROSTER: RosterMember[] = [
  {
    member_id: "PSH20418837",
    first_name: "Carla",
    last_name: "Jimenez",
    birth_date: "1972-09-14",
    gender: "female",
    plan_identification: PLAN_ID,
    coverage_start: "2026-01-01",
    coverage_end: null,
  },
  {
    member_id: "PSH20533190",
    first_name: "Derek",
    last_name: "Holloway",
    birth_date: "1991-02-27",
    gender: "male",
    plan_identification: PLAN_ID,
    coverage_start: "2026-01-01",
    coverage_end: null,
  },
  {
    member_id: "PSH20587412",
    first_name: "Gloria",
    last_name: "Stanfield",
    birth_date: "1958-11-03",
    gender: "female",
    plan_identification: PLAN_ID,
    coverage_start: "2026-01-01",
    coverage_end: "2026-04-30",
  },
  {
    member_id: "PSH20644078",
    first_name: "Marcus",
    last_name: "Oyelaran",
    birth_date: "1966-05-19",
    gender: "male",
    plan_identification: PLAN_ID,
    coverage_start: "2026-01-01",
    coverage_end: null,
  },
  {
    member_id: "PSH20691325",
    first_name: "Tamsin",
    last_name: "Reyes",
    birth_date: "1984-01-08",
    gender: "female",
    plan_identification: PLAN_ID,
    coverage_start: "2026-01-01",
    coverage_end: null,
  },
  {
    member_id: "PSH20735561",
    first_name: "Howard",
    last_name: "Pruitt",
    birth_date: "1961-07-30",
    gender: "male",
    plan_identification: PLAN_ID,
    coverage_start: "2026-01-01",
    coverage_end: null,
  },
  {
    member_id: "PSH20788904",
    first_name: "Leah",
    last_name: "Brandt",
    birth_date: "1983-12-11",
    gender: "female",
    plan_identification: PLAN_ID,
    coverage_start: "2026-01-01",
    coverage_end: null,
  },
  {
    member_id: "PSH20812246",
    first_name: "Samuel",
    last_name: "Achebe",
    birth_date: "1979-04-02",
    gender: "male",
    plan_identification: PLAN_ID,
    coverage_start: "2026-01-01",
    coverage_end: null,
  },
  {
    member_id: "PSH20866619",
    first_name: "Priya",
    last_name: "Natarajan",
    birth_date: "1995-06-25",
    gender: "female",
    plan_identification: PLAN_ID,
    coverage_start: "2026-01-01",
    coverage_end: null,
  },
  {
    member_id: "PSH20903357",
    first_name: "Eleanor",
    last_name: "Voss",
    birth_date: "1949-03-17",
    gender: "female",
    plan_identification: PLAN_ID,
    coverage_start: "2026-01-01",
    coverage_end: null,
  },
  {
    member_id: "PSH20947782",
    first_name: "Tobias",
    last_name: "Lindqvist",
    birth_date: "2009-10-05",
    gender: "male",
    plan_identification: PLAN_ID,
    coverage_start: "2026-01-01",
    coverage_end: null,
  },
  {
    member_id: "PSH20981130",
    first_name: "Rosa",
    last_name: "Delgado",
    birth_date: "1969-08-22",
    gender: "female",
    plan_identification: PLAN_ID,
    coverage_start: "2026-03-01",
    coverage_end: null,
  },
];

/** Formulary rows for the demo plan (PA drugs with policies, plus a few generic step drugs). */
export const DEMO_FORMULARY: FormularyRow[] = [
  {
    drug_name: "Enbrel",
    ndc: "58406-0445-04",
    tier: 5,
    requires_prior_auth: true,
    quantity_limit: { amount: 4, unit: "autoinjectors", period_days: 28 },
    quantity_limit_note: "Plaque psoriasis: 8 per 28 days allowed for the first 3 months.",
    step_therapy: [{ drug_name: "methotrexate", duration_days: 90 }],
  },
  {
    drug_name: "Enbrel",
    ndc: "58406-0435-04",
    tier: 5,
    requires_prior_auth: true,
    quantity_limit: { amount: 4, unit: "syringes", period_days: 28 },
    quantity_limit_note: "Plaque psoriasis: 8 per 28 days allowed for the first 3 months.",
    step_therapy: [{ drug_name: "methotrexate", duration_days: 90 }],
  },
  {
    drug_name: "Mounjaro",
    ndc: "00002-1506-80",
    tier: 3,
    requires_prior_auth: true,
    quantity_limit: { amount: 4, unit: "pens", period_days: 28 },
    step_therapy: [{ drug_name: "metformin", duration_days: 90 }],
  },
  {
    drug_name: "Mounjaro",
    ndc: "00002-1495-80",
    tier: 3,
    requires_prior_auth: true,
    quantity_limit: { amount: 4, unit: "pens", period_days: 28 },
    step_therapy: [{ drug_name: "metformin", duration_days: 90 }],
  },
  {
    drug_name: "Mounjaro",
    ndc: "00002-1484-80",
    tier: 3,
    requires_prior_auth: true,
    quantity_limit: { amount: 4, unit: "pens", period_days: 28 },
    step_therapy: [{ drug_name: "metformin", duration_days: 90 }],
  },
  {
    drug_name: "Skyrizi",
    ndc: "00074-2100-01",
    tier: 5,
    requires_prior_auth: true,
    quantity_limit: { amount: 1, unit: "pen", period_days: 84 },
    quantity_limit_note: "Two doses (weeks 0 and 4) allowed in the first 28 days.",
    step_therapy: [],
  },
  {
    drug_name: "Skyrizi",
    ndc: "00074-1070-01",
    tier: 5,
    requires_prior_auth: true,
    quantity_limit: { amount: 3, unit: "vials", period_days: 84 },
    quantity_limit_note: "Crohn's disease / ulcerative colitis IV induction only (weeks 0, 4, 8).",
    step_therapy: [],
  },
  {
    drug_name: "Skyrizi",
    ndc: "00074-1065-01",
    tier: 5,
    requires_prior_auth: true,
    quantity_limit: { amount: 1, unit: "on-body injector", period_days: 56 },
    step_therapy: [],
  },
  {
    drug_name: "metformin ER",
    ndc: "68180-0338-07",
    tier: 1,
    requires_prior_auth: false,
    quantity_limit: { amount: 120, unit: "tablets", period_days: 30 },
    step_therapy: [],
  },
  { drug_name: "methotrexate", ndc: "00054-4550-25", tier: 1, requires_prior_auth: false, quantity_limit: null, step_therapy: [] },
];

// ---------------------------------------------------------------------------------------------
// Prescribers (fictional; NPIs are Luhn-valid)

const addr = (street: string, city: string, zip: string, state = "KS"): DemoAddress => ({ street, city, state, zip });

const RHEUM_WICHITA: DemoPrescriber = {
  first_name: "Anjali",
  last_name: "Mehta",
  credential: "MD",
  npi: "1582037465",
  specialty: "Rheumatology",
  phone: "(316) 555-0147",
  fax: "(316) 555-0148",
  practice_name: "Wichita Rheumatology & Arthritis Center",
  address: addr("3600 E Harry St, Suite 210", "Wichita", "67218"),
  contact_name: "Brenda K. (PA coordinator)",
};
const DERM_MANHATTAN: DemoPrescriber = {
  first_name: "Thomas",
  last_name: "Berglund",
  credential: "MD",
  npi: "1329475184",
  specialty: "Dermatology",
  phone: "(785) 555-0162",
  fax: "(785) 555-0163",
  practice_name: "Flint Hills Dermatology",
  address: addr("1133 College Ave, Suite B200", "Manhattan", "66502"),
  contact_name: "Jess M.",
};
const RHEUM_TOPEKA: DemoPrescriber = {
  first_name: "Renee",
  last_name: "Okafor",
  credential: "DO",
  npi: "1764503920",
  specialty: "Rheumatology",
  phone: "(785) 555-0114",
  fax: "(785) 555-0115",
  practice_name: "Capital City Rheumatology",
  address: addr("823 SW Mulvane St, Suite 340", "Topeka", "66606"),
  contact_name: "Alicia P.",
};
const ENDO_OVERLAND_PARK: DemoPrescriber = {
  first_name: "Kevin",
  last_name: "Sato",
  credential: "MD",
  npi: "1193846254",
  specialty: "Endocrinology",
  phone: "(913) 555-0181",
  fax: "(913) 555-0182",
  practice_name: "Johnson County Diabetes & Endocrine",
  address: addr("10550 Quivira Rd, Suite 120", "Overland Park", "66215"),
  contact_name: "Marisa L.",
};
const FM_LAWRENCE: DemoPrescriber = {
  first_name: "Megan",
  last_name: "Fairchild",
  credential: "MD",
  npi: "1450278936",
  specialty: "Family Medicine",
  phone: "(785) 555-0126",
  fax: "(785) 555-0127",
  practice_name: "Kaw Valley Family Practice",
  address: addr("4824 Quail Crest Pl", "Lawrence", "66049"),
  contact_name: "Front desk",
};
const NP_SALINA: DemoPrescriber = {
  first_name: "Leslie",
  last_name: "Harmon",
  credential: "APRN",
  npi: "1673190546",
  specialty: "Family Medicine",
  phone: "(785) 555-0153",
  fax: "(785) 555-0154",
  practice_name: "Salina Community Health Clinic",
  address: addr("501 S Santa Fe Ave", "Salina", "67401"),
  contact_name: "Dana R.",
};
const DERM_WICHITA: DemoPrescriber = {
  first_name: "Daniel",
  last_name: "Whitcomb",
  credential: "MD",
  npi: "1835620711",
  specialty: "Dermatology",
  phone: "(316) 555-0171",
  fax: "(316) 555-0172",
  practice_name: "Sunflower Skin & Dermatology",
  address: addr("9300 E 29th St N, Suite 105", "Wichita", "67226"),
  contact_name: "Kelsey T.",
};
const DERM_HUTCHINSON: DemoPrescriber = {
  first_name: "Nadia",
  last_name: "Farouk",
  credential: "MD",
  npi: "1298403571",
  specialty: "Dermatology",
  phone: "(620) 555-0133",
  fax: "(620) 555-0134",
  practice_name: "Reno County Dermatology",
  address: addr("1701 E 23rd Ave, Suite 2", "Hutchinson", "67502"),
  contact_name: "Olivia",
};
const GI_KC: DemoPrescriber = {
  first_name: "Gregory",
  last_name: "Lam",
  credential: "MD",
  npi: "1742059680",
  specialty: "Gastroenterology",
  phone: "(913) 555-0194",
  fax: "(913) 555-0195",
  practice_name: "Kansas City Digestive Health",
  address: addr("7600 State Line Rd, Suite 400", "Prairie Village", "66208"),
  contact_name: "Tom W. (IBD nurse)",
};

/** Every prescriber used by the demo cases. */
export const DEMO_PRESCRIBERS: DemoPrescriber[] = [
  RHEUM_WICHITA,
  DERM_MANHATTAN,
  RHEUM_TOPEKA,
  ENDO_OVERLAND_PARK,
  FM_LAWRENCE,
  NP_SALINA,
  DERM_WICHITA,
  DERM_HUTCHINSON,
  GI_KC,
];

function member(id: string, extra: { phone: string; address: DemoAddress; group_number?: string | null }) {
  const m = DEMO_ROSTER.find((r) => r.member_id === id);
  if (!m) throw new Error(`demo member ${id} missing from roster`);
  return {
    first_name: m.first_name,
    last_name: m.last_name,
    birth_date: m.birth_date,
    gender: m.gender as "male" | "female",
    member_id: m.member_id,
    group_number: extra.group_number ?? "KS40021",
    phone: extra.phone,
    address: extra.address,
  };
}

const ENBREL_SURECLICK = {
  drug_name: "Enbrel",
  display_name: "Enbrel SureClick (etanercept) 50 mg/mL autoinjector",
  generic_name: "etanercept",
  strength: "50 mg/mL",
  ndc: "58406-0445-04",
};

// ---------------------------------------------------------------------------------------------
// Cases

/** The demo PA requests. `expected` says which decision each should receive and why. */
export const DEMO_CASES: DemoCase[] = [
  {
    id: "demo-001",
    title: "Enbrel for seropositive RA after 5 months of methotrexate (rheumatologist)",
    policy_id: "etanercept",
    request_date: "2026-04-14",
    request_time: "10:42",
    urgency: "standard",
    layout: "plan_form",
    scanned: false,
    patient: member("PSH20418837", { phone: "(316) 555-0127", address: addr("2217 N Oliver St", "Wichita", "67220") }),
    prescriber: RHEUM_WICHITA,
    medication: {
      ...ENBREL_SURECLICK,
      quantity: 4,
      quantity_unit: "autoinjectors",
      days_supply: 28,
      sig: "Inject 50 mg subcutaneously once weekly",
      duration_months: 12,
      request_type: "new_start",
    },
    diagnoses: [
      { code: "M05.79", description: "Rheumatoid arthritis with rheumatoid factor of multiple sites without organ or systems involvement", primary: true },
    ],
    prior_therapies: [
      {
        drug_name: "Methotrexate",
        dose: "15 mg -> 20 mg PO weekly",
        start_date: "2025-11-10",
        end_date: null,
        outcome: "inadequate_response",
        outcome_detail: "Inadequate response, DAS28-CRP 5.3 (04/06/2026); continuing",
      },
      {
        drug_name: "Hydroxychloroquine",
        dose: "200 mg PO BID",
        start_date: "2025-06-02",
        end_date: "2025-10-27",
        outcome: "inadequate_response",
        outcome_detail: "Ineffective after ~5 months",
      },
    ],
    concurrent_therapies: [
      {
        drug_name: "Methotrexate",
        dose: "20 mg PO weekly",
        start_date: "2025-11-10",
        end_date: null,
        outcome: "ongoing",
        outcome_detail: "continue with etanercept",
      },
    ],
    labs: [
      { name: "C-reactive protein", value: "2.1", unit: "mg/dL", date: "2026-04-06", reference_range: "<0.5", flag: "H" },
      { name: "Sed rate (ESR)", value: "48", unit: "mm/hr", date: "2026-04-06", reference_range: "0-30", flag: "H" },
      { name: "Rheumatoid factor", value: "112", unit: "IU/mL", date: "2025-05-20", reference_range: "<14", flag: "H" },
      { name: "Anti-CCP IgG", value: ">250", unit: "U/mL", date: "2025-05-20", reference_range: "<20", flag: "H" },
      { name: "QuantiFERON-TB Gold Plus", value: "Negative", unit: "", date: "2026-03-30", reference_range: "Negative", flag: null },
      { name: "Hepatitis B surface antigen", value: "Nonreactive", unit: "", date: "2026-03-30", reference_range: "Nonreactive", flag: null },
      { name: "ALT", value: "24", unit: "U/L", date: "2026-04-06", reference_range: "7-52", flag: null },
      { name: "Creatinine", value: "0.78", unit: "mg/dL", date: "2026-04-06", reference_range: "0.50-1.10", flag: null },
    ],
    form_clinical_summary:
      "53 yo F with seropositive RA (RF 112, anti-CCP >250) dx 05/2025. HCQ 06/2025-10/2025 ineffective. MTX started 11/10/2025, titrated to 20 mg weekly 01/2026 with folic acid; after 5 months still 7 swollen / 10 tender joints, DAS28-CRP 5.3 on 04/06/2026, CRP 2.1 mg/dL. QuantiFERON negative 03/30/2026. Plan: add etanercept, continue MTX.",
    clinical_note: {
      date_of_service: "2026-04-06",
      visit_type: "Office Visit - Rheumatology follow-up",
      chief_complaint: "Rheumatoid arthritis follow-up; morning stiffness and bilateral hand swelling.",
      hpi: "Ms. Jimenez is a 53-year-old woman with seropositive rheumatoid arthritis diagnosed 05/2025. Hydroxychloroquine 200 mg twice daily from 06/2025 to 10/2025 did not control synovitis. Methotrexate was started 11/10/2025 at 15 mg weekly and increased to 20 mg weekly in 01/2026 with folic acid 1 mg daily; she reports full adherence and no GI side effects. Despite five months of methotrexate she has 90 minutes of morning stiffness, difficulty opening jars and gripping at work (dental hygienist), and recurrent wrist swelling.",
      pmh: ["Rheumatoid arthritis, seropositive (2025)", "Hypothyroidism", "No history of TB, hepatitis, malignancy or demyelinating disease"],
      medications: ["Methotrexate 20 mg PO weekly", "Folic acid 1 mg PO daily", "Levothyroxine 75 mcg PO daily", "Naproxen 500 mg PO BID PRN"],
      allergies: "NKDA",
      exam: "BP 124/78, HR 76, BMI 27.1. Synovitis of bilateral MCP 2-3, PIP 2-3 and both wrists; right knee effusion. 7 swollen / 10 tender joints (28-joint count). No nodules, no rash.",
      assessment_plan:
        "Seropositive RA with persistent moderate-high disease activity (DAS28-CRP 5.3) despite an adequate 5-month methotrexate trial at 20 mg weekly. Add etanercept 50 mg SC weekly (Enbrel SureClick), continue methotrexate and folic acid. QuantiFERON negative and HBsAg nonreactive 03/30/2026. Injection teaching scheduled. Recheck CBC/CMP in 6 weeks; follow up 3 months.",
    },
    expected: {
      decision: "approved",
      why: "RA initial therapy: adult, methotrexate 20 mg weekly for ~5 months with inadequate response (>= 3 months csDMARD), negative QuantiFERON within 12 months, rheumatologist; member active.",
      criteria: [
        { text: "RA: patient is 18 years of age or older", met: true },
        { text: "Tried one csDMARD for at least 3 months (methotrexate since 11/10/2025)", met: true },
        { text: "Negative TB test within the previous 12 months (QuantiFERON 03/30/2026)", met: true },
        { text: "Prescribed by or in consultation with a rheumatologist", met: true },
        { text: "Not used with another biologic or targeted synthetic drug", met: true },
        { text: "Member eligible on the request date", met: true },
      ],
    },
  },
  {
    id: "demo-002",
    title: "Enbrel for plaque psoriasis; methotrexate stopped at 6 weeks for transaminitis (scanned PBM form)",
    policy_id: "etanercept",
    request_date: "2026-05-21",
    request_time: "15:08",
    urgency: "standard",
    layout: "pbm_checkbox",
    scanned: true,
    patient: member("PSH20533190", { phone: "(785) 555-0109", address: addr("1420 Laramie St, Apt 4", "Manhattan", "66502") }),
    prescriber: DERM_MANHATTAN,
    medication: {
      ...ENBREL_SURECLICK,
      quantity: 8,
      quantity_unit: "autoinjectors",
      days_supply: 28,
      sig: "Inject 50 mg SC twice weekly x 3 months, then 50 mg once weekly",
      duration_months: 3,
      request_type: "new_start",
    },
    diagnoses: [{ code: "L40.0", description: "Psoriasis vulgaris (plaque psoriasis)", primary: true }],
    prior_therapies: [
      {
        drug_name: "Methotrexate",
        dose: "15 mg PO weekly",
        start_date: "2026-02-02",
        end_date: "2026-03-16",
        outcome: "intolerance",
        outcome_detail: "Stopped after 6 weeks: ALT 168 U/L (transaminitis)",
      },
      {
        drug_name: "Clobetasol 0.05% ointment",
        dose: "BID to plaques",
        start_date: "2025-08",
        end_date: null,
        outcome: "inadequate_response",
        outcome_detail: "Partial response, plaques recur",
      },
      {
        drug_name: "Calcipotriene 0.005% cream",
        dose: "BID",
        start_date: "2025-08",
        end_date: "2026-01",
        outcome: "inadequate_response",
        outcome_detail: "Ineffective",
      },
    ],
    concurrent_therapies: [],
    labs: [
      { name: "ALT", value: "168", unit: "U/L", date: "2026-03-16", reference_range: "7-52", flag: "H" },
      { name: "AST", value: "121", unit: "U/L", date: "2026-03-16", reference_range: "13-39", flag: "H" },
      { name: "ALT (repeat, off MTX)", value: "41", unit: "U/L", date: "2026-05-04", reference_range: "7-52", flag: null },
      { name: "T-SPOT.TB", value: "Negative", unit: "", date: "2026-01-22", reference_range: "Negative", flag: null },
      { name: "Hepatitis B surface antigen", value: "Nonreactive", unit: "", date: "2026-01-22", reference_range: "Nonreactive", flag: null },
    ],
    form_clinical_summary:
      "BSA 18%, PASI 16.4 (05/04/2026). MTX 15 mg weekly 02/02/2026-03/16/2026 stopped for transaminitis (ALT 168), now normalised. T-SPOT.TB negative 01/22/2026. Topicals (clobetasol, calcipotriene) inadequate.",
    clinical_note: {
      date_of_service: "2026-05-04",
      visit_type: "Dermatology follow-up",
      chief_complaint: "Psoriasis, worsening; follow-up after stopping methotrexate.",
      hpi: "35 yo M with chronic plaque psoriasis since age 19, progressive over the past two years. High-potency topical steroid and calcipotriene since 08/2025 with partial, short-lived response. Methotrexate 15 mg weekly started 02/02/2026; ALT rose to 168 U/L at the 6-week check (03/16/2026) and methotrexate was discontinued for hepatotoxicity. Repeat ALT 41 U/L today. Drinks rarely. Itching disrupts sleep; plaques on hands affect his work as an electrician.",
      pmh: ["Plaque psoriasis", "Hepatic steatosis on ultrasound 04/2026", "No history of TB, malignancy, CHF or demyelinating disease"],
      medications: ["Clobetasol 0.05% ointment BID to plaques (2 weeks on / 1 week off)", "Cetirizine 10 mg daily PRN itch"],
      allergies: "Sulfa (rash)",
      exam: "Well-demarcated erythematous plaques with thick scale on elbows, knees, lower back, dorsal hands and scalp margin. BSA approximately 18%. PASI 16.4. Nail pitting on 3 fingernails. No joint swelling.",
      assessment_plan:
        "Moderate-to-severe plaque psoriasis, BSA 18%, not controlled by topicals; methotrexate not tolerated (transaminitis) and relatively contraindicated given hepatic steatosis. Start etanercept 50 mg SC twice weekly for 12 weeks then weekly. T-SPOT.TB negative 01/22/2026. Follow up in 12 weeks with PASI.",
    },
    expected: {
      decision: "approved",
      why: "Plaque psoriasis initial therapy: adult, methotrexate stopped at 6 weeks for documented intolerance (policy accepts 'unless intolerant'; policy wins over the formulary's 90-day methotrexate step), negative TB test within 12 months, dermatologist.",
      criteria: [
        { text: "Plaque psoriasis: patient is 4 years of age or older", met: true },
        { text: "Traditional systemic agent for 3 months unless intolerant (methotrexate intolerance documented)", met: true },
        { text: "Negative TB test within 12 months (T-SPOT.TB 01/22/2026)", met: true },
        { text: "Prescribed by or in consultation with a dermatologist", met: true },
        { text: "Member eligible on the request date", met: true },
      ],
    },
  },
  {
    id: "demo-003",
    title: "Enbrel for RA, clinically appropriate, but member coverage ended 04/30/2026",
    policy_id: "etanercept",
    request_date: "2026-06-09",
    request_time: "09:15",
    urgency: "standard",
    layout: "uniform_form",
    scanned: false,
    patient: member("PSH20587412", { phone: "(785) 555-0190", address: addr("3312 SW Belle Ave", "Topeka", "66614") }),
    prescriber: RHEUM_TOPEKA,
    medication: {
      drug_name: "Enbrel",
      display_name: "Enbrel (etanercept) 50 mg/mL prefilled syringe",
      generic_name: "etanercept",
      strength: "50 mg/mL",
      ndc: "58406-0435-04",
      quantity: 4,
      quantity_unit: "syringes",
      days_supply: 28,
      sig: "Inject 50 mg SC once weekly",
      duration_months: 12,
      request_type: "new_start",
    },
    diagnoses: [
      { code: "M06.09", description: "Rheumatoid arthritis without rheumatoid factor, multiple sites", primary: true },
      { code: "E03.9", description: "Hypothyroidism, unspecified", primary: false },
    ],
    prior_therapies: [
      {
        drug_name: "Leflunomide",
        dose: "20 mg PO daily",
        start_date: "2025-10-01",
        end_date: null,
        outcome: "inadequate_response",
        outcome_detail: "8 months, persistent synovitis (CDAI 31)",
      },
      {
        drug_name: "Methotrexate",
        dose: "10 mg PO weekly",
        start_date: "2025-07-07",
        end_date: "2025-09-01",
        outcome: "intolerance",
        outcome_detail: "Stopped for nausea and mouth ulcers",
      },
    ],
    concurrent_therapies: [],
    labs: [
      { name: "C-reactive protein", value: "1.6", unit: "mg/dL", date: "2026-05-28", reference_range: "<0.5", flag: "H" },
      { name: "QuantiFERON-TB Gold Plus", value: "Negative", unit: "", date: "2026-05-28", reference_range: "Negative", flag: null },
      { name: "ALT", value: "29", unit: "U/L", date: "2026-05-28", reference_range: "7-52", flag: null },
    ],
    form_clinical_summary:
      "67 yo F with seronegative erosive RA. Leflunomide 20 mg daily since 10/01/2025 (8 months) with CDAI 31 on 05/28/2026. MTX 10 mg weekly 07-09/2025 stopped for nausea/mucositis. QuantiFERON negative 05/28/2026.",
    clinical_note: {
      date_of_service: "2026-05-28",
      visit_type: "Rheumatology follow-up",
      chief_complaint: "RA flare, hands and feet.",
      hpi: "67-year-old woman with seronegative RA with erosions at the MTP joints on x-ray 06/2025. Methotrexate 10 mg weekly started 07/2025 caused persistent nausea and oral ulcers and was stopped 09/2025. Leflunomide 20 mg daily since 10/01/2025 with only modest benefit. Reports 2 hours of morning stiffness and falls risk from foot pain.",
      pmh: ["Rheumatoid arthritis, seronegative, erosive", "Hypothyroidism", "Osteopenia"],
      medications: ["Leflunomide 20 mg PO daily", "Levothyroxine 50 mcg daily", "Calcium/vitamin D"],
      allergies: "Penicillin (hives)",
      exam: "Synovitis of bilateral wrists, MCPs 2-4, and MTPs. 9 swollen / 12 tender joints. CDAI 31.",
      assessment_plan:
        "High disease activity despite 8 months of leflunomide; methotrexate intolerance. Start etanercept 50 mg weekly. QuantiFERON negative today. Patient mentions she changed jobs in May and her insurance may have changed - front desk to verify coverage.",
    },
    expected: {
      decision: "denied",
      why: "Clinical criteria are met (leflunomide 8 months, rheumatologist, TB negative), but the member's coverage ended 04/30/2026 and the request is dated 06/09/2026: not eligible.",
      criteria: [
        { text: "Member eligible on the request date (coverage ended 04/30/2026)", met: false },
        { text: "RA: 18 years of age or older", met: true },
        { text: "Tried one csDMARD for at least 3 months (leflunomide 8 months)", met: true },
        { text: "Negative TB test within 12 months", met: true },
        { text: "Prescribed by or in consultation with a rheumatologist", met: true },
      ],
    },
  },
  {
    id: "demo-004",
    title: "Mounjaro for T2DM after 17 months of metformin 2,000 mg/day (scanned uniform form)",
    policy_id: "tirzepatide",
    request_date: "2026-03-03",
    request_time: "13:27",
    urgency: "standard",
    layout: "uniform_form",
    scanned: true,
    patient: member("PSH20644078", { phone: "(913) 555-0145", address: addr("11840 W 101st St", "Overland Park", "66214") }),
    prescriber: ENDO_OVERLAND_PARK,
    medication: {
      drug_name: "Mounjaro",
      display_name: "Mounjaro (tirzepatide) 2.5 mg/0.5 mL single-dose pen",
      generic_name: "tirzepatide",
      strength: "2.5 mg/0.5 mL",
      ndc: "00002-1506-80",
      quantity: 4,
      quantity_unit: "pens",
      days_supply: 28,
      sig: "Inject 2.5 mg SC once weekly x 4 weeks, then increase to 5 mg weekly",
      duration_months: 12,
      request_type: "new_start",
    },
    diagnoses: [
      { code: "E11.65", description: "Type 2 diabetes mellitus with hyperglycemia", primary: true },
      { code: "I10", description: "Essential (primary) hypertension", primary: false },
    ],
    prior_therapies: [
      {
        drug_name: "Metformin ER",
        dose: "1,000 mg PO BID (2,000 mg/day)",
        start_date: "2024-10-01",
        end_date: null,
        outcome: "inadequate_response",
        outcome_detail: "A1c 8.6% on max dose; continuing",
      },
      {
        drug_name: "Glipizide",
        dose: "5 mg PO daily",
        start_date: "2025-06-15",
        end_date: "2025-12-01",
        outcome: "intolerance",
        outcome_detail: "Stopped for recurrent hypoglycemia",
      },
    ],
    concurrent_therapies: [
      { drug_name: "Metformin ER", dose: "1,000 mg PO BID", start_date: "2024-10-01", end_date: null, outcome: "ongoing", outcome_detail: "continue" },
    ],
    labs: [
      { name: "Hemoglobin A1c", value: "8.6", unit: "%", date: "2026-02-17", reference_range: "4.0-5.6", flag: "H" },
      { name: "Glucose, fasting", value: "172", unit: "mg/dL", date: "2026-02-17", reference_range: "70-99", flag: "H" },
      { name: "eGFR (CKD-EPI 2021)", value: "78", unit: "mL/min/1.73m2", date: "2026-02-17", reference_range: ">59", flag: null },
      { name: "Calcitonin", value: "2.1", unit: "pg/mL", date: "2026-02-17", reference_range: "<8.4", flag: null },
    ],
    form_clinical_summary:
      "T2DM dx 2019. Metformin ER 2,000 mg/day since 10/2024 (17 months), adherent. Glipizide stopped 12/2025 for hypoglycemia. A1c 8.6% on 02/17/2026, eGFR 78. No personal/family hx MTC or MEN2. No other GLP-1 or DPP-4.",
    clinical_note: {
      date_of_service: "2026-02-24",
      visit_type: "Endocrinology new patient consult",
      chief_complaint: "Uncontrolled type 2 diabetes.",
      hpi: "59-year-old man with type 2 diabetes since 2019, referred by PCP. On metformin ER 1,000 mg twice daily since 10/2024 with good adherence per pharmacy fill history. Glipizide 5 mg added 06/2025 caused three hypoglycemic episodes (lowest 52 mg/dL) and was stopped 12/2025. A1c 8.6% on 02/17/2026 (8.1% in 08/2025). Home fasting glucose 150-190.",
      pmh: [
        "Type 2 diabetes mellitus (2019)",
        "Hypertension",
        "Obesity, BMI 34.2",
        "No pancreatitis; no personal or family history of medullary thyroid carcinoma or MEN2",
      ],
      medications: ["Metformin ER 1,000 mg PO BID", "Lisinopril 20 mg daily", "Atorvastatin 40 mg daily"],
      allergies: "NKDA",
      exam: "BP 132/84, HR 72, Wt 108 kg, BMI 34.2. Feet: intact sensation, pulses 2+. Thyroid without nodules.",
      assessment_plan:
        "T2DM with hyperglycemia, A1c 8.6% despite 17 months of maximal-dose metformin; sulfonylurea intolerance. Start tirzepatide 2.5 mg weekly, titrate to 5 mg after 4 weeks. Continue metformin. Recheck A1c in 3 months.",
    },
    expected: {
      decision: "approved",
      why: "Adult with T2DM (E11.65) and A1c 8.6% within 180 days; metformin 2,000 mg/day for 17 months; no exclusion (no other GLP-1/DPP-4, no MTC/MEN2 history); member active.",
      criteria: [
        { text: "Type 2 diabetes with A1c >= 6.5% within the past 180 days (8.6% on 02/17/2026)", met: true },
        { text: "Metformin >= 1,000 mg/day for >= 90 days (2,000 mg/day since 10/2024)", met: true },
        { text: "Age 18 or older", met: true },
        { text: "Not for weight loss only; no concurrent GLP-1 RA or DPP-4 inhibitor", met: true },
        { text: "Member eligible on the request date", met: true },
      ],
    },
  },
  {
    id: "demo-005",
    title: "Mounjaro requested for weight management without diabetes (excluded use)",
    policy_id: "tirzepatide",
    request_date: "2026-07-02",
    request_time: "11:51",
    urgency: "standard",
    layout: "plan_form",
    scanned: false,
    patient: member("PSH20691325", { phone: "(785) 555-0168", address: addr("905 Ohio St", "Lawrence", "66044") }),
    prescriber: FM_LAWRENCE,
    medication: {
      drug_name: "Mounjaro",
      display_name: "Mounjaro (tirzepatide) 2.5 mg/0.5 mL pen",
      generic_name: "tirzepatide",
      strength: "2.5 mg/0.5 mL",
      ndc: "00002-1506-80",
      quantity: 4,
      quantity_unit: "pens",
      days_supply: 28,
      sig: "Inject 2.5 mg SC weekly; titrate per label",
      duration_months: 12,
      request_type: "new_start",
    },
    diagnoses: [
      { code: "E66.01", description: "Morbid (severe) obesity due to excess calories", primary: true },
      { code: "Z68.39", description: "Body mass index [BMI] 39.0-39.9, adult", primary: false },
      { code: "K76.0", description: "Fatty (change of) liver, not elsewhere classified", primary: false },
    ],
    prior_therapies: [
      {
        drug_name: "Phentermine",
        dose: "37.5 mg PO daily",
        start_date: "2025-09-01",
        end_date: "2025-12-01",
        outcome: "inadequate_response",
        outcome_detail: "Lost 2.5 kg; stopped for palpitations",
      },
      {
        drug_name: "Supervised diet and exercise program",
        dose: null,
        start_date: "2025-03",
        end_date: "2026-06",
        outcome: "inadequate_response",
        outcome_detail: "Weight plateau",
      },
    ],
    concurrent_therapies: [],
    labs: [
      { name: "Hemoglobin A1c", value: "5.4", unit: "%", date: "2026-06-18", reference_range: "4.0-5.6", flag: null },
      { name: "Glucose, fasting", value: "94", unit: "mg/dL", date: "2026-06-18", reference_range: "70-99", flag: null },
      { name: "ALT", value: "58", unit: "U/L", date: "2026-06-18", reference_range: "7-52", flag: "H" },
      { name: "Triglycerides", value: "212", unit: "mg/dL", date: "2026-06-18", reference_range: "<150", flag: "H" },
    ],
    form_clinical_summary:
      "42 yo F, BMI 39.4, fatty liver. Failed phentermine and 15 months of structured diet/exercise. A1c 5.4%, FPG 94 (06/18/2026) - no diabetes. Requesting tirzepatide for weight loss.",
    clinical_note: {
      date_of_service: "2026-06-25",
      visit_type: "Weight management visit",
      chief_complaint: "Weight gain; wants medication for weight loss.",
      hpi: "42-year-old woman with class II obesity (BMI 39.4) and hepatic steatosis. Enrolled in a structured lifestyle program since 03/2025 with a 4 kg loss then plateau. Phentermine 37.5 mg daily 09/2025-12/2025 gave 2.5 kg loss, stopped for palpitations. No history of diabetes; A1c 5.4% and fasting glucose 94 on 06/18/2026. Asks about tirzepatide because a coworker lost weight on it.",
      pmh: ["Obesity, class II", "Nonalcoholic fatty liver disease", "Obstructive sleep apnea on CPAP", "No diabetes or prediabetes"],
      medications: ["Sertraline 50 mg daily", "Vitamin D3 2,000 IU daily"],
      allergies: "NKDA",
      exam: "Wt 109.3 kg, Ht 166.5 cm, BMI 39.4. BP 128/82. Acanthosis absent.",
      assessment_plan:
        "Class II obesity with NAFLD, no diabetes. Discussed anti-obesity medication options; submit PA for tirzepatide (Mounjaro) for weight management. Continue lifestyle program. Recheck LFTs in 3 months.",
    },
    expected: {
      decision: "denied",
      why: "Requested for weight management in a patient without type 2 diabetes (A1c 5.4%): an excluded use under the Mounjaro criteria, and the covered-use requirement (T2DM) is not met.",
      criteria: [
        { text: "Diagnosis of type 2 diabetes mellitus with A1c >= 6.5% within 180 days", met: false },
        { text: "Not requested for weight loss / chronic weight management (exclusion)", met: false },
        { text: "Age 18 or older", met: true },
        { text: "Member eligible on the request date", met: true },
      ],
    },
  },
  {
    id: "demo-006",
    title: "Mounjaro for T2DM; metformin without dose or dates and A1c older than 180 days",
    policy_id: "tirzepatide",
    request_date: "2026-05-12",
    request_time: "16:33",
    urgency: "standard",
    layout: "pbm_checkbox",
    scanned: false,
    patient: member("PSH20735561", { phone: "(785) 555-0102", address: addr("740 E Republic Ave", "Salina", "67401") }),
    prescriber: NP_SALINA,
    medication: {
      drug_name: "Mounjaro",
      display_name: "Mounjaro 5 mg/0.5 mL pen",
      generic_name: "tirzepatide",
      strength: "5 mg/0.5 mL",
      ndc: "00002-1495-80",
      quantity: 4,
      quantity_unit: "pens",
      days_supply: 28,
      sig: "5 mg SC once weekly",
      duration_months: 12,
      request_type: "new_start",
    },
    diagnoses: [{ code: "E11.9", description: "Type 2 diabetes mellitus without complications", primary: true }],
    prior_therapies: [{ drug_name: "Metformin", dose: null, start_date: null, end_date: null, outcome: "unknown", outcome_detail: '"tried in the past"' }],
    concurrent_therapies: [
      { drug_name: "Insulin glargine", dose: "24 units SC nightly", start_date: "2025-02", end_date: null, outcome: "ongoing", outcome_detail: "continue" },
    ],
    labs: [{ name: "Hemoglobin A1c", value: "7.8", unit: "%", date: "2025-06-20", reference_range: "4.0-5.6", flag: "H" }],
    form_clinical_summary:
      "Pt has T2DM, on basal insulin. Tried metformin in the past. Last A1c 7.8%. Wants weekly injection to reduce insulin. Records from prior PCP requested.",
    clinical_note: {
      date_of_service: "2026-05-05",
      visit_type: "Establish care",
      chief_complaint: "New patient, diabetes follow-up.",
      hpi: "64-year-old man establishing care after moving from Colorado. Type 2 diabetes for about 10 years. Currently on insulin glargine 24 units nightly. States he 'took metformin for a while' but does not recall the dose or when he stopped; unsure why it was stopped. Outside records requested, not yet received. Last A1c he knows of was 7.8% in 06/2025 at his old clinic. No A1c drawn today (patient declined venipuncture, will return fasting).",
      pmh: ["Type 2 diabetes mellitus", "Hyperlipidemia", "BPH"],
      medications: ["Insulin glargine 24 units nightly", "Rosuvastatin 10 mg daily", "Tamsulosin 0.4 mg daily"],
      allergies: "NKDA",
      exam: "BP 138/86, Wt 96 kg, BMI 31.0. Monofilament intact.",
      assessment_plan:
        "T2DM on basal insulin; A1c last 06/2025. Order A1c, CMP, lipid panel. Request outside records re: metformin trial. Submit PA for tirzepatide 5 mg weekly.",
    },
    expected: {
      decision: "needs_more_information",
      why: "Metformin trial named without dose, dates or duration and no contraindication documented; the only A1c (06/20/2025) is older than the 180-day window. Nothing clearly fails, but the required criteria cannot be judged.",
      criteria: [
        { text: "Type 2 diabetes with A1c >= 6.5% within 180 days (only A1c is from 06/2025)", met: null },
        { text: "Metformin >= 1,000 mg/day for >= 90 days (no dose or dates)", met: null },
        { text: "Age 18 or older", met: true },
        { text: "No concurrent GLP-1 RA or DPP-4 inhibitor", met: true },
        { text: "Member eligible on the request date", met: true },
      ],
    },
  },
  {
    id: "demo-007",
    title: "Skyrizi for plaque psoriasis to be added to ongoing Cimzia (combination excluded)",
    policy_id: "risankizumab",
    request_date: "2026-08-18",
    request_time: "08:56",
    urgency: "standard",
    layout: "plan_form",
    scanned: false,
    patient: member("PSH20788904", { phone: "(316) 555-0183", address: addr("6518 E Mainsgate St", "Wichita", "67226") }),
    prescriber: DERM_WICHITA,
    medication: {
      drug_name: "Skyrizi",
      display_name: "Skyrizi Pen (risankizumab-rzaa) 150 mg/mL",
      generic_name: "risankizumab-rzaa",
      strength: "150 mg/mL",
      ndc: "00074-2100-01",
      quantity: 1,
      quantity_unit: "pen",
      days_supply: 84,
      sig: "Inject 150 mg SC at week 0, week 4, then every 12 weeks",
      duration_months: 12,
      request_type: "new_start",
    },
    diagnoses: [
      { code: "L40.0", description: "Psoriasis vulgaris", primary: true },
      { code: "L40.50", description: "Arthropathic psoriasis, unspecified", primary: false },
    ],
    prior_therapies: [
      {
        drug_name: "Methotrexate",
        dose: "20 mg SC weekly",
        start_date: "2025-01-13",
        end_date: "2025-07-28",
        outcome: "inadequate_response",
        outcome_detail: "6 months, skin not cleared",
      },
      {
        drug_name: "NB-UVB phototherapy",
        dose: "3x weekly",
        start_date: "2024-09-03",
        end_date: "2024-12-20",
        outcome: "inadequate_response",
        outcome_detail: "Partial response",
      },
    ],
    concurrent_therapies: [
      {
        drug_name: "Cimzia (certolizumab pegol)",
        dose: "200 mg SC every 2 weeks",
        start_date: "2025-08-04",
        end_date: null,
        outcome: "ongoing",
        outcome_detail: "For psoriatic arthritis (rheumatology) - to continue",
      },
    ],
    labs: [
      { name: "QuantiFERON-TB Gold Plus", value: "Negative", unit: "", date: "2026-02-09", reference_range: "Negative", flag: null },
      { name: "ALT", value: "22", unit: "U/L", date: "2026-08-03", reference_range: "7-52", flag: null },
    ],
    form_clinical_summary:
      "BSA 14%, PASI 13.1 (08/10/2026). PsA controlled on Cimzia 200 mg q2wk (managed by rheumatology, will continue); skin not controlled. MTX 6 mo and NB-UVB failed. QuantiFERON negative 02/09/2026. Request Skyrizi for skin in addition to Cimzia.",
    clinical_note: {
      date_of_service: "2026-08-10",
      visit_type: "Dermatology visit",
      chief_complaint: "Psoriasis not controlled.",
      hpi: "42-year-old woman with plaque psoriasis and psoriatic arthritis. NB-UVB 09-12/2024 partial response; methotrexate 20 mg SC weekly 01/2025-07/2025 without clearance. Rheumatology started certolizumab pegol (Cimzia) 200 mg every 2 weeks in 08/2025 with excellent joint response; her rheumatologist wishes to continue Cimzia for the arthritis. Skin remains active on the trunk and legs.",
      pmh: ["Plaque psoriasis", "Psoriatic arthritis", "Migraine without aura"],
      medications: ["Cimzia 200 mg SC every 2 weeks (rheumatology)", "Clobetasol 0.05% solution to scalp PRN", "Sumatriptan 50 mg PRN"],
      allergies: "NKDA",
      exam: "Plaques on trunk, buttocks, and lower legs; BSA 14%, PASI 13.1. No active synovitis.",
      assessment_plan:
        "Moderate plaque psoriasis uncontrolled despite certolizumab. Joints controlled, so rheumatology prefers to keep Cimzia. Will request risankizumab to add for the skin; discussed that combination biologic therapy may not be covered.",
    },
    expected: {
      decision: "denied",
      why: "Skyrizi would be used concurrently with certolizumab pegol (Cimzia), another biologic: combination use is excluded (criterion I.A.7 and Section III.B), regardless of the otherwise-met psoriasis criteria.",
      criteria: [
        { text: "Not prescribed concurrently with another biologic or targeted synthetic drug (ongoing Cimzia)", met: false },
        { text: "Moderate-to-severe plaque psoriasis with BSA >= 10% (14%)", met: true },
        { text: "Prescribed by or in consultation with a dermatologist", met: true },
        { text: "Age 18 or older", met: true },
        { text: "Failure of >= 3 months of a systemic agent or phototherapy (methotrexate 6 months)", met: true },
        { text: "Negative TB test within 12 months", met: true },
      ],
    },
  },
  {
    id: "demo-008",
    title: "Skyrizi for plaque psoriasis; phototherapy without dates and TB test pending (scanned)",
    policy_id: "risankizumab",
    request_date: "2026-09-22",
    request_time: "14:04",
    urgency: "standard",
    layout: "uniform_form",
    scanned: true,
    patient: member("PSH20812246", { phone: "(620) 555-0177", address: addr("214 W 11th Ave", "Hutchinson", "67501") }),
    prescriber: DERM_HUTCHINSON,
    medication: {
      drug_name: "Skyrizi",
      display_name: "Skyrizi (risankizumab-rzaa) 150 mg/mL pen",
      generic_name: "risankizumab-rzaa",
      strength: "150 mg/mL",
      ndc: "00074-2100-01",
      quantity: 1,
      quantity_unit: "pen",
      days_supply: 84,
      sig: "150 mg SC wk 0, wk 4, then q12 weeks",
      duration_months: 12,
      request_type: "new_start",
    },
    diagnoses: [{ code: "L40.0", description: "Psoriasis vulgaris", primary: true }],
    prior_therapies: [
      {
        drug_name: "Phototherapy (NB-UVB)",
        dose: null,
        start_date: null,
        end_date: null,
        outcome: "unknown",
        outcome_detail: '"did light therapy before" - dates not available',
      },
      {
        drug_name: "Triamcinolone 0.1% cream",
        dose: "BID",
        start_date: "2026-03",
        end_date: null,
        outcome: "inadequate_response",
        outcome_detail: "Minimal improvement",
      },
    ],
    concurrent_therapies: [],
    labs: [
      { name: "QuantiFERON-TB Gold Plus", value: "Pending", unit: "", date: "2026-09-15", reference_range: "Negative", flag: null },
      { name: "Hepatitis B surface antigen", value: "Nonreactive", unit: "", date: "2026-09-15", reference_range: "Nonreactive", flag: null },
    ],
    form_clinical_summary:
      "BSA ~12%, PASI 11.8. Prior NB-UVB phototherapy at another clinic (dates/number of sessions not available). Topical steroids inadequate. QuantiFERON drawn 09/15/2026 - result pending.",
    clinical_note: {
      date_of_service: "2026-09-15",
      visit_type: "New patient - Dermatology",
      chief_complaint: "Psoriasis.",
      hpi: "47-year-old man with plaque psoriasis for 8 years. Reports 'light treatments' at a dermatology office in Dodge City some years ago; he cannot recall how long or how many sessions and records are not available. Used triamcinolone 0.1% cream since 03/2026 with minimal improvement. No prior systemic medications.",
      pmh: ["Plaque psoriasis", "Hyperlipidemia", "Former smoker"],
      medications: ["Triamcinolone 0.1% cream BID", "Atorvastatin 20 mg daily"],
      allergies: "NKDA",
      exam: "Scaly erythematous plaques on elbows, knees, shins and lower back. BSA approximately 12%. PASI 11.8. Scalp and nails spared.",
      assessment_plan:
        "Moderate plaque psoriasis. Will request risankizumab. QuantiFERON and hepatitis panel drawn today; QuantiFERON pending. Will try to obtain phototherapy records.",
    },
    expected: {
      decision: "needs_more_information",
      why: "BSA 12% and dermatologist are documented, but the only systemic/phototherapy trial has no dates or duration (3-month requirement cannot be judged) and the TB screening result is pending.",
      criteria: [
        { text: "Moderate-to-severe plaque psoriasis with BSA >= 10% (12%)", met: true },
        { text: "Prescribed by or in consultation with a dermatologist", met: true },
        { text: "Age 18 or older", met: true },
        { text: "Failure of >= 3 months of phototherapy or a systemic agent (phototherapy dates unknown)", met: null },
        { text: "Negative TB test within 12 months (QuantiFERON pending)", met: null },
        { text: "Member eligible on the request date", met: true },
      ],
    },
  },
  {
    id: "demo-009",
    title: "Skyrizi IV induction for Crohn's disease after azathioprine failure (expedited)",
    policy_id: "risankizumab",
    request_date: "2026-10-06",
    request_time: "12:19",
    urgency: "expedited",
    layout: "pbm_checkbox",
    scanned: false,
    patient: member("PSH20866619", { phone: "(913) 555-0121", address: addr("5120 Roe Blvd, Apt 3C", "Roeland Park", "66205") }),
    prescriber: GI_KC,
    medication: {
      drug_name: "Skyrizi",
      display_name: "Skyrizi (risankizumab-rzaa) 600 mg/10 mL vial for IV infusion",
      generic_name: "risankizumab-rzaa",
      strength: "600 mg/10 mL",
      ndc: "00074-1070-01",
      quantity: 3,
      quantity_unit: "vials",
      days_supply: 56,
      sig: "600 mg IV over at least 1 hour at weeks 0, 4 and 8",
      duration_months: 6,
      request_type: "new_start",
    },
    diagnoses: [
      { code: "K50.012", description: "Crohn's disease of small intestine with intestinal obstruction", primary: true },
      { code: "K50.90", description: "Crohn's disease, unspecified, without complications", primary: false },
    ],
    prior_therapies: [
      {
        drug_name: "Azathioprine",
        dose: "125 mg PO daily (2.2 mg/kg)",
        start_date: "2026-03-02",
        end_date: null,
        outcome: "inadequate_response",
        outcome_detail: "7 months, therapeutic 6-TGN; active disease on MRE",
      },
      {
        drug_name: "Prednisone",
        dose: "40 mg daily, taper",
        start_date: "2026-02-09",
        end_date: "2026-05-04",
        outcome: "inadequate_response",
        outcome_detail: "Flared at 10 mg; second course 09/2026",
      },
      {
        drug_name: "Budesonide",
        dose: "9 mg daily",
        start_date: "2025-11",
        end_date: "2026-01",
        outcome: "inadequate_response",
        outcome_detail: "No response",
      },
    ],
    concurrent_therapies: [
      { drug_name: "Prednisone", dose: "30 mg daily", start_date: "2026-09-21", end_date: null, outcome: "ongoing", outcome_detail: "bridging" },
    ],
    labs: [
      { name: "C-reactive protein", value: "3.4", unit: "mg/dL", date: "2026-09-29", reference_range: "<0.5", flag: "H" },
      { name: "Fecal calprotectin", value: "890", unit: "mcg/g", date: "2026-09-29", reference_range: "<50", flag: "H" },
      { name: "Hemoglobin", value: "10.9", unit: "g/dL", date: "2026-09-29", reference_range: "12.0-15.5", flag: "L" },
      { name: "Albumin", value: "3.1", unit: "g/dL", date: "2026-09-29", reference_range: "3.5-5.0", flag: "L" },
      { name: "QuantiFERON-TB Gold Plus", value: "Negative", unit: "", date: "2026-08-25", reference_range: "Negative", flag: null },
      { name: "6-TGN (thioguanine nucleotides)", value: "310", unit: "pmol/8x10^8 RBC", date: "2026-06-15", reference_range: "235-450", flag: null },
    ],
    form_clinical_summary:
      "31 yo F, ileal Crohn's with stricturing symptoms. Azathioprine 125 mg daily since 03/02/2026 (7 mo, 6-TGN therapeutic) + 2 prednisone courses; flared on taper. CRP 3.4, FCP 890 (09/29/2026). MRE 09/2026: 18 cm active TI inflammation. QuantiFERON neg 08/25/2026. Expedited: partial obstruction symptoms.",
    clinical_note: {
      date_of_service: "2026-09-29",
      visit_type: "GI clinic - IBD follow-up",
      chief_complaint: "Crohn's flare: abdominal pain, 6-8 loose stools per day, weight loss.",
      hpi: "31-year-old woman with ileal Crohn's disease diagnosed 10/2025. Budesonide 9 mg 11/2025-01/2026 without response. Prednisone 40 mg taper from 02/2026 with relapse at 10 mg in 05/2026. Azathioprine started 03/02/2026, now 125 mg daily (2.2 mg/kg) with therapeutic 6-TGN 310 in 06/2026; despite 7 months she has persistent symptoms, a second prednisone course was needed 09/2026, and MR enterography 09/18/2026 shows 18 cm of active terminal ileal inflammation with mild upstream dilation. Post-prandial cramping and bloating suggest partial obstruction.",
      pmh: ["Crohn's disease, ileal (A2 L1 B2)", "Iron deficiency anemia"],
      medications: ["Azathioprine 125 mg daily", "Prednisone 30 mg daily (taper)", "Ferrous sulfate 325 mg daily"],
      allergies: "NKDA",
      exam: "Wt 56 kg (down 5 kg). Tender RLQ without rebound. No perianal disease.",
      assessment_plan:
        "Moderate-to-severe ileal Crohn's refractory to azathioprine and steroid-dependent. Start risankizumab 600 mg IV at weeks 0/4/8 then 360 mg SC q8 weeks; stop azathioprine after induction. QuantiFERON negative 08/25/2026. Request expedited review given obstructive symptoms.",
    },
    expected: {
      decision: "approved",
      why: "Crohn's disease (K50.012), gastroenterologist, adult; azathioprine 7 months failed (>= 3-month immunomodulator) and steroid dependence; TB negative within 12 months; induction dose per policy; no concurrent biologic.",
      criteria: [
        { text: "Diagnosis of moderately to severely active Crohn's disease", met: true },
        { text: "Prescribed by or in consultation with a gastroenterologist", met: true },
        { text: "Age 18 or older", met: true },
        { text: "Failure of >= 3 months of an immunomodulator or steroid failure/dependence (azathioprine 7 months)", met: true },
        { text: "Negative TB test within 12 months (QuantiFERON 08/25/2026)", met: true },
        { text: "Induction dose <= 600 mg IV at weeks 0, 4, 8", met: true },
        { text: "Member eligible on the request date", met: true },
      ],
    },
  },
];

/** Looks up a demo policy by id. */
export function getDemoPolicy(id: string): DemoPolicy | undefined {
  return DEMO_POLICIES.find((p) => p.id === id);
}

/** Looks up a demo case by id. */
export function getDemoCase(id: string): DemoCase | undefined {
  return DEMO_CASES.find((c) => c.id === id);
}

/**
 * The demo content as an evaluation-set manifest object (same keys as an eval set's manifest.json),
 * so the project can write a self-made demo set: policies/<file>.pdf and cases/<id>/fax.pdf.
 */
export function demoManifest(): {
  name: string;
  plan: Omit<DemoPlan, "organization" | "pa_fax" | "pa_phone" | "pbm_name" | "pbm_fax" | "pbm_phone">;
  members: RosterMember[];
  policies: { id: string; file: string; drug_names: string[] }[];
  formulary: FormularyRow[];
  cases: string[];
} {
  const { title, identification, line_of_business, plan_type, state, effective_date } = DEMO_PLAN;
  return {
    name: "demo",
    plan: { title, identification, line_of_business, plan_type, state, effective_date },
    members: DEMO_ROSTER,
    policies: DEMO_POLICIES.map((p) => ({ id: p.id, file: `policies/${p.file}`, drug_names: p.drug_names })),
    formulary: DEMO_FORMULARY,
    cases: DEMO_CASES.map((c) => c.id),
  };
}
