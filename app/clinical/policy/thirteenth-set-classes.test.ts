/**
 * Classes found by the thirteenth round of pend analysis (decidable continuation requests held for a
 * reviewer on several corpus sets), written here with invented drugs and wording:
 * - a continuation requirement of current use for a least time ("has been established on therapy /
 *   on <the drug> for at least 90 days") is current use counted from the start date the fax states to
 *   the request date — never met without a stated start, on samples or a program supply, or short of
 *   the time, and never failed either (a shorter course goes back to the initial criteria);
 * - a response requirement that accepts stability ("disease stability or improvement", "stable or
 *   improved symptoms") is met by a stable course on the drug ("stable on X", "no relapses since
 *   starting"), while one that asks for improvement is not;
 * - a request that continues therapy written as a form field or an answer column ("Request type
 *   Continuation" without a colon, "New start or continuation? Continuation", "Therapy Continuing therapy
 *   since …", an ePA response code inside a wrapped question, "[X] Y"), or in a letter ("I am asking you
 *   to continue coverage"), is a continuation request;
 * - one continuation sentence that asks for current use AND a response ("has received X within the past
 *   12 months and the neurologist documents stability") is both requirements, never current use alone;
 * - a change from the member's baseline ("at least 2 fewer headache days than baseline", "reduced by at
 *   least 30% from baseline") is no absolute threshold (it was read as "value >= 2") nor a diagnosis;
 * - a clinical edit's "Denial Criteria" / "Required Documentation" headings end the continuation list
 *   before them (their items were read as continuation requirements); the denial list is exclusions,
 *   and "will be denied if the approval criteria are not met" is none.
 */
import { describe, expect, it } from "vitest";
import { buildCaseIndex } from "../evidence/case-index";
import { continuationRequest, currentUseShown, currentUseStart, responseShown } from "../evidence/continuation";
import { decideText, dx } from "../review/test-cases";
import { docFromPages } from "../testing";
import { generateDecisionTree } from "./compile-tree";
import { parseCriterion } from "./parse-criterion";
import { onTherapyFor, readPolicy } from "./read-policy";

const idx = (text: string) => buildCaseIndex(docFromPages([text]), "2026-10-01");

describe("current use for a least time ('established on therapy for at least N days')", () => {
  it("reads the time from the sentence, with its object the therapy or the policy's own drug", () => {
    expect(onTherapyFor("Member has been established on therapy for at least 6 months", [])).toBe(186);
    expect(onTherapyFor("Individual has been established on Quorvexa for at least 90 days", ["Quorvexa"])).toBe(90);
    expect(onTherapyFor("The patient has been receiving the requested medication for at least 12 weeks", [])).toBe(84);
    // another drug, or a trial condition without "has been" / "established", is no continuation time
    expect(onTherapyFor("Individual has been established on methotrexate for at least 90 days", ["Quorvexa"])).toBeNull();
    expect(onTherapyFor("Patient is taking the requested drug for at least 3 months", [])).toBeNull();
  });

  it("the start of the current course: a date after 'since' or before '- present', the latest one stated", () => {
    const names = ["quorvexa"];
    expect(currentUseStart(idx("Quorvexa 150 mg SC monthly 02/14/2025 - present, doing well"), names)?.date).toBe("2025-02-14");
    expect(currentUseStart(idx("On Quorvexa since 04/2026."), names)?.date).toBe("2026-04-30");
    expect(currentUseStart(idx("On Quorvexa since 01/10/2025.\nQuorvexa started 06/01/2026 per pharmacy records."), names)?.date).toBe("2026-06-01");
    // samples, a program supply or a broken course: no start is read
    expect(currentUseStart(idx("On Quorvexa since 01/10/2025 (manufacturer samples until 09/2026)."), names)).toBeNull();
    expect(currentUseStart(idx("Quorvexa since 01/10/2025; held 3 months for surgery, restarted 08/2026."), names)).toBeNull();
    // a question answered No about samples does not block the start
    expect(currentUseStart(idx("Was therapy begun with samples only? N\nOn Quorvexa since 01/10/2025."), names)?.date).toBe("2025-01-10");
  });

  const policy = [
    "Quorvexa (examplimab) - plaque psoriasis",
    "Criteria",
    "1. Plaque Psoriasis. Approve for up to 12 months if the individual meets ONE of the following (A or B):",
    "A) Initial Therapy. Approve if the individual meets ALL of the following criteria (i and ii):",
    "i. Individual is 18 years of age or older; AND",
    "ii. The medication is prescribed by or in consultation with a dermatologist.",
    "B) Individual is Currently Receiving Quorvexa. Approve if the individual meets ALL of the following criteria (i and ii):",
    "i. Individual has been established on Quorvexa for at least 90 days; AND",
    "ii. Individual has experienced a beneficial clinical response, defined as improvement from baseline in BSA or PASI.",
  ].join("\n");
  const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Quorvexa"] });
  const over = { diagnoses: [dx("L40.0", "plaque psoriasis")] };
  const fax = (body: string) =>
    [
      "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
      "Medication: Quorvexa 150 mg SC every 4 weeks",
      "[ ] New start [X] Continuation of therapy / reauthorization",
      "Diagnosis: L40.0 plaque psoriasis",
      body,
    ].join("\n");

  it("is read as current use with its least time", () => {
    const m = readPolicy(docFromPages([policy]), { drug_names: ["Quorvexa"] });
    const onTherapy = m.indications[0].continuation?.criteria.find((c) => c.kind === "on_therapy");
    expect(onTherapy?.kind === "on_therapy" && onTherapy.min_days).toBe(90);
  });

  it("approves a course that began long enough before the request, with a documented response", () => {
    const { decision } = decideText(tree, fax("On Quorvexa since 03/02/2026. PASI 19.5 -> 1.2 on Quorvexa."), over);
    expect(decision.final_decision).toBe("approved");
  });

  it("never approves (nor denies) a course too recent, one without a stated start, or one on samples", () => {
    for (const body of [
      "On Quorvexa since 08/20/2026. PASI 19.5 -> 1.2 on Quorvexa.",
      "Continues Quorvexa. PASI 19.5 -> 1.2 on Quorvexa.",
      "On Quorvexa since 03/02/2026 using manufacturer samples. PASI 19.5 -> 1.2 on Quorvexa.",
    ])
      expect(decideText(tree, fax(body), over).decision.final_decision).toBe("needs_more_information");
  });
});

