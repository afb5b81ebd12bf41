/**
 * The requested drug is the policy's drug: a medication read from the fax that the policy does not
 * name (a discharge summary's first reconciliation row) is another drug the member takes, so a
 * requirement to use it together with the requested drug can be met (alderwood-nj ae-009).
 */
import { describe, expect, it } from "vitest";
import { generateDecisionTree } from "../policy/compile-tree";
import { docFromPages, emptyFacts } from "../testing";
import { reviewText } from "./test-cases";

const POLICY = [
  "Halvora (examplaxin) - hepatic encephalopathy",
  "Criteria for Initial Approval",
  "Halvora is considered medically necessary for hepatic encephalopathy when ALL of the following are met:",
  "1. The member is 18 years of age or older; and",
  "2. Halvora will be used in combination with lactulose.",
].join("\n");

describe("the requested drug", () => {
  const tree = generateDecisionTree(docFromPages([POLICY]), { drug_names: ["Halvora", "examplaxin"], title: "Halvora", documentName: "policy" });
  const fax = [
    "DISCHARGE SUMMARY 2026-11-05",
    "Patient: Jane Roe DOB 1960-02-03",
    "Diagnosis: K76.82 hepatic encephalopathy",
    "Lactulose 10 g/15 mL solution 30 mL PO three times daily NEW",
    "Halvora 550 mg tablet PO twice daily NEW",
  ].join("\n");
  const combo = (over: Parameters<typeof reviewText>[2]) =>
    reviewText(tree, fax, over, "2026-11-06")
      .review.paths.flatMap((p) => p.criteria)
      .find((c) => /lactulose/i.test(c.question));

  it("is never a drug the policy does not name, even when the fax's medication was read as it", () => {
    const med = (drug: string, generic: string) => ({ medication: { ...emptyFacts().medication, drug_name: drug, generic_name: generic } });
    expect(combo(med("Halvora", "lactulose"))?.outcome).toBe("met");
    expect(combo(med("Halvora", "examplaxin"))?.outcome).toBe("met");
  });
});
