/**
 * Small dictionaries behind the built-in synthetic PA generator: requestable drug products (with
 * illustrative NDCs and typical dispensing), indications (ICD-10-CM, specialty, usual step therapy,
 * usual labs and note snippets), prior-therapy drugs with typical doses, and name/place pools.
 * NDCs are illustrative 5-4-2 codes for demo content only.
 */

export interface DrugProduct {
  brand: string;
  generic: string;
  /** other names that identify the product in free text (lower-case) */
  aliases: string[];
  display: string;
  strength: string;
  ndc: string;
  quantity: number;
  unit: string;
  days_supply: number;
  sig: string;
  duration_months: number;
  indication: IndicationKey;
  /** biologic / targeted drug (for combination-therapy questions) */
  targeted: boolean;
  /** per-indication product overrides (e.g. IV induction for Crohn's disease) */
  variants?: Partial<Record<IndicationKey, Partial<Omit<DrugProduct, "variants">>>>;
}

export type IndicationKey =
  | "ra" | "psoriasis" | "psa" | "as" | "crohns" | "uc" | "t2dm" | "obesity" | "atopic_dermatitis" | "asthma" | "migraine" | "hyperlipidemia";

export interface LabTemplate {
  name: string;
  /** normal/abnormal value used by default */
  value: string;
  unit: string;
  reference_range: string;
  flag: "H" | "L" | "A" | null;
  /** the lab the indication's policy usually hinges on (dropped / aged by "missing labs" hints) */
  key?: boolean;
  /** a TB screening test */
  tb?: boolean;
}

export interface Indication {
  key: IndicationKey;
  label: string;
  patterns: RegExp[];
  code: string;
  description: string;
  specialty: string;
  /** conventional therapy tried first: [drug, typical dose] */
  step: [string, string][];
  labs: LabTemplate[];
  /** sentence fragments for the note */
  severity: string;
  exam: string;
  /** typical age range of patients */
  ages: [number, number];
}

