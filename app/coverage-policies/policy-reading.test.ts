import { describe, expect, it } from "vitest";
import { generateDecisionTree } from "~/clinical/policy/compile-tree";
import { reviewCase } from "~/clinical/review/review-case";
import { docFromPages, emptyFacts } from "~/clinical/testing";
import { markReviewLeaves, policyReading } from "./policy-reading";
import { actionView } from "./ui/types";

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

describe("policyReading: the tree's Deny leaves agree with the side panel and the engine (issue 24)", () => {
  // The demo's medical policy (fixtures/eval/claims: an LCD for lumbar MRI). The side panel said two
  // of its criteria "never deny on their own" while the tree drew "Denied — criterion not met" under
  // each, and "Denied — indication not covered" under an indication the reader did not understand.
  const lcd = docFromPages([
    [
      "LOCAL COVERAGE DETERMINATION (LCD-STYLE)",
      "Magnetic Resonance Imaging (MRI) of the Lumbar Spine",
      "Codes: 72148, 72149, 72158",
      "Indications and Limitations of Coverage. MRI of the lumbar spine (CPT 72148, 72149, 72158) is considered reasonable and necessary when ALL of the following criteria are met:",
      "1. Diagnosis of low back pain or lumbar radiculopathy; AND",
      "2. Failure of at least 6 weeks of conservative therapy (physical therapy or NSAIDs); AND",
      "3. Plain radiographs of the lumbar spine have been obtained.",
      "Documentation Requirements: the medical record must document the duration and type of conservative therapy.",
    ].join("\n"),
  ]);
  const names = ["Lumbar MRI"];
  const trees = [
    { name: "the demo's lumbar MRI LCD", tree: generateDecisionTree(lcd, { drug_names: names, title: "Lumbar MRI", documentName: "policy" }), names },
    {
      name: "a drug policy with a criterion no engine can check",
      tree: generateDecisionTree(policy, { drug_names: ["Examplumab"], title: "Examplumab", documentName: "policy" }),
      names: ["Examplumab"],
    },
  ];

  for (const { name, tree, names: drugNames } of trees) {
    const reading = policyReading({ unread: tree.unread ?? [] }, tree.nodes, drugNames);
    const byId = new Map(tree.nodes.map((n) => [n.id, n]));
    const leaves = new Set(reading.review_leaves.map((l) => l.id));

    it(`${name}: every Deny leaf under a question the panel says never denies shows "Reviewer decides", and no other`, () => {
      expect(reading.review_nodes.length).toBeGreaterThan(0);
      const neverDenies = new Set(reading.review_nodes.filter((n) => /never denie/.test(n.why)).map((n) => n.id));
      expect(neverDenies.size).toBeGreaterThan(0);
      for (const n of tree.nodes) {
        if (n.node_type !== "action" || n.node_action !== "denied") continue;
        expect(leaves.has(n.id), `${n.question} under ${byId.get(n.parent_id!)?.question}`).toBe(neverDenies.has(n.parent_id!));
      }
      for (const n of markReviewLeaves(tree.nodes, reading)) {
        if (n.node_type !== "action") continue;
        const view = actionView(n);
        if (leaves.has(n.id)) {
          expect(view.badge).toBe("Reviewer decides");
          expect(view.label).not.toMatch(/denied/i);
        } else expect(view.badge).toBe(n.node_action === "approved" ? "Approve" : "Deny");
      }
    });

    it(`${name}: a request that fails only those questions is never denied by the engine`, () => {
      // a fax that shows none of the policy's requirements: every question is unknown or not met
      const fax = docFromPages(["Prior authorization request\nMember: Ann Lee  DOB 01/02/1970\nRequested: " + drugNames[0] + "\nNotes: request attached."]);
      const review = reviewCase({ facts: emptyFacts(), caseDoc: fax, tree: { ...tree, title: tree.title }, policyId: "p", requestDate: "2026-03-01" });
      const deniedAt = review.traversal.at(-1)?.node_question_or_action;
      if (review.verdict?.denied) {
        const leaf = tree.nodes.find((n) => n.node_type === "action" && n.question === deniedAt && !leaves.has(n.id));
        expect(leaf, `denied at "${deniedAt}", a leaf the view shows as "Reviewer decides"`).toBeDefined();
      }
      // and the leaves drawn as "Reviewer decides" are exactly where the engine pends instead
      expect(review.verdict?.denied ?? false).toBe(false);
    });
  }

  it("an 'all' group with a clearly read part can deny through it: its leaf stays Deny and the panel says so", () => {
    const mixed = docFromPages([
      [
        "Examplumab Coverage Policy",
        "I. Initial Approval Criteria",
        "A. Rheumatoid Arthritis (must meet all):",
        "1. Diagnosis of rheumatoid arthritis;",
        "2. Both of the following: (a) age ≥ 18 years; (b) the member's overall clinical picture supports use as judged holistically;",
        "Approval duration: 6 months",
      ].join("\n"),
    ]);
    const tree = generateDecisionTree(mixed, { drug_names: ["Examplumab"], title: "Examplumab", documentName: "policy" });
    const reading = policyReading({}, tree.nodes, ["Examplumab"]);
    const clear = reading.review_nodes.filter((n) => /clearly read parts \(1 of 2\)/.test(n.why));
    expect(clear).toHaveLength(1);
    for (const r of clear) {
      const leaf = tree.nodes.find((n) => n.parent_id === r.id && n.node_type === "action")!;
      expect(reading.review_leaves.map((l) => l.id)).not.toContain(leaf.id);
    }
  });
});
