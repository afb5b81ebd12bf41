/**
 * The clinical engine's contracts: one zod schema per shape, and every type derived from it.
 *
 * These are the only definitions of case facts, criteria, decision trees, review results, audit
 * findings and decisions. Both engines (the built-in one in app/clinical and the model path in
 * app/agents) produce and consume exactly these shapes, the intake stores them, and evaluation
 * compares them. Everything is plain JSON.
 *
 * Decision semantics: docs/clinical/decision-semantics.md.
 */
import { z } from "zod";
import { CitationSchema, type Citation, type ParsedDocument } from "~/documents/types";

export { CitationSchema };
export type { Citation, ParsedDocument };

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD");
const citations = z.array(CitationSchema);

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Case facts (the extraction stage's output)

export const TherapyOutcomeSchema = z.enum(["inadequate_response", "intolerance", "contraindication", "ongoing", "unknown"]);
export type TherapyOutcome = z.infer<typeof TherapyOutcomeSchema>;

/** A documented therapy (prior or concurrent). */
export const TherapySchema = z.object({
  drug_name: z.string(),
  dose: z.string().nullable(),
  start_date: isoDate.nullable(),
  end_date: isoDate.nullable(),
  duration_days: z.number().nullable(),
  outcome: TherapyOutcomeSchema,
  citations,
});
export type PriorTherapy = z.infer<typeof TherapySchema>;

export const GenderSchema = z.enum(["male", "female", "other", "unknown"]);
export type Gender = z.infer<typeof GenderSchema>;

export const ExtractedPatientSchema = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  birth_date: isoDate.nullable(),
  gender: GenderSchema.nullable(),
  member_id: z.string().nullable(),
  insurance_plan: z.string().nullable(),
  citations,
});
export type ExtractedPatient = z.infer<typeof ExtractedPatientSchema>;

export const ExtractedPractitionerSchema = z.object({
  /** "First Last", no credentials */
  full_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  credential: z.string().nullable(),
  /** 10 digits */
  npi: z.string().nullable(),
  /** CMS check digit (Luhn over 80840 + the first 9 digits) */
  npi_valid: z.boolean().nullable(),
  specialty: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  organization_name: z.string().nullable(),
  state_license: z.string().nullable(),
  citations,
});
export type ExtractedPractitioner = z.infer<typeof ExtractedPractitionerSchema>;

export const ExtractedMedicationSchema = z.object({
  /** the plan formulary drug name the request maps to (as written when unmapped) */
  drug_name: z.string().nullable(),
  /** the drug name/strength text exactly as written on the request */
  drug_name_as_written: z.string().nullable().optional(),
  generic_name: z.string().nullable(),
  strength: z.string().nullable(),
  /** sig / directions */
  dosage: z.string().nullable(),
  quantity: z.number().nullable(),
  quantity_unit: z.string().nullable(),
  days_supply: z.number().nullable(),
  duration_months: z.number().nullable(),
  /** normalised 5-4-2, 11 digits */
  ndc: z.string().nullable(),
  drug_class: z.string().nullable(),
  citations,
});
export type ExtractedMedication = z.infer<typeof ExtractedMedicationSchema>;

export const ExtractedDiagnosisSchema = z.object({
  /** ICD-10-CM with the dot */
  code: z.string().nullable(),
  description: z.string().nullable(),
  primary: z.boolean(),
  citations,
});
export type ExtractedDiagnosis = z.infer<typeof ExtractedDiagnosisSchema>;

export const LabValueSchema = z.object({
  /** normalised name: "LDL-C", "A1c", "eGFR", "eosinophils" ... */
  name: z.string(),
  value: z.number().nullable(),
  value_text: z.string().nullable(),
  unit: z.string().nullable(),
  date: isoDate.nullable(),
  citations,
});
export type LabValue = z.infer<typeof LabValueSchema>;

/** Where the request date was read: never a date of birth. */
/**
 * Where the request date was read. "latest_document": nothing on the fax says when it was sent, so
 * the latest date its documents carry stands in for it (a lower bound): criteria are judged as of
 * that date, but nothing is denied on it (coverage, age) and coverage must hold on the received date too.
 * "received_date": the fax carries no date at all; the day the plan received it stands in (an upper
 * bound), with the same limits.
 */
export const RequestDateSourceSchema = z.enum([
  "fax_header",
  "received_stamp",
  "form_date",
  "letter_date",
  "signature_date",
  "latest_document",
  "received_date",
  "none",
]);
export type RequestDateSource = z.infer<typeof RequestDateSourceSchema>;

