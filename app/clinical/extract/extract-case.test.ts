/** Ported from app/engine/extract/extract-case.test.ts (7017c33). */
import { describe, expect, it } from "vitest";
import type { FormularyRow, ParsedDocument } from "../contracts";
import { extractCaseFacts, requestedDrugFromText, splitName } from "./extract-case";
import { gridPage } from "./test-pages";

function textPage(page: number, text: string) {
  return { page, text, ocr: false, confidence: null, width: 612, height: 792, words: [] };
}

const formulary: FormularyRow[] = [
  { drug_name: "Humira", ndc: "00074-0554-02", tier: 5, requires_prior_auth: true, quantity_limit: null, step_therapy: [] },
  { drug_name: "Aimovig", ndc: "55513-0841-01", tier: 3, requires_prior_auth: true, quantity_limit: null, step_therapy: [] },
  { drug_name: "Otezla", ndc: "55513-0137-60", tier: 5, requires_prior_auth: true, quantity_limit: null, step_therapy: [] },
];

describe("splitName", () => {
  it("handles Last, First and credentials", () => {
    expect(splitName("Vega, Marisol")).toMatchObject({ first: "Marisol", last: "Vega" });
    expect(splitName("Jonathan Feld, MD")).toMatchObject({ first: "Jonathan", last: "Feld", credential: "MD" });
    expect(splitName("Sarah Kim, FNP-C")).toMatchObject({ first: "Sarah", last: "Kim" });
    expect(splitName("KOWALSKI, RAYMOND")).toMatchObject({ first: "Raymond", last: "Kowalski" });
  });
});

