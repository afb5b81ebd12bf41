import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { DEMO_FORMULARY, DEMO_POLICIES, DEMO_ROSTER } from "../../fixtures/demo/catalog";
import { generateSyntheticPriorAuth, PAGE_BREAK, parseDescription, renderSyntheticDocumentPdf } from "./generate-synthetic-pa";
import { isValidNpi } from "./util";

// The demo plan's roster, formulary and policies, as an organization's own would be passed.
const demo = { roster: DEMO_ROSTER, formulary: DEMO_FORMULARY, policies: DEMO_POLICIES };

describe("parseDescription", () => {
  it("extracts drug, indication, age/sex, prior therapy with dose and duration, specialty", () => {
    const p = parseDescription("62 yo woman with rheumatoid arthritis, failed methotrexate 20 mg weekly for 4 months, rheumatologist, wants Enbrel");
    expect(p.drug?.brand).toBe("Enbrel");
    expect(p.indication?.key).toBe("ra");
    expect(p.age).toBe(62);
    expect(p.gender).toBe("female");
    expect(p.specialty).toBe("Rheumatology");
    expect(p.prior_therapies).toHaveLength(1);
    expect(p.prior_therapies[0]).toMatchObject({ drug_name: "Methotrexate", dose: "20 mg weekly", duration_days: 120, outcome: "inadequate_response" });
    expect(p.urgency).toBe("standard");
  });

  it("reads intolerance, urgency, scans and generic drug names", () => {
    const p = parseDescription(
      "URGENT: risankizumab for Crohn's disease in a 30-year-old man; azathioprine stopped after 3 weeks due to pancreatitis; GI doctor; scanned fax",
    );
    expect(p.drug?.brand).toBe("Skyrizi");
    expect(p.indication?.key).toBe("crohns");
    expect(p.gender).toBe("male");
    expect(p.urgency).toBe("expedited");
    expect(p.hints.scanned).toBe(true);
    expect(p.specialty).toBe("Gastroenterology");
    expect(p.prior_therapies[0]).toMatchObject({ drug_name: "Azathioprine", duration_days: 21, outcome: "intolerance" });
    expect(p.prior_therapies[0].reason).toMatch(/pancreatitis/);
  });

  it("separates the requested drug from a concurrent biologic and reads labs", () => {
    const p = parseDescription("Add Skyrizi for plaque psoriasis BSA 12%, patient is currently on Cimzia for PsA which will continue");
    expect(p.drug?.brand).toBe("Skyrizi");
    expect(p.indication?.key).toBe("psoriasis");
    expect(p.concurrent_therapies.map((t) => t.drug_name)).toEqual(["Cimzia"]);
    expect(p.bsa).toBe(12);
    const q = parseDescription("Mounjaro for T2DM, A1c 8.9%, metformin 1000 mg BID for 6 months");
    expect(q.labs.A1c).toBe("8.9");
    expect(q.prior_therapies[0]).toMatchObject({ drug_name: "Metformin ER", dose: "1000 mg BID", duration_days: 180 });
  });

  it("reads outcome hints", () => {
    expect(parseDescription("Enbrel for psoriasis, tried methotrexate but no dose or duration, missing labs").hints).toMatchObject({
      missing_therapy_details: true,
      missing_labs: true,
    });
    expect(parseDescription("Humira for RA, member coverage ended").hints.coverage_ended).toBe(true);
    expect(parseDescription("Mounjaro for weight loss in a non-diabetic woman").indication?.key).toBe("obesity");
    expect(parseDescription("Dupixent for eczema, notes not attached").hints.notes_not_attached).toBe(true);
  });
});