export const CaseFactsSchema = z.object({
  /** YYYY-MM-DD, the date the fax was sent */
  request_date: isoDate.nullable(),
  /** where `request_date` was read (optional for facts produced before it existed) */
  request_date_source: RequestDateSourceSchema.optional(),
  urgency: z.enum(["standard", "expedited"]),
  patient: ExtractedPatientSchema,
  practitioner: ExtractedPractitionerSchema,
  medication: ExtractedMedicationSchema,
  diagnoses: z.array(ExtractedDiagnosisSchema),
  prior_therapies: z.array(TherapySchema),
  concurrent_therapies: z.array(TherapySchema),
  labs: z.array(LabValueSchema),
  /** free-text clinical statements worth keeping (e.g. "see attached notes" with nothing attached) */
  notes: z.array(z.object({ text: z.string(), citations })),
  /**
   * the service line these facts are reviewed for (medical claims, one review per line): its code and
   * date of service, with every line of the same claim (visit maximums count the claim's own dates)
   */
  service_line: z
    .object({
      code: z.string().nullable(),
      /** YYYY-MM-DD as read from the line */
      date_of_service: z.string().nullable(),
      /** the line's modifiers (GP / GO / GN name the therapy discipline) */
      modifiers: z.array(z.string()).optional(),
      /** the line's two-digit CMS place-of-service code ("11" office, "22" hospital outpatient), when read */
      place_of_service: z.string().nullable().optional(),
      /** the line's billed units, when read (supply replacement schedules count them) */
      units: z.number().nullable().optional(),
      claim_lines: z.array(
        z.object({
          code: z.string().nullable(),
          date_of_service: z.string().nullable(),
          modifiers: z.array(z.string()).optional(),
          units: z.number().nullable().optional(),
        }),
      ),
      /**
       * the member's earlier paid service lines (the claims history) of the policy's codes, when the
       * intake could look them up; absent when it could not (a frequency rule then cannot be counted)
       */
      prior_lines: z
        .array(z.object({ code: z.string(), date_of_service: z.string(), modifiers: z.array(z.string()).optional(), units: z.number(), source: z.string() }))
        .optional(),
      /** the ICD-10-CM codes the line's diagnosis pointers (item 24E) point to, when read */
      diagnosis_codes: z.array(z.string()).optional(),
    })
    .optional(),
});
export type CaseFacts = z.infer<typeof CaseFactsSchema>;

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Plan data

export const RosterMemberSchema = z.object({
  member_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  birth_date: z.string(),
  gender: z.string().nullable(),
  plan_identification: z.string().nullable(),
  coverage_start: z.string(),
  coverage_end: z.string().nullable(),
});
export type RosterMember = z.infer<typeof RosterMemberSchema>;

export const FormularyRowSchema = z.object({
  drug_name: z.string(),
  ndc: z.string().nullable(),
  tier: z.number().nullable(),
  requires_prior_auth: z.boolean(),
  quantity_limit: z.object({ amount: z.number(), unit: z.string(), period_days: z.number() }).nullable(),
  quantity_limit_note: z.string().nullable().optional(),
  step_therapy: z.array(z.object({ drug_name: z.string(), duration_days: z.number() })),
});
export type FormularyRow = z.infer<typeof FormularyRowSchema>;

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Criteria: what a policy requires, in a form the evaluator can check

/**
 * How sure the policy reader is that the criterion says what the policy says.
 * high: a known sentence pattern with every part read; medium: the requirement is read but a
 * qualifier may be missed (documentation requirements, findings); low: a guess.
 * Only `high` criteria may deny (docs/clinical/decision-semantics.md).
 */
export const ParseConfidenceSchema = z.enum(["high", "medium", "low"]);
export type ParseConfidence = z.infer<typeof ParseConfidenceSchema>;

export const ComparatorSchema = z.enum([">=", ">", "<=", "<", "between"]);
export type Comparator = z.infer<typeof ComparatorSchema>;

const base = {
  /** the policy's wording of this criterion */
  text: z.string(),
  /** "Note:" text printed under it */
  note: z.string().optional(),
  /** where in the policy it came from */
  passage: CitationSchema.nullable().optional(),
  confidence: ParseConfidenceSchema.default("high"),
  /**
   * a requirement written for one form of the indication only ("For non-radiographic axial
   * spondyloarthritis only: objective signs of inflammation"): it applies when the request's
   * diagnosis is one of these conditions, and is met (does not apply) when the diagnosis is known and
   * is not
   */
  applies_to: z.array(z.string()).optional(),
  /**
   * the ages the requirement is asked at ("Patients 40 years of age or older ONLY: Has a PSA …"):
   * `min_years` inclusive, `max_years` exclusive; met (does not apply) when the patient's age on the
   * request date is known and outside, judged as written otherwise
   */
  applies_age: z.object({ min_years: z.number().optional(), max_years: z.number().optional() }).optional(),
  /**
   * the service codes (CPT/HCPCS) the section it sits under names ("Attended Polysomnography: CPT
   * 95810, 95811", "Codes: CPT 93306, 93307"): it applies only to a service line billing one of them;
   * absent when its section names no code (it applies to every line under the policy)
   */
  codes: z.array(z.string()).optional(),
};

const drugSet = {
  /** lower-case generic or brand names */
  drugs: z.array(z.string()),
  /** drug class names of the vocabulary (app/clinical/vocabulary/drugs.ts) */
  classes: z.array(z.string()),
};

export const MinDoseSchema = z.object({ drug: z.string().nullable(), mg: z.number(), per: z.enum(["day", "week"]) });

export type Criterion =
  | {
      kind: "all";
      items: Criterion[];
      text: string;
      note?: string;
      passage?: Citation | null;
      confidence: ParseConfidence;
      applies_to?: string[];
      applies_age?: { min_years?: number; max_years?: number };
      codes?: string[];
    }
  | {
      kind: "any";
      items: Criterion[];
      min?: number;
      text: string;
      note?: string;
      passage?: Citation | null;
      confidence: ParseConfidence;
      applies_to?: string[];
      applies_age?: { min_years?: number; max_years?: number };
      codes?: string[];
    }
  | z.infer<typeof LeafCriterionSchema>;

