/**
 * claims39: an LCD whose "Covered Indications" list opens with a procedure heading ("1. Diagnostic
 * genicular nerve blocks (GNB). … ALL of the following criteria: a. …") is read as one indication
 * branch titled by that heading, tied to no condition. On a service line the code has answered that
 * question only when the heading names the line's own service — the policy ties the heading's
 * procedure words to codes that include the line's (a limit on "Diagnostic GNBs" with 64454) and
 * gates the line's diagnosis with its own ICD-10-CM list for the code. The question stays for a line
 * of another procedure of the same policy (an RFA line is never walked on the block's criteria alone),
 * for a policy without its own diagnosis list, and for a heading that reads as a disease.
 */
import { describe, expect, it } from "vitest";
import type { DecisionTree } from "../contracts";
import { generateDecisionTree } from "../policy/compile-tree";
import { treeForCode } from "../policy/code-sections";
import { docFromPages } from "../testing";
import { treeForService } from "./run-pipeline";

const LCD = [
  "Local Coverage Determination (LCD): Genicular Nerve Procedures for Knee Pain (L40001)",
  "Coverage Indications, Limitations, and/or Medical Necessity",
  "Covered Indications",
  "1. Diagnostic genicular nerve blocks (GNB). Diagnostic GNBs are considered reasonable and necessary for patients who meet",
  "ALL of the following criteria:",
  "a. moderate to severe chronic knee pain that limits function on a standard pain or disability scale; and",
  "b. the clinical assessment implicates the genicular nerves as the source of the pain; and",
  "c. there is no untreated inflammatory arthritis of the knee.",
  "2. Radiofrequency ablation (RFA) of the genicular nerves is reasonable and necessary when the patient has had two",
  "diagnostic GNBs each with at least 80% relief of the index pain.",
  "Limitations",
  "1. Diagnostic GNBs are limited to a maximum of two (2) sessions per rolling 12 months.",
  "2. RFA is limited to a maximum of one (1) session per rolling 12 months.",
];
const ARTICLE = [
  "Billing and Coding: Genicular Nerve Procedures (A60001)",
  "Article Guidance",
  "1. Report 64454 for diagnostic GNB and 64624 for RFA, once per knee.",
  "2. The diagnosis code to which each line points (item 24E) must be one of the ICD-10-CM codes listed below. Claims",
  "whose line diagnosis is not listed will be denied as not reasonable and necessary.",
  "CPT/HCPCS Codes",
  "Code Description",
  "64454 Injection(s), anesthetic agent(s) and/or steroid; genicular nerve branches, including imaging guidance",
  "64624 Destruction by neurolytic agent, genicular nerve branches including imaging guidance",
  "ICD-10-CM Codes that Support Medical Necessity",
  "Group 1 Paragraph: the following ICD-10-CM codes support medical necessity for 64454 and 64624.",
  "ICD-10-CM Description",
  "M17.0 Bilateral primary osteoarthritis of knee",
  "M17.11 Unilateral primary osteoarthritis, right knee",
  "M17.12 Unilateral primary osteoarthritis, left knee",
];

const tree = (lines: string[]) =>
  generateDecisionTree(docFromPages([lines.join("\n")]), { drug_names: ["64454", "64624"], title: "genicular", documentName: "policy" });
const roles = (t: DecisionTree) => t.nodes.map((n) => (n.criterion as { role?: string } | null)?.role).filter(Boolean);
const forLine = (whole: DecisionTree, code: string) => treeForService(treeForCode(whole, code), code, whole);

describe("a procedure heading as the single indication of a service policy", () => {
  const whole = tree([...LCD, ...ARTICLE]);

  it("is answered by the code for a line of the procedure the heading names", () => {
    const t = forLine(whole, "64454");
    expect(roles(t)).not.toContain("indication");
    // the criteria and the diagnosis list stay
    expect(t.nodes.filter((n) => (n.criterion as { role?: string } | null)?.role === "criterion").length).toBeGreaterThanOrEqual(2);
    expect(t.nodes.some((n) => (n.criterion as { spec?: { kind?: string } } | null)?.spec?.kind === "line_diagnosis")).toBe(true);
    // no "None of the listed indications" denial is left hanging
    expect(t.nodes.some((n) => /^none of/i.test(n.condition ?? ""))).toBe(false);
  });

  it("stays for a line of another procedure of the same policy", () => {
    expect(roles(forLine(whole, "64624"))).toContain("indication");
  });

  it("stays without the line's code (nothing ties the heading to a service)", () => {
    expect(roles(treeForService(whole))).toContain("indication");
  });

  it("stays when the policy has no ICD-10-CM list of its own for the line", () => {
    const noList = tree([...LCD, ...ARTICLE.slice(0, 3)]);
    expect(roles(forLine(noList, "64454"))).toContain("indication");
  });

  it("stays when the heading reads as a disease", () => {
    const disease = tree([
      ...LCD.map((l) => l.replace("1. Diagnostic genicular nerve blocks (GNB).", "1. Knee osteoarthropathy treated with genicular nerve blocks (GNB).")),
      ...ARTICLE,
    ]);
    const ind = disease.nodes.find((n) => (n.criterion as { role?: string } | null)?.role === "indication");
    // (only meaningful when the reader made the heading the single branch)
    if (ind && !(ind.criterion as { branches: { conditions: string[] }[] }).branches[0].conditions.length)
      expect(roles(forLine(disease, "64454"))).toContain("indication");
  });
});
