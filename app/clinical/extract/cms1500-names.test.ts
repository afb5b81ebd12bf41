/**
 * The practitioner's name as practice systems print it on the CMS-1500 ("ADAEZE NWOSU MD"): the
 * trailing degree is the practitioner's credential, never part of the name (issue 22, practitioner
 * field accuracy); and which box names the practitioner: item 31 with the 24J NPI, never the
 * referring provider of item 17 (the ordering provider, DK, only when item 31 names no one).
 */
import { describe, expect, it } from "vitest";
import { emptyFacts } from "../testing";
import { gridPractitioner, type Cms1500Reading } from "./cms1500";
import { extractCaseFacts } from "./extract-case";
import { docFromPages } from "../testing";

const reading = (name: string, qualifier: "DN" | "DK" | "DQ" = "DK"): Cms1500Reading => ({
  pages: [1],
  lines: [],
  lineExtras: [],
  member_id: null,
  patient_name: null,
  birth_date: null,
  sex: null,
  referring: { value: { name, npi: "1234567893", qualifier }, citations: [] },
  signer: null,
  billing_npi: null,
  icd_indicator: null,
  diagnoses: [],
  prior_authorization: null,
});

describe("box 17 ordering provider's name (a supplier's claim)", () => {
  it("takes a trailing degree as the credential", () => {
    const p = gridPractitioner(reading("Lucia Marchetti Do"), emptyFacts().practitioner);
    expect(p).toMatchObject({ full_name: "Lucia Marchetti", first_name: "Lucia", last_name: "Marchetti", credential: "DO", npi: "1234567893" });
    expect(gridPractitioner(reading("Omar Haddad, PA-C"), emptyFacts().practitioner)).toMatchObject({ full_name: "Omar Haddad", credential: "PA-C" });
  });

  it("keeps a name that ends in no degree whole", () => {
    expect(gridPractitioner(reading("Grace Podesta"), emptyFacts().practitioner)).toMatchObject({ full_name: "Grace Podesta", last_name: "Podesta" });
  });
});

describe("which box names the practitioner", () => {
  const extras = (npi: string) => ({ rendering_npi: npi, diagnosis_codes: [], ndc: null, ndc_quantity: null, charge: null, emg: false });
  it("takes item 31's signer with the 24J rendering NPI, not the referring provider of item 17", () => {
    const g: Cms1500Reading = {
      ...reading("Tobias Renner", "DN"),
      lineExtras: [extras("1003000126")],
      signer: { value: { name: "Ingrid Solheim", credential: "PT, DPT" }, citations: [] },
      billing_npi: { value: "1679576722", citations: [] },
    };
    expect(gridPractitioner(g, emptyFacts().practitioner)).toMatchObject({ full_name: "Ingrid Solheim", credential: "PT", npi: "1003000126" });
  });

  it("splits a master's degree and certification off a caption-less item-31 name", () => {
    const doc = docFromPages([
      [
        "04 01 26 04 01 26 11 92507 GN A 120 00 1 1003000126",
        "881234567 X ACCT-2 X 120 00 0 00",
        "RIVER VALLEY SPEECH CLINIC RIVER VALLEY SPEECH CLINIC",
        "NORA VANTERPOOL MA CCC-SLP 55 MILL RD 55 MILL RD",
      ].join("\n"),
    ]);
    expect(extractCaseFacts(doc).practitioner).toMatchObject({ full_name: "Nora Vanterpool", credential: "MA", npi: "1003000126" });
  });

  it("never takes a referring (DN) provider when item 31 names no one: the 24J NPI, the name left to the text", () => {
    const g: Cms1500Reading = { ...reading("Tobias Renner", "DN"), lineExtras: [extras("1003000126")] };
    const p = gridPractitioner(g, emptyFacts().practitioner);
    expect(p.full_name).not.toBe("Tobias Renner");
    expect(p.npi).toBe("1003000126");
  });
});

describe("the practitioner of a claim form whose captions dropped out (typed data only)", () => {
  const page = (box17: string, box31: string) =>
    [
      "SIGNATURE ON FILE SIGNATURE ON FILE",
      box17,
      "J449 R0902",
      "03 02 26 03 02 26 11 94010 A 90 00 1 1003000126",
      "881234567 X ACCT-1 X 90 00 0 00",
      "NORTHSIDE LUNG CLINIC NORTHSIDE LUNG CLINIC",
      box31,
      "SPRINGFIELD IL 62701 SPRINGFIELD IL 62701",
    ].join("\n");
  it("reads item 31's name and degree with the 24J NPI of the rows, not item 17's referring provider", () => {
    const f = extractCaseFacts(docFromPages([page("DN TOBIAS RENNER MD 1679576722", "INGRID SOLHEIM MD 12 ELM ST 12 ELM ST")]));
    expect(f.practitioner).toMatchObject({ full_name: "Ingrid Solheim", credential: "MD", npi: "1003000126" });
  });
  it("takes the ordering provider (DK) when item 31 holds a supplier's name", () => {
    const f = extractCaseFacts(docFromPages([page("DK TOBIAS RENNER MD 1679576722", "NORTHSIDE HOME MEDICAL SUPPLY 12 ELM ST")]));
    expect(f.practitioner).toMatchObject({ full_name: "Tobias Renner", npi: "1679576722" });
  });
});