const AgeSchema = z.object({
  kind: z.literal("age"),
  ...base,
  min_years: z.number().optional(),
  min_months: z.number().optional(),
  max_years: z.number().optional(),
  /** the row is for one sex only ("Male, 18 or older" in a class document's row for BPH) */
  sex: z.enum(["male", "female"]).optional(),
});
const DiagnosisSchema = z.object({
  kind: z.literal("diagnosis"),
  ...base,
  conditions: z.array(z.string()),
  icd10: z.array(z.string()),
  phrases: z.array(z.string()),
});
const PrescriberSchema = z.object({
  kind: z.literal("prescriber"),
  ...base,
  specialties: z.array(z.string()),
  /** a specialty per indication ("an allergist (asthma), a dermatologist (urticaria)"): only the request's own indication's entry counts */
  by_condition: z.array(z.object({ conditions: z.array(z.string()), specialties: z.array(z.string()) })).optional(),
});
const PriorTherapyCriterionSchema = z.object({
  kind: z.literal("prior_therapy"),
  ...base,
  ...drugSet,
  /** drugs the policy says do not count */
  excluded_drugs: z.array(z.string()),
  /** minimum trial length in days, null when the policy names none */
  min_days: z.number().nullable(),
  /** a minimum trial length per agent ("Levetiracetam | 8 weeks", "Lamotrigine | 12 weeks"): an agent listed here is held to its own length, not `min_days` */
  min_days_by_drug: z.array(z.object({ drug: z.string(), days: z.number() })).optional(),
  /** number of different agents (or classes with `different_classes`) required */
  count: z.number().int().min(1),
  different_classes: z.boolean(),
  /** every named class is required ("a statin plus ezetimibe") */
  all_classes: z.boolean(),
  /** "an ICS plus a second controller (LABA, LAMA or LTRA)": every group needed, any class within one */
  class_groups: z.array(z.array(z.string())).optional(),
  allow_intolerance: z.boolean(),
  allow_contraindication: z.boolean(),
  /** only intolerance satisfies it ("intolerance to two statins") */
  require_intolerance: z.boolean(),
  min_dose: z.array(MinDoseSchema).optional(),
  /** topical corticosteroids: the lowest potency that counts ("medium- to super-high-potency TCS") */
  min_potency: z.enum(["low", "medium", "high", "super-high"]).optional(),
  /**
   * the requirement is that the member has NOT received it ("has not received prior PD-1 or PD-L1
   * inhibitor therapy"): met only on a statement of its absence, never failed on a documented dose
   * (which may be the requested drug itself)
   */
  absent: z.boolean().optional(),
  /**
   * the therapies must be current ("Currently receiving at least TWO PAH therapies …, each at a stable
   * dose for at least 90 days"): a course documented as stopped never counts
   */
  current: z.boolean().optional(),
});
const ContraindicationSchema = z.object({ kind: z.literal("contraindication"), ...base, ...drugSet, phrases: z.array(z.string()) });
const CurrentTherapySchema = z.object({ kind: z.literal("current_therapy"), ...base, ...drugSet });
/** "not used together with another biologic": met unless ongoing use of the drugs is documented */
const NoConcurrentSchema = z.object({ kind: z.literal("no_concurrent"), ...base, ...drugSet });
const LabSchema = z.object({
  kind: z.literal("lab"),
  ...base,
  measure: z.string(),
  op: ComparatorSchema,
  value: z.number(),
  /** upper bound for op "between" (inclusive) */
  value_max: z.number().optional(),
  unit: z.string().nullable(),
  /** the result must be dated within this many days before the request */
  within_days: z.number().nullable(),
  /** only a value measured before therapy counts ("untreated LDL-C") */
  baseline: z.boolean().optional(),
  /**
   * the threshold is relative to the normal range ("ALT above 2 x ULN"): `value` is the multiple of the
   * upper ("upper") or lower ("lower") limit, or the whole range ("range", "within normal limits"); the
   * limits are those printed beside the result, or the policy's own (`uln`)
   */
  relative: z.enum(["upper", "lower", "range"]).optional(),
  /** the policy's own upper limit of normal for the measure, overall or by sex ("ULN for ALT is 35 U/L for men and 25 U/L for women") */
  uln: z.object({ any: z.number().optional(), male: z.number().optional(), female: z.number().optional() }).optional(),
  /**
   * the setting the value must be measured in ("SpO2 at or below 88% at rest, breathing room air",
   * "… during exercise", "… at rest, during exercise or during sleep"): a value counts only when the
   * line it is read from names one of these states and no other, and names room air when that is set
   */
  context: z.object({ states: z.array(z.enum(["rest", "exercise", "sleep"])), room_air: z.boolean() }).optional(),
  /**
   * the value must be read from this test's report (vocabulary/tests.ts name): "a resting heart rate of
   * 70 bpm or more, documented on a 12-lead ECG" is never met by an office pulse
   */
  on_test: z.string().optional(),
  /**
   * that many separate results must each meet the threshold ("two total testosterone levels below
   * 300 ng/dL"); absent for one
   */
  count: z.number().int().min(2).optional(),
  /**
   * the policy sets how a result counts in words the engine does not check ("each drawn in the
   * morning (before 10:00 AM)", "fasting", "off therapy"): a result never meets it unread
   */
  collection: z.string().optional(),
});
/**
 * A test with a qualitative or thresholded result, possibly repeated: "negative TB test within 12
 * months", "two GH stimulation tests each with peak < 10 ng/mL", "positive skin test to an aeroallergen".
 */