describe("extractCaseFacts — plan-branded grid form (labels above values)", () => {
  const doc: ParsedDocument = {
    page_count: 1,
    pages: [
      gridPage(
        1,
        [
          [
            ["OCT-06-2026 14:32 FROM:NORTHSHORE 8475550194", 20],
            ["TO:18775550143", 300],
            ["P.001/001", 500],
          ],
          [["MEMBER INFORMATION", 20]],
          [
            ["Member name (Last, First, MI)", 20],
            ["Date of birth", 300],
            ["Gender", 450],
          ],
          [
            ["Vega, Marisol", 20],
            ["06/22/1971", 300],
            ["Female", 450],
          ],
          [
            ["Member ID #", 20],
            ["Group #", 300],
          ],
          [
            ["GLM4O218376", 20],
            ["0048812", 300],
          ],
          [["PRESCRIBER INFORMATION", 20]],
          [
            ["Prescriber name", 20],
            ["NPI #", 300],
            ["Specialty", 450],
          ],
          [
            ["Jonathan Feld, MD", 20],
            ["l548213960", 300],
            ["Rheumatology", 450],
          ],
          [["MEDICATION REQUESTED", 20]],
          [
            ["Drug name and strength", 20],
            ["NDC #", 400],
          ],
          [
            ["Humira Pen (adalimumab) 40 mg/0.4 mL", 20],
            ["0074-0554-02", 400],
          ],
          [
            ["Quantity", 20],
            ["Days supply", 300],
          ],
          [
            ["2 pens", 20],
            ["28", 300],
          ],
          [["DIAGNOSIS", 20]],
          [
            ["Primary diagnosis", 20],
            ["ICD-10 code", 450],
          ],
          [
            ["Rheumatoid arthritis with rheumatoid factor", 20],
            ["MO5.79", 450],
          ],
          [["CLINICAL INFORMATION", 20]],
          [
            ["Medications tried for this condition", 20],
            ["Dates / duration", 250],
            ["Outcome", 400],
          ],
          [
            ["Methotrexate 20 mg PO weekly", 20],
            ["02/09/2026 - present", 250],
            ["Inadequate response", 400],
          ],
          [
            ["Hydroxychloroquine 200 mg BID", 20],
            ["04/2025 - 01/2026", 250],
            ["Ineffective, stopped", 400],
          ],
          [["Pertinent clinical information:", 20]],
          [["LDL-C 94 mg/dL (09/10/2026). Please see attached notes.", 20]],
        ],
        { ocr: true },
      ),
    ],
  };
  // CHANGED (new API): the member ID is repaired into the plan's ID shape, which the extractor
  // learns from the roster (extract/identity.ts readMemberId); the old engine repaired it blindly.
  const roster = [
    {
      member_id: "GLM40218376",
      first_name: "Marisol",
      last_name: "Vega",
      birth_date: "1971-06-22",
      gender: "female",
      plan_identification: null,
      coverage_start: "2026-01-01",
      coverage_end: null,
    },
  ];
  const f = extractCaseFacts(doc, { formulary, roster });
  it("reads patient fields with OCR repair", () => {
    expect(f.patient).toMatchObject({ first_name: "Marisol", last_name: "Vega", birth_date: "1971-06-22", member_id: "GLM40218376" });
    expect(f.patient.citations.length).toBeGreaterThan(0);
  });
  it("without a roster keeps a member ID as read (eligibility compares IDs OCR-tolerantly)", () => {
    expect(extractCaseFacts(doc, { formulary }).patient.member_id).toBe("GLM4O218376");
  });
  it("reads prescriber and repairs the NPI", () => {
    expect(f.practitioner).toMatchObject({ full_name: "Jonathan Feld", npi: "1548213960", npi_valid: true, specialty: "Rheumatology", credential: "MD" });
  });
  it("maps the drug to the formulary name and normalises the NDC", () => {
    expect(f.medication).toMatchObject({
      drug_name: "Humira",
      generic_name: "adalimumab",
      ndc: "00074-0554-02",
      quantity: 2,
      quantity_unit: "pens",
      days_supply: 28,
    });
  });
  it("reads the ICD-10 code with OCR repair, the request date from the fax header", () => {
    expect(f.diagnoses.map((d) => d.code)).toEqual(["M05.79"]);
    expect(f.diagnoses[0].primary).toBe(true);
    expect(f.request_date).toBe("2026-10-06");
  });
  it("parses the prior-therapy table with durations", () => {
    const mtx = f.prior_therapies.find((t) => /methotrexate/i.test(t.drug_name))!;
    expect(mtx).toMatchObject({ start_date: "2026-02-09", end_date: "2026-10-06", outcome: "inadequate_response", duration_days: 239 });
    const hcq = f.prior_therapies.find((t) => /hydroxychloroquine/i.test(t.drug_name))!;
    expect(hcq).toMatchObject({ start_date: "2025-04-01", end_date: "2026-01-31", outcome: "inadequate_response" });
  });
  it("reads labs and notes", () => {
    expect(f.labs.find((l) => l.name === "LDL-C")).toMatchObject({ value: 94, unit: "mg/dL", date: "2026-09-10" });
    expect(f.notes.some((n) => /see attached notes/i.test(n.text))).toBe(true);
  });
  it("cites page text exactly", () => {
    const c = f.practitioner.citations[0];
    expect(doc.pages[0].text.slice(c.start, c.end)).toBe(c.text);
  });
});

