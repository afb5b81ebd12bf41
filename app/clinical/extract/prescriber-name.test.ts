/**
 * A prescriber's name as forms print it, followed by the NPI, phone and specialty (a grid row of a
 * drug-request form) or by a bracketed specialty and "NPI …" (an EHR message): the name is read up
 * to them (cascade-kp read "Mei-Ling Hepatology" and "Ingrid Center", or nothing).
 */
import { describe, expect, it } from "vitest";
import { extractCaseFacts } from "./extract-case";
import { docFromPages } from "../testing";

const nameOf = (text: string) => extractCaseFacts(docFromPages([text])).practitioner.full_name;

describe("a prescriber's name followed by what the form prints after it", () => {
  it("stops at the NPI, phone and specialty of a grid row", () => {
    expect(
      nameOf(
        [
          "DRUG REQUEST",
          "PRESCRIBER",
          "Prescriber name NPI Specialty Phone / Fax",
          "Anika Solberg, MD 1234567893 Pulmonology / Sleep Medicine (503) 555-0100 / (503) 555-0101",
        ].join("\n"),
      ),
    ).toBe("Anika Solberg");
  });

  it("stops at a bracketed specialty and an NPI label", () => {
    expect(nameOf(["Message thread", "Ordering provider: Tomas Reyes, MD (Rheumatology), NPI 1234567893"].join("\n"))).toBe("Tomas Reyes");
  });
});

describe("a form's caption or heading is never a name", () => {
  it("does not read the heading after a 'Physician/NP' signature line as the practitioner", () => {
    const name = nameOf(
      ["Therapy progress report", "Attestation", "Physician/NP certification: [ ] signed: ____", "Plan of care sent for signature"].join("\n"),
    );
    expect(name ?? "").not.toMatch(/certification|attestation|signature/i);
  });
});

describe("a letter's signer on the closing's own line", () => {
  const letter = (closing: string) =>
    ["Re: request for lumbar MRI", "She completed 8 weeks of physical therapy without relief.", closing, "Phone (503) 555-0100"].join("\n");

  it("reads 'Sincerely, Dr. Name, MD, Specialty' flattened onto one line", () => {
    expect(nameOf(letter("Sincerely, Dr. Daniel Whitaker, MD, Orthopedic Surgery, NPI 1234567893"))).toBe("Daniel Whitaker");
  });

  it("reads a 'Dr.'-titled name whose credential the OCR damaged", () => {
    expect(nameOf(letter("Sincerely, Dr. Ingrid Salo, M [X] , Sleep Medicine, NPI 1234567893"))).toBe("Ingrid Salo");
  });

  it("reads no name from a closing followed by prose", () => {
    expect(nameOf(letter("Thank you for your prompt review of this request."))).toBeNull();
  });
});

describe("a long-term-care pharmacy's request (chesapeake-md's first run)", () => {
  const facts = (text: string) => extractCaseFacts(docFromPages([text]));
  const LTC = [
    "BAYVIEW LTC PHARMACY SERVICES LTC PRIOR AUTHORIZATION REQUEST",
    "RESIDENT",
    "Name: Mercer, Antoine DOB: 04/05/1966 Sex: M",
    "Part D member ID: CHD40819926",
    "ATTENDING / PRESCRIBER",
    "Name: Nadine Fairbanks, MD NPI: 1234567893 Specialty: Geriatric Psychiatry",
  ].join("\n");

  it("reads the resident as the patient, and a surname two letters from a label word as a name", () => {
    const f = facts(LTC);
    expect([f.patient.first_name, f.patient.last_name]).toEqual(["Antoine", "Mercer"]);
  });

  it("reads the attending / prescriber panel's name", () => {
    expect(facts(LTC).practitioner.full_name).toBe("Nadine Fairbanks");
  });

  it("ends a grid row's name at its credential, even one the OCR damaged", () => {
    const grid = (row: string) => nameOf(["3. PRESCRIBER", "Prescriber Specialty NPI", row].join("\n"));
    expect(grid("Irina Volkova, MD Neurology (Movement Disorders) 1234567893")).toBe("Irina Volkova");
  });

  it("never reads where the form is routed as the prescriber", () => {
    const name = nameOf(
      ["CARE COORDINATION MEDICATION REQUEST (Care manager on behalf of prescriber) Route to: Pharmacy PA 1-844-555-0417", "1. MEMBER"].join("\n"),
    );
    expect(name ?? "").not.toMatch(/route|pharmacy/i);
  });
});