const TestResultSchema = z.object({
  kind: z.literal("test_result"),
  ...base,
  /** canonical test name of the vocabulary (app/clinical/vocabulary/tests.ts) */
  test: z.string(),
  count: z.number().int().min(1),
  result: z.enum(["negative", "positive", "abnormal", "any"]),
  threshold: z.object({ op: ComparatorSchema, value: z.number(), unit: z.string().nullable() }).nullable(),
  within_days: z.number().nullable(),
});
const QuantityLimitSchema = z.object({ kind: z.literal("quantity_limit"), ...base, amount: z.number(), unit: z.string(), period_days: z.number() });
/** a dose ceiling; null amounts when the policy's ceiling is not a single readable amount (weight bands, "labeled dose") */
const DoseLimitSchema = z.object({
  kind: z.literal("dose_limit"),
  ...base,
  max_mg: z.number().nullable(),
  per_days: z.number().nullable(),
  /**
   * a ceiling per administration read from a policy's maximum-dose table (dose-ceilings.ts): mg per kg
   * of the member's weight ("5 mg/kg"), optionally capped (`max_mg`) and rounded up to whole vials of
   * `vial_mg`; `unit_mg` is the mg one HCPCS billing unit holds ("10 mg = 1 unit"), used to read a
   * service line's units as a dose; `population` limits the row to adults (18+) or children (<18)
   */
  mg_per_kg: z.number().nullable().optional(),
  vial_mg: z.number().nullable().optional(),
  unit_mg: z.number().nullable().optional(),
  population: z.enum(["adult", "pediatric"]).nullable().optional(),
});
/** exclusion list entry: the request is for this use (unless one of `unless_*` is diagnosed) */
const ExcludedUseSchema = z.object({
  kind: z.literal("excluded_use"),
  ...base,
  conditions: z.array(z.string()),
  icd10: z.array(z.string()),
  phrases: z.array(z.string()),
  unless_conditions: z.array(z.string()),
  unless_icd10: z.array(z.string()),
  /** severity words the exclusion names ("mild Crohn's disease"): it applies only to a request describing that severity */
  severity: z.array(z.string()).optional(),
});
/**
 * A documented clinical fact the reader identified by its key concepts (each concept: synonyms);
 * met when one fax sentence affirms every concept, never failed by absence.
 */
const DocumentationSchema = z.object({ kind: z.literal("documentation"), ...base, concepts: z.array(z.array(z.string())), absence: z.boolean() });
/**
 * Continuation (renewal) criteria: "the patient is currently receiving the drug" — met when the
 * request documents ongoing use of the requested drug; never failed by absence.
 */
const OnTherapySchema = z.object({
  kind: z.literal("on_therapy"),
  ...base,
  /**
   * "established on therapy for at least 90 days", "has been receiving the drug for at least 3 months":
   * the least time (days) the member must have been on the requested drug
   * by the request date. Months count as 31 days and years as 366 (never fewer days than the calendar
   * period). Null/absent: current use alone.
   */
  min_days: z.number().int().positive().nullable().optional(),
});
/**
 * Continuation criteria: "documentation of a positive clinical response" — met by a quoted statement
 * of improvement on the requested drug; never failed by absence (a lack of response is a reviewer's call).
 */
const ResponseSchema = z.object({ kind: z.literal("response"), ...base });
/**
 * "Requested for the acute treatment of migraine attacks", "used for prophylaxis": the use the drug
 * is requested for (app/clinical/vocabulary/use-modes.ts), read from how the request says it is taken.
 */
const UseModeSchema = z.object({ kind: z.literal("use_mode"), ...base, mode: z.enum(["acute", "preventive"]) });
/**
 * A benefit visit maximum ("The visit falls within the calendar-year maximum" beside a benefit table
 * row "Speech therapy | 92507, 92508 | 20 visits"): each entry gives the service codes that share one
 * maximum and the number of visits (one date of service = one visit). Judged on a service line: the
 * visits used in the period before the claim (as the request documents them) plus the claim's own
 * distinct dates of service of those codes up to the line's date; met within the maximum, failed
 * beyond it, never judged without a documented count. Source: the plan's benefit rule sheet.
 */
const VisitLimitSchema = z.object({
  kind: z.literal("visit_limit"),
  ...base,
  limits: z.array(z.object({ codes: z.array(z.string()), max: z.number().int().min(1), text: z.string() })),
  /** "calendar year", "plan year", "benefit year" */
  period: z.string(),
});
/**
 * A code the policy says is included in other codes and not reported or paid separately ("Imaging
 * guidance (CPT 77003) is included in 64490-64495 and must not be reported separately"): `codes`
 * (Base.codes) are the included codes, `included_in` the codes or ranges they are included in. Judged
 * on a service line: failed when the claim bills one of `included_in` on the line's date of service,
 * never judged otherwise (policy/bundled-codes.ts). Source: CMS NCCI policy manual, as the policy states it.
 */