describe("extractCaseFacts — state uniform form (Last name / First name cells, roman sections)", () => {
  const doc: ParsedDocument = {
    page_count: 1,
    pages: [
      gridPage(1, [
        [["I. SUBMISSION", 20]],
        [["Date submitted", 20]],
        [["10/01/2026", 20]],
        [["III. PATIENT INFORMATION", 20]],
        [
          ["Last name", 20],
          ["First name", 200],
          ["Date of birth", 380],
          ["Sex", 500],
        ],
        [
          ["Brooks", 20],
          ["Natalie", 200],
          ["01/14/1988", 380],
          ["F", 500],
        ],
        [["Member or Medicaid ID #", 20]],
        [["GLM40987713", 20]],
        [["IV. PRESCRIBER INFORMATION", 20]],
        [
          ["Last name", 20],
          ["First name", 200],
          ["Specialty", 380],
        ],
        [
          ["Haddad", 20],
          ["Omar", 200],
          ["Neurology - Headache Medicine", 380],
        ],
        [["NPI #", 20]],
        [["1715392647", 20]],
        [["V. MEDICATION INFORMATION", 20]],
        [
          ["Drug name, strength and dosage form", 20],
          ["NDC (if known)", 400],
        ],
        [
          ["erenumab-aooe 70 mg/mL autoinjector", 20],
          ["55513-841-01", 400],
        ],
        [["VI. CLINICAL INFORMATION", 20]],
        [
          ["Primary diagnosis (description)", 20],
          ["ICD-10-CM code", 400],
        ],
        [
          ["Chronic migraine without aura", 20],
          ["G43.719", 400],
        ],
        [
          ["Drugs previously tried for this diagnosis", 20],
          ["Start / end dates", 250],
          ["Reason", 400],
        ],
        [
          ["Propranolol ER 80 mg daily", 20],
          ["05/04/2026 - 05/26/2026", 250],
          ["D/C - bradycardia HR 48", 400],
        ],
        [["Relevant lab / diagnostic results", 20]],
      ]),
    ],
  };
  const f = extractCaseFacts(doc, { formulary });
  it("reads split name cells per section", () => {
    expect(f.patient).toMatchObject({ first_name: "Natalie", last_name: "Brooks", birth_date: "1988-01-14", member_id: "GLM40987713", gender: "female" });
    expect(f.practitioner.full_name).toBe("Omar Haddad");
    expect(f.practitioner.npi).toBe("1715392647");
  });
  it("maps a generic name to the formulary brand and pads a 5-3-2 NDC", () => {
    expect(f.medication.drug_name).toBe("Aimovig");
    expect(f.medication.ndc).toBe("55513-0841-01");
  });
  it("falls back to the form date and classifies intolerance", () => {
    expect(f.request_date).toBe("2026-10-01");
    expect(f.diagnoses.map((d) => d.code)).toEqual(["G43.719"]);
    const p = f.prior_therapies.find((t) => /propranolol/i.test(t.drug_name))!;
    expect(p).toMatchObject({ outcome: "intolerance", duration_days: 22 });
  });
});

describe("extractCaseFacts — PBM checkbox form (inline Label: value, text only)", () => {
  const text = [
    "From: 6305550162   Page: 1/2   Date: 11/10/2026 2:44:17 PM",
    "Request: [X] Initial   Urgent? [X] Yes [ ] No   Health plan: Great Lakes Mutual Health",
    "PATIENT",
    "Name: Nicole Fischer   DOB: June 14, 1986   Sex: F",
    "Member ID: GLM40873325   Phone: (773) 555-0123",
    "PRESCRIBER",
    "Name: Daniel Abrams, MD   Specialty: Dermatology",
    "NPI: 1274509631   Phone: (773) 555-0102   Fax: (773) 555-0103",
    "MEDICATION",
    "Medication & strength: Otezla 30 mg tablets   NDC: 55513013760",
    "Quantity: 60 tablets   Days supply: 30   Length of therapy: 12 months",
    "Diagnosis: Psoriasis vulgaris   ICD-10: L40.0",
    "CLINICAL QUESTIONS",
    "If yes, list drug(s), dose, dates of use and outcome: Clobetasol 0.05% oint 2024 - inadequate; methotrexate 15 mg weekly x 7 weeks - stopped due to transaminitis",
    "3. Does the patient have a contraindication to the preferred alternatives? Yes No",
    "If yes, explain: Metformin contraindicated - eGFR 24",
    "If yes, which: Will continue Cosentyx (secukinumab) 300 mg monthly",
  ].join("\n");
  const f = extractCaseFacts({ page_count: 1, pages: [textPage(1, text)] }, { formulary });
  it("reads inline fields and stops at the next label", () => {
    expect(f.patient).toMatchObject({ first_name: "Nicole", last_name: "Fischer", birth_date: "1986-06-14", member_id: "GLM40873325", gender: "female" });
    expect(f.practitioner).toMatchObject({
      full_name: "Daniel Abrams",
      npi: "1274509631",
      specialty: "Dermatology",
      phone: "(773) 555-0102",
      fax: "(773) 555-0103",
    });
    expect(f.medication).toMatchObject({ drug_name: "Otezla", ndc: "55513-0137-60", quantity: 60, days_supply: 30, duration_months: 12 });
    expect(f.diagnoses.map((d) => d.code)).toEqual(["L40.0"]);
  });
  it("reads request date, urgency, listed therapies, contraindications and concurrent drugs", () => {
    expect(f.request_date).toBe("2026-11-10");
    expect(f.urgency).toBe("expedited");
    const mtx = f.prior_therapies.find((t) => /methotrexate/i.test(t.drug_name))!;
    expect(mtx).toMatchObject({ outcome: "intolerance", duration_days: 49 });
    expect(f.prior_therapies.find((t) => /metformin/i.test(t.drug_name))?.outcome).toBe("contraindication");
    expect(f.concurrent_therapies.map((t) => t.drug_name.toLowerCase())).toContain("cosentyx");
    expect(f.labs.find((l) => l.name === "eGFR")?.value).toBe(24);
  });
});