describe("a response requirement that accepts stability", () => {
  const names = ["velmarix"];
  it("is met by a stable course on the drug only when the policy names stability", () => {
    const stable = idx("Relapsing MS, clinically stable on Velmarix. Continue monthly.");
    expect(responseShown(stable, names, { stability: true })).not.toBeNull();
    expect(responseShown(stable, names)).toBeNull();
    expect(responseShown(idx("No relapses since starting Velmarix; MRI unchanged."), names, { stability: true })).not.toBeNull();
  });

  it("never by stable angina, a stable value of something else, or stability beside a relapse", () => {
    expect(responseShown(idx("History of stable angina. Velmarix 20 mg monthly."), names, { stability: true })).toBeNull();
    expect(responseShown(idx("Weight stable. Velmarix 20 mg monthly."), names, { stability: true })).toBeNull();
    expect(responseShown(idx("Relapse 07/2026 with new enhancing lesions; otherwise stable on Velmarix."), names, { stability: true })).toBeNull();
    expect(responseShown(idx("Not clinically stable on Velmarix."), names, { stability: true })).toBeNull();
  });

  const policy = [
    "Velmarix (examplumab) - relapsing multiple sclerosis",
    "I. Initial Approval Criteria",
    "A. Relapsing forms of multiple sclerosis (must meet all):",
    "1. Diagnosis of a relapsing form of multiple sclerosis;",
    "2. Prescribed by a neurologist;",
    "II. Continued Therapy",
    "A. Relapsing forms of multiple sclerosis (must meet all):",
    "1. Currently receiving medication via the plan benefit or documentation of use;",
    "2. Documentation of disease stability or improvement while receiving Velmarix;",
    "Approval duration: 12 months",
  ].join("\n");
  const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Velmarix"] });
  const over = { diagnoses: [dx("G35", "relapsing multiple sclerosis")] };
  const fax = (body: string) =>
    [
      "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
      "Medication: Velmarix 20 mg SC monthly",
      "Request type: Renewal",
      "Diagnosis: G35 relapsing multiple sclerosis",
      body,
    ].join("\n");

  it("approves a renewal whose note documents a stable course on the drug", () => {
    const { decision, review } = decideText(tree, fax("Velmarix 20 mg monthly 05/2025 - present. Neurologically stable on Velmarix, no new lesions."), over);
    expect(review.paths.map((p) => p.title).join(" ")).toMatch(/Continuation/);
    expect(decision.final_decision).toBe("approved");
  });

  it("needs more information when only a relapse is documented", () => {
    const { decision } = decideText(tree, fax("Velmarix 20 mg monthly 05/2025 - present. Relapse 08/2026 on Velmarix."), over);
    expect(decision.final_decision).toBe("needs_more_information");
  });
});

