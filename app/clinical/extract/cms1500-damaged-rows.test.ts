/**
 * Item-24 rows of a scanned CMS-1500 whose captions did not survive, with the code or the units OCR
 * damaged ("Jo271" for J9271, units "a" for 1): read when the code resolves to exactly one code the
 * plan's medical policies govern, never guessed otherwise (issue 22, scanned claims).
 */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import { readCms1500Rows, repairedRowCode } from "./cms1500";
import { extractServiceLines } from "./service-lines";

const PAGE = [
  "C3432 C787",
  "N400006302602 ML8",
  "10 19 26 10 19 26 11 Jo271 AB 11860 00 200 1245908177",
  "10 19 26 10 19 26 11 96413 A 285 00 a 1245908177",
  "251330846 X ARC0536 X 12145 00 0 00",
].join("\n");

describe("OCR-damaged item-24 rows", () => {
  it("resolves a damaged code to the one governed code it fits, and no other", () => {
    expect(repairedRowCode("Jo271", ["J9271", "96413"])).toBe("J9271");
    expect(repairedRowCode("J9271", [])).toBe("J9271");
    // two governed codes fit: never a guess
    expect(repairedRowCode("Jo271", ["J9271", "J0271"])).toBeNull();
    expect(repairedRowCode("Jo271", [])).toBeNull();
    // CPT with a digit read as a letter
    expect(repairedRowCode("9641B", ["96413"])).toBeNull();
    expect(repairedRowCode("96A13", ["96413", "93306"])).toBe("96413");
  });

  it("reads the drug row and its administration row with the units OCR lost on the administration", () => {
    const rows = readCms1500Rows(docFromPages([PAGE]), "fax", ["J9271", "96413", "96415"]);
    expect(rows.map((r) => `${r.code} x${r.units} ${r.date_of_service} ${r.place_of_service}`)).toEqual(["J9271 x200 2026-10-19 11", "96413 x1 2026-10-19 11"]);
    // the same through the service-line reader the pipeline calls
    expect(extractServiceLines(docFromPages([PAGE]), "fax", ["J9271", "96413"]).map((r) => r.code)).toEqual(["J9271", "96413"]);
  });

  it("never reads units it could not read on a drug line (its units are a dose)", () => {
    const page = "10 19 26 10 19 26 11 Jo271 AB 11860 00 zo 1245908177";
    expect(readCms1500Rows(docFromPages([page]), "fax", ["J9271"])).toEqual([]);
  });
});

describe("item-24 rows whose diagnosis pointer did not survive the scan", () => {
  it("reads the row from its other columns: modifiers, charge, units and the rendering NPI", () => {
    const rows = readCms1500Rows(
      docFromPages([["M2551", "03 09 26 03 09 26 11 97530 GO 120 00 3 1003000126", "03 09 26 03 09 26 11 97535 GO 59 45 00 1 1003000126"].join("\n")]),
    );
    expect(rows.map((r) => `${r.code} ${r.modifiers.join(",")} x${r.units} ${r.date_of_service} ${r.place_of_service}`)).toEqual([
      "97530 GO x3 2026-03-09 11",
      "97535 GO,59 x1 2026-03-09 11",
    ]);
  });
});
