/**
 * The project's own demo coverage policies, written for the fictional plan "Prairie State Health".
 * Three documents, one per real-world writing style:
 *   - etanercept:   PBM "Initial Therapy - Approve for N months if ALL of the following" policy
 *   - tirzepatide:  Part D-style "PA criteria" table
 *   - risankizumab: health-plan clinical policy (I. Initial Approval / II. Continued Therapy / References)
 * The text is plain (no markup); renderPolicyPdf() recognises headings, numbered criteria and the
 * Part D table rows ("Label: details") by their shape.
 */
import type { DemoPolicy } from "./types";

const ETANERCEPT = `Etanercept Products
Enbrel® (etanercept injection for subcutaneous use)
Prairie State Health - Pharmacy Prior Authorization Policy
Policy number: PSH-RX-PA-0112    Effective date: 01/01/2026    Last review: 11/2025
Line of business: Commercial

OVERVIEW
Etanercept, a tumor necrosis factor inhibitor (TNFi), is indicated for the treatment of rheumatoid arthritis (RA), polyarticular juvenile idiopathic arthritis (PJIA) in patients 2 years of age and older, psoriatic arthritis (PsA), ankylosing spondylitis (AS), and plaque psoriasis (PsO) in patients 4 years of age and older who are candidates for systemic therapy or phototherapy.

POLICY STATEMENT
Prior authorization is recommended for pharmacy benefit coverage of etanercept. Approval is recommended for those who meet the Criteria and Dosing for the listed indications. Requests for doses outside of the established dosing documented in this policy will be considered on a case-by-case basis by a clinician. All approvals are provided for the duration noted below. Because of the specialized skills required for evaluation and diagnosis of patients treated with etanercept, as well as the monitoring required for adverse events and long-term efficacy, initial approval requires etanercept to be prescribed by or in consultation with a physician who specializes in the condition being treated.

RECOMMENDED AUTHORIZATION CRITERIA
Coverage of etanercept is recommended in those who meet one of the following criteria:

FDA-Approved Indications

1. Rheumatoid Arthritis. Approve for the duration noted if the patient meets ONE of the following (A or B):
  A) Initial Therapy. Approve for 6 months if the patient meets ALL of the following (i, ii, iii and iv):
    i. Patient is >= 18 years of age; AND
    ii. Patient meets ONE of the following (a or b):
      a) Patient has tried ONE conventional synthetic disease-modifying antirheumatic drug (csDMARD) for at least 3 months (e.g., methotrexate, leflunomide, sulfasalazine, hydroxychloroquine); OR
      b) Patient has a contraindication to, or has experienced intolerance with, methotrexate, as documented by the prescriber; AND
      Note: A patient who has already had a 3-month trial of a biologic or targeted synthetic DMARD for RA is not required to "step back" and try a csDMARD.
    iii. Patient has had a negative tuberculosis (TB) test (tuberculin skin test or interferon-gamma release assay) within the previous 12 months; AND
    iv. The medication is prescribed by or in consultation with a rheumatologist.
  B) Patient is Currently Receiving Etanercept. Approve for 1 year if the patient meets ALL of the following (i and ii):
    i. Patient has been established on therapy for at least 6 months; AND
    ii. Patient experienced a beneficial clinical response, defined as improvement from baseline in at least one of the following: disease activity score; tender or swollen joint count; C-reactive protein or erythrocyte sedimentation rate; patient-reported functional ability.
  Dosing. Approve up to 50 mg administered subcutaneously once weekly.

2. Plaque Psoriasis. Approve for the duration noted if the patient meets ONE of the following (A or B):
  A) Initial Therapy. Approve for 3 months if the patient meets ALL of the following (i, ii, iii and iv):
    i. Patient is >= 4 years of age; AND
    ii. Patient meets ONE of the following (a or b):
      a) Patient has tried at least one traditional systemic agent for psoriasis for at least 3 months, unless intolerant (e.g., methotrexate, cyclosporine, acitretin, or psoralen plus ultraviolet A light [PUVA]); OR
      b) Patient has a contraindication to methotrexate, as determined by the prescriber; AND
      Note: A 3-month trial of a biologic other than the requested drug also satisfies this requirement.
    iii. Patient has had a negative TB test within the previous 12 months; AND
    iv. The medication is prescribed by or in consultation with a dermatologist.
  B) Patient is Currently Receiving Etanercept. Approve for 1 year if the patient has been established on therapy for at least 3 months and has experienced a beneficial clinical response (e.g., reduction in body surface area [BSA] affected or in Psoriasis Area and Severity Index [PASI] score).
  Dosing. Adults: up to 50 mg twice weekly for the first 3 months, then up to 50 mg once weekly. Pediatric: 0.8 mg/kg once weekly (maximum 50 mg per week).

3. Psoriatic Arthritis. Initial Therapy: Approve for 6 months if the patient meets ALL of the following (i, ii and iii):
    i. Patient is >= 18 years of age; AND
    ii. Patient has had a negative TB test within the previous 12 months; AND
    iii. The medication is prescribed by or in consultation with a rheumatologist or a dermatologist.
  Currently receiving etanercept: Approve for 1 year if the patient has responded to therapy.

4. Ankylosing Spondylitis. Initial Therapy: Approve for 6 months if the patient is >= 18 years of age, has had a negative TB test within the previous 12 months, and the medication is prescribed by or in consultation with a rheumatologist.

5. Polyarticular Juvenile Idiopathic Arthritis. Initial Therapy: Approve for 6 months if the patient meets ALL of the following (i, ii and iii):
    i. Patient is >= 2 years of age; AND
    ii. Patient has tried one other systemic therapy for this condition for at least 3 months (e.g., methotrexate, leflunomide, sulfasalazine), unless contraindicated or intolerant; AND
    iii. The medication is prescribed by or in consultation with a rheumatologist.

CONDITIONS NOT RECOMMENDED FOR APPROVAL
Etanercept is not recommended in the following situations:
1. Concurrent use with another biologic or with a targeted synthetic oral small molecule drug (e.g., adalimumab, certolizumab pegol, golimumab, infliximab, secukinumab, ixekizumab, ustekinumab, guselkumab, risankizumab, tofacitinib, baricitinib, upadacitinib, apremilast, deucravacitinib). Combination therapy is not recommended because of a higher rate of adverse events and a lack of controlled data supporting additive efficacy.
2. Active serious infection, including active or untreated latent tuberculosis.
3. Granulomatosis with polyangiitis. Etanercept was not effective for maintenance of remission in a randomized controlled trial.
4. Any condition not listed in this policy. Criteria will be updated as new published data become available.

REFERENCES
1. Enbrel® subcutaneous injection [prescribing information]. Thousand Oaks, CA: Amgen; 2024.
2. Fraenkel L, Bathon JM, England BR, et al. 2021 American College of Rheumatology guideline for the treatment of rheumatoid arthritis. Arthritis Care Res (Hoboken). 2021;73(7):924-939.
3. Menter A, Strober BE, Kaplan DH, et al. Joint AAD-NPF guidelines of care for the management and treatment of psoriasis with biologics. J Am Acad Dermatol. 2019;80(4):1029-1072.
4. Ward MM, Deodhar A, Gensler LS, et al. 2019 update of the ACR/SAA/SPARTAN recommendations for the treatment of ankylosing spondylitis and nonradiographic axial spondyloarthritis. Arthritis Rheumatol. 2019;71(10):1599-1613.

HISTORY
Annual revision, 11/2025: Tuberculosis screening recency clarified as within the previous 12 months. Psoriasis initial approval shortened to 3 months.
`;