describe("extractCaseFacts — a diagnosis written as codes only", () => {
  // Regression (found by the ported tests, fixed): a "Diagnosis:" line holding only ICD-10 codes yields no coded diagnosis; the NEXT line is taken as the primary diagnosis description ("Diagnosis: L40.0\nPlan: start therapy." → [{ code: null, description: "Plan: start therapy.", primary: true }]).
  it("reads the codes on the label's own line and never takes the next line as the diagnosis", () => {
    const f = extractCaseFacts({ page_count: 1, pages: [textPage(1, "Diagnosis: L40.0, L40.50\nPlan: start therapy.")] });
    expect(f.diagnoses.map((d) => d.code)).toEqual(["L40.0", "L40.50"]);
    expect(f.diagnoses.some((d) => /Plan/.test(d.description ?? ""))).toBe(false);
  });
});

describe("extractCaseFacts — a clinic name with 'Specialty' in it", () => {
  // Regression (found by the ported tests, fixed): "From: Lakeside Specialty Clinic" in the fax header is read as the prescriber's specialty ("Clinic") instead of "Specialty: Cardiology" on the prescriber line; a policy requiring a cardiologist then DENIES (deny_criteria, high confidence, citing "Clinic").
  it("reads the prescriber's specialty from the prescriber line, not from a clinic name", () => {
    const f = extractCaseFacts({
      page_count: 1,
      pages: [
        textPage(
          1,
          "Fax sent 02/25/2026 10:14 AM   From: Lakeside Specialty Clinic\nPrescriber: Dr. Alex Morgan, MD   NPI: 1274509631   Specialty: Cardiology",
        ),
      ],
    });
    expect(f.practitioner.specialty).toBe("Cardiology");
  });
});

describe("extractCaseFacts — prior-therapy table rows", () => {
  it("one row's 'continuing' is not about the drug in the next row (a stopped TNF inhibitor is not concurrent)", () => {
    const text = [
      "Member ID: FRH-3104-7726",
      "Requested drug: Otezla 30 mg tablet",
      "PRIOR THERAPY",
      "Methotrexate 20 mg PO weekly + folic acid 01/2024 - present Partial response; continuing",
      "Humira (adalimumab) 40 mg SC every 2 weeks 03/02/2026 - 08/24/2026 Inadequate response",
      "Prednisone 5 mg daily 08/2026 - present Bridge",
    ].join("\n");
    const f = extractCaseFacts({ page_count: 1, pages: [textPage(1, text)] }, { formulary });
    const concurrent = f.concurrent_therapies.map((t) => t.drug_name.toLowerCase());
    expect(concurrent.some((n) => /humira|adalimumab/.test(n))).toBe(false);
    expect(f.prior_therapies.some((t) => /humira|adalimumab/i.test(t.drug_name))).toBe(true);
  });
});

describe("extractCaseFacts — ePA portal printout", () => {
  const roster = [
    {
      member_id: "FRH-9043-1160",
      first_name: "Jonathan",
      last_name: "Pereira",
      birth_date: "1977-06-11",
      gender: "male",
      plan_identification: null,
      coverage_start: "2026-01-01",
      coverage_end: null,
    },
  ];
  const page = (idLine: string) =>
    textPage(
      1,
      [
        "RxGateway ePA Prior Authorization Request - Submission Summary",
        "Patient Name      Jonathon Pereira",
        "Date of Birth      1977-06-11",
        idLine,
        "Medication      QSYMIA 7.5-46 MG Oral Capsule",
        "NDC      62541-0202-30",
      ].join("\n"),
    );
  it("reads the member ID after a combined label ('Member ID / BIN-PCN')", () => {
    const f = extractCaseFacts({ page_count: 1, pages: [page("Member ID / BIN-PCN      FRH-9043-1160 (BIN 610097 PCN 9999)")] }, { formulary, roster });
    expect(f.patient.member_id).toBe("FRH-9043-1160");
  });
  it("never takes an all-digit NDC for a member ID whose shape has letters", () => {
    const f = extractCaseFacts({ page_count: 1, pages: [page("Member ID      (not printed)")] }, { formulary, roster });
    expect(f.patient.member_id).not.toBe("GZS41020230");
  });
});

