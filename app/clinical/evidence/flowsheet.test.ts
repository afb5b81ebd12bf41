/**
 * Lab flowsheets (trend tables): a header row of dates and one row per measure, each cell dated by
 * its column. Read as ordinary text, the row's first value (the oldest) was taken without a date.
 */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import { buildCaseIndex } from "./case-index";
import { measureValues } from "./findings";
import { measureByName } from "../vocabulary/measures";

const idxOf = (lines: string[]) => buildCaseIndex(docFromPages([lines.join("\n")]), "2026-12-01");
const values = (lines: string[], name: string) => measureValues(idxOf(lines), measureByName(name)!).map((v) => ({ value: v.value, date: v.date }));

describe("lab flowsheet rows", () => {
  const sheet = [
    "LAB TREND",
    "Test Units 06/02/2025 08/19/2025 10/07/2025 11/24/2025",
    "Hemoglobin g/dL 12.1 11.0 L 10.2 L 9.4 L",
    "Ferritin ng/mL 41 L -- 310 --",
    "Platelets x10E3/uL 210 188 n/a 175",
  ];

  it("dates each value by its column, flags and empty cells keeping the columns", () => {
    expect(values(sheet, "hemoglobin")).toEqual([
      { value: 12.1, date: "2025-06-02" },
      { value: 11, date: "2025-08-19" },
      { value: 10.2, date: "2025-10-07" },
      { value: 9.4, date: "2025-11-24" },
    ]);
    expect(values(sheet, "ferritin")).toEqual([
      { value: 41, date: "2025-06-02" },
      { value: 310, date: "2025-10-07" },
    ]);
  });

  it("reads a row whose cells do not match the date columns as ordinary text (no invented dates)", () => {
    const v = values(["Test Units 06/02/2025 08/19/2025 10/07/2025", "Hemoglobin g/dL 12.1 11.0"], "hemoglobin");
    expect(v.every((x) => x.date !== "2025-08-19" && x.date !== "2025-10-07")).toBe(true);
  });

  it("needs a header of dates only: a sentence with two dates is no flowsheet", () => {
    const v = values(["Seen 06/02/2025 and again 08/19/2025 for anemia follow-up visits", "Hemoglobin 9.9 g/dL and 9.1 g/dL"], "hemoglobin");
    expect(v.map((x) => x.date)).not.toContain("2025-08-19");
  });
});