describe("continuation requests written as form fields, answer columns or a letter", () => {
  it("is read as a continuation", () => {
    for (const text of [
      "Request type Continuation (on therapy since 02/2025)",
      "New start or continuation? Continuation - on Velmarix since March 2025",
      "Diagnosis G35 Relapsing MS Therapy Continuing therapy since 02/11/2025",
      "Q2000 Is this request for continuation of therapy previously approved by the Y Example Health PA\nplan? #PA-2025-0001, approved",
      "Renewal: is this a continuation of therapy? [X] Y [ ] N",
      "Her relapses stopped on Velmarix. We are asking you to continue coverage without interruption.",
    ])
      expect(continuationRequest(idx(text))).not.toBeNull();
  });

  it("is not read from an unanswered or No-answered question, a list of options, or an initial request", () => {
    for (const text of [
      "Q2000 Is this request for continuation of therapy previously approved by the N Example Health PA\nplan? not applicable",
      "Request type Initial / Continuation",
      "New start or continuation? New start",
      "Renewal: is this a continuation of therapy? [ ] Y [X] N",
      "Please do not continue coverage of the old agent.",
    ])
      expect(continuationRequest(idx(text))).toBeNull();
  });

  it("an ePA therapy field 'Continuing therapy since <date>' documents current use", () => {
    expect(currentUseShown(idx("Diagnosis L20.9 Atopic dermatitis Therapy Continuing therapy since 04/02/2026"), ["velmarix"])).not.toBeNull();
    expect(currentUseShown(idx("Therapy New start"), ["velmarix"])).toBeNull();
  });

  it("one sentence asking for current use and a response is read as both", () => {
    const m = readPolicy(
      docFromPages([
        [
          "Velmarix (examplumab) - relapsing multiple sclerosis",
          "Initial criteria",
          "1. Diagnosis of a relapsing form of multiple sclerosis.",
          "2. Prescribed by a neurologist.",
          "Continuation of therapy: Velmarix is medically necessary for continued treatment when the member has received Velmarix within the past 12 months and the neurologist documents clinical stability or improvement.",
        ].join("\n"),
      ]),
      { drug_names: ["Velmarix"] },
    );
    const cont = m.indications[0].continuation?.criteria ?? [];
    const kinds = cont.flatMap((c) => (c.kind === "all" ? c.items.map((i) => i.kind) : [c.kind]));
    expect(kinds).toEqual(expect.arrayContaining(["on_therapy", "response"]));
  });
});

describe("a change from the member's own baseline", () => {
  const ctx = { drugNames: ["Velmarix"] };
  it("is never an absolute threshold nor a diagnosis", () => {
    for (const t of [
      "Response documented: at least 3 fewer headache days per month than baseline",
      "a reduction of at least 40% in headache days per month from baseline",
      "LDL-C reduced by at least 25% from baseline",
    ]) {
      const c = parseCriterion(t, "", ctx);
      expect(c.kind).not.toBe("lab");
      expect(c.kind).not.toBe("diagnosis");
    }
    // a value measured at baseline is still a threshold
    expect(parseCriterion("BSA of at least 10% at baseline", "", ctx).kind).toBe("lab");
  });

  it("a renewal is never approved on a current value that only looks above the change", () => {
    const policy = [
      "Velmarix (examplumab) - primary hyperlipidemia",
      "I. Initial Approval Criteria",
      "A. Primary hyperlipidemia (must meet all):",
      "1. Diagnosis of primary hyperlipidemia;",
      "II. Continued Therapy",
      "A. Primary hyperlipidemia (must meet all):",
      "1. Currently receiving medication via the plan benefit or documentation of use;",
      "2. LDL-C reduced by at least 25% from baseline;",
      "Approval duration: 12 months",
    ].join("\n");
    const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Velmarix"] });
    const { decision } = decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Velmarix 140 mg every 2 weeks",
        "Request type: Renewal",
        "Diagnosis: E78.00 primary hyperlipidemia",
        "Velmarix 140 mg 01/2026 - present. LDL-C 128 mg/dL on 09/15/2026.",
      ].join("\n"),
      { diagnoses: [dx("E78.00", "primary hyperlipidemia")] },
    );
    expect(decision.final_decision).not.toBe("approved");
  });
});

describe("a clinical edit's Denial Criteria after its continuation list", () => {
  const policy = [
    "CLINICAL EDIT CRITERIA",
    "Velmarix (examplumab) - severe eosinophilic asthma",
    "Approval Criteria",
    "Severe asthma with an eosinophilic phenotype:",
    "- Documented diagnosis of severe persistent asthma (J45.50) AND",
    "- Participant aged 12 years or older AND",
    "- Prescribed by or in consultation with a pulmonologist",
    "Continuation of therapy:",
    "- Participant has received Velmarix for at least 6 months (claims history or documentation) AND",
    "- Documented clinical response: fewer exacerbations than at baseline or an improvement in ACT score",
    "Denial Criteria",
    "- Therapy will be denied if all approval criteria are not met",
    "- Concurrent use with another respiratory biologic (omalizumab, mepolizumab) within the past 60 days",
    "Required Documentation",
    "[ ] Laboratory results [X] Progress notes",
  ].join("\n");
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Velmarix"] });
  it("keeps the continuation list to its own items", () => {
    const cont = m.indications[0]?.continuation?.criteria ?? [];
    expect(cont.map((c) => c.kind)).toEqual(["on_therapy", "response"]);
    expect(cont.map((c) => c.text).join(" ")).not.toMatch(/denied|respiratory biologic/i);
  });
  it("reads the denial list as exclusions, without the sentence that only restates the approval criteria", () => {
    const ex = m.exclusions.map((c) => c.text).join(" | ");
    expect(ex).toMatch(/respiratory biologic/);
    expect(ex).not.toMatch(/will be denied if all approval criteria/i);
  });
});
