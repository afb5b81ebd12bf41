/**
 * Medical-policy classes of stop 50, each asserted on invented wording (no set's own text):
 * 1. a requirement "performed for one of the covered indications listed below" over a headed list
 *    ("Covered indications" / a. … / b. …) is one choice of the list's items, met by one of them — the
 *    items were read as requirements each line had to meet, and every line pended;
 * 2. a coverage lead wrapped over two lines whose codes sit in parentheses on both ("… studies (CPT
 *    93000-93010) and stress testing (" / "CPT 93015, 93017) - is considered reasonable and necessary when
 *    ALL of the following are met:") scopes its list to every code and range it names; the second line is
 *    no code line of its own (its first codes alone had scoped the list, and a line of the first range
 *    found no criteria).
 */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import type { Criterion, DecisionTree } from "../contracts";
import { treeForCode } from "./code-sections";
import { generateDecisionTree } from "./compile-tree";
import { readPolicy } from "./read-policy";

const POLICY = [
  "Local Coverage Determination: Cardiac Rhythm Testing",
  "Coverage Indications, Limitations, and/or Medical Necessity",
  "Ambulatory rhythm recording (CPT 93224-93227) and external event recording (CPT",
  "93268, 93270) - is considered reasonable and necessary when ALL of the following are met:",
  "1. The patient has symptoms documented in the history and examination of the ordering practitioner.",
  "2. The recording is performed for one of the covered indications listed below.",
  "Covered indications",
  "a. Palpitations of unexplained cause.",
  "b. Syncope or near syncope without an obvious cause.",
  "c. Evaluation of antiarrhythmic therapy.",
  "Limitations",
  "1. Recording as a screening test of patients without symptoms is not reasonable and necessary.",
].join("\n");

const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));

describe("a covered-indications list under a requirement that points to it", () => {
  it("is one choice of its items, and the pointer is no requirement of its own", () => {
    const model = readPolicy(docFromPages([POLICY]), { drug_names: ["93224", "93268"], title: "rhythm", documentName: "policy" });
    const all = model.indications.flatMap((i) => i.criteria).concat(model.common);
    const choice = all.find((c) => c.kind === "any" && /covered indications/i.test(c.text));
    expect(choice?.kind).toBe("any");
    expect(choice && choice.kind === "any" ? choice.items.map((c) => c.text) : []).toEqual([
      "Palpitations of unexplained cause.",
      "Syncope or near syncope without an obvious cause.",
      "Evaluation of antiarrhythmic therapy.",
    ]);
    // no item of the list is a requirement of every line, nor is the pointer sentence
    const top = all.filter((c) => c !== choice);
    expect(top.some((c) => /palpitations|syncope|antiarrhythmic/i.test(c.text))).toBe(false);
    expect(flat(all).some((c) => /listed below/i.test(c.text))).toBe(false);
  });

  it("leaves a list with no such heading as it was read", () => {
    const other = POLICY.replace("Covered indications", "Indications reviewed");
    const model = readPolicy(docFromPages([other]), { drug_names: ["93224"], title: "rhythm", documentName: "policy" });
    const all = flat(model.indications.flatMap((i) => i.criteria).concat(model.common));
    expect(all.some((c) => /^Indications reviewed: one of the following/.test(c.text))).toBe(false);
    expect(all.some((c) => /listed below/i.test(c.text))).toBe(true);
  });
});

describe("a coverage lead wrapped over two lines", () => {
  const tree: DecisionTree = generateDecisionTree(docFromPages([POLICY]), { drug_names: ["93224", "93268"], title: "rhythm", documentName: "policy" });
  const asks = (code: string) =>
    treeForCode(tree, code)
      .nodes.map((n) => n.question)
      .join("\n");
  it("scopes its list to the codes of both lines, ranges included", () => {
    for (const code of ["93225", "93270"]) {
      expect(asks(code)).toMatch(/symptoms documented in the history/i);
      expect(asks(code)).toMatch(/covered indications/i);
    }
  });
  it("applies to no other code", () => {
    expect(asks("93000")).not.toMatch(/symptoms documented in the history/i);
  });
});