const TIRZEPATIDE = `Prairie State Health 2026 Prior Authorization Criteria
Mounjaro (tirzepatide) injection
Commercial formulary - Tier 3 - Criteria ID PSH-2026-PA-0418
Products Affected: Mounjaro 2.5 mg/0.5 mL, 5 mg/0.5 mL, 7.5 mg/0.5 mL, 10 mg/0.5 mL, 12.5 mg/0.5 mL and 15 mg/0.5 mL single-dose pens

PA CRITERIA
PA Criteria: Criteria Details
Covered Uses: All FDA-approved indications not otherwise excluded. Mounjaro is covered as an adjunct to diet and exercise to improve glycemic control in adults with type 2 diabetes mellitus.
Exclusion Criteria: (1) Use for weight loss or chronic weight management in a patient without type 2 diabetes mellitus (anti-obesity medications are reviewed under a separate benefit). (2) Type 1 diabetes mellitus. (3) Concurrent use with another GLP-1 receptor agonist or GIP/GLP-1 receptor agonist (e.g., semaglutide, dulaglutide, liraglutide), or with a DPP-4 inhibitor. (4) Personal or family history of medullary thyroid carcinoma or Multiple Endocrine Neoplasia syndrome type 2.
Required Medical Information: (1) Diagnosis of type 2 diabetes mellitus (ICD-10-CM E11.x) supported by a hemoglobin A1c of 6.5% or greater, or a fasting plasma glucose of 126 mg/dL or greater, drawn within the past 180 days. (2) Trial of metformin at a dose of at least 1,000 mg per day for at least 90 days with inadequate glycemic control, unless metformin is contraindicated (e.g., eGFR below 30 mL/min/1.73 m2, history of lactic acidosis) or the patient experienced intolerance. Documentation must include the metformin dose and dates of therapy.
Age Restrictions: 18 years of age and older.
Prescriber Restrictions: None.
Coverage Duration: Initial approval 12 months. Renewal 12 months.
Other Criteria: Renewal requires documentation of a reduction in A1c from baseline or maintenance of A1c at the patient's individualized goal while on therapy. Quantity limit: 4 pens (2 mL) per 28 days for all strengths. A lab result older than the time frame above is not accepted; submit a current value.

DEFINITIONS
A1c - glycated hemoglobin. eGFR - estimated glomerular filtration rate. GLP-1 RA - glucagon-like peptide-1 receptor agonist. GIP - glucose-dependent insulinotropic polypeptide.

REFERENCES
1. Mounjaro (tirzepatide) injection [prescribing information]. Indianapolis, IN: Eli Lilly and Company; 2025.
2. American Diabetes Association Professional Practice Committee. 9. Pharmacologic approaches to glycemic treatment: Standards of Care in Diabetes-2025. Diabetes Care. 2025;48(Suppl 1):S181-S206.
`;

