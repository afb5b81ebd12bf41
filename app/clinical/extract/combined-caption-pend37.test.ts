/**
 * A label printed as a combined caption with the patient's sex or age ("DOB / Sex: 09/19/1975 M",
 * "Date of birth / Age: 03/02/1974 (52)"): the value is inline after the whole caption — a lab report's
 * header line was left unread, so the request had no date of birth and its identity was unconfirmed.
 */
import { describe, expect, it } from "vitest";
import { extractCaseFacts } from "./extract-case";
import { docFromPages } from "../testing";

const dobOf = (text: string) => extractCaseFacts(docFromPages([text])).patient.birth_date;

describe("a date of birth after a combined caption", () => {
  it("reads 'DOB / Sex: <date> M'", () => {
    expect(
      dobOf(
        [
          "Regional Laboratory LABORATORY REPORT",
          "Patient: SAMPLE, GREGORY HRN: NW00000000",
          "DOB / Sex: 09/19/1975 M Accession: RL26-1106-0931",
          "Collected: 11/06/2026 07:50",
        ].join("\n"),
      ),
    ).toBe("1975-09-19");
  });

  it("reads 'Date of birth / Age: <date> (<age>)'", () => {
    expect(dobOf(["Patient: Marisol Sample", "Date of birth / Age: 03/02/1974 (52)"].join("\n"))).toBe("1974-03-02");
  });
});
