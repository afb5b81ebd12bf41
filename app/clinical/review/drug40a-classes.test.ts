/**
 * Classes behind the badger-wi first run (sotatercept, lebrikizumab renewal, olezarsen), asserted on
 * synthetic texts:
 * 1. a diagnosis confirmed by a study "showing ALL of:" several measured thresholds is each threshold
 *    compared (synonyms: PCWP = PAWP = wedge, "PA 60/25 (mean 38)" = mPAP, "WU" = Wood units); met
 *    only when every one is met, failed only when a stated value clearly fails;
 * 2. a list of drug classes ("endothelin receptor antagonist; PDE-5 inhibitor; prostacyclin-pathway
 *    agent") maps to the class members; "currently receiving …" never counts a stopped course;
 * 3. a criteria table's row labels ("X - initial authorization" / "X - continuation (…)") split the
 *    initial and continuation criteria; a "Documentation Required" list is no criterion; a renewal
 *    item's "ONE of the following" sub-items are alternatives;
 * 4. "a reduction of <measure> of at least 50% from baseline" is computed from the two values;
 * 5. a threshold written with its SI equivalent and a window ("drawn within the 90 days before the
 *    request, is 880 mg/dL (10 mmol/L) or more") is compared; a non-fasting value never counts for a
 *    fasting requirement; "on two occasions at least 4 weeks apart, despite diet" is no prior therapy;
 * 6. "biallelic pathogenic variants" is met by homozygous / compound heterozygous / in trans, never by
 *    one heterozygous variant.
 */
import { describe, expect, it } from "vitest";
import type { Criterion, CriterionOf } from "../contracts";
import { docFromPages, emptyFacts } from "../testing";
import { parseCriterion } from "../policy/parse-criterion";
import { readPolicy } from "../policy/read-policy";
import { isHeadingLine } from "../policy/outline";
import { buildCaseIndex } from "../evidence/case-index";
import { lookupDrug } from "../vocabulary/drugs";
import { evalContext, evaluateCriterion } from "./evaluate";

