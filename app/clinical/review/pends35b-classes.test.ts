/**
 * Classes of policy reading that left decidable requests pended (issue 21, pends35b):
 * 1. a section that lists what to submit ("Required Documentation"), a program summary and an
 *    "Other information" section hold no criteria;
 * 2. a sentence that only states how long an approval lasts ("Pregnancy: approve through the
 *    estimated delivery date plus 12 weeks"), a permission to receive the drug from any prescriber
 *    and the prescriber's own licensure ("must hold an active DEA registration") are no requirements
 *    — while an approval term with a condition in it stays a criterion.
 */
import { describe, expect, it } from "vitest";
import type { Criterion } from "../contracts";
import { docFromPages } from "../testing";
import { readPolicy } from "../policy/read-policy";

const texts = (cs: Criterion[]): string[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c.text, ...texts(c.items)] : [c.text]));
const allTexts = (policy: string) => {
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplumab"] });
  return [...m.indications.flatMap((i) => texts(i.criteria)), ...texts(m.common)].join(" | ");
};

describe("sections that hold no criteria", () => {
  const POLICY = [
    "Examplumab - Chronic Widget Disease",
    "PROGRAM SUMMARY",
    "This program encourages the use of cost-effective generic agents before brand agents and limits the quantity dispensed.",
    "APPROVAL CRITERIA",
    "1. Diagnosis of chronic widget disease; AND",
    "2. Member is 18 years of age or older; AND",
    "3. Prescribed by, or in consultation with, a rheumatologist.",
    "Required Documentation",
    "- The imaging report with its date.",
    "- Chart notes with the disease stage.",
    "References",
    "1. Doe J. Widget disease. J Widg. 2020;1:1-2.",
  ].join("\n");

  it("drops the documentation-to-submit list and the program summary but keeps the criteria", () => {
    const all = allTexts(POLICY);
    expect(all).toMatch(/18 years of age/);
    expect(all).toMatch(/rheumatologist/);
    expect(all).not.toMatch(/Chart notes with the disease stage/);
    expect(all).not.toMatch(/cost-effective generic/);
  });
});

describe("statements that are no requirements", () => {
  const POLICY = (extra: string) =>
    [
      "Examplumab - Chronic Widget Disease",
      "Criteria for approval",
      "• Diagnosis of chronic widget disease (ICD-10-CM M35.9).",
      "• The member has had a trial of methotrexate for at least 12 weeks.",
      extra,
      "• Prescribers must hold an active DEA registration with Schedule III authority.",
      "• Members may receive Examplumab from any registered prescriber; a specialist is not required.",
    ].join("\n");

  it("drops an approval term, a permission and the prescriber's licensure", () => {
    const all = allTexts(POLICY("• Pregnancy: approve through the estimated delivery date plus 12 weeks."));
    expect(all).toMatch(/methotrexate/);
    expect(all).not.toMatch(/approve through/);
    expect(all).not.toMatch(/DEA registration/);
    expect(all).not.toMatch(/from any registered prescriber/);
  });

  it("keeps an approval term that carries a condition", () => {
    const all = allTexts(POLICY("• Approve for 6 months when a urine drug screen within the past 30 days is documented."));
    expect(all).toMatch(/urine drug screen/);
  });
});
