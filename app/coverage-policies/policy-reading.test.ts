import { describe, expect, it } from "vitest";
import { generateDecisionTree } from "~/clinical/policy/compile-tree";
import { docFromPages } from "~/clinical/testing";
import { policyReading } from "./policy-reading";

const policy = docFromPages([
  [
    "Examplumab Coverage Policy",
    "I. Initial Approval Criteria",
    "A. Rheumatoid Arthritis (must meet all):",
    "1. Diagnosis of rheumatoid arthritis;",
    "2. Age ≥ 18 years;",
    "3. The member's overall clinical picture supports use as judged holistically;",
    "Approval duration: 6 months",
  ].join("\n"),
]);

describe("policyReading", () => {
  const tree = generateDecisionTree(policy, { drug_names: ["Examplumab"], title: "Examplumab", documentName: "policy" });
  const structured = { unread: tree.unread ?? [] };

  it("lists the questions a reviewer checks, and none of the ones the engine reads with high confidence", () => {
    const r = policyReading(structured, tree.nodes, ["Examplumab"]);
    const questions = r.review_nodes.map((n) => n.question);
    expect(questions.some((q) => /clinical picture/.test(q))).toBe(true);
    expect(questions.some((q) => /18 years/.test(q))).toBe(false);
    expect(questions.some((q) => /rheumatoid/i.test(q))).toBe(false);
  });

  it("an edited question that cannot be checked joins the list; a checkable edit does not", () => {
    const age = tree.nodes.find((n) => /18 years/.test(n.question))!;
    const vague = policyReading(
      structured,
      tree.nodes.map((n) => (n.id === age.id ? { ...n, question: "Patient is an appropriate candidate" } : n)),
      ["Examplumab"],
    );
    expect(vague.review_nodes.map((n) => n.id)).toContain(age.id);
    const sharp = policyReading(
      structured,
      tree.nodes.map((n) => (n.id === age.id ? { ...n, question: "Age ≥ 65 years" } : n)),
      ["Examplumab"],
    );
    expect(sharp.review_nodes.map((n) => n.id)).not.toContain(age.id);
  });

  it("returns the stored unread passages with their page, and tolerates a missing or odd structured_logic", () => {
    const stored = {
      unread: [
        {
          text: "Coverage is subject to the member's benefit design.",
          passage: { document: "policy", page: 2, start: 0, end: 10, text: "Coverage i" },
          why: "not a criterion the reader knows",
        },
      ],
    };
    expect(policyReading(stored, [], []).unread).toEqual([
      { text: "Coverage is subject to the member's benefit design.", page: 2, why: "not a criterion the reader knows" },
    ]);
    expect(policyReading(null, [], []).unread).toEqual([]);
    expect(policyReading({ unread: "nonsense" }, [], []).unread).toEqual([]);
  });
});
