/**
 * Synthetic coverage policies in layouts/wordings the dev set does not use (test fixtures only).
 * Written from scratch for drugs outside the dev/demo sets; no real plan text.
 */

/** PBM outline whose indication sections are single sentences ("Approve for 6 months if ..."). */
export const PBM_ONE_SENTENCE = `PRIOR AUTHORIZATION POLICY
POLICY: Inflammatory Conditions - Secukinumab Prior Authorization Policy
RECOMMENDED AUTHORIZATION CRITERIA
Coverage of secukinumab is recommended in those who meet one of the following criteria.
1. Plaque Psoriasis. Approve for 3 months if the patient meets ALL of the following (A, B, and C):
A) Patient is ≥ 18 years of age; AND
B) Patient has tried at least one traditional systemic agent for psoriasis for at least 3 months, unless intolerant; AND
C) The medication is prescribed by or in consultation with a dermatologist.
2. Ankylosing Spondylitis. Initial Therapy: Approve for 6 months if the patient is ≥ 18 years, has tried two NSAIDs for at least 4 weeks each, and the medication is prescribed by a rheumatologist.
3. Non-Radiographic Axial Spondyloarthritis. Approve for 6 months if the patient is ≥ 18 years of age and has objective signs of inflammation; or if the patient is currently receiving secukinumab.
4. Psoriatic Arthritis. Approve for 6 months if prescribed by or in consultation with a rheumatologist or a dermatologist.
CONDITIONS NOT RECOMMENDED FOR APPROVAL
1. Concurrent use with another biologic or targeted synthetic disease-modifying antirheumatic drug.
REFERENCES
1. Reference A. 2021.`;

/** Medicaid preferred-drug-list style: bullet list under "Clinical Criteria:", "Length of Approval". */
export const MEDICAID_PDL = `State Medicaid Preferred Drug List
Prior Authorization Criteria
Drug: Xolair (omalizumab)
Clinical Criteria:
• Patient is 6 years of age or older; AND
• Diagnosis of moderate to severe persistent allergic asthma; AND
• Prescribed by an allergist, immunologist or pulmonologist; AND
• Inadequate control despite an inhaled corticosteroid for at least 3 months
Length of Approval: 12 months
Renewal Criteria:
• Documented improvement in asthma control
• Patient continues to use an inhaled corticosteroid`;

/** UnitedHealthcare-style: "Criteria for Initial Approval", -AND- / -OR- connectors, nested (1)(2). */
export const UHC_STYLE = `UnitedExample Pharmacy Clinical Policy
Stelara (ustekinumab)
Coverage Rationale
Criteria for Initial Approval
A. Crohn's Disease
1. Initial Authorization
a. Stelara will be approved based on ALL of the following criteria:
(1) Diagnosis of moderately to severely active Crohn's disease
-AND-
(2) ONE of the following:
(a) History of failure, contraindication or intolerance to one of the following conventional therapies: azathioprine, 6-mercaptopurine, methotrexate, corticosteroids
-OR-
(b) Patient has previously received a biologic for Crohn's disease
-AND-
(3) Prescribed by or in consultation with a gastroenterologist
Authorization will be issued for 12 months.
2. Reauthorization
a. Stelara will be approved based on the following criterion:
(1) Documentation of positive clinical response to Stelara therapy
Authorization will be issued for 12 months.
B. Plaque Psoriasis
1. Initial Authorization
a. Stelara will be approved based on ALL of the following criteria:
(1) Diagnosis of moderate to severe plaque psoriasis
-AND-
(2) Prescribed by or in consultation with a dermatologist
Authorization will be issued for 12 months.`;

/** Cigna-style: "is considered medically necessary when ONE of the following is met". */
export const CIGNA_STYLE = `Drug Coverage Policy
Mepolizumab (Nucala)
Coverage Policy
Mepolizumab is considered medically necessary when ONE of the following is met:
1. Asthma. Individual meets ALL of the following criteria:
A. Age 6 years or older
B. Blood eosinophil count ≥ 150 cells/μL within the previous 6 weeks
C. Asthma is uncontrolled despite use of an inhaled corticosteroid in combination with a long-acting beta-agonist for at least 3 months
D. Medication is prescribed by, or in consultation with, an allergist, immunologist, or pulmonologist
2. Eosinophilic Granulomatosis with Polyangiitis (EGPA). Individual meets ALL of the following criteria:
A. Age 18 years or older
B. Medication is prescribed by, or in consultation with, a rheumatologist, pulmonologist, or allergist
Continuation of therapy: Mepolizumab is considered medically necessary for continued use when the individual has responded to therapy.
When coverage is available and medically necessary, the dosage, frequency, duration of therapy, and site of care should be reasonable.
Mepolizumab is considered not medically necessary for ANY other use.`;

/** Aetna-style "Criteria for Initial Approval ... when all of the following criteria are met" + baseline LDL. */
export const AETNA_STYLE = `Specialty Pharmacy Clinical Policy Bulletin
Leqvio (inclisiran)
Criteria for Initial Approval
Aetna-like Plan considers inclisiran medically necessary for members with heterozygous familial hypercholesterolemia when ALL of the following criteria are met:
1. Member is 18 years of age or older; and
2. Member has an untreated (pre-treatment) LDL-C of at least 190 mg/dL; and
3. Member has tried a high-intensity statin for at least 8 weeks, unless statin intolerant; and
4. Member's current LDL-C is 70 mg/dL or higher within the past 90 days.
Authorization will be issued for 12 months.
Continuation of Therapy
Aetna-like Plan considers continuation of inclisiran therapy medically necessary when the member has achieved a reduction in LDL-C.`;

/** Step-therapy-only program. */
export const STEP_THERAPY = `Step Therapy Program
SGLT2 Inhibitors Step Therapy Criteria
Step 1 drugs: metformin (generic, IR or ER)
Step 2 drugs: Jardiance (empagliflozin), Farxiga (dapagliflozin)
Approval criteria: A Step 2 drug is approved when the patient has tried a Step 1 drug for at least 90 days, or has a documented contraindication or intolerance to metformin.
Approval duration: 12 months`;

/** Quantity-limit-only program. */
export const QUANTITY_LIMIT = `Quantity Limit Program
Nurtec ODT (rimegepant)
Quantity Limit: 16 tablets per 30 days
Requests for quantities above the limit require documentation that the patient has 15 or more headache days per month.
Approval duration: 12 months`;
