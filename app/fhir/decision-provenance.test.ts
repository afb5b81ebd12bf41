/**
 * The pure parts of decision provenance: the AI rules that fired read from a trail, the evidence
 * spans of stored citations, the AI-assistance disclosure and where a letter carries it.
 */
import { describe, expect, it } from "vitest";
import { aiDisclosureText, evidenceOf, rulesFiredInTrail } from "./decision-provenance.server";
import { fillTemplate, withAiDisclosure } from "~/letters/letter-template";
import { ruleTrailStep } from "~/clinical/rules/apply-ai-rules";

describe("rulesFiredInTrail", () => {
  it("names the rules whose trail step fired, not the ones that did not parse, nor policy questions", () => {
    const fired = ruleTrailStep({ name: "Biosimilar", stage: "clinical", conditions: ["drug is Humira"], action_texts: ["require attestation"], actions: [] });
    const skipped = ruleTrailStep({ name: "Broken", stage: "audit", error: "no action" } as never);
    const trail = [{ node_question_or_action: "Tried methotrexate?", node_answer: "Fired up", next_node: null }, fired, skipped];
    expect(rulesFiredInTrail(trail)).toEqual([{ name: "Biosimilar", stage: "clinical", detail: "Fired — drug is Humira → require attestation" }]);
    expect(rulesFiredInTrail(null)).toEqual([]);
  });
});

describe("evidenceOf", () => {
  it("keeps document, page and quote of each distinct span, drops empty quotes and malformed rows", () => {
    const c = { document: "fax", document_id: "d1", page: 3, start: 0, end: 5, text: "  A1c   8.2%\n" };
    expect(evidenceOf([c, { ...c, text: "A1c 8.2%" }, { ...c, text: " " }, { page: 1 }])).toEqual([
      { document: "fax", documentId: "d1", page: 3, text: "A1c 8.2%" },
    ]);
    expect(evidenceOf(Array.from({ length: 40 }, (_, i) => ({ ...c, text: `quote ${i}` })))).toHaveLength(25);
  });
});

describe("aiDisclosureText", () => {
  it("says whether AI assisted and names the source of the screening criteria", () => {
    expect(aiDisclosureText({ engines: ["Engine 1.0"], criteria: ['Coverage policy "X", decision tree version 2'] })).toBe(
      'AI assisted this decision: an automated review tool (Engine 1.0) screened the request against the screening criteria, and a denial is only issued after a clinical reviewer\'s sign-off. Source of the screening criteria: Coverage policy "X", decision tree version 2.',
    );
    expect(aiDisclosureText({ engines: [], criteria: [] })).toBe(
      "No AI tool assisted this decision: a reviewer made it. Source of the screening criteria: the plan's coverage criteria (no coverage policy was applied).",
    );
  });
});

describe("withAiDisclosure", () => {
  it("adds the disclosure as the letter's last paragraph, once: not when the form placed {{ai_disclosure}}", () => {
    expect(withAiDisclosure("Dear {{patient_name}}", fillTemplate("Dear {{patient_name}}", { patient_name: "M" }), "AI assisted.")).toBe(
      "Dear M\n\nHow this decision was made: AI assisted.\n",
    );
    const placed = "Dear M.\n{{ ai_disclosure }}\nSigned";
    expect(withAiDisclosure(placed, fillTemplate(placed, { ai_disclosure: "AI assisted." }), "AI assisted.")).toBe("Dear M.\nAI assisted.\nSigned");
  });
});
