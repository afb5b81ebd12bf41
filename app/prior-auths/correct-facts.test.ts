/**
 * Issue 24, item 6: a reviewer's corrections feed the next AI run. A member ID misread on the fax
 *  finds no member on the roster; once the reviewer corrects it, the re-run checks
 * eligibility on the corrected ID (the pipeline lays the corrections over extraction) instead of
 * deciding on the misread value again.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { builtinAgents } from "~/clinical/pipeline/builtin-agents";
import { runPipeline } from "~/clinical/pipeline/run-pipeline";
import { faxPages, pipelineInputs, scenarioArb } from "~/clinical/pipeline/synthetic-cases";
import { emptyFacts } from "~/clinical/testing";
import type { CorrectableField } from "./correctable-fields";
import { correctFacts } from "./correct-facts";

describe("correctFacts", () => {
  it("sets each corrected field and leaves the others as read", () => {
    const read = emptyFacts({
      patient: { ...emptyFacts().patient, first_name: "Erek", last_name: "Holloway", member_id: "PSH2O533190" },
      medication: { ...emptyFacts().medication, drug_name: "methotrexate", generic_name: "methotrexate" },
    });
    const fixed = correctFacts(
      read,
      new Map<CorrectableField, string | null>([
        ["patient.first_name", "Derek"],
        ["medication.drug_name", "Humira"],
        ["practitioner.full_name", "Lena Okafor"],
        ["practitioner.npi", "1306849450"],
      ]),
    );
    expect(fixed.patient).toMatchObject({ first_name: "Derek", last_name: "Holloway", member_id: "PSH2O533190" });
    expect(fixed.medication).toMatchObject({ drug_name: "Humira", drug_name_as_written: "Humira", generic_name: "adalimumab" });
    expect(fixed.practitioner).toMatchObject({ full_name: "Lena Okafor", first_name: "Lena", last_name: "Okafor", npi: "1306849450" });
    expect(read.patient.first_name).toBe("Erek");
    expect(correctFacts(read, new Map())).toBe(read);
  });
});

describe("a corrected member ID decides the re-run", () => {
  const [{ p, c }] = fc.sample(
    scenarioArb().filter(({ c }) => c.eligible),
    { numRuns: 1, seed: 24 },
  );
  // the fax's member ID misread beyond a near match (every digit shifted)
  const misread = c.memberId.replace(/\d/g, (d) => String((Number(d) + 5) % 10));
  const pages = faxPages(c, p).map((page) => page.split(c.memberId).join(misread));

  it("read as written, the identity is not confirmed (the ID is on no member)", async () => {
    expect(pages.join("\n")).toContain(misread);
    const r = await runPipeline(pipelineInputs(c, p, pages), builtinAgents);
    expect(r.facts.patient.member_id).toBe(misread);
    expect(r.eligibility.eligible).not.toBe(true);
    expect(r.eligibility.reason).toMatch(/confirm the member ID/);
  });

  it("with the reviewer's correction, eligibility runs on the corrected ID and finds the member", async () => {
    const inputs = pipelineInputs(c, p, pages);
    const corrections = new Map<CorrectableField, string | null>([["patient.member_id", c.memberId]]);
    const r = await runPipeline({ ...inputs, correctFacts: (facts) => correctFacts(facts, corrections) }, builtinAgents);
    expect(r.facts.patient.member_id).toBe(c.memberId);
    expect(r.eligibility.member?.member_id).toBe(c.memberId);
    expect(r.eligibility.eligible).toBe(true);
  });
});