describe("extractCaseFacts — pharmacy-initiated request after a rejected claim", () => {
  const text = [
    "Manchester Road Pharmacy      PHARMACY-INITIATED PRIOR AUTHORIZATION REQUEST",
    "NCPDP 3660885      NPI 1611904370",
    "A. CLAIM REJECTION",
    "BIN / PCN / Group      610097 / 9999 / BSEB01      Cardholder ID      SOH-905517-01",
    "B. PATIENT",
    "Patient (last, first)      WOJCIK, DENNIS      Date of birth (CCYYMMDD)      19711230",
    "C. PRODUCT SUBMITTED",
    "Drug      Ubrelvy 100 mg tablet",
    "D. PRESCRIBER",
    "Prescriber      Nathan Osei, DO      NPI      1244093864",
    "Specialty      Family Medicine",
  ].join("\n");
  const f = extractCaseFacts({ page_count: 1, pages: [textPage(1, text)] }, { formulary });
  it("reads the patient from 'Patient (last, first)' and a CCYYMMDD date of birth", () => {
    expect(f.patient).toMatchObject({ first_name: "Dennis", last_name: "Wojcik", birth_date: "1971-12-30" });
  });
  it("reads the prescriber from its lettered section, not the pharmacy's NPI in the header", () => {
    expect(f.practitioner).toMatchObject({ first_name: "Nathan", last_name: "Osei", npi: "1244093864" });
  });
});

describe("extractCaseFacts — a requested drug the plan's formulary does not carry (issue 24, item 1)", () => {
  // the plan lists methotrexate only; the fax requests Humira and documents methotrexate as a prior therapy
  const mtxOnly: FormularyRow[] = [
    { drug_name: "methotrexate", ndc: "00054-4550-25", tier: 1, requires_prior_auth: false, quantity_limit: null, step_therapy: [] },
  ];
  const text = [
    "PRIOR AUTHORIZATION REQUEST",
    "Patient: Ana Ortiz   DOB: 03/04/1980   Member ID: XYZ123456",
    "Prior therapy: methotrexate 20 mg weekly from 01/2025 to 09/2025, inadequate response (DAS28-CRP 5.1)",
    "MEDICATION",
    "Drug name and strength: Humira 40 mg/0.4 mL pen   NDC: 00074-0554-02",
    "Quantity: 2 pens   Days supply: 28",
  ].join("\n");

  it("keeps the drug as written on the request, with its strength and NDC, never the formulary drug named elsewhere", () => {
    const f = extractCaseFacts({ page_count: 1, pages: [textPage(1, text)] }, { formulary: mtxOnly, knownDrugNames: ["methotrexate"] });
    expect(f.medication.drug_name).toBe("Humira");
    expect(f.medication.drug_name_as_written).toMatch(/^Humira 40 mg\/0\.4 mL/);
    expect(f.medication.strength).toBe("40 mg/0.4 mL");
    expect(f.medication.ndc).toBe("00074-0554-02");
    expect(f.medication.generic_name).toBe("adalimumab");
  });

  it("with no readable drug line, the drug the note starts is requested, never the therapy it stopped", () => {
    // demo-002 when its scanned form page could not be read: only the office note and labs remain
    const formulary: FormularyRow[] = [
      { drug_name: "Enbrel", ndc: "58406-0445-04", tier: 5, requires_prior_auth: true, quantity_limit: null, step_therapy: [] },
      ...mtxOnly,
    ];
    const note = [
      "Patient: HOLLOWAY, DEREK DOB: 02/27/1991",
      "Psoriasis, worsening; follow-up after stopping methotrexate.",
      "Methotrexate 15 mg weekly started 02/02/2026; ALT rose to 168 U/L and methotrexate was discontinued.",
      "Assessment and Plan: methotrexate not tolerated (transaminitis).",
      "Start etanercept 50 mg SC twice weekly for 12 weeks then weekly.",
    ].join("\n");
    const f = extractCaseFacts({ page_count: 2, pages: [textPage(1, ""), textPage(2, note)] }, { formulary, knownDrugNames: ["Enbrel", "methotrexate"] });
    expect(f.medication.drug_name).toBe("Enbrel");
    // a history table's "Start date" column is no request cue
    expect(requestedDrugFromText([["Start date 01/2025 methotrexate 15 mg weekly", "RE: Enbrel prior authorization"]], formulary)).toBe("Enbrel");
  });

  it("a request with no drug line still finds a formulary drug named on the fax", () => {
    const noLine = "PRIOR AUTHORIZATION REQUEST\nRE: methotrexate 20 mg weekly\nPatient: Ana Ortiz";
    const f = extractCaseFacts({ page_count: 1, pages: [textPage(1, noLine)] }, { formulary: mtxOnly });
    expect(f.medication.drug_name).toBe("methotrexate");
  });
});

