/**
 * Synthetic coverage policies used by the policy-reader and review tests (test fixtures only).
 * Written from scratch for made-up drugs; no real plan text. Ported from app/engine/policy/
 * generate-tree.test.ts and app/engine/review/generalisation.test.ts (7017c33).
 */

/** PBM outline: one indication with Initial Therapy (nested OR group) and a Currently Receiving branch. */
export const PBM_WIDGETMAB = `PRIOR AUTHORIZATION POLICY
POLICY: Widgetmab Prior Authorization Policy
RECOMMENDED AUTHORIZATION CRITERIA
1. Rheumatoid Arthritis. Approve for the duration noted if the patient meets ONE of the following (A or B):
A) Initial Therapy. Approve for 6 months if the patient meets ALL of the following (i, ii, and iii):
i. Patient is ≥ 18 years of age; AND
ii. Patient meets ONE of the following (a or b):
a) Patient has tried one conventional synthetic disease-modifying antirheumatic drug (csDMARD) for at
least 3 months; OR
Note: Examples are methotrexate, leflunomide and sulfasalazine.
b) Patient has a contraindication to methotrexate, as determined by the prescriber; AND
iii. The medication is prescribed by or in consultation with a rheumatologist.
B) Patient is Currently Receiving Widgetmab. Approve for 1 year if the patient meets ALL of the following (i and ii):
i. Patient has been established on therapy for at least 6 months; AND
ii. Patient has experienced a beneficial response.
CONDITIONS NOT RECOMMENDED FOR APPROVAL
1. Concurrent use with another biologic (e.g., etanercept, secukinumab).
2. Indications not listed in this policy.
REFERENCES
1. Someone A. A paper. 2020.`;

/** Health-plan clinical policy: two indications, approval durations, continued therapy, a NOT authorized section. */
export const CLINICAL_EXAMPLUMAB = `Clinical Policy: Examplumab
Policy/Criteria
I. Initial Approval Criteria
A. Asthma (must meet all):
1. Diagnosis of moderate-to-severe asthma;
2. Age ≥ 12 years;
3. Member has ONE of the following:
a. Blood eosinophil count ≥ 300 cells/μL on a result dated within the past 12 months;
b. Oral corticosteroid-dependent asthma;
Approval duration: 6 months
B. Chronic Spontaneous Urticaria (must meet all):
1. Diagnosis of chronic spontaneous urticaria;
2. Age ≥ 12 years;
Approval duration: 3 months
II. Continued Therapy
A. All Indications in Section I (must meet all):
1. Member is responding positively to therapy;
III. Diagnoses/Indications for which coverage is NOT authorized:
A. Non-FDA-approved indications, not addressed in this policy.`;

/** CMS Part D table whose labels follow their content (and are glued to it: "older.Age Restrictions"). */
export const PARTD_TRAILING = `Plan 2026 Formulary — Prior Authorization Criteria
GLUCOSAVE
PA Criteria Criteria Details
Type 2 diabetes mellitus: as an adjunct to diet and exercise.
Covered Uses
1. Use for weight loss or chronic weight management.
2. Type 1 diabetes mellitus.
Exclusion Criteria
1. Diagnosis of type 2 diabetes mellitus, supported by a hemoglobin A1c of 6.5% or higher within the past 12 months; AND
2. Has taken metformin for at least 90 consecutive days, or has a documented intolerance to metformin.
Required Medical Information
18 years of age or older.Age Restrictions
None.Prescriber Restrictions
12 months.Coverage Duration
Other Criteria`;

/** CMS Part D table with labels before content, per-indication criteria, age and prescriber. */
export const PARTD_LEADING = `Plan 2026 Formulary — Prior Authorization Criteria
PSORIFIX
PA Criteria Criteria Details
Covered Uses Psoriatic arthritis; plaque psoriasis.
Exclusion Criteria Concurrent use with a biologic (for example secukinumab or ustekinumab).
Required Medical Information Psoriatic arthritis (PsA):
1. Diagnosis of active PsA; AND
2. A trial of methotrexate for at least 3 months.
Plaque psoriasis (PsO):
1. Psoriasis affecting at least 10% of body surface area; AND
2. A trial of at least one topical therapy for at least 4 weeks.
Age Restrictions PsA: 18 years of age or older. Plaque psoriasis: 6 years of age or older.
Prescriber Restrictions Prescribed by or in consultation with a rheumatologist (PsA) or a dermatologist (plaque psoriasis).
Coverage Duration 6 months.
Other Criteria None.`;

/** "I. Initial Approval / II. Continued / III. not authorized" clinical policy with a trial group and a TB test. */
export const CLINICAL_ZENTUMAB = `Clinical Policy: Zentumab
Policy/Criteria
I. Initial Approval Criteria
A. Plaque Psoriasis (must meet all):
1. Diagnosis of plaque psoriasis;
2. Failure of at least one of the following, each used for >= 3 consecutive months, unless clinically significant adverse effects are experienced (a or b):
a. Phototherapy (narrowband UVB or PUVA);
b. A systemic agent: methotrexate, cyclosporine or acitretin;
3. Documentation of a negative tuberculosis screening test (tuberculin skin test or interferon-gamma release assay) within the past 12 months;
4. Zentumab is not prescribed concurrently with another biologic or targeted synthetic drug;
Approval duration: 6 months
B. Psoriatic Arthritis (must meet all):
1. Diagnosis of active psoriatic arthritis;
2. Prescribed by or in consultation with a rheumatologist;
Approval duration: 6 months
II. Continued Therapy
A. All Indications in Section I (must meet all):
1. Member is responding positively to therapy;
III. Diagnoses/Indications for which coverage is NOT authorized:
A. Combination use with another biologic or targeted synthetic drug.`;

/** Part D table with inline "(1) ... (2) ..." enumerations and an excluded use with an "unless" clause. */
export const PARTD_EXAMPLO = `Examplo PA Criteria
PA Criteria: Criteria Details
Covered Uses: All FDA-approved indications not otherwise excluded. Examplo is covered in adults with type 2 diabetes mellitus.
Exclusion Criteria: (1) Use for weight loss or chronic weight management in a patient without type 2 diabetes mellitus. (2) Type 1 diabetes mellitus. (3) Concurrent use with another GLP-1 receptor agonist.
Required Medical Information: (1) Diagnosis of type 2 diabetes mellitus supported by a hemoglobin A1c of 6.5% or greater, or a fasting plasma glucose of 126 mg/dL or greater, drawn within the past 180 days. (2) Trial of metformin for at least 90 days, unless metformin is contraindicated.
Age Restrictions: 18 years of age and older.
Prescriber Restrictions: None.
Coverage Duration: 12 months.`;
