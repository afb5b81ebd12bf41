import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import { extractServiceLines, serviceCategory } from "./service-lines";

describe("extractServiceLines", () => {
  it("reads a place of service written after the code with its name, as payer PA forms print it", () => {
    const doc = docFromPages([
      "SECTION 4 - SERVICES REQUESTED\nCPT / HCPCS Modifier Description Units / Qty Planned date Place of service\n29881 RT Arthroscopy, knee, with meniscectomy 1 03/12/2027 24 Ambulatory surgical center\nE0601 NU CPAP device 1 03/15/2027 12 Home",
    ]);
    const [knee, cpap] = extractServiceLines(doc);
    expect(knee).toMatchObject({ code: "29881", date_of_service: "2027-03-12", place_of_service: "24" });
    expect(cpap).toMatchObject({ code: "E0601", place_of_service: "12" });
    // a two-digit number that is not followed by its place's name is no place of service
    const [other] = extractServiceLines(docFromPages(["CPT 97110 Therapeutic exercise 4 units 03/12/2027 11 visits remaining"]));
    expect(other.place_of_service).toBeNull();
  });

  it("reads a CMS-1500 item-24 row: date, POS, code, modifier, description, units, cited verbatim", () => {
    const doc = docFromPages([
      "17. Referring Provider: Dr. Daniel Whitaker, MD   17b. NPI 1628394011\n24. A. DOS   B. POS   D. CPT/HCPCS  Modifier   Description   F. Charges   G. Units\n10/16/2026   22   73721 RT   MRI knee joint without contrast   $125.00   1 units",
    ]);
    const [line, ...rest] = extractServiceLines(doc);
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      code: "73721",
      modifiers: ["RT"],
      units: 1,
      date_of_service: "2026-10-16",
      place_of_service: "22",
      description: "MRI knee joint without contrast",
      category: "advanced_imaging",
      ordering_provider: "Daniel Whitaker",
    });
    const c = line.citations[0];
    expect(doc.pages[0].text.slice(c.start, c.end)).toBe(c.text);
  });

  it("reads a wrapped letter sentence whole, and HCPCS J- and E-codes with their categories", () => {
    const doc = docFromPages([
      "I am requesting authorization for CPT/HCPCS J1745 Infliximab injection 10 mg, 150 units, date of service\n10/27/2026, POS 11.\nCPT/HCPCS E0601-NU CPAP device  Units: 1  Date of service: 10/20/2026  POS 12",
    ]);
    const lines = extractServiceLines(doc);
    expect(lines.map((l) => [l.code, l.units, l.date_of_service, l.place_of_service, l.category, l.modifiers])).toEqual([
      ["J1745", 150, "2026-10-27", "11", "infusion", []],
      ["E0601", 1, "2026-10-20", "12", "dme", ["NU"]],
    ]);
  });

  it("does not take ZIP codes, NPIs, member ids or ICD-10 lines for services", () => {
    const doc = docFromPages([
      "1200 NW Everett St, Portland, OR 97209\nMember ID: CHP2240187  NPI 1628394011\nDiagnoses (ICD-10-CM): M54.16 Radiculopathy, lumbar region\nPhone (503) 555-0142",
    ]);
    expect(extractServiceLines(doc)).toEqual([]);
  });

  it("categorises by CPT section and HCPCS series", () => {
    expect(serviceCategory("97110")).toBe("physical_therapy");
    expect(serviceCategory("29881")).toBe("outpatient_surgery");
    expect(serviceCategory("72148", "MRI lumbar spine")).toBe("advanced_imaging");
    expect(serviceCategory("L3000")).toBe("dme");
    expect(serviceCategory("99213")).toBe("other");
  });
});

describe("a services table whose header names the units column", () => {
  it("reads the units cell next to the date, never a dose or week number of the description", () => {
    const doc = docFromPages([
      [
        "SERVICES REQUESTED",
        "HCPCS Mod Description Qty / Units Start date POS",
        "J1300 Soliris (eculizumab) 900 mg IV, loading week 1 90 04/06/2026 11 Office",
        "96365 IV infusion, initial hour 1 04/06/2026 11 Office",
      ].join("\n"),
    ]);
    expect(extractServiceLines(doc).map((l) => `${l.code} x${l.units}`)).toEqual(["J1300 x90", "96365 x1"]);
  });
  it("reads a units column printed right after the date", () => {
    const doc = docFromPages([["Code Date of service Units Description", "J9035 05/04/2026 40 bevacizumab 400 mg"].join("\n")]);
    expect(extractServiceLines(doc)[0]).toMatchObject({ code: "J9035", units: 40 });
  });
});
