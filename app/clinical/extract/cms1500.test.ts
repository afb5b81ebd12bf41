/**
 * The CMS-1500 (02/12) grid reader on forms rendered by the claims set's renderer
 * (fixtures/eval/claims/cms1500-form.ts): typed (text layer) and scanned (OCR'd, tilted, red rules
 * faded), plus the guard that caption words in running text are never taken for the grid.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDocument, terminateOcrWorker } from "~/documents/parse-pdf.server";
import { drawScanned, initFonts, newPdf } from "../../../fixtures/corpus/src/draw";
import { cms1500Pages as renderPages, drawFormVector, scanPageOf, type Cms1500Claim } from "../../../fixtures/eval/claims/cms1500-form";
import type { ParsedDocument } from "../contracts";
import { gridDate, readCms1500, readCms1500Rows } from "./cms1500";
import { extractServiceLines } from "./service-lines";
import { extractCaseFacts } from "./extract-case";
import { gridPage } from "./test-pages";

const NPI = "1629071832";
const claim = (lines: Cms1500Claim["lines"]): Cms1500Claim => ({
  insuredId: "XQH44817203",
  patient: {
    last: "Abernathy",
    first: "Joan",
    mi: "R",
    dob: "1957-03-09",
    sex: "F",
    street: "12 Elm St",
    city: "Bend",
    state: "OR",
    zip: "97701",
    phone: "(541) 555-0188",
  },
  planName: "Cascadia Health Commercial PPO",
  groupNumber: "G-7781",
  referring: { qual: "DN", name: "Carla Mendes", npi: "1497758544" },
  // item 31 is signed by the rendering physician, not the referring one of item 17
  icdInd: "0",
  diagnoses: ["K50.012", "Z79.899", "M25.561"],
  priorAuth: "AUTH-558812",
  lines,
  taxId: "93-1784402",
  account: "ACCT-0091",
  physicianSignature: "Tomas Okafor MD",
  signedDate: "2026-11-20",
  facility: { name: "Bend Infusion Center", street: "400 NE Greenwood Ave", city: "Bend OR 97701", npi: "1881681457" },
  billing: { name: "High Desert Gastroenterology", street: "400 NE Greenwood Ave", city: "Bend OR 97701", phone: "(541) 555-0100", npi: "1245319599" },
  offset: [2.4, 1.8],
});

const INFUSION: Cms1500Claim["lines"] = [
  { from: "2026-11-16", pos: "11", code: "J1745", pointers: "AB", charge: 4875, units: 50, npi: NPI, supplemental: "N457894003001 UN5" },
  { from: "2026-11-16", pos: "11", code: "96413", pointers: "A", charge: 310, units: 1, npi: NPI },
  { from: "2026-11-16", pos: "11", code: "96415", pointers: "A", charge: 95, units: 1, npi: NPI },
];
const THERAPY: Cms1500Claim["lines"] = ["2026-11-02", "2026-11-04", "2026-11-09", "2026-11-11"].flatMap((d) => [
  { from: d, pos: "11", code: "97110", mods: ["GP"], pointers: "C", charge: 135, units: 3, npi: NPI },
  { from: d, pos: "11", code: "97140", mods: ["GP", "59"], pointers: "C", charge: 48, units: 1, npi: NPI },
]);

async function render(c: Cms1500Claim, scanned: boolean, seed = 4242): Promise<ParsedDocument> {
  const { doc, fonts } = await newPdf("cms1500 test");
  const pages = renderPages(c);
  for (let i = 0; i < pages.length; i++) {
    if (scanned) await drawScanned(doc, scanPageOf(pages[i]), seed + i);
    else drawFormVector(doc, fonts, pages[i]);
  }
  return parseDocument(new Uint8Array(await doc.save()));
}

beforeAll(async () => {
  await initFonts();
});
afterAll(async () => {
  await terminateOcrWorker();
});

describe("readCms1500 on a typed form", () => {
  it("reads every service line, its supplemental NDC row and the header boxes across pages", async () => {
    const doc = await render(
      claim([
        ...INFUSION,
        { from: "2026-11-17", to: "2026-11-19", pos: "22", emg: "Y", code: "73721", mods: ["RT"], pointers: "C", charge: 1320, units: 1, npi: NPI },
        ...THERAPY,
      ]),
      false,
    );
    expect(doc.page_count).toBe(2);
    const g = readCms1500(doc)!;
    expect(g.pages).toEqual([1, 2]);
    expect(g.lines.map((l) => [l.code, l.modifiers.join(","), l.units, l.date_of_service, l.place_of_service])).toEqual([
      ["J1745", "", 50, "2026-11-16", "11"],
      ["96413", "", 1, "2026-11-16", "11"],
      ["96415", "", 1, "2026-11-16", "11"],
      ["73721", "RT", 1, "2026-11-17", "22"],
      ...["2026-11-02", "2026-11-04", "2026-11-09", "2026-11-11"].flatMap((d) => [
        ["97110", "GP", 3, d, "11"],
        ["97140", "GP,59", 1, d, "11"],
      ]),
    ]);
    expect(g.lines[3].date_of_service_end).toBe("2026-11-19");
    expect(g.lines.map((l) => l.line_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(g.lineExtras[0]).toMatchObject({
      ndc: "57894003001",
      ndc_quantity: "UN5",
      charge: 4875,
      rendering_npi: NPI,
      diagnosis_codes: ["K50.012", "Z79.899"],
    });
    expect(g.lineExtras[3]).toMatchObject({ emg: true, diagnosis_codes: ["M25.561"] });
    expect(g.member_id?.value).toBe("XQH44817203");
    expect(g.patient_name?.value).toEqual({ last_name: "Abernathy", first_name: "Joan", middle_initial: "R" });
    expect(g.birth_date?.value).toBe("1957-03-09");
    expect(g.sex?.value).toBe("female");
    expect(g.referring?.value).toEqual({ name: "Carla Mendes", npi: "1497758544", qualifier: "DN" });
    expect(g.signer?.value).toEqual({ name: "Tomas Okafor", credential: "MD" });
    expect(g.billing_npi?.value).toBe("1245319599");
    expect(g.icd_indicator).toBe("0");
    expect(g.diagnoses.map((d) => `${d.letter}:${d.code}`)).toEqual(["A:K50.012", "B:Z79.899", "C:M25.561"]);
    expect(g.prior_authorization?.value).toBe("AUTH-558812");
    // every field is cited to the words read, verbatim
    for (const l of g.lines) for (const c of l.citations) expect(doc.pages[c.page - 1].text.slice(c.start, c.end)).toBe(c.text);
    expect(g.lines[0].citations[0].text).toBe("J1745");
  }, 60_000);

  it("is what extractServiceLines and extractCaseFacts use on a claim form", async () => {
    const doc = await render(claim(INFUSION), false);
    const lines = extractServiceLines(doc);
    expect(lines.map((l) => `${l.code} x${l.units} ${l.date_of_service} ${l.place_of_service}`)).toEqual([
      "J1745 x50 2026-11-16 11",
      "96413 x1 2026-11-16 11",
      "96415 x1 2026-11-16 11",
    ]);
    expect(lines[0]).toMatchObject({ category: "infusion", ordering_provider: "Carla Mendes", site_of_care: "office" });
    const f = extractCaseFacts(doc);
    expect(f.patient).toMatchObject({ first_name: "Joan", last_name: "Abernathy", birth_date: "1957-03-09", member_id: "XQH44817203", gender: "female" });
    // the rendering practitioner: item 31's signer with the 24J NPI, never item 17's referring provider
    expect(f.practitioner).toMatchObject({ full_name: "Tomas Okafor", credential: "MD", npi: NPI, npi_valid: true });
    expect(f.diagnoses.map((d) => d.code)).toEqual(["K50.012", "Z79.899", "M25.561"]);
    expect(f.diagnoses[0].primary).toBe(true);
    expect(f.notes.some((n) => n.text.includes("AUTH-558812"))).toBe(true);
  }, 60_000);
});

describe("readCms1500 on a scanned form", () => {
  it("reads the lines of a tilted, noisy fax of the form with its red rules faded", async () => {
    const doc = await render(
      claim([...INFUSION, { from: "2026-11-18", pos: "22", code: "73721", mods: ["RT"], pointers: "C", charge: 1320, units: 1, npi: NPI }]),
      true,
    );
    expect(doc.pages[0].ocr).toBe(true);
    const g = readCms1500(doc)!;
    expect(g).not.toBeNull();
    expect(g.lines.map((l) => [l.code, l.modifiers.join(","), l.units, l.date_of_service, l.place_of_service])).toEqual([
      ["J1745", "", 50, "2026-11-16", "11"],
      ["96413", "", 1, "2026-11-16", "11"],
      ["96415", "", 1, "2026-11-16", "11"],
      ["73721", "RT", 1, "2026-11-18", "22"],
    ]);
    expect(g.lineExtras[0]).toMatchObject({ ndc: "57894003001", ndc_quantity: "UN5" });
    expect(g.member_id?.value).toBe("XQH44817203");
    expect(g.birth_date?.value).toBe("1957-03-09");
    expect(g.diagnoses.map((d) => d.code)).toEqual(["K50.012", "Z79.899", "M25.561"]);
  }, 120_000);
});

describe("readCms1500 on a scan whose item-24 captions OCR half lost", () => {
  it("places the columns from the captions it can read (data printed up and left of the boxes)", async () => {
    const lines: Cms1500Claim["lines"] = [
      ...INFUSION,
      {
        from: "2026-11-19",
        pos: "12",
        code: "E0601",
        mods: ["NU", "RR"],
        pointers: "B",
        charge: 98.5,
        units: 1,
        npi: NPI,
        supplemental: "CPAP RENTAL MONTH 1",
      },
    ];
    const doc = await render({ ...claim(lines), offset: [-2, -1.5] }, true, 114);
    const g = readCms1500(doc)!;
    expect(g.lines.map((l) => `${l.code} ${l.modifiers.join(",")} x${l.units} ${l.date_of_service} ${l.place_of_service}`)).toEqual([
      "J1745  x50 2026-11-16 11",
      "96413  x1 2026-11-16 11",
      "96415  x1 2026-11-16 11",
      "E0601 NU,RR x1 2026-11-19 12",
    ]);
    expect(g.lines[3].description).toBe("CPAP RENTAL MONTH 1");
  }, 120_000);
});

describe("readCms1500 never takes running text for the grid", () => {
  it("ignores a text-only item-24 line and sentences that name the form's boxes", () => {
    const doc: ParsedDocument = {
      page_count: 1,
      pages: [
        gridPage(1, [
          [["24. A. DOS B. POS D. CPT/HCPCS Modifier Description F. Charges G. Units", 60]],
          [["10/12/2026 22 72148 MRI lumbar spine $125.00 1 units", 60]],
          [["The place of service, the diagnosis pointer, EPSDT and the rendering provider are on the claim.", 60]],
          [["Procedures, services or supplies: see the attached list of days or units.", 60]],
        ]),
      ],
    };
    expect(readCms1500(doc)).toBeNull();
    expect(extractServiceLines(doc).map((l) => l.code)).toEqual(["72148"]);
  });
});

describe("readCms1500Rows: a claim form whose red captions did not survive the fax", () => {
  it("reads the typed item-24 rows by their shape", () => {
    const doc: ParsedDocument = {
      page_count: 1,
      pages: [
        gridPage(1, [
          [["CHP2240191", 400]],
          [["N457894003001 UN5", 24]],
          [
            ["1", 12],
            ["11 16 26", 25],
            ["11 16 26", 80],
            ["11", 135],
            ["J1745", 173],
            ["AB", 293],
            ["4875 00", 345],
            ["50", 391],
            ["1388204574", 461],
          ],
          [
            ["2", 12],
            ["11 17 26", 25],
            ["11 19 26", 80],
            ["22", 135],
            ["73721", 173],
            ["RT 59", 215],
            ["C", 293],
            ["1320 00", 345],
            ["1", 391],
            ["1388204574", 461],
          ],
        ]),
      ],
    };
    expect(readCms1500(doc)).toBeNull();
    const lines = extractServiceLines(doc);
    expect(lines.map((l) => `${l.code} ${l.modifiers.join(",")} x${l.units} ${l.date_of_service}-${l.date_of_service_end} ${l.place_of_service}`)).toEqual([
      "J1745  x50 2026-11-16-null 11",
      "73721 RT,59 x1 2026-11-17-2026-11-19 22",
    ]);
    expect(lines[0].citations[1].text).toContain("N457894003001");
    expect(readCms1500Rows(doc)).toEqual(lines);
  });
});

describe("gridDate", () => {
  it("reads the form's date shapes", () => {
    expect(gridDate("10 12 26")).toBe("2026-10-12");
    expect(gridDate("101226")).toBe("2026-10-12");
    expect(gridDate("04 22 1968")).toBe("1968-04-22");
    expect(gridDate("12 11 59")).toBe("1959-12-11");
    expect(gridDate("1O 12 26")).toBe("2026-10-12");
    expect(gridDate("13 40 26")).toBeNull();
  });
});
