/**
 * An administration code billed with the drug it gives (issue 22, class 4): decided by the drug line
 * of the same policy and date, never by the drug's criteria read again; never denied on the drug
 * line's denial (a reviewer decides it).
 */
import { describe, expect, it } from "vitest";
import type { ServiceLineResult } from "../contracts";
import { administeredDrugLines, administrationReview, isAdministrationCode, isDrugCode } from "./run-pipeline";

const line = (n: number, code: string, date: string, final: "approved" | "denied" | "needs_more_information", policyId = "drug-policy") =>
  ({
    line: { line_number: n, code, date_of_service: date, citations: [{ document: "fax", page: 1, text: `24. ${code}` }] },
    policyId,
    tree: null,
    review: null,
    decision: {
      final_decision: final,
      confidence_score: 0.9,
      ai_summary: "",
      rationale: `${code} ${final}`,
      citations: [{ document: "fax", page: 2, text: `${code} evidence` }],
      decision_tree_traversal: [],
      missing_items: final === "needs_more_information" ? ["EGFR/ALK result"] : [],
    },
  }) as unknown as ServiceLineResult;

describe("administration lines", () => {
  it("tells administration codes and drug codes", () => {
    expect([96365, 96413, 96415, 96549].every((c) => isAdministrationCode(String(c)))).toBe(true);
    expect(["97110", "93306", "96550", null].some((c) => isAdministrationCode(c))).toBe(false);
    expect(["J9271", "Q5103", "j1745"].every((c) => isDrugCode(c))).toBe(true);
    expect(["E1390", "96413", "G0399"].some((c) => isDrugCode(c))).toBe(false);
  });

  it("follows an approved drug line of the same policy and date", () => {
    const drug = line(1, "J9271", "2026-09-21", "approved");
    const admin = line(2, "96413", "2026-09-21", "needs_more_information");
    expect(administeredDrugLines(admin, [drug, admin])).toEqual([drug]);
    const r = administrationReview(admin, [drug]);
    expect(r.verdict).toEqual({ approved: true, denied: false, open_nodes: [] });
    expect(r.paths[0].criteria[0].citations.map((c) => c.text)).toContain("J9271 evidence");
  });

  it("stays open when the drug line is pending or denied, and ignores drugs of another date or policy", () => {
    const admin = line(2, "96413", "2026-10-19", "approved");
    for (const f of ["needs_more_information", "denied"] as const) {
      const r = administrationReview(admin, [line(1, "J9271", "2026-10-19", f)]);
      expect(r.verdict?.approved).toBe(false);
      expect(r.verdict?.denied).toBe(false);
      expect(r.paths[0].outcome).toBe("insufficient");
    }
    expect(administeredDrugLines(admin, [line(1, "J9271", "2026-10-12", "approved"), admin])).toEqual([]);
    expect(administeredDrugLines(admin, [line(1, "J9271", "2026-10-19", "approved", "other-policy"), admin])).toEqual([]);
    expect(administeredDrugLines(line(3, "97110", "2026-10-19", "approved"), [line(1, "J9271", "2026-10-19", "approved")])).toEqual([]);
  });
});
