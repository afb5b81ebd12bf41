import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { npiCheckDigitValid, parse837p, X12IntakeError, x12ClaimDocument, type X12Issue } from "./x12-837p";

const fixture = (name: string) => fs.readFileSync(path.resolve("fixtures/x12", name), "utf8");
function issues(text: string): X12Issue[] {
  try {
    parse837p(text);
  } catch (err) {
    if (err instanceof X12IntakeError) return err.issues;
    throw err;
  }
  throw new Error("expected an X12IntakeError");
}

describe("parse837p", () => {
  it("maps a CLM onto patient, diagnoses, service lines and practitioners, each cited to its segment", () => {
    const [c] = parse837p(fixture("837p-lumbar-mri.x12"));
    expect(c.claim_id).toBe("NSI88412");
    expect(c.facts.patient).toMatchObject({ first_name: "Martin", last_name: "Okafor", birth_date: "1968-04-22", gender: "male", member_id: "CHP2240187" });
    expect(c.facts.diagnoses.map((d) => [d.code, d.primary])).toEqual([
      ["M54.16", true],
      ["M51.26", false],
    ]);
    // the referring provider (box 17 / NM1*DN) is the case's practitioner
    expect(c.facts.practitioner).toMatchObject({ full_name: "Daniel Whitaker", npi: "1628394011", npi_valid: true });
    expect(c.practitioners.map((p) => p.role)).toEqual(["billing", "referring", "rendering"]);
    expect(c.services).toHaveLength(1);
    expect(c.services[0]).toMatchObject({
      code: "72148",
      description: "MRI LUMBAR SPINE WITHOUT CONTRAST",
      category: "advanced_imaging",
      units: 1,
      date_of_service: "2026-10-12",
      place_of_service: "22",
      modifiers: [],
      diagnosis_pointers: ["M54.16", "M51.26"],
      prior_authorization: "CHP-PA-2026-104417",
      rendering_provider: "Greta Hollis",
      ordering_provider: "Daniel Whitaker",
    });
    // citations are offsets into the claim's own document: its text there is the segment
    const doc = x12ClaimDocument(c);
    for (const cit of [...c.services[0].citations, ...c.facts.patient.citations, ...c.facts.diagnoses[0].citations])
      expect(doc.pages[cit.page - 1].text.slice(cit.start, cit.end)).toBe(cit.text);
    expect(c.services[0].citations[0].text).toBe("SV1*HC:72148:::::MRI LUMBAR SPINE WITHOUT CONTRAST*1250*UN*1*22**1:2");
  });

  it("makes one claim per CLM with its own subscriber / patient levels", () => {
    const cs = parse837p(fixture("837p-two-claims.x12"));
    expect(cs.map((c) => [c.claim_id, c.facts.patient.first_name, c.services.length])).toEqual([
      ["WMG-SLP-5521", "Tomas", 1],
      ["WMG-PT-8812", "Lena", 2],
    ]);
    // the second claim's document does not carry the first claim's segments
    expect(cs[1].document).not.toContain("E0601");
    expect(cs[1].document).toContain("NM1*QC*1*BRANDT*LENA");
  });

  it("reads LIN*N4 / CTP and falls back to CLM-05 for the place of service", () => {
    const [c] = parse837p(fixture("837p-infliximab.x12").replace("*6400*UN*40*11**1", "*6400*UN*40***1"));
    expect(c.services[0]).toMatchObject({ code: "J1745", units: 40, place_of_service: "11", drug: { ndc: "57894-0030-01", quantity: 4, unit: "UN" } });
  });

  it("reports each bad element with its segment position", () => {
    const text = fixture("837p-lumbar-mri.x12").replace("SV1*HC:72148:", "SV1*HC:7214:").replace("DTP*472*D8*20261012", "DTP*472*D8*20261312");
    const segs = text.split("~").map((s) => s.trim());
    expect(issues(text)).toEqual([
      { segment: segs.findIndex((s) => s.startsWith("SV1")) + 1, tag: "SV1", element: "SV1-01-2", message: '"7214" is not a 5-character HCPCS/CPT code' },
      { segment: segs.findIndex((s) => s.startsWith("DTP*472")) + 1, tag: "DTP", element: "DTP-03", message: '"20261312" is not a valid CCYYMMDD date' },
    ]);
  });

  it("refuses other transaction sets, ICD-9 diagnoses and claims without lines", () => {
    expect(issues(fixture("837p-lumbar-mri.x12").replace("ST*837*0001*005010X222A1", "ST*835*0001*005010X222A1")).map((i) => i.element)).toContain("ST-01");
    expect(issues(fixture("837p-lumbar-mri.x12").replace("HI*ABK:M5416*ABF:M5126", "HI*BK:7242")).map((i) => i.element)).toContain("HI-01-1");
    const noLines = fixture("837p-lumbar-mri.x12")
      .replace(/LX\*1~\n[\s\S]*?(?=SE\*)/, "")
      .replace("SE*30*0001", "SE*26*0001");
    expect(issues(noLines).map((i) => i.message)).toContain("The claim has no service line (LX / SV1)");
  });

  it("answers malformed input with an issue, never another error", () => {
    for (const bad of ["", "ISA*00", "hello", "ISA" + "*".repeat(200), "\u0000\u0001binary"]) expect(issues(bad).length).toBeGreaterThan(0);
  });

  it("never throws anything but an X12IntakeError on a damaged file (500 seeded mutations)", () => {
    const base = fixture("837p-two-claims.x12");
    let seed = 22;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let i = 0; i < 500; i++) {
      let text = base;
      for (let k = 0; k < 1 + rand(4); k++) {
        const at = rand(text.length);
        const op = rand(3);
        text = op === 0 ? text.slice(0, at) + text.slice(at + 1 + rand(20)) : text.slice(0, at) + "*:~^\n"[rand(5)] + text.slice(at + (op === 1 ? 1 : 0));
      }
      try {
        parse837p(text);
      } catch (err) {
        expect(err).toBeInstanceOf(X12IntakeError);
      }
    }
  });

  it("checks NPIs by the CMS check digit", () => {
    expect(npiCheckDigitValid("1234567893")).toBe(true);
    expect(npiCheckDigitValid("1234567890")).toBe(false);
  });
});