const BundledCodeSchema = z.object({
  kind: z.literal("bundled_code"),
  ...base,
  included_in: z.array(z.string()),
  /**
   * dates the bundling reaches before the procedure's date ("on the day of surgery or the day before":
   * 1): the line is bundled when a code it is included in is billed on its date or up to this many
   * days after it, and is paid on its own when that procedure is on the claim on another date
   */
  days_before: z.number().int().min(0).optional(),
  /**
   * modifiers that take the line out of the bundling ("… or without modifier 59 / XS, is included in
   * the CMT and is denied"): a line carrying one is left to a reviewer (whether the service was
   * distinct is not read), a line without any is bundled
   */
  unless_modifiers: z.array(z.string()).optional(),
});
/**
 * A billing article's list of ICD-10-CM codes that support medical necessity for its codes (Base.codes),
 * with its statement that a line whose diagnosis is not listed is denied: judged on the diagnoses the
 * service line points to (item 24E), failed only when every one is read and none is listed
 * (policy/bundled-codes.ts lineDiagnosisRules).
 */
const LineDiagnosisSchema = z.object({ kind: z.literal("line_diagnosis"), ...base, icd10: z.array(z.string()) });
/**
 * A supply replacement schedule row ("A7035 Headgear … 1 per 6 months") under the policy's statement
 * that a supply furnished before its replacement interval has elapsed is not covered: at most `max`
 * units of the code (Base.codes) per `every` `unit`s, counted back from the line's date of service
 * over the same item's earlier furnishings the request documents (a supply history row, an earlier
 * line of the claim). Judged as an exclusion of the line: applies only on a documented earlier
 * furnishing inside the interval, never when the record mentions a lost, stolen or damaged item and
 * the policy excepts those (`loss_exception`) (policy/replacement-intervals.ts).
 */
const ReplacementIntervalSchema = z.object({
  kind: z.literal("replacement_interval"),
  ...base,
  max: z.number().int().min(1),
  every: z.number().int().min(1),
  unit: z.enum(["day", "week", "month", "year"]),
  loss_exception: z.boolean(),
});
/**
 * A frequency limit over a rolling window that names a procedure ("Thermal RFA is limited to a maximum
 * of two (2) sessions per rolling 12 months per spinal region"): `codes` (Base.codes) are the
 * procedure's codes as the policy reports them, `procedure` the words a record uses for it ("radiofrequency
 * ablation"), `max` the sessions allowed in `window_months` counted back from the line's date of service
 * (one date = one session). With `per_region`, only sessions of the line's spinal region count
 * (`regions`: code → region from the policy's code table). Judged as an exclusion of the line: applies
 * when the request documents more than `max` sessions in the window with this one
 * (policy/session-limits.ts).
 */
const SessionLimitSchema = z.object({
  kind: z.literal("session_limit"),
  ...base,
  max: z.number().int().min(1),
  window_months: z.number().int().min(1),
  procedure: z.array(z.string()),
  per_region: z.boolean(),
  regions: z.record(z.string(), z.string()),
});
/**
 * "Total lifetime use of parathyroid hormone analogs (teriparatide and abaloparatide, all products and
 * all payers) will not exceed 24 months, counting the months requested": a cap of `max_days` on the
 * sum of every course of `drugs` (generic names), past and requested (review/evaluate.ts).
 */
const CumulativeLimitSchema = z.object({ kind: z.literal("cumulative_limit"), ...base, drugs: z.array(z.string()), max_days: z.number().int().min(1) });
/**
 * A coding rule the policy states for a service line, with its statement that a line billed against
 * it is denied: modifiers that must not be appended to the codes (Base.codes) ("Modifiers 50, RT and
 * LT must not be appended to 64615; a 64615 line billed with modifier 50, RT or LT is denied as
 * incorrectly coded"), and/or a maximum of units per date of service ("The maximum is 200 units per
 * date of service … A J0585 line whose units exceed the per-date-of-service maximum is denied in
 * full"). Judged as an exclusion of the line on its own modifiers and units (policy/line-billing-rules.ts).
 */
const LineBillingSchema = z.object({
  kind: z.literal("line_billing"),
  ...base,
  /** modifiers the codes must not carry (two characters each, upper case); [] when the rule sets none */
  modifiers: z.array(z.string()),
  /** units of the codes allowed per date of service; null when the rule sets none */
  max_units_per_date: z.number().int().min(1).nullable(),
  /** units of the codes allowed per month ("no more than 15 sets per month … a line whose units exceed … is denied") */
  max_units_per_month: z.number().int().min(1).optional(),
  /** modifiers the codes' lines must carry ("lines billed without a KX modifier are denied") */
  required_modifiers: z.array(z.string()).optional(),
  /** a code that must be billed for the same month for the line to be covered ("supplies are covered only for a month in which the X rental is covered") */
  companion_code: z.string().optional(),
  /**
   * the policy denies every line of the codes, unconditionally ("A line reporting V2787 or V2788 is
   * denied", "V2787 is a non-covered convenience item") (policy/claim-line-sentences.ts)
   */
  denied_line: z.boolean().optional(),
});
/**
 * A billing note's frequency rule on its own codes ("Biometry (92136, 76519) is reimbursed once per
 * eye in a 12-month period, counted from the member's claims history"): at most `max` lines of the
 * codes (Base.codes) per `window_days` days, counted back from the line's date of service over the
 * claim's lines and the member's claims history (`service_line.prior_lines`); with `per_side`, only
 * lines of the line's own side (RT / LT; 50 counts for both). Judged as a requirement of the line:
 * met when the count with this line is within `max`, failed only when typed history and claim lines
 * clearly exceed it (policy/code-frequency.ts).
 */