describe("extractCaseFacts — a caption's own words are never a value (issue 24, item 6: 'and address')", () => {
  // Regression: the label "Practice name" matched inside "Practice name and address", and the rest
  // of the caption ("and address") became the prescriber's organization, on the case and the
  // Providers page. The class: a caption continued by a connector and caption words ("name and
  // address", "name & phone", "name / location") is one label; its words are never a value.
  const captions = [
    "Practice name and address",
    "Clinic name & phone",
    "Facility name / address",
    "Office name and location",
    "Group name, city and state",
    "Practice / facility",
    "Clinic / group",
  ];
  for (const caption of captions) {
    it(`"${caption}" over its value: the organization is the value below`, () => {
      const f = extractCaseFacts({
        page_count: 1,
        pages: [
          gridPage(1, [
            [["PRESCRIBER INFORMATION", 40]],
            [
              ["Prescriber name", 40],
              ["NPI #", 300],
            ],
            [
              ["Dr. Ann Lee, MD", 40],
              ["1234567893", 300],
            ],
            [[caption, 40]],
            [["Blue Ridge Rheumatology, 12 Main St, Asheville NC", 40]],
          ]),
        ],
      });
      expect(f.practitioner.organization_name).toBe("Blue Ridge Rheumatology");
    });
    it(`"${caption}: value" on one line: the organization is the value after the whole caption`, () => {
      const f = extractCaseFacts({
        page_count: 1,
        pages: [textPage(1, `PRESCRIBER INFORMATION\nPrescriber: Dr. Ann Lee, MD   NPI: 1234567893\n${caption}: Blue Ridge Rheumatology, 12 Main St`)],
      });
      expect(f.practitioner.organization_name).toBe("Blue Ridge Rheumatology");
    });
  }
  it("a caption left empty gives no organization rather than its own words", () => {
    const f = extractCaseFacts({
      page_count: 1,
      pages: [textPage(1, "PRESCRIBER INFORMATION\nPrescriber: Dr. Ann Lee, MD   NPI: 1234567893\nPractice name and address:\nPhone: 555-201-3344")],
    });
    expect(f.practitioner.organization_name).toBeNull();
  });
});

describe("extractCaseFacts — a header row of captions above its values (referral order)", () => {
  // "Name DOB Sex Phone Weight (date)" over "Deborah Kowalczyk 12/08/1973 F …": the caption after
  // "Name" is never the patient's name (alderwood-nj read "Dob" as the last name)
  const doc: ParsedDocument = {
    page_count: 1,
    pages: [
      gridPage(1, [
        [["INFUSION CENTER REFERRAL ORDER", 40]],
        [["PATIENT", 40]],
        [
          ["Name", 40],
          ["DOB", 200],
          ["Sex", 280],
          ["Phone", 330],
        ],
        [
          ["Deborah Kowalczyk", 40],
          ["12/08/1973", 200],
          ["F", 280],
          ["(609) 555-8404", 330],
        ],
      ]),
    ],
  };
  it("reads the value row under the captions", () => {
    const f = extractCaseFacts(doc);
    expect(f.patient.last_name).not.toBe("Dob");
    expect(f.patient.first_name ?? "").not.toMatch(/dob|sex/i);
    expect(f.patient.birth_date).toBe("1973-12-08");
  });
});
