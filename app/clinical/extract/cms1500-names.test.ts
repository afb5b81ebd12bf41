/**
 * Box 17's name as practice systems print it ("ADAEZE NWOSU MD"): the trailing degree is the
 * practitioner's credential, never part of the name (issue 22, practitioner field accuracy).
 */
import { describe, expect, it } from "vitest";
import { emptyFacts } from "../testing";
import { gridPractitioner, type Cms1500Reading } from "./cms1500";

const reading = (name: string): Cms1500Reading => ({
  pages: [1],
  lines: [],
  lineExtras: [],
  member_id: null,
  patient_name: null,
  birth_date: null,
  sex: null,
  referring: { value: { name, npi: "1234567893" }, citations: [] },
  billing_npi: null,
  icd_indicator: null,
  diagnoses: [],
  prior_authorization: null,
});

describe("box 17 practitioner name", () => {
  it("takes a trailing degree as the credential", () => {
    const p = gridPractitioner(reading("Lucia Marchetti Do"), emptyFacts().practitioner);
    expect(p).toMatchObject({ full_name: "Lucia Marchetti", first_name: "Lucia", last_name: "Marchetti", credential: "DO", npi: "1234567893" });
    expect(gridPractitioner(reading("Omar Haddad, PA-C"), emptyFacts().practitioner)).toMatchObject({ full_name: "Omar Haddad", credential: "PA-C" });
  });

  it("keeps a name that ends in no degree whole", () => {
    expect(gridPractitioner(reading("Grace Podesta"), emptyFacts().practitioner)).toMatchObject({ full_name: "Grace Podesta", last_name: "Podesta" });
  });
});