const CodeFrequencySchema = z.object({
  kind: z.literal("code_frequency"),
  ...base,
  max: z.number().int().min(1),
  window_days: z.number().int().min(1),
  per_side: z.boolean(),
  /**
   * counted over the calendar year of the line's date of service (January 1 up to it) instead of
   * `window_days` back ("limited to 20 visits per member per calendar year")
   */
  calendar_year: z.boolean().optional(),
  /** the rule counts visits: one date of service is one visit, whatever the lines billed on it */
  visits: z.boolean().optional(),
});
/**
 * A policy's exclusion of a tissue removal below its sliding-scale minimum by body-surface area
 * ("Planned removal (on a claim, the specimen weight) for either breast below the table minimum for
 * the member's BSA … is not covered"): `rows` the table (BSA m2 range → minimum grams per breast,
 * `max` null for "and above"), `mosteller` whether the policy states the Mosteller formula, so that
 * the BSA may be computed from the record's height and weight. Judged per side of the line
 * (policy/resection-table.ts, review/resection-minimum.ts).
 */
const ResectionMinimumSchema = z.object({
  kind: z.literal("resection_minimum"),
  ...base,
  rows: z.array(z.object({ min: z.number(), max: z.number().nullable(), grams: z.number() })),
  mosteller: z.boolean(),
});
/** A policy sentence the reader did not understand: always needs human review, never met. */
const HumanReviewSchema = z.object({ kind: z.literal("human_review"), ...base, why: z.string() });

export const LeafCriterionSchema = z.discriminatedUnion("kind", [
  AgeSchema,
  DiagnosisSchema,
  PrescriberSchema,
  PriorTherapyCriterionSchema,
  ContraindicationSchema,
  CurrentTherapySchema,
  NoConcurrentSchema,
  LabSchema,
  TestResultSchema,
  QuantityLimitSchema,
  DoseLimitSchema,
  ExcludedUseSchema,
  BundledCodeSchema,
  LineDiagnosisSchema,
  ReplacementIntervalSchema,
  SessionLimitSchema,
  LineBillingSchema,
  DocumentationSchema,
  OnTherapySchema,
  ResponseSchema,
  UseModeSchema,
  VisitLimitSchema,
  CumulativeLimitSchema,
  CodeFrequencySchema,
  ResectionMinimumSchema,
  HumanReviewSchema,
]);

const GroupSchema: z.ZodType<Criterion> = z.lazy(() =>
  z.union([
    z.object({ kind: z.literal("all"), items: z.array(CriterionSchema), ...base }),
    z.object({ kind: z.literal("any"), items: z.array(CriterionSchema), min: z.number().int().min(1).optional(), ...base }),
  ]),
) as z.ZodType<Criterion>;

/** Every criterion kind; `all` / `any` nest. */
export const CriterionSchema: z.ZodType<Criterion> = z.lazy(() => z.union([LeafCriterionSchema, GroupSchema])) as z.ZodType<Criterion>;
export type CriterionKind = Criterion["kind"];
export type CriterionOf<K extends CriterionKind> = Extract<Criterion, { kind: K }>;

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Policy model and decision tree

export const IndicationMatchSchema = z.object({
  conditions: z.array(z.string()),
  icd10: z.array(z.string()),
  phrases: z.array(z.string()),
});
export type IndicationMatch = z.infer<typeof IndicationMatchSchema>;

/** One passage of a policy the reader could not turn into criteria (shown to the policy author). */
export const UnreadPassageSchema = z.object({ text: z.string(), passage: CitationSchema.nullable(), why: z.string() });
export type UnreadPassage = z.infer<typeof UnreadPassageSchema>;

export interface PolicyIndication {
  title: string;
  match: IndicationMatch;
  /** false when the indication could not be tied to a condition (e.g. "all FDA-approved indications") */
  understood: boolean;
  /**
   * true when the condition was inferred (from a diagnosis requirement among the criteria, or the
   * policy's title) rather than read from the policy's own indication heading or lead sentence: the
   * reader may have missed other covered indications, so a diagnosis outside it is never a clear
   * "not covered" (review-case.ts)
   */
  inferred?: boolean;
  /**
   * true when the path is a section headed by drug names and no condition ("For <drug> - initial
   * requests"): it is the path of the drugs it names (policy/drug-sections.ts), understood only for a
   * request of one of them (review-case.ts)
   */
  drug_scoped?: boolean;
  /** all required */
  criteria: Criterion[];
  duration: string | null;
  passage: Citation | null;
  /**
   * Continuation (reauthorization) criteria of this indication, when the policy states them and the
   * reader parsed them: a request explicitly marked as a continuation is judged by these instead of
   * the initial-therapy criteria (the policy's own rule; see compile-tree.ts).
   */
  continuation?: { criteria: Criterion[]; passage: Citation | null; duration: string | null } | null;
}

