/**
 * Classes of the first runs of chesapeake-md (a D-SNP's criteria, care-manager forms scanned) and
 * huron-hmo (a commercial HMO's claims), each a wrongful decision or a latent one:
 *
 * - an attestation line led by answer boxes with no yes mark ("[ ] [N] Concurrent biologic
 *   (anifrolumab, rituximab)", OCR-read "[1M Concurrent …") is the form's wording, never a fact: it
 *   was read as ongoing anifrolumab and denied an approvable request on a combination exclusion;
 * - a policy that counts the items every request must meet ("Approve when C1, C2, C3, C4 and C5 are ALL
 *   met") and a path read with fewer: the reader lost items (a grid's rows ran together), so the path
 *   is never approved — a lifetime-use limit that was lost let a deniable request be approved;
 * - a dose ceiling written as weight bands or as a schedule ("adults <= 100 kg, 45 mg; > 100 kg, 90
 *   mg", "600 mg once, then 300 mg every 2 weeks") was "met" without any comparison; the requested
 *   dose is now compared with it.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { tablePage } from "../extract/test-pages";
import type { CaseFacts, Criterion, CriterionOf } from "../contracts";
import { buildCaseIndex, isUnansweredFormLine } from "../evidence/case-index";
import { mergedPathReason, readPolicy } from "../policy/read-policy";
import { announcedItemCount } from "../policy/announced-items";
import { readDoseBands, bandHolds } from "../policy/dose-bands";
import { docLines } from "../text/lines";
import { evalContext, evaluateCriterion } from "./evaluate";

const DAY = "2026-11-20";

describe("answer boxes leading an attestation line", () => {
  it("a line whose boxes carry no yes mark states nothing", () => {
    expect(isUnansweredFormLine("[1M Concurrent biologic (anifrolumab, rituximab) or IV cyclophosphamide")).toBe(true);
    expect(isUnansweredFormLine("[ ] [N] Severe active CNS lupus")).toBe(true);
    expect(isUnansweredFormLine("[N] Concurrent biologic")).toBe(true);
  });

  it("a line with a yes mark, or with no leading boxes, is kept", () => {
    expect(isUnansweredFormLine("[X] Methotrexate 15 mg weekly since 01/2025")).toBe(false);
    expect(isUnansweredFormLine("[yl [1 ANA >= 1:80 or anti-dsDNA >= 30 IU/mL")).toBe(false);
    expect(isUnansweredFormLine("[Y] [ ] Prescribed by rheumatologist")).toBe(false);
    expect(isUnansweredFormLine("Not on anifrolumab or rituximab; never received cyclophosphamide.")).toBe(false);
    expect(isUnansweredFormLine("[A1c] 8.2% on 10/02/2026")).toBe(false);
    expect(isUnansweredFormLine("[2026-10-21] Seen in clinic")).toBe(false);
  });

  it("is not evidence of a concurrent drug", () => {
    const idx = buildCaseIndex(
      docFromPages([
        ["7. PRESCRIBER ATTESTATION (Y / N; blank = not answered)", "[1M Concurrent biologic (anifrolumab, rituximab) or IV cyclophosphamide"].join("\n"),
      ]),
      DAY,
    );
    expect(idx.lines.some((l) => /anifrolumab/i.test(l.text))).toBe(false);
  });
});

describe("the item count a policy announces", () => {
  const lines = (text: string) => docLines(docFromPages([text]));

  it("reads label lists and label ranges", () => {
    expect(announcedItemCount(lines("Approve when C1, C2, C3, C4 and C5 are ALL met and no exclusion applies."))?.count).toBe(5);
    expect(announcedItemCount(lines("Tolvaptan is authorized when section 1 and ALL of items 2.1 through 2.5 are met."))?.count).toBe(5);
    expect(announcedItemCount(lines("The member must meet criteria 1 through 6 below."))?.count).toBe(6);
  });

  it("reads none from continuation sentences, or from counts that disagree", () => {
    expect(announcedItemCount(lines("Continuation: approve when R1, R2 and R3 are met."))).toBeNull();
    expect(announcedItemCount(lines("Path A: meet ALL of items 1 through 4.\nPath B: meet ALL of items 5 through 7."))).toBeNull();
    expect(announcedItemCount(lines("Dosing: 1 to 2 tablets daily."))).toBeNull();
  });

  it("a path read with fewer items than announced is not understood (never an approval)", () => {
    const policy = [
      "AGENT X COVERAGE CRITERIA",
      "INITIAL REQUEST",
      "Approve when C1, C2, C3, C4 and C5 are ALL met.",
      "Osteoporosis. ALL of the following:",
      "1. BMD T-score of -2.5 or lower;",
      "2. prescribed by an endocrinologist.",
    ].join("\n");
    const m = readPolicy(docFromPages([policy]), { drug_names: ["agent x"] });
    expect(m.indications.length).toBeGreaterThan(0);
    expect(m.indications.every((i) => !i.understood)).toBe(true);
    expect(m.unread.some((u) => /requires 5 items/.test(u.why ?? ""))).toBe(true);
  });

  it("a path read with all its items stays understood", () => {
    const policy = [
      "AGENT X COVERAGE CRITERIA",
      "INITIAL REQUEST",
      "Approve when items 1 through 3 are ALL met.",
      "Osteoporosis. ALL of the following:",
      "1. BMD T-score of -2.5 or lower;",
      "2. prescribed by an endocrinologist;",
      "3. member is 50 years of age or older.",
    ].join("\n");
    const m = readPolicy(docFromPages([policy]), { drug_names: ["agent x"] });
    expect(m.indications.some((i) => i.understood)).toBe(true);
  });
});

describe("a dose ceiling written as weight bands or a schedule", () => {
  const BANDS = "Dose does not exceed: adults <= 100 kg, 45 mg; patients > 100 kg, 90 mg; pediatric patients < 60 kg, 0.75 mg/kg";

  it("reads the bands and their weight ranges", () => {
    const r = readDoseBands(BANDS);
    expect(r.perKg).toBe(true);
    expect(r.bands.map((b) => b.mg)).toEqual([45, 90]);
    expect(bandHolds(r.bands[0]!, 80)).toBe(true);
    expect(bandHolds(r.bands[0]!, 101)).toBe(false);
    expect(bandHolds(r.bands[1]!, 100)).toBe(false);
    expect(bandHolds(r.bands[1]!, 100.5)).toBe(true);
    expect(readDoseBands("Weight 30 to < 60 kg: 300 mg").bands[0]).toMatchObject({ minKg: 30, maxKg: 60, maxInclusive: false });
    expect(readDoseBands("45 mg every 12 weeks (90 mg if > 100 kg with coexistent plaque psoriasis)").bands[1]).toMatchObject({ mg: 90, qualified: true });
  });

  const spec = (text: string): CriterionOf<"dose_limit"> =>
    ({ kind: "dose_limit", text, max_mg: null, per_days: null, confidence: "medium" }) as CriterionOf<"dose_limit">;
  const judge = (text: string, dosage: string, notes: string, birth = "1970-01-01") => {
    const facts: CaseFacts = emptyFacts({
      patient: { ...emptyFacts().patient, birth_date: birth },
      medication: { ...emptyFacts().medication, drug_name: "Agent X", dosage },
    });
    return evaluateCriterion(
      spec(text),
      evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts, requestDate: DAY, requestedNames: ["agent x"] }),
      "criterion",
      { conditions: [], icd10: [] },
    );
  };

  it("compares the requested dose with the band of the member's weight", () => {
    expect(judge(BANDS, "45 mg SC every 12 weeks", "Office note. Weight 82 kg.").outcome).toBe("met");
    expect(judge(BANDS, "90 mg SC every 12 weeks", "Office note. Weight 112 kg.").outcome).toBe("met");
    // above the band for the weight: a reviewer, never a silent approval (and never a denial on a band read)
    expect(judge(BANDS, "90 mg SC every 12 weeks", "Office note. Weight 82 kg.").outcome).toBe("insufficient");
    // the band depends on the weight, which is not stated
    const noWeight = judge(BANDS, "90 mg SC every 12 weeks", "Office note.");
    expect(noWeight.outcome).toBe("insufficient");
    expect(noWeight.missing).toMatch(/weight/i);
    // above every amount the ceiling states
    expect(judge(BANDS, "180 mg SC every 12 weeks", "Office note. Weight 120 kg.").outcome).toBe("insufficient");
  });

  it("a band allowed only under a condition of its own needs a reviewer", () => {
    const text = "Dose does not exceed 45 mg at weeks 0 and 4 then every 12 weeks (90 mg if > 100 kg with coexistent plaque psoriasis)";
    expect(judge(text, "90 mg SC every 12 weeks", "Office note. Weight 120 kg.").outcome).toBe("insufficient");
  });

  it("a request that follows the policy's written schedule is within it", () => {
    const text = "Dose does not exceed the FDA-approved dose (adults: 600 mg once, then 300 mg every 2 weeks).";
    expect(judge(text, "600 mg SC x1 (2 pens), then 300 mg SC every 2 weeks", "Office note.").outcome).toBe("met");
    expect(judge(text, "600 mg SC x1, then 600 mg every 2 weeks", "Office note.").outcome).toBe("insufficient");
    // the adult schedule is not a child's
    expect(judge(text, "600 mg SC x1 (2 pens), then 300 mg SC every 2 weeks", "Office note.", "2019-01-01").outcome).not.toBe("met");
  });

  it("keeps the approval-limited reading when the ceiling states no fixed amount or the request no dose", () => {
    expect(judge("Dose does not exceed the limits in Section I", "90 mg SC every 8 weeks", "Office note.").evidence).toBe("inferred");
    expect(judge(BANDS, "", "Office note.").evidence).toBe("inferred");
  });
});

describe("a dose ceiling per indication, not per weight", () => {
  it("never asks for a weight when no band names one", () => {
    const facts: CaseFacts = emptyFacts({ medication: { ...emptyFacts().medication, drug_name: "Agent X", dosage: "4 mg tablet once daily" } });
    const r = evaluateCriterion(
      {
        kind: "dose_limit",
        text: "the requested dose is within the limit for the diagnosis: rheumatoid arthritis 2 mg once daily; alopecia areata up to 4 mg once daily",
        max_mg: null,
        per_days: null,
        confidence: "medium",
      } as CriterionOf<"dose_limit">,
      evalContext({ idx: buildCaseIndex(docFromPages(["Office note."]), DAY), facts, requestDate: DAY, requestedNames: ["agent x"] }),
      "criterion",
      { conditions: [], icd10: [] },
    );
    expect(r.missing ?? "").not.toMatch(/weight/i);
    expect(r.outcome).toBe("met");
  });
});

describe("paths the reader could not have read whole (cedar-ia's first run: 2 approvable denied, 1 deniable approved)", () => {
  it("a drug policy that states approval criteria, read down to a quantity limit, is not understood", () => {
    const text = [
      "AGENT X (HEART FAILURE) - CLINICAL CRITERIA",
      "Approval Criteria",
      "Heart failure with reduced ejection fraction",
      "Quantity Limit",
      "60 tablets per 30 days (maximum 7.5 mg twice daily).",
    ].join("\n");
    const m = readPolicy(docFromPages([text]), { drug_names: ["agent x"] });
    expect(m.indications.length).toBeGreaterThan(0);
    expect(m.indications.every((i) => !i.understood)).toBe(true);
    expect(m.unread.some((u) => /administrative limits/.test(u.why ?? ""))).toBe(true);
  });

  it("a quantity-limit line of a medical (code) policy is not held to it", () => {
    const text = ["SLEEP STUDIES", "Approval Criteria", "Quantity Limit", "1 study per 365 days."].join("\n");
    const m = readPolicy(docFromPages([text]), { drug_names: ["95810", "95811"] });
    expect(m.unread.some((u) => /administrative limits/.test(u.why ?? ""))).toBe(false);
  });

  const age = (min: number): Criterion => ({ kind: "age", text: `age ${min} or older`, min_years: min, confidence: "high" }) as Criterion;
  const dx = (condition: string): Criterion =>
    ({ kind: "diagnosis", text: `Diagnosis of ${condition}`, conditions: [condition], icd10: [], phrases: [], confidence: "high" }) as Criterion;

  it("two required minimum ages are criteria of more than one indication run together", () => {
    expect(
      mergedPathReason([dx("adhd"), age(6), { kind: "all", text: "x", items: [age(18), dx("binge eating disorder")], confidence: "high" } as Criterion]),
    ).toMatch(/minimum ages 6 and 18/);
  });

  it("alternatives, one indication's own criteria and a disease with its subtype are not", () => {
    expect(mergedPathReason([dx("adhd"), age(6), dx("adhd")])).toBeNull();
    expect(mergedPathReason([dx("asthma"), dx("eosinophilic asthma"), age(12)])).toBeNull();
    expect(mergedPathReason([dx("adhd"), { kind: "any", text: "x", items: [age(6), age(18)], confidence: "high" } as Criterion])).toBeNull();
  });
});

describe("a state agency's criteria grid (Section | Criteria) read as sections", () => {
  it("approval rows are the path, denial rows exclusions, renewal rows no criteria of a first request", () => {
    const doc = tablePage([
      [["AGENT X (HEART FAILURE) - CLINICAL CRITERIA", 50]],
      [
        ["Section", 50],
        ["Criteria", 200],
      ],
      [
        ["Approval Criteria", 50],
        ["ALL of the following must be met:", 200],
      ],
      [["1. Diagnosis of chronic heart failure; AND", 200]],
      [["2. Left ventricular ejection fraction of 35% or less within the 12 months before the request; AND", 200]],
      [["3. Prescribed by, or in consultation with, a cardiologist.", 200]],
      [
        ["Denial Criteria", 50],
        ["Requests will be denied if ANY of the following applies:", 200],
      ],
      [["- Severe hepatic impairment (Child-Pugh C);", 200]],
      [
        ["Length of Authorization", 50],
        ["Initial: 6 months. Renewal: 12 months.", 200],
      ],
      [
        ["Renewal Criteria", 50],
        ["1. Member continues to take a beta-blocker; AND", 200],
      ],
      [["2. Documentation of a clinical response.", 200]],
    ]);
    const m = readPolicy(doc, { drug_names: ["agent x"] });
    const texts = (cs: Criterion[]): string[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c.text, ...texts(c.items)] : [c.text]));
    const initial = m.indications.flatMap((i) => texts(i.criteria));
    expect(initial.some((t) => /ejection fraction/i.test(t))).toBe(true);
    expect(initial.some((t) => /continues to take|clinical response/i.test(t))).toBe(false);
    expect(m.exclusions.some((c) => /hepatic impairment/i.test(c.text))).toBe(true);
  });
});