const RISANKIZUMAB = `Clinical Policy: Risankizumab-rzaa (Skyrizi)
Reference Number: PSH.PHAR.0457
Effective Date: 01.01.2026
Last Review Date: 11.2025
Line of Business: Commercial

Description
Risankizumab-rzaa (Skyrizi®) is an interleukin-23 (IL-23) antagonist.

FDA Approved Indication(s)
Skyrizi is indicated for the treatment of:
- Moderate-to-severe plaque psoriasis in adults who are candidates for systemic therapy or phototherapy;
- Active psoriatic arthritis in adults;
- Moderately to severely active Crohn's disease in adults;
- Moderately to severely active ulcerative colitis in adults.

Policy/Criteria
Provider must submit documentation (such as office chart notes, lab results or other clinical information) supporting that member has met all approval criteria.
It is the policy of Prairie State Health that Skyrizi is medically necessary when the following criteria are met:

I. Initial Approval Criteria
A. Plaque Psoriasis (must meet all):
  1. Diagnosis of moderate-to-severe plaque psoriasis;
  2. Prescribed by or in consultation with a dermatologist;
  3. Age >= 18 years;
  4. Member meets one of the following (a or b):
    a. Psoriasis involves >= 10% of body surface area (BSA);
    b. Psoriasis involves >= 3% of BSA and affects the scalp, face, palms, soles, nails or genital area;
  5. Failure of at least one of the following, each used for >= 3 consecutive months, unless clinically significant adverse effects are experienced or all are contraindicated (a or b):
    a. Phototherapy (narrowband UVB or PUVA), with dates of treatment documented;
    b. A systemic agent: methotrexate, cyclosporine or acitretin;
  6. Documentation of a negative tuberculosis screening test (tuberculin skin test or interferon-gamma release assay) within the past 12 months;
  7. Skyrizi is not prescribed concurrently with another biologic or targeted synthetic drug (e.g., adalimumab, certolizumab pegol, etanercept, ustekinumab, secukinumab, apremilast, deucravacitinib, upadacitinib);
  8. Dose does not exceed 150 mg at week 0, week 4, and every 12 weeks thereafter.
  Approval duration: 6 months

B. Crohn's Disease (must meet all):
  1. Diagnosis of moderately to severely active Crohn's disease;
  2. Prescribed by or in consultation with a gastroenterologist;
  3. Age >= 18 years;
  4. Member meets one of the following (a, b or c):
    a. Failure of a >= 3 month trial of a conventional immunomodulator (azathioprine, 6-mercaptopurine or methotrexate) at up to maximally indicated doses, unless contraindicated or clinically significant adverse effects are experienced;
    b. Failure of, or dependence on, systemic corticosteroids (e.g., relapse on taper, or inability to taper prednisone below 10 mg per day within 3 months);
    c. Member has perianal or fistulizing disease, or has previously received a biologic for Crohn's disease;
  5. Documentation of a negative tuberculosis screening test within the past 12 months;
  6. Skyrizi is not prescribed concurrently with another biologic or targeted synthetic drug;
  7. Dose does not exceed: induction 600 mg IV at weeks 0, 4 and 8; maintenance 180 mg or 360 mg SC at week 12 and every 8 weeks thereafter.
  Approval duration: 6 months (induction and first maintenance doses)

C. Psoriatic Arthritis (must meet all):
  1. Diagnosis of active psoriatic arthritis;
  2. Prescribed by or in consultation with a rheumatologist or dermatologist;
  3. Age >= 18 years;
  4. Failure of >= 3 consecutive months of methotrexate at >= 15 mg per week, unless contraindicated or clinically significant adverse effects are experienced;
  5. Skyrizi is not prescribed concurrently with another biologic or targeted synthetic drug;
  6. Dose does not exceed 150 mg at week 0, week 4, and every 12 weeks thereafter.
  Approval duration: 6 months

D. Other diagnoses/indications
  1. Requests for indications not listed in Section I are reviewed under the plan's off-label use policy.

II. Continued Therapy
A. All Indications in Section I (must meet all):
  1. Member is currently receiving Skyrizi via a Prairie State Health benefit, or documentation supports that the member is currently receiving Skyrizi for a covered indication and has received it for at least 30 days;
  2. Member is responding positively to therapy (e.g., reduction in BSA or PASI; reduction in CDAI or endoscopic activity; steroid-free remission);
  3. Skyrizi is not prescribed concurrently with another biologic or targeted synthetic drug;
  4. If request is for a dose increase, new dose does not exceed the maximum listed in Section I.
  Approval duration: 12 months

III. Diagnoses/Indications for which coverage is NOT authorized:
A. Non-FDA-approved indications not addressed in this policy, unless there is sufficient documentation of efficacy and safety according to the off-label use policy;
B. Combination use with another biologic or targeted synthetic drug.

IV. Appendices/General Information
Appendix A: Abbreviation/Acronym Key - BSA: body surface area; CDAI: Crohn's Disease Activity Index; IGRA: interferon-gamma release assay; PASI: Psoriasis Area and Severity Index; PUVA: psoralen plus ultraviolet A; TB: tuberculosis; UVB: ultraviolet B.
Appendix B: Therapeutic Alternatives - methotrexate 7.5 to 25 mg PO or SC once weekly; cyclosporine 2.5 to 4 mg/kg/day PO; acitretin 25 to 50 mg PO daily; azathioprine 1.5 to 2.5 mg/kg/day PO; mercaptopurine 0.75 to 1.5 mg/kg/day PO.
Appendix C: Contraindications/Boxed Warnings - history of serious hypersensitivity reaction to risankizumab-rzaa or any of the excipients. Boxed warning(s): none reported.

V. References
1. Skyrizi (risankizumab-rzaa) injection [prescribing information]. North Chicago, IL: AbbVie Inc.; 2024.
2. Menter A, Strober BE, Kaplan DH, et al. Joint AAD-NPF guidelines of care for the management and treatment of psoriasis with biologics. J Am Acad Dermatol. 2019;80(4):1029-1072.
3. Lichtenstein GR, Loftus EV, Isaacs KL, et al. ACG clinical guideline: management of Crohn's disease in adults. Am J Gastroenterol. 2018;113(4):481-517.
4. Feuerstein JD, Ho EY, Shmidt E, et al. AGA clinical practice guidelines on the medical management of moderate to severe luminal and perianal fistulizing Crohn's disease. Gastroenterology. 2021;160(7):2496-2508.
`;

/** The three demo coverage policies. */
export const DEMO_POLICIES: DemoPolicy[] = [
  {
    id: "etanercept",
    title: "Etanercept Products (Enbrel)",
    drug_names: ["Enbrel", "etanercept"],
    style: "pbm_initial_therapy",
    file: "etanercept.pdf",
    text: ETANERCEPT,
  },
  {
    id: "tirzepatide",
    title: "Mounjaro (tirzepatide)",
    drug_names: ["Mounjaro", "tirzepatide"],
    style: "part_d_table",
    file: "tirzepatide.pdf",
    text: TIRZEPATIDE,
  },
  {
    id: "risankizumab",
    title: "Risankizumab-rzaa (Skyrizi)",
    drug_names: ["Skyrizi", "risankizumab", "risankizumab-rzaa"],
    style: "clinical_policy",
    file: "risankizumab.pdf",
    text: RISANKIZUMAB,
  },
];