/** The policy reader's output, before it is laid out as a tree. */
export interface PolicyModel {
  title: string;
  style: "part_d_table" | "pbm_outline" | "clinical_policy" | "criteria_list" | "step_therapy" | "quantity_limit" | "generic";
  indications: PolicyIndication[];
  /** criteria every indication requires ("For ALL indications: ...", age/prescriber rows without a scope) */
  common: Criterion[];
  exclusions: Criterion[];
  /** renewal / continuation passages, kept apart and never applied to initial requests */
  continuation: UnreadPassage[];
  /** passages that read as requirements but were not understood */
  unread: UnreadPassage[];
  /**
   * conditions the policy names anywhere outside its exclusion entries (indications, notes, uses not
   * subject to PA): a diagnosis named here is never "clearly not covered" on the reader's indication
   * list alone, since the reader may have missed where the policy covers it
   */
  named_conditions?: string[];
}

/**
 * `TreeNode.criterion`: the typed criterion of a question node plus its role in the tree.
 * `source_text` is the node question the criterion was read from; when an author edits the
 * question, the engine re-reads it (a question it cannot read becomes human review).
 */
export const NodeCriterionSchema = z.union([
  z.object({
    role: z.literal("indication"),
    kind: z.literal("indication"),
    branches: z.array(
      z.object({
        title: z.string(),
        understood: z.boolean().default(true),
        /** the condition was inferred (from a diagnosis requirement or the policy title), not read from an indication heading or lead */
        inferred: z.boolean().optional(),
        /** a section headed by drug names and no condition (PolicyIndication.drug_scoped) */
        drug_scoped: z.boolean().optional(),
        ...IndicationMatchSchema.shape,
      }),
    ),
    /** PolicyModel.named_conditions (absent on trees read before it existed and on hand-made trees) */
    named_conditions: z.array(z.string()).optional(),
  }),
  z.object({
    /** "continuation": the question whether the request is a continuation (reauthorization) of therapy */
    role: z.enum(["criterion", "exclusion", "continuation"]),
    branch: z.string().nullable().optional(),
    source_text: z.string().optional(),
    spec: CriterionSchema,
  }),
]);
export type NodeCriterion = z.infer<typeof NodeCriterionSchema>;

export const TreeNodeSchema = z.object({
  id: z.string().min(1),
  node_type: z.enum(["question", "action"]),
  /** criterion text, or the action label */
  question: z.string().min(1),
  /** why this node exists / approval duration etc. */
  reason: z.string().nullable(),
  node_action: z.enum(["approved", "denied"]).nullable(),
  /** answer on the edge from the parent ("Yes", "No", "Rheumatoid arthritis") */
  condition: z.string().nullable(),
  parent_id: z.string().nullable(),
  /** machine-readable criterion (see NodeCriterionSchema); null for actions and hand-made nodes */
  criterion: z.record(z.string(), z.unknown()).nullable(),
  passage: CitationSchema.nullable(),
});
export type TreeNode = z.infer<typeof TreeNodeSchema>;

export const TreeEdgeSchema = z.object({ source: z.string().min(1), target: z.string().min(1), condition: z.string().nullable() });
export type TreeEdge = z.infer<typeof TreeEdgeSchema>;

