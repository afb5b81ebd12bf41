/**
 * A medical policy whose single path names no condition (the line's code selects it) loses its
 * indication question in `treeForService`; the path must then follow the last exclusion's "No"
 * (a branch label in its place left every line of the policy pended once the policy's
 * "Not covered: A; B; C." list was read as exclusions).
 */
import { describe, expect, it } from "vitest";
import { generateDecisionTree } from "../policy/compile-tree";
import { docFromPages } from "../testing";
import { treeForService } from "./run-pipeline";

describe("treeForService on a policy with exclusions", () => {
  const tree = generateDecisionTree(
    docFromPages([
      [
        "Coverage Rules - Occupational Therapy (97165, 97530)",
        "Occupational therapy is covered when ALL of the following are met:",
        "1. Therapy follows a written plan of care certified by the treating practitioner; and",
        "2. The member makes measurable progress toward the goals of the plan of care.",
        "Not covered: maintenance programs once goals are met; driving rehabilitation; therapy for vocational purposes only.",
      ].join("\n"),
    ]),
    { drug_names: [], title: "occupational-therapy", documentName: "policy" },
  );
  const service = treeForService(tree);

  it("reads the exclusions and keeps no indication question", () => {
    const roles = service.nodes.map((n) => (n.criterion as { role?: string } | null)?.role);
    expect(roles.filter((r) => r === "exclusion").length).toBeGreaterThanOrEqual(2);
    expect(roles).not.toContain("indication");
    expect(service.nodes.some((n) => /^none of/i.test(n.condition ?? ""))).toBe(false);
  });

  it("leaves the last exclusion by its 'No' edge into the criteria", () => {
    const exclusions = service.nodes.filter((n) => (n.criterion as { role?: string } | null)?.role === "exclusion");
    const last = exclusions[exclusions.length - 1];
    const out = service.edges.filter((e) => e.source === last.id).map((e) => e.condition);
    expect(out.sort()).toEqual(["No", "Yes"]);
  });
});
