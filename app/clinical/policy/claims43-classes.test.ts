/**
 * Classes behind the cumberland-tenncare first run (stop 43: four deniable or incomplete lines
 * approved) and a hudson-ny extraction miss, asserted on a synthetic guideline and note:
 * 1. a benefit manager's guideline whose section ids have a long prefix and a colon ("ENTSURG-2:
 *    Tonsillectomy (CPT 42820, 42821)") is read section by section, each section's criteria scoped to
 *    its codes (both sections had applied to every line);
 * 2. its bullet lists are items and a bullet's sub-bullets ("o 7 or more …; OR") are alternatives of
 *    that item, never more text of it;
 * 3. an "ENTSURG-2.2 Not medically necessary:" sub-section states the failing side of the criteria — no
 *    criterion (its items had been read as alternatives met by silence), and a heading on its own line
 *    closes the list above it in the outline reader;
 * 4. a general section that only says how the guideline is applied and documented ("These guidelines
 *    describe …", "Documentation comes from …") states no requirement;
 * 5. a note's medication list ("CURRENT MEDICATIONS", a "Medication | Sig | Start | Status" table) is
 *    never the drug requested.
 */
import { describe, expect, it } from "vitest";
import type { Criterion, FormularyRow } from "../contracts";
import { extractCaseFacts } from "../extract/extract-case";
import { docFromPages } from "../testing";
import { isHeading } from "./outline";
import { readPolicy } from "./read-policy";

const GUIDELINE = [
  "EXAMPLE HEALTH PLAN CLINICAL GUIDELINES",
  "ENTSURG-1: General Guidelines",
  "ENTSURG-1.1 These guidelines describe when tonsil and middle-ear surgery is medically necessary for an enrollee under 21. Elective procedures require prior authorization; claims are reviewed against the same criteria.",
  "ENTSURG-1.2 Documentation comes from the surgeon's consultation. Episodes must be dated.",
  "ENTSURG-2: Tonsillectomy (CPT 42820, 42821)",
  "ENTSURG-2.1 Tonsillectomy is medically necessary for ANY ONE of the following:",
  "• Recurrent throat infection, each episode recorded with its date and a temperature of 38.3 C or higher; AND a frequency of:",
  "o 7 or more such episodes in the 12 months before the consultation; OR",
  "o 5 or more such episodes in each of the 2 years before the consultation.",
  "• Peritonsillar abscess: a second episode.",
  "ENTSURG-2.2 Not medically necessary:",
  "• Halitosis or tonsil stones without the findings above.",
  "ENTSURG-3: Tympanostomy Tubes (CPT 69433, 69436)",
  "ENTSURG-3.1 Insertion of tympanostomy tubes is medically necessary for ANY ONE of the following:",
  "• Recurrent acute otitis media (4 or more dated episodes in 12 months) AND middle-ear effusion at the surgical assessment.",
  "• Chronic otitis media with effusion with a documented conductive hearing loss.",
  "ENTSURG-3.2 Not medically necessary:",
  "• Recurrent acute otitis media without middle-ear effusion at the surgical assessment.",
].join("\n");

const walk = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => [c, ...(c.kind === "all" || c.kind === "any" ? walk(c.items) : [])]);

describe("a benefit manager's guideline with long section prefixes", () => {
  const model = readPolicy(docFromPages([GUIDELINE]), { drug_names: ["42820", "42821", "69433", "69436"], title: "Pediatric ENT surgery" });
  const all = walk([...model.common, ...model.indications.flatMap((i) => i.criteria)]);
  it("scopes each section's criteria to its own codes", () => {
    const tonsil = all.filter((c) => /Recurrent throat infection/.test(c.text) && c.kind !== "all" && c.kind !== "any");
    expect(tonsil.length).toBeGreaterThan(0);
    for (const c of tonsil) expect((c as { codes?: string[] }).codes).toEqual(["42820", "42821"]);
    const tubes = all.filter((c) => /middle-ear effusion/.test(c.text) && c.kind !== "all" && c.kind !== "any");
    for (const c of tubes) expect((c as { codes?: string[] }).codes).toEqual(["69433", "69436"]);
  });
  it("reads a bullet's sub-bullets as its alternatives", () => {
    const freq = all.find((c) => c.kind === "any" && c.items.some((i) => /^7 or more such episodes/.test(i.text)));
    expect(freq && freq.kind === "any" && freq.items.map((i) => i.text.slice(0, 12))).toEqual(["7 or more su", "5 or more su"]);
    expect((freq as { codes?: string[] }).codes).toEqual(["42820", "42821"]);
  });
  it("reads no 'Not medically necessary' item and no process sentence as a criterion", () => {
    const text = JSON.stringify([model.common, model.indications.map((i) => i.criteria)]);
    expect(text).not.toMatch(/Halitosis|without middle-ear effusion|Not medically necessary/);
    expect(text).not.toMatch(/These guidelines describe|Documentation comes from/);
    // the general section says how the guideline is applied: no criterion of every code
    expect(model.common).toEqual([]);
  });
  it("takes a numbered heading for a heading", () => {
    expect(isHeading("ENTSURG-2.2 Not medically necessary:")).toBe(true);
    expect(isHeading("ENTSURG-2.1 Tonsillectomy is medically necessary for ANY ONE of the following:")).toBe(false);
  });
});

describe("a progress note with a medication list", () => {
  const formulary: FormularyRow[] = [
    { drug_name: "Examplo", ndc: "12345-0340-30", tier: 0, requires_prior_auth: true, quantity_limit: null, step_therapy: [] },
  ];
  const note = [
    "PROGRESS NOTE   Patient: DELGADO, Rosa   DOB 08/30/1960",
    "CURRENT MEDICATIONS (reconciled this visit)",
    "Medication Sig Start Status",
    "donepezil 10 mg 1 tab at bedtime 2023 Active",
    "sertraline 50 mg 1 tab daily 2024 Active",
    "P: PLAN",
    "Examplovan 34 mg once daily is requested because she did not tolerate risperidone.",
  ].join("\n");
  it("takes the drug the plan requests, never the first drug of the list", () => {
    const f = extractCaseFacts(docFromPages([note]), { formulary, knownDrugNames: ["Examplo", "examplovan"] });
    expect(f.medication.drug_name?.toLowerCase()).not.toBe("donepezil");
    expect(["examplo", "examplovan"]).toContain(f.medication.drug_name?.toLowerCase());
  });
});