export interface DecisionTree {
  title: string;
  drug_names: string[];
  nodes: TreeNode[];
  edges: TreeEdge[];
  /** passages the reader did not understand (optional: hand-made trees have none) */
  unread?: UnreadPassage[];
  /** the policy's published tree version this tree was read at (trees loaded from the database) */
  version?: number | null;
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Review, eligibility, audit, decision

export const CriterionOutcomeSchema = z.enum(["met", "not_met", "insufficient"]);
export type CriterionOutcome = z.infer<typeof CriterionOutcomeSchema>;

export const CriterionResultSchema = z.object({
  node_id: z.string(),
  question: z.string(),
  outcome: CriterionOutcomeSchema,
  reason: z.string(),
  citations,
  /** "direct": a fax passage states it; "inferred": concluded from absence; "none": nothing found */
  evidence: z.enum(["direct", "inferred", "none"]).optional(),
  /** the policy reader's confidence in the criterion (see ParseConfidence) */
  confidence: ParseConfidenceSchema.optional(),
  /** what to ask the prescriber for when the outcome is insufficient */
  missing: z.string().nullable().optional(),
  /**
   * what a clear failure rests on (decide/confidence.ts): "measured" a value compared against a
   * threshold or a count against a limit, "stated" a documented fact of therapy, use or prescriber,
   * "read" the reading of a diagnosis or of documentation words
   */
  basis: z.enum(["measured", "stated", "read"]).optional(),
});
export type CriterionResult = z.infer<typeof CriterionResultSchema>;

export const TraversalStepSchema = z.object({
  node_question_or_action: z.string(),
  node_answer: z.string(),
  next_node: z.string().nullable(),
});
export type TraversalStep = z.infer<typeof TraversalStepSchema>;

export const ReviewPathSchema = z.object({ title: z.string(), outcome: CriterionOutcomeSchema, criteria: z.array(CriterionResultSchema) });

export const ReviewResultSchema = z.object({
  policy_id: z.string().nullable(),
  /** one entry per applicable root→approved path (per indication in generated trees) */
  paths: z.array(ReviewPathSchema),
  traversal: z.array(TraversalStepSchema),
  /** exclusion checks; outcome "met" means the exclusion APPLIES */
  exclusions: z.array(CriterionResultSchema).optional(),
  indication: z
    .object({
      status: z.enum(["matched", "single", "no_diagnosis", "not_covered", "unknown"]),
      branches: z.array(z.object({ title: z.string(), score: z.number(), citation: CitationSchema.nullable() })),
    })
    .optional(),
  /** the walk's verdict over the tree's leaves (see app/clinical/review/walk-tree.ts) */
  verdict: z
    .object({
      approved: z.boolean(),
      denied: z.boolean(),
      /** node ids whose unknown answers keep an approval open */
      open_nodes: z.array(z.string()),
    })
    .optional(),
});
export type ReviewResult = z.infer<typeof ReviewResultSchema>;

export const EligibilityResultSchema = z.object({
  /** null: cannot be determined */
  eligible: z.boolean().nullable(),
  member: RosterMemberSchema.nullable(),
  reason: z.string(),
  formulary: FormularyRowSchema.nullable(),
  citations,
  /**
   * "clear" when an `eligible: false` rests on a positively identified member (or an identity read
   * cleanly and absent from the roster) and a request date read from the fax, not a birth date.
   */
  certainty: z.enum(["clear", "uncertain"]).optional(),
  /** how the member was matched ("id", "id+identity", "identity") */
  match: z.string().nullable().optional(),
  /** true when the plan has a formulary to check the drug against (so `formulary: null` means "not on it") */
  formulary_known: z.boolean().optional(),
});
export type EligibilityResult = z.infer<typeof EligibilityResultSchema>;

export const AuditFindingSchema = z.object({
  check: z.string().min(1),
  passed: z.boolean().nullable(),
  severity: z.enum(["info", "warning", "blocking"]),
  message: z.string(),
  citations,
});
export type AuditFinding = z.infer<typeof AuditFindingSchema>;

export const FinalDecisionSchema = z.enum(["approved", "denied", "needs_more_information"]);
export type FinalDecision = z.infer<typeof FinalDecisionSchema>;

export const DecisionResultSchema = z.object({
  final_decision: FinalDecisionSchema,
  confidence_score: z.number().min(0).max(1),
  ai_summary: z.string(),
  rationale: z.string(),
  citations,
  decision_tree_traversal: z.array(TraversalStepSchema),
  /** what outreach to the prescriber would ask for (needs_more_information) */
  missing_items: z.array(z.string()).optional(),
  /** the decision rule that decided (docs/clinical/decision-semantics.md) */
  rule: z.string().optional(),
  /** a misdirected request (another payer's, or no request): where it goes instead of a decision */
  routing: z
    .object({ kind: z.enum(["other_payer", "not_a_request"]), payer: z.string().nullable(), action: z.string() })
    .nullable()
    .optional(),
});
export type DecisionResult = z.infer<typeof DecisionResultSchema>;

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Medical services (claims and medical PA requests): one line per requested service

export const ServiceCategorySchema = z.enum(["advanced_imaging", "dme", "outpatient_surgery", "infusion", "physical_therapy", "other"]);
export type ServiceCategory = z.infer<typeof ServiceCategorySchema>;

/** One service line of a claim or medical request, every field as read from the fax. */
export const ServiceLineSchema = z.object({
  /** 1-based, in the order written */
  line_number: z.number().int().min(1),
  /** 5-character HCPCS Level II (letter + 4 digits) or CPT (5 digits, or 4 digits + F/T/U) code */
  code: z.string().nullable(),
  description: z.string().nullable(),
  category: ServiceCategorySchema,
  /** billed or requested units (1 when the line states none) */
  units: z.number().nullable(),
  /** YYYY-MM-DD, the first date of service (planned date on a request) */
  date_of_service: isoDate.nullable(),
  date_of_service_end: isoDate.nullable(),
  /** CMS two-digit place-of-service code ("11" office, "22" outpatient hospital, "12" home …) */
  place_of_service: z.string().nullable(),
  /** the site of care as written ("hospital outpatient", "ambulatory surgery center", "home") */
  site_of_care: z.string().nullable(),
  modifiers: z.array(z.string()),
  ordering_provider: z.string().nullable(),
  rendering_provider: z.string().nullable(),
  /**
   * the ICD-10-CM codes (dotted) the line's diagnosis pointers (CMS-1500 item 24E) point to, in
   * pointer order, when the pointers were read; absent when the line has no pointer read
   */
  diagnosis_codes: z.array(z.string()).optional(),
  citations,
});
export type ServiceLine = z.infer<typeof ServiceLineSchema>;

/** The decision on one service line (same rules and shape as a request's decision). */
export interface ServiceLineResult {
  line: ServiceLine;
  policyId: string | null;
  tree: DecisionTree | null;
  review: ReviewResult | null;
  decision: DecisionResult;
}