describe("generateSyntheticPriorAuth", () => {
  const desc = "55 year old female with rheumatoid arthritis, failed methotrexate 20 mg weekly for 5 months, rheumatologist, requesting Enbrel";

  it("is deterministic for a seed and varies across seeds", () => {
    const a = generateSyntheticPriorAuth(desc, { ...demo, seed: 42 });
    const b = generateSyntheticPriorAuth(desc, { ...demo, seed: 42 });
    const c = generateSyntheticPriorAuth(desc, { ...demo, seed: 43 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.document).toBe(b.document);
    expect(a.document).not.toBe(c.document);
  });

  it("builds a complete case from the description", () => {
    const { case: c, document, warnings } = generateSyntheticPriorAuth(desc, { ...demo, seed: 3 });
    expect(c.medication.drug_name).toBe("Enbrel");
    expect(c.medication.ndc).toMatch(/^\d{5}-\d{4}-\d{2}$/);
    expect(c.diagnoses[0].code).toBe("M05.79");
    expect(c.prescriber.specialty).toBe("Rheumatology");
    expect(isValidNpi(c.prescriber.npi)).toBe(true);
    expect(c.prior_therapies[0]).toMatchObject({ drug_name: "Methotrexate", dose: "20 mg weekly", outcome: "inadequate_response" });
    expect(c.policy_id).toBe("etanercept");
    expect(c.expected.decision).toBe("approved");
    // patient drawn from the roster (Carla Jimenez, 53) when within a few years of the requested age
    expect(DEMO_ROSTER.some((m) => m.member_id === c.patient.member_id)).toBe(true);
    expect(warnings.join(" ")).toMatch(/Requested age 55/);
    for (const s of [c.patient.member_id, c.prescriber.npi, c.medication.ndc, "M05.79", "Methotrexate 20 mg weekly"]) expect(document).toContain(s);
  });

  it("honours outcome hints", () => {
    const ended = generateSyntheticPriorAuth("Enbrel for RA, coverage ended", { ...demo, seed: 1 }).case;
    const m = DEMO_ROSTER.find((r) => r.member_id === ended.patient.member_id)!;
    expect(m.coverage_end).not.toBeNull();
    expect(ended.request_date > m.coverage_end!).toBe(true);
    expect(ended.expected.decision).toBe("denied");

    const nmi = generateSyntheticPriorAuth("Mounjaro for type 2 diabetes, tried metformin without dose or duration, missing labs", { ...demo, seed: 1 }).case;
    expect(nmi.prior_therapies[0]).toMatchObject({ dose: null, start_date: null });
    expect(nmi.labs.some((l) => /A1c/.test(l.name))).toBe(false);
    expect(nmi.expected.decision).toBe("needs_more_information");

    const off = generateSyntheticPriorAuth("Skyrizi for psoriasis, member not on the roster", { ...demo, seed: 1 });
    expect(DEMO_ROSTER.some((r) => r.member_id === off.case.patient.member_id)).toBe(false);
    expect(off.new_member).toBeNull();

    const noNote = generateSyntheticPriorAuth("Dupixent for atopic dermatitis, notes not attached", { ...demo, seed: 1 });
    expect(noNote.case.clinical_note).toBeNull();
    expect(noNote.document).toContain("See attached notes");
  });

  it("creates a new roster row when no member fits", () => {
    const r = generateSyntheticPriorAuth("19 year old man with Crohn's disease, wants Skyrizi", { ...demo, seed: 5 });
    expect(r.new_member?.member_id).toBe(r.case.patient.member_id);
    expect(r.case.patient.birth_date).toBe(r.new_member?.birth_date);
  });

  it("needs no demo data: without roster, formulary or policies it invents a member, uses the dictionary NDC and names no policy", () => {
    const r = generateSyntheticPriorAuth("62 yo woman with RA, failed methotrexate 20 mg for 4 months, wants Enbrel", { seed: 3 });
    expect(r.new_member?.member_id).toBe(r.case.patient.member_id);
    expect(r.case.policy_id).toBeNull();
    expect(r.case.medication.ndc).toMatch(/\d/);
    expect(r.document).toContain("PRAIRIE STATE HEALTH");
  });
});

describe("renderSyntheticDocumentPdf", () => {
  it("turns the (edited) text into a PDF with the fields and per-page fax headers", async () => {
    const { case: c, document } = generateSyntheticPriorAuth("Mounjaro for type 2 diabetes, A1c 8.1, metformin 1000 mg BID for 8 months", { ...demo, seed: 9 });
    const edited = document.replace("Days supply: 28", "Days supply: 28 (edited)");
    const bytes = await renderSyntheticDocumentPdf(edited);
    const pdf = await getDocumentProxy(bytes);
    const { text, totalPages } = await extractText(pdf, { mergePages: false });
    const pages = text as string[];
    expect(totalPages).toBe(document.split(PAGE_BREAK).length);
    const all = pages.join("\n").replace(/\s+/g, " ");
    for (const s of [c.patient.member_id, c.prescriber.npi, c.medication.ndc, c.diagnoses[0].code!, "(edited)"]) expect(all).toContain(s);
    pages.forEach((p, i) => expect(p.replace(/\s+/g, " ")).toContain(`Page ${i + 1} of ${totalPages}`));
  });
});