export const INDICATIONS: Indication[] = [
  {
    key: "ra", label: "rheumatoid arthritis", patterns: [/rheumatoid arthritis/i, /\bRA\b/],
    code: "M05.79", description: "Rheumatoid arthritis with rheumatoid factor of multiple sites without organ or systems involvement",
    specialty: "Rheumatology", step: [["methotrexate", "20 mg PO weekly"], ["hydroxychloroquine", "200 mg PO BID"]],
    labs: [
      { name: "C-reactive protein", value: "1.9", unit: "mg/dL", reference_range: "<0.5", flag: "H", key: true },
      { name: "Sed rate (ESR)", value: "42", unit: "mm/hr", reference_range: "0-30", flag: "H" },
      { name: "Rheumatoid factor", value: "86", unit: "IU/mL", reference_range: "<14", flag: "H" },
      { name: "QuantiFERON-TB Gold Plus", value: "Negative", unit: "", reference_range: "Negative", flag: null, tb: true },
    ],
    severity: "persistent synovitis with moderate-to-high disease activity (CDAI 28)",
    exam: "Synovitis of bilateral MCP and PIP joints and wrists; 6 swollen / 9 tender joints.", ages: [35, 70],
  },
  {
    key: "psa", label: "psoriatic arthritis", patterns: [/psoriatic arthritis/i, /\bPsA\b/],
    code: "L40.50", description: "Arthropathic psoriasis, unspecified", specialty: "Rheumatology",
    step: [["methotrexate", "20 mg PO weekly"]],
    labs: [
      { name: "C-reactive protein", value: "1.4", unit: "mg/dL", reference_range: "<0.5", flag: "H", key: true },
      { name: "QuantiFERON-TB Gold Plus", value: "Negative", unit: "", reference_range: "Negative", flag: null, tb: true },
    ],
    severity: "active dactylitis and enthesitis with 5 swollen joints", exam: "Dactylitis of the left 2nd toe, Achilles enthesitis, scattered psoriatic plaques.", ages: [30, 65],
  },
  {
    key: "psoriasis", label: "plaque psoriasis", patterns: [/plaque psoriasis/i, /\bpsoriasis\b/i, /\bPsO\b/],
    code: "L40.0", description: "Psoriasis vulgaris", specialty: "Dermatology",
    step: [["methotrexate", "15 mg PO weekly"], ["clobetasol 0.05% ointment", "BID to plaques"]],
    labs: [
      { name: "QuantiFERON-TB Gold Plus", value: "Negative", unit: "", reference_range: "Negative", flag: null, tb: true, key: true },
      { name: "ALT", value: "27", unit: "U/L", reference_range: "7-52", flag: null },
    ],
    severity: "plaques on elbows, knees, trunk and scalp involving about 14% BSA (PASI 15.2)", exam: "Thick erythematous scaly plaques on elbows, knees, trunk and scalp; BSA 14%, PASI 15.2.", ages: [25, 65],
  },
  {
    key: "as", label: "ankylosing spondylitis", patterns: [/ankylosing spondylitis/i, /axial spondyloarthritis/i, /\bAS\b/],
    code: "M45.9", description: "Ankylosing spondylitis of unspecified sites in spine", specialty: "Rheumatology",
    step: [["naproxen", "500 mg PO BID"], ["meloxicam", "15 mg PO daily"]],
    labs: [
      { name: "C-reactive protein", value: "1.6", unit: "mg/dL", reference_range: "<0.5", flag: "H", key: true },
      { name: "HLA-B27", value: "Positive", unit: "", reference_range: "Negative", flag: "A" },
      { name: "QuantiFERON-TB Gold Plus", value: "Negative", unit: "", reference_range: "Negative", flag: null, tb: true },
    ],
    severity: "inflammatory back pain with BASDAI 6.4", exam: "Reduced lumbar flexion (modified Schober 2.5 cm); bilateral SI joint tenderness.", ages: [22, 50],
  },
  {
    key: "crohns", label: "Crohn's disease", patterns: [/crohn'?s/i],
    code: "K50.90", description: "Crohn's disease, unspecified, without complications", specialty: "Gastroenterology",
    step: [["azathioprine", "125 mg PO daily"], ["prednisone", "40 mg PO daily, taper"]],
    labs: [
      { name: "C-reactive protein", value: "2.8", unit: "mg/dL", reference_range: "<0.5", flag: "H", key: true },
      { name: "Fecal calprotectin", value: "640", unit: "mcg/g", reference_range: "<50", flag: "H" },
      { name: "QuantiFERON-TB Gold Plus", value: "Negative", unit: "", reference_range: "Negative", flag: null, tb: true },
    ],
    severity: "active ileocolonic inflammation on colonoscopy with 5-7 loose stools daily", exam: "Mild RLQ tenderness, no peritoneal signs, no perianal disease.", ages: [20, 55],
  },
  {
    key: "uc", label: "ulcerative colitis", patterns: [/ulcerative colitis/i, /\bUC\b/],
    code: "K51.90", description: "Ulcerative colitis, unspecified, without complications", specialty: "Gastroenterology",
    step: [["mesalamine", "4.8 g PO daily"], ["prednisone", "40 mg PO daily, taper"]],
    labs: [
      { name: "Fecal calprotectin", value: "720", unit: "mcg/g", reference_range: "<50", flag: "H", key: true },
      { name: "C-reactive protein", value: "1.2", unit: "mg/dL", reference_range: "<0.5", flag: "H" },
      { name: "QuantiFERON-TB Gold Plus", value: "Negative", unit: "", reference_range: "Negative", flag: null, tb: true },
    ],
    severity: "Mayo endoscopic subscore 2 with 6 bloody stools daily", exam: "Mild diffuse abdominal tenderness.", ages: [20, 60],
  },
  {
    key: "t2dm", label: "type 2 diabetes", patterns: [/type (2|ii) diabetes/i, /\bT2DM?\b/i, /\bdiabet/i, /\bDM2\b/i],
    code: "E11.65", description: "Type 2 diabetes mellitus with hyperglycemia", specialty: "Endocrinology",
    step: [["metformin ER", "1,000 mg PO BID"]],
    labs: [
      { name: "Hemoglobin A1c", value: "8.4", unit: "%", reference_range: "4.0-5.6", flag: "H", key: true },
      { name: "Glucose, fasting", value: "168", unit: "mg/dL", reference_range: "70-99", flag: "H" },
      { name: "eGFR (CKD-EPI 2021)", value: "74", unit: "mL/min/1.73m2", reference_range: ">59", flag: null },
    ],
    severity: "A1c above goal despite adherence to oral therapy", exam: "BMI 33; monofilament sensation intact; no retinopathy on last eye exam.", ages: [40, 72],
  },
  {
    key: "obesity", label: "obesity / weight management", patterns: [/obes/i, /weight (loss|management|reduction)/i, /overweight/i, /\bBMI\b/i],
    code: "E66.9", description: "Obesity, unspecified", specialty: "Family Medicine",
    step: [["phentermine", "37.5 mg PO daily"]],
    labs: [
      { name: "Hemoglobin A1c", value: "5.5", unit: "%", reference_range: "4.0-5.6", flag: null, key: true },
      { name: "Glucose, fasting", value: "96", unit: "mg/dL", reference_range: "70-99", flag: null },
    ],
    severity: "BMI 38 despite a structured lifestyle program", exam: "BMI 38.1; BP 130/84.", ages: [28, 60],
  },
  {
    key: "atopic_dermatitis", label: "atopic dermatitis", patterns: [/atopic dermatitis/i, /\beczema\b/i, /\bAD\b/],
    code: "L20.9", description: "Atopic dermatitis, unspecified", specialty: "Dermatology",
    step: [["triamcinolone 0.1% cream", "BID to affected areas"], ["tacrolimus 0.1% ointment", "BID"]],
    labs: [{ name: "IgE, total", value: "1,240", unit: "IU/mL", reference_range: "<114", flag: "H", key: true }],
    severity: "EASI 24 with involvement of about 20% BSA and nightly pruritus", exam: "Lichenified eczematous plaques on flexures, neck and hands; BSA 20%, EASI 24.", ages: [18, 55],
  },
  {
    key: "asthma", label: "severe asthma", patterns: [/asthma/i],
    code: "J45.50", description: "Severe persistent asthma, uncomplicated", specialty: "Pulmonology",
    step: [["fluticasone/salmeterol", "500/50 mcg 1 inhalation BID"], ["montelukast", "10 mg PO daily"]],
    labs: [{ name: "Eosinophils, absolute", value: "420", unit: "cells/mcL", reference_range: "0-500", flag: null, key: true }],
    severity: "three oral steroid bursts in the past 12 months despite high-dose ICS/LABA", exam: "Scattered expiratory wheeze; FEV1 58% predicted.", ages: [18, 65],
  },
  {
    key: "migraine", label: "chronic migraine", patterns: [/migraine/i],
    code: "G43.709", description: "Chronic migraine without aura, not intractable, without status migrainosus", specialty: "Neurology",
    step: [["topiramate", "50 mg PO BID"], ["propranolol", "80 mg PO daily"]],
    labs: [],
    severity: "16 headache days per month, 9 of them migraine days, per headache diary", exam: "Normal neurological examination.", ages: [22, 55],
  },
  {
    key: "hyperlipidemia", label: "hyperlipidemia", patterns: [/hypercholesterol/i, /hyperlipid/i, /\bLDL\b/i, /\bASCVD\b/i, /familial/i],
    code: "E78.01", description: "Familial hypercholesterolemia", specialty: "Cardiology",
    step: [["atorvastatin", "80 mg PO daily"], ["ezetimibe", "10 mg PO daily"]],
    labs: [{ name: "LDL cholesterol (calculated)", value: "128", unit: "mg/dL", reference_range: "<100", flag: "H", key: true }],
    severity: "LDL-C above goal despite maximally tolerated statin plus ezetimibe", exam: "Tendon xanthomas absent; BP 128/76.", ages: [40, 72],
  },
];

export const PRODUCTS: DrugProduct[] = [
  { brand: "Enbrel", generic: "etanercept", aliases: ["enbrel sureclick"], display: "Enbrel SureClick (etanercept) 50 mg/mL autoinjector", strength: "50 mg/mL", ndc: "58406-0445-04", quantity: 4, unit: "autoinjectors", days_supply: 28, sig: "Inject 50 mg subcutaneously once weekly", duration_months: 12, indication: "ra", targeted: true,
    variants: { psoriasis: { quantity: 8, sig: "Inject 50 mg SC twice weekly x 3 months, then 50 mg once weekly", duration_months: 3 } } },
  { brand: "Mounjaro", generic: "tirzepatide", aliases: [], display: "Mounjaro (tirzepatide) 2.5 mg/0.5 mL single-dose pen", strength: "2.5 mg/0.5 mL", ndc: "00002-1506-80", quantity: 4, unit: "pens", days_supply: 28, sig: "Inject 2.5 mg SC once weekly x 4 weeks, then 5 mg weekly", duration_months: 12, indication: "t2dm", targeted: true },
  { brand: "Skyrizi", generic: "risankizumab-rzaa", aliases: ["risankizumab"], display: "Skyrizi Pen (risankizumab-rzaa) 150 mg/mL", strength: "150 mg/mL", ndc: "00074-2100-01", quantity: 1, unit: "pen", days_supply: 84, sig: "Inject 150 mg SC at week 0, week 4, then every 12 weeks", duration_months: 12, indication: "psoriasis", targeted: true,
    variants: {
      crohns: { display: "Skyrizi (risankizumab-rzaa) 600 mg/10 mL vial for IV infusion", strength: "600 mg/10 mL", ndc: "00074-1070-01", quantity: 3, unit: "vials", days_supply: 56, sig: "600 mg IV over at least 1 hour at weeks 0, 4 and 8", duration_months: 6 },
      uc: { display: "Skyrizi (risankizumab-rzaa) 600 mg/10 mL vial for IV infusion", strength: "600 mg/10 mL", ndc: "00074-1070-01", quantity: 3, unit: "vials", days_supply: 56, sig: "1,200 mg IV at weeks 0, 4 and 8", duration_months: 6 },
    } },
  { brand: "Humira", generic: "adalimumab", aliases: ["humira pen"], display: "Humira Pen (adalimumab) 40 mg/0.4 mL", strength: "40 mg/0.4 mL", ndc: "00074-0554-02", quantity: 2, unit: "pens", days_supply: 28, sig: "Inject 40 mg SC every other week", duration_months: 12, indication: "ra", targeted: true },
  { brand: "Cimzia", generic: "certolizumab pegol", aliases: ["certolizumab"], display: "Cimzia (certolizumab pegol) 200 mg/mL prefilled syringe", strength: "200 mg/mL", ndc: "50474-0710-81", quantity: 2, unit: "syringes", days_supply: 28, sig: "200 mg SC every 2 weeks", duration_months: 12, indication: "crohns", targeted: true },
  { brand: "Stelara", generic: "ustekinumab", aliases: [], display: "Stelara (ustekinumab) 45 mg/0.5 mL prefilled syringe", strength: "45 mg/0.5 mL", ndc: "57894-0060-03", quantity: 1, unit: "syringe", days_supply: 84, sig: "45 mg SC at week 0, week 4, then every 12 weeks", duration_months: 12, indication: "psoriasis", targeted: true },
  { brand: "Cosentyx", generic: "secukinumab", aliases: [], display: "Cosentyx Sensoready Pen (secukinumab) 150 mg/mL", strength: "150 mg/mL", ndc: "00078-0639-41", quantity: 2, unit: "pens", days_supply: 28, sig: "300 mg SC weekly x 5 weeks, then every 4 weeks", duration_months: 12, indication: "psoriasis", targeted: true },
  { brand: "Otezla", generic: "apremilast", aliases: [], display: "Otezla (apremilast) 30 mg tablet", strength: "30 mg", ndc: "59572-0631-06", quantity: 60, unit: "tablets", days_supply: 30, sig: "30 mg PO BID after titration", duration_months: 12, indication: "psoriasis", targeted: true },
  { brand: "Rinvoq", generic: "upadacitinib", aliases: [], display: "Rinvoq (upadacitinib) 15 mg extended-release tablet", strength: "15 mg", ndc: "00074-2306-30", quantity: 30, unit: "tablets", days_supply: 30, sig: "15 mg PO once daily", duration_months: 12, indication: "ra", targeted: true },
  { brand: "Xeljanz", generic: "tofacitinib", aliases: [], display: "Xeljanz (tofacitinib) 5 mg tablet", strength: "5 mg", ndc: "00069-1001-01", quantity: 60, unit: "tablets", days_supply: 30, sig: "5 mg PO BID", duration_months: 12, indication: "ra", targeted: true },
  { brand: "Ozempic", generic: "semaglutide", aliases: [], display: "Ozempic (semaglutide) 2 mg/3 mL pen (0.25 or 0.5 mg per dose)", strength: "2 mg/3 mL", ndc: "00169-4132-12", quantity: 1, unit: "pen", days_supply: 28, sig: "0.25 mg SC weekly x 4 weeks, then 0.5 mg weekly", duration_months: 12, indication: "t2dm", targeted: true },
  { brand: "Trulicity", generic: "dulaglutide", aliases: [], display: "Trulicity (dulaglutide) 1.5 mg/0.5 mL pen", strength: "1.5 mg/0.5 mL", ndc: "00002-1433-80", quantity: 4, unit: "pens", days_supply: 28, sig: "1.5 mg SC once weekly", duration_months: 12, indication: "t2dm", targeted: true },
  { brand: "Zepbound", generic: "tirzepatide", aliases: [], display: "Zepbound (tirzepatide) 2.5 mg/0.5 mL pen", strength: "2.5 mg/0.5 mL", ndc: "00002-2506-80", quantity: 4, unit: "pens", days_supply: 28, sig: "2.5 mg SC weekly x 4 weeks, then 5 mg weekly", duration_months: 12, indication: "obesity", targeted: true },
  { brand: "Wegovy", generic: "semaglutide", aliases: [], display: "Wegovy (semaglutide) 0.25 mg/0.5 mL pen", strength: "0.25 mg/0.5 mL", ndc: "00169-4525-14", quantity: 4, unit: "pens", days_supply: 28, sig: "0.25 mg SC weekly, titrate per label", duration_months: 12, indication: "obesity", targeted: true },
  { brand: "Dupixent", generic: "dupilumab", aliases: [], display: "Dupixent (dupilumab) 300 mg/2 mL pen", strength: "300 mg/2 mL", ndc: "00024-5915-02", quantity: 2, unit: "pens", days_supply: 28, sig: "600 mg SC loading dose, then 300 mg every 2 weeks", duration_months: 6, indication: "atopic_dermatitis", targeted: true },
  { brand: "Nucala", generic: "mepolizumab", aliases: [], display: "Nucala (mepolizumab) 100 mg/mL autoinjector", strength: "100 mg/mL", ndc: "00173-0892-42", quantity: 1, unit: "autoinjector", days_supply: 28, sig: "100 mg SC every 4 weeks", duration_months: 12, indication: "asthma", targeted: true },
  { brand: "Ajovy", generic: "fremanezumab-vfrm", aliases: ["fremanezumab"], display: "Ajovy (fremanezumab-vfrm) 225 mg/1.5 mL autoinjector", strength: "225 mg/1.5 mL", ndc: "51759-0204-10", quantity: 1, unit: "autoinjector", days_supply: 30, sig: "225 mg SC once monthly", duration_months: 6, indication: "migraine", targeted: false },
  { brand: "Aimovig", generic: "erenumab-aooe", aliases: ["erenumab"], display: "Aimovig (erenumab-aooe) 70 mg/mL SureClick autoinjector", strength: "70 mg/mL", ndc: "55513-0841-01", quantity: 1, unit: "autoinjector", days_supply: 30, sig: "70 mg SC once monthly", duration_months: 6, indication: "migraine", targeted: false },
  { brand: "Emgality", generic: "galcanezumab-gnlm", aliases: ["galcanezumab"], display: "Emgality (galcanezumab-gnlm) 120 mg/mL pen", strength: "120 mg/mL", ndc: "00002-2377-11", quantity: 1, unit: "pen", days_supply: 30, sig: "240 mg SC loading dose, then 120 mg monthly", duration_months: 6, indication: "migraine", targeted: false },
  { brand: "Repatha", generic: "evolocumab", aliases: [], display: "Repatha SureClick (evolocumab) 140 mg/mL", strength: "140 mg/mL", ndc: "72511-0760-02", quantity: 2, unit: "autoinjectors", days_supply: 28, sig: "140 mg SC every 2 weeks", duration_months: 12, indication: "hyperlipidemia", targeted: false },
];

/** Conventional drugs that appear as prior therapies, with a typical dose and the usual stop reason. */
export const PRIOR_DRUGS: { name: string; patterns: RegExp; dose: string; intolerance: string }[] = [
  { name: "Methotrexate", patterns: /\b(methotrexate|MTX)\b/i, dose: "20 mg PO weekly", intolerance: "elevated transaminases" },
  { name: "Leflunomide", patterns: /\bleflunomide\b/i, dose: "20 mg PO daily", intolerance: "diarrhea" },
  { name: "Hydroxychloroquine", patterns: /\b(hydroxychloroquine|plaquenil|HCQ)\b/i, dose: "200 mg PO BID", intolerance: "GI upset" },
  { name: "Sulfasalazine", patterns: /\bsulfasalazine\b/i, dose: "1,000 mg PO BID", intolerance: "rash" },
  { name: "Azathioprine", patterns: /\b(azathioprine|imuran)\b/i, dose: "125 mg PO daily", intolerance: "pancreatitis" },
  { name: "Mercaptopurine", patterns: /\b(mercaptopurine|6-MP)\b/i, dose: "75 mg PO daily", intolerance: "leukopenia" },
  { name: "Mesalamine", patterns: /\bmesalamine\b/i, dose: "4.8 g PO daily", intolerance: "headache" },
  { name: "Prednisone", patterns: /\b(prednisone|steroids?|corticosteroids?)\b/i, dose: "40 mg PO daily, taper", intolerance: "hyperglycemia and insomnia" },
  { name: "Budesonide", patterns: /\bbudesonide\b/i, dose: "9 mg PO daily", intolerance: "mood changes" },
  { name: "Cyclosporine", patterns: /\bcyclosporine\b/i, dose: "3 mg/kg/day PO", intolerance: "hypertension" },
  { name: "Acitretin", patterns: /\bacitretin\b/i, dose: "25 mg PO daily", intolerance: "cheilitis and hair loss" },
  { name: "NB-UVB phototherapy", patterns: /\b(phototherapy|light therapy|NB-?UVB|UVB|PUVA)\b/i, dose: "3 sessions weekly", intolerance: "burning" },
  { name: "Clobetasol 0.05% ointment", patterns: /\bclobetasol\b/i, dose: "BID to plaques", intolerance: "skin atrophy" },
  { name: "Triamcinolone 0.1% cream", patterns: /\btriamcinolone\b/i, dose: "BID to affected areas", intolerance: "skin irritation" },
  { name: "Hydrocortisone 2.5% cream", patterns: /\bhydrocortisone\b/i, dose: "BID", intolerance: "irritation" },
  { name: "Tacrolimus 0.1% ointment", patterns: /\b(tacrolimus|protopic)\b/i, dose: "BID", intolerance: "burning" },
  { name: "Metformin ER", patterns: /\bmetformin\b/i, dose: "1,000 mg PO BID", intolerance: "GI intolerance (diarrhea)" },
  { name: "Glipizide", patterns: /\bglipizide\b/i, dose: "5 mg PO daily", intolerance: "hypoglycemia" },
  { name: "Sitagliptin", patterns: /\b(sitagliptin|januvia)\b/i, dose: "100 mg PO daily", intolerance: "joint pain" },
  { name: "Empagliflozin", patterns: /\b(empagliflozin|jardiance)\b/i, dose: "25 mg PO daily", intolerance: "recurrent genital yeast infections" },
  { name: "Insulin glargine", patterns: /\b(insulin glargine|lantus|basal insulin|insulin)\b/i, dose: "24 units SC nightly", intolerance: "hypoglycemia" },
  { name: "Phentermine", patterns: /\bphentermine\b/i, dose: "37.5 mg PO daily", intolerance: "palpitations" },
  { name: "Topiramate", patterns: /\b(topiramate|topamax)\b/i, dose: "50 mg PO BID", intolerance: "cognitive slowing and paresthesias" },
  { name: "Propranolol", patterns: /\bpropranolol\b/i, dose: "80 mg PO daily", intolerance: "bradycardia and fatigue" },
  { name: "Amitriptyline", patterns: /\bamitriptyline\b/i, dose: "25 mg PO nightly", intolerance: "sedation" },
  { name: "Divalproex", patterns: /\b(divalproex|valproate|depakote)\b/i, dose: "500 mg PO BID", intolerance: "weight gain and tremor" },
  { name: "Atorvastatin", patterns: /\batorvastatin\b/i, dose: "80 mg PO daily", intolerance: "myalgias" },
  { name: "Rosuvastatin", patterns: /\brosuvastatin\b/i, dose: "40 mg PO daily", intolerance: "myalgias" },
  { name: "Ezetimibe", patterns: /\bezetimibe\b/i, dose: "10 mg PO daily", intolerance: "diarrhea" },
  { name: "Fluticasone/salmeterol", patterns: /\b(fluticasone\/salmeterol|advair|ICS\/LABA)\b/i, dose: "500/50 mcg 1 inhalation BID", intolerance: "dysphonia" },
  { name: "Montelukast", patterns: /\b(montelukast|singulair)\b/i, dose: "10 mg PO daily", intolerance: "mood changes" },
  { name: "Naproxen", patterns: /\b(naproxen|NSAIDs?)\b/i, dose: "500 mg PO BID", intolerance: "dyspepsia" },
];

export const SPECIALTY_PATTERNS: [RegExp, string][] = [
  [/rheumatolog/i, "Rheumatology"],
  [/dermatolog/i, "Dermatology"],
  [/gastroenterolog|\bGI (doctor|specialist|physician)\b|\bIBD (specialist|clinic)\b/i, "Gastroenterology"],
  [/endocrinolog/i, "Endocrinology"],
  [/cardiolog|lipid(ologist| clinic)/i, "Cardiology"],
  [/neurolog|headache (specialist|clinic)/i, "Neurology"],
  [/pulmonolog|pulmonary/i, "Pulmonology"],
  [/allergist|immunolog/i, "Allergy and Immunology"],
  [/internist|internal medicine/i, "Internal Medicine"],
  [/family (physician|medicine|doctor|practice)|\bPCP\b|primary care|general practitioner|\bGP\b/i, "Family Medicine"],
];

export const FIRST_NAMES_F = ["Abigail", "Beatriz", "Caroline", "Danielle", "Erin", "Fatima", "Grace", "Hannah", "Imani", "Julia", "Kristen", "Lena", "Monique", "Nora", "Paige", "Rachel", "Sofia", "Tessa", "Valerie", "Wendy"];
export const FIRST_NAMES_M = ["Aaron", "Bradley", "Carlos", "Dwayne", "Elliot", "Frank", "Gavin", "Hector", "Isaac", "Jerome", "Kyle", "Luis", "Mitchell", "Nathan", "Owen", "Patrick", "Raymond", "Stefan", "Trevor", "Vincent"];
export const LAST_NAMES = ["Albrecht", "Banerjee", "Castellanos", "Dunmore", "Eastwood", "Fitzgerald", "Garrison", "Hadley", "Iverson", "Jablonski", "Kincaid", "Lindgren", "Marchetti", "Nakamura", "Okonkwo", "Pendleton", "Quintero", "Rasmussen", "Sorensen", "Thibodeaux", "Underwood", "Vasquez", "Whitley", "Yoder", "Zimmerman"];
export const PRESCRIBER_FIRST = ["Alan", "Bianca", "Colin", "Deepa", "Evan", "Farah", "Graham", "Helen", "Ian", "Jasmine", "Keith", "Laura", "Miguel", "Naomi", "Oliver", "Priyanka", "Rebecca", "Samir", "Theresa", "Warren"];
export const PLACES: { city: string; zip: string; area: string; streets: string[] }[] = [
  { city: "Wichita", zip: "67206", area: "316", streets: ["N Rock Rd", "E Central Ave", "W 13th St N", "S Webb Rd"] },
  { city: "Topeka", zip: "66604", area: "785", streets: ["SW Gage Blvd", "SW Wanamaker Rd", "NW Topeka Blvd"] },
  { city: "Lawrence", zip: "66047", area: "785", streets: ["Kasold Dr", "W 6th St", "Iowa St"] },
  { city: "Overland Park", zip: "66213", area: "913", streets: ["W 135th St", "Metcalf Ave", "Nall Ave"] },
  { city: "Olathe", zip: "66062", area: "913", streets: ["E Santa Fe St", "S Ridgeview Rd"] },
  { city: "Manhattan", zip: "66503", area: "785", streets: ["Anderson Ave", "Seth Child Rd"] },
  { city: "Salina", zip: "67401", area: "785", streets: ["S 9th St", "E Crawford St"] },
  { city: "Hutchinson", zip: "67502", area: "620", streets: ["N Waldron St", "E 30th Ave"] },
  { city: "Garden City", zip: "67846", area: "620", streets: ["E Kansas Ave", "N Campus Dr"] },
];