const DAY = "2026-09-15";
const ctxOf = (text: string, names = ["Examplo"]) =>
  evalContext({ idx: buildCaseIndex(docFromPages([text]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: names });
const judge = (c: Criterion, notes: string, covered = { conditions: [] as string[], icd10: [] as string[] }) =>
  evaluateCriterion(c, ctxOf(notes), "criterion", covered);
const parse = (t: string) => parseCriterion(t, "", { drugNames: ["Examplo"] });
const items = (c: Criterion): Criterion[] => (c.kind === "all" || c.kind === "any" ? c.items : []);
/** the leaves of nested ALL groups (an ALL inside an ALL is the same requirement) */
const leaves = (c: Criterion): Criterion[] => (c.kind === "all" ? c.items.flatMap(leaves) : [c]);

describe("several measured thresholds required together", () => {
  const HEMO =
    "Diagnosis of PAH (Group 1) confirmed by right heart catheterization showing ALL of: mean pulmonary artery pressure (mPAP) greater than 20 mmHg; pulmonary artery wedge pressure (PAWP) 15 mmHg or less; pulmonary vascular resistance (PVR) 3 Wood units or more";
  const covered = { conditions: ["pulmonary arterial hypertension"], icd10: ["I27.0"] };

  it("reads each threshold, not a documentation item or alternatives", () => {
    const c = parse(HEMO);
    expect(c.kind).toBe("all");
    const labs = leaves(c).filter((i): i is CriterionOf<"lab"> => i.kind === "lab");
    expect(labs.map((l) => [l.measure, l.op, l.value])).toEqual([
      ["mPAP", ">", 20],
      ["PAWP", "<=", 15],
      ["PVR", ">=", 3],
    ]);
  });

  it("is met only when every value is compared and met, with the usual synonyms", () => {
    const notes = "PAH, I27.0. Cath 02/10/2026: RA 6, PA 70/30 (mean 44) mmHg, wedge 10, CO 4.4 L/min, PVR 7.7 WU.";
    expect(judge(parse(HEMO), notes, covered).outcome).toBe("met");
    // one value missing: never met, never failed
    expect(judge(parse(HEMO), "PAH, I27.0. RHC 02/10/2026: mPAP 41 mmHg, PVR 6.0 Wood units.", covered).outcome).toBe("insufficient");
  });

  it("fails when a stated value clearly fails", () => {
    const r = judge(parse(HEMO), "PAH, I27.0. RHC 03/02/2026: PA 55/22 (mean 34), PCWP 19, CO 5.0 L/min, PVR 2.4 WU.", covered);
    expect(r.outcome).toBe("not_met");
    expect(r.reason).toMatch(/PAWP 19/);
  });
});

describe("drug classes of a requirement map to their members; current therapy", () => {
  const TWO =
    "Currently receiving at least TWO PAH therapies from different classes (endothelin receptor antagonist; PDE-5 inhibitor or riociguat; prostacyclin-pathway agent), each at a stable dose for at least 90 days before the request";

  it("knows the pulmonary arterial hypertension classes and members", () => {
    for (const d of ["ambrisentan", "bosentan", "macitentan"]) expect(lookupDrug(d)?.classes).toContain("endothelin receptor antagonist");
    for (const d of ["sildenafil", "tadalafil"]) expect(lookupDrug(d)?.classes).toContain("PDE-5 inhibitor");
    expect(lookupDrug("riociguat")?.classes).toContain("soluble guanylate cyclase stimulator");
    for (const d of ["epoprostenol", "treprostinil", "iloprost", "selexipag"]) expect(lookupDrug(d)?.classes).toContain("prostacyclin pathway agent");
  });

  it("reads the classes, the count, the duration and 'currently'", () => {
    const c = parse(TWO) as CriterionOf<"prior_therapy">;
    expect(c.kind).toBe("prior_therapy");
    expect(c.classes).toEqual(expect.arrayContaining(["endothelin receptor antagonist", "PDE-5 inhibitor", "prostacyclin pathway agent"]));
    expect(c.count).toBe(2);
    expect(c.different_classes).toBe(true);
    expect(c.current).toBe(true);
    expect(c.min_days).toBe(90);
  });

  it("is met by two current agents of different classes taken long enough", () => {
    const notes = "Current PAH medications:\nbosentan 125 mg twice daily, started 01/05/2025\nsildenafil 20 mg three times daily, started 01/05/2025";
    expect(judge(parse(TWO), notes).outcome).toBe("met");
  });

  it("never counts a stopped course as current therapy", () => {
    const notes =
      "PAH medications:\nambrisentan 10 mg daily 01/2025 - 03/2025, stopped because of edema\nsildenafil 20 mg three times daily, started 01/05/2025, continues";
    expect(judge(parse(TWO), notes).outcome).not.toBe("met");
  });
});

describe("policy structure: table rows, documentation lists, renewal alternatives", () => {
  it("takes a table row label for the start of that row", () => {
    const label = { index: 0, page: 1, text: "Pulmonary fibrosis - continuation (every 12 months)", cell: { role: "label", grid: 1 } };
    expect(isHeadingLine(label as never)).toBe(true);
    expect(isHeadingLine({ ...label, cell: { role: "body", grid: 1 } } as never)).toBe(false);
  });

  const POLICY = [
    "Initial Authorization",
    "Examplo is approved when ALL of the following are met:",
    "1. The member has a diagnosis of atopic dermatitis",
    "AND",
    "2. The member is 18 years of age or older",
    "",
    "Reauthorization",
    "Examplo is reauthorized when ALL of the following are met:",
    "1. The member has been receiving Examplo",
    "AND",
    "2. There is documented clinical response, as ONE of the following:",
    "a. A reduction of the EASI score of at least 50% from baseline",
    "OR",
    "b. A reduction of BSA involvement of at least 50% from baseline",
    "AND",
    "3. The maintenance dose is 250 mg every 4 weeks.",
    "",
    "Documentation Required",
    "- Chart notes with the severity score and the date measured.",
    "- For continuation: EASI before and after starting Examplo.",
  ].join("\n");

  it("reads no documentation-list item, and no continuation item, into the initial path", () => {
    const m = readPolicy(docFromPages([POLICY]), { drug_names: ["Examplo"] });
    const initial = JSON.stringify(m.indications.map((i) => i.criteria.map((c) => c.text)));
    expect(initial).not.toMatch(/Chart notes|For continuation|reduction of the EASI/);
  });

  it("keeps a renewal item's ONE-of sub-items as alternatives", () => {
    const m = readPolicy(docFromPages([POLICY]), { drug_names: ["Examplo"] });
    const renewal = JSON.stringify(m.indications.map((i) => i.continuation?.criteria ?? []));
    expect(renewal).toMatch(/"kind":"any"/);
  });
});

describe("a change from baseline computed from two values", () => {
  const EASI50: Criterion = { kind: "response", text: "A reduction of the EASI score of at least 50% from baseline (EASI-50)", confidence: "high" };

  it("is met when the computed reduction reaches the threshold", () => {
    const r = judge(EASI50, "Baseline EASI 30.0 on 03/02/2026 before the first dose.\nToday 09/01/2026: EASI 9.0, much improved.");
    expect(r.outcome).toBe("met");
    expect(r.reason).toMatch(/70%/);
  });

  it("fails only when both values are dated and the baseline is marked", () => {
    expect(judge(EASI50, "Baseline EASI 30.0 on 03/02/2026.\nToday 09/01/2026: EASI 21.0.").outcome).toBe("not_met");
    // a general statement of improvement is no computed reduction
    expect(judge(EASI50, "Skin much improved on Examplo, EASI better.").outcome).toBe("insufficient");
  });
});

describe("lab thresholds with a window, an SI equivalent and a fasting requirement", () => {
  const TG = "The most recent fasting triglyceride level, drawn within the 90 days before the request, is 880 mg/dL (10 mmol/L) or more";

  it("reads the threshold and the window", () => {
    const c = parse(TG) as CriterionOf<"lab">;
    expect(c).toMatchObject({ kind: "lab", measure: "triglycerides", op: ">=", value: 880, within_days: 90 });
  });

  it("compares a value written with thousands separators and its SI value", () => {
    expect(judge(parse(TG), "Fasting lipid panel 08/20/2026 (12 h fast): Triglycerides 1,975 mg/dL (22.3 mmol/L).").outcome).toBe("met");
  });

  it("never counts a random (non-fasting) value for a fasting requirement", () => {
    expect(judge(parse(TG), "ED visit 08/30/2026: random triglycerides 3,100 mg/dL, drawn after a meal.").outcome).not.toBe("met");
  });

  it("reads 'on two occasions at least 4 weeks apart, despite diet' as counted values, not a prior therapy", () => {
    const c = parse("Fasting triglycerides of 880 mg/dL or more on at least two occasions at least 4 weeks apart, despite diet and lipid-lowering therapy");
    expect(c.kind).toBe("all");
    const lab = items(c).find((i): i is CriterionOf<"lab"> => i.kind === "lab");
    expect(lab).toMatchObject({ measure: "triglycerides", value: 880, count: 2 });
    expect(JSON.stringify(c)).not.toMatch(/prior_therapy|Prior therapy is required/);
  });
});

describe("biallelic variants", () => {
  const GEN = "Genetic testing showing biallelic pathogenic variants in LPL, APOC2, APOA5, LMF1 or GPIHBP1";

  it("is met by homozygous or compound heterozygous (in trans) variants of a named gene", () => {
    expect(judge(parse(GEN), "Genetic panel 2021: homozygous pathogenic APOA5 variant c.100C>T.").outcome).toBe("met");
    expect(judge(parse(GEN), "Gene panel (2022) found two pathogenic LMF1 variants in trans - compound heterozygous.").outcome).toBe("met");
  });

  it("is never met by one heterozygous variant", () => {
    expect(judge(parse(GEN), "Genetic testing 2023: heterozygous for one pathogenic LPL variant (carrier).").outcome).toBe("insufficient");
  });
});
