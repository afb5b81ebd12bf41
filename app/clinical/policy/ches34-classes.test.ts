/**
 * Classes of policy reading found on the chesapeake-md set (issue 21), written here with invented
 * drugs and wording:
 * - a criteria grid "Criterion | Requirement | Evidence the reviewer needs" (row codes C1 … in the
 *   first column) is read row by row as a numbered list, the requirement column only;
 * - "Diagnosis of ONE of: X; Y; Z" is a choice among the parts, each read with the lead's words;
 * - "Not used at the same time as another X drug" is a concurrent-use requirement;
 * - "intolerance to X (…) or a contraindication (…)" as a route is met only by an intolerance or a
 *   contraindication, never by a course taken without either;
 * - "Diagnosis of X confirmed by imaging (…) or by genetic testing (…)": the diagnosis (which names
 *   the path) and its confirming routes as alternatives, each needing a confirming result;
 * - a lifetime / cumulative cap on treatment goes to a reviewer (never met by the drug being named);
 * - "Path A - <condition>" / "Path B - <condition>" titles under an "ALL items of ONE path" lead are
 *   alternative routes, each titled by its condition;
 * - a "Requests for X may not be approved when … / … any of the following apply:" lead wrapped over
 *   two lines opens the not-approved list (read as exclusions);
 * - continuation items "has been receiving <drug>" and "For <condition>, improvement is documented …"
 *   are current use and a response scoped to that indication.
 */
import { describe, expect, it } from "vitest";
import { tablePage } from "../extract/test-pages";
import { docFromPages } from "../testing";
import { docLines } from "../text/lines";
import { readTableColumns } from "../text/table-columns";
import { parseCriterion } from "./parse-criterion";
import { readPolicy } from "./read-policy";

const ctx = { drugNames: ["Zelvora"] };

describe("criteria grid with a row-code column and a guidance column", () => {
  const doc = tablePage([
    [["Approve when C1, C2 and C3 are ALL met.", 50]],
    [
      ["Criterion", 50],
      ["Requirement", 130],
      ["Evidence the reviewer needs", 400],
    ],
    [
      ["C1", 50],
      ["Diagnosis of plaque psoriasis.", 130],
      ["Diagnosis code on the request.", 400],
    ],
    [
      ["C2", 50],
      ["Prior therapy, ONE of:", 130],
      ["Drug names and dates.", 400],
    ],
    [
      ["a. methotrexate for at least 12 weeks; OR", 130],
      ["A trial stopped by choice", 400],
    ],
    [
      ["b. cyclosporine for at least 12 weeks.", 130],
      ["is not a failure.", 400],
    ],
    [
      ["C3", 50],
      ["Prescribed by a dermatologist.", 130],
      ["Prescriber specialty.", 400],
    ],
  ]);

  it("reads each row as a numbered item, the requirement column only, citations verbatim", () => {
    const out = readTableColumns(doc, docLines(doc));
    expect(out.map((l) => l.text)).toEqual([
      "Approve when C1, C2 and C3 are ALL met.",
      "1. Diagnosis of plaque psoriasis.",
      "2. Prior therapy, ONE of:",
      "a. methotrexate for at least 12 weeks; OR",
      "b. cyclosporine for at least 12 weeks.",
      "3. Prescribed by a dermatologist.",
    ]);
    // the requirement text after the synthetic marker maps onto the page verbatim
    const first = out[1];
    expect(doc.pages[0].text.slice(first.start, first.end)).toBe("Diagnosis of plaque psoriasis.");
  });

  it("leaves a table whose first column is not a row code alone", () => {
    const other = tablePage([
      [
        ["Criteria", 50],
        ["Requirement", 200],
        ["Documentation", 400],
      ],
      [
        ["Adults with asthma", 50],
        ["Age 18 or older", 200],
        ["Date of birth", 400],
      ],
      [
        ["Children", 50],
        ["Age 6 to 17", 200],
        ["Date of birth", 400],
      ],
    ]);
    expect(readTableColumns(other, docLines(other)).map((l) => l.text)).not.toContain("1. Age 18 or older");
  });
});

describe("criterion sentences", () => {
  it("'Diagnosis of ONE of: X; Y; Z' is a choice, each part read as a diagnosis", () => {
    const c = parseCriterion("Diagnosis of ONE of: plaque psoriasis; psoriatic arthritis; hidradenitis suppurativa.", "", ctx);
    expect(c.kind).toBe("any");
    if (c.kind !== "any") return;
    expect(c.items.map((i) => i.text)).toEqual(["Diagnosis of plaque psoriasis", "Diagnosis of psoriatic arthritis", "Diagnosis of hidradenitis suppurativa."]);
    expect(c.items.every((i) => i.kind === "diagnosis")).toBe(true);
  });

  it("'not used at the same time as another X drug' is a concurrent-use requirement", () => {
    const c = parseCriterion("Not used at the same time as another migraine preventive (erenumab, fremanezumab or galcanezumab).", "", ctx);
    expect(c.kind).toBe("no_concurrent");
  });

  it("an intolerance-or-contraindication route requires the intolerance", () => {
    const c = parseCriterion(
      "intolerance to an oral bisphosphonate (for example esophagitis) or a contraindication (esophageal stricture or achalasia)",
      "",
      ctx,
    );
    expect(c).toMatchObject({ kind: "prior_therapy", require_intolerance: true, allow_contraindication: true });
    // a trial with a duration stays a trial
    const trial = parseCriterion("an oral bisphosphonate taken for at least 12 months, or intolerance to one", "", ctx);
    expect(trial).not.toMatchObject({ require_intolerance: true });
  });

  it("'Diagnosis of X confirmed by A or by B': the diagnosis, and the confirming routes as alternatives", () => {
    const c = parseCriterion(
      "Diagnosis of ADPKD confirmed by imaging (ultrasound or MRI showing enlarged kidneys with multiple cysts) or by genetic testing (pathogenic PKD1 variant).",
      "",
      ctx,
    );
    expect(c.kind).toBe("all");
    if (c.kind !== "all") return;
    expect(c.items[0]).toMatchObject({ kind: "diagnosis", conditions: ["autosomal dominant polycystic kidney disease"] });
    expect(c.items[1].kind).toBe("any");
    if (c.items[1].kind !== "any") return;
    // each route needs a result that confirms the diagnosis, never any result
    expect(c.items[1].items.map((i) => (i.kind === "test_result" ? i.result : i.kind))).toEqual(["abnormal", "abnormal"]);
  });

  it("a lifetime cap on treatment goes to a reviewer", () => {
    const c = parseCriterion("Total lifetime use of Zelvora (all products and all payers) will not exceed 24 months, counting the months requested.", "", ctx);
    expect(c.kind).toBe("human_review");
    expect(parseCriterion("Cumulative duration of therapy must not exceed 12 months.", "", ctx).kind).toBe("human_review");
  });
});

describe("policy structures", () => {
  it("'Path A - X' / 'Path B - Y' under 'ALL items of ONE path' are alternative routes", () => {
    const doc = docFromPages([
      [
        "Zelvora criteria",
        "1. Eligibility",
        "1.1 The member is 18 years of age or older.",
        "1.2 Prescribed by a rheumatologist.",
        "2. Initial authorization",
        "Zelvora is authorized when section 1 and ALL items of ONE path are met.",
        "Path A - Rheumatoid arthritis",
        "2.1 Diagnosis of rheumatoid arthritis.",
        "2.2 Trial of methotrexate for at least 12 weeks.",
        "Path B - Psoriatic arthritis",
        "2.3 Diagnosis of psoriatic arthritis.",
        "2.4 Trial of an NSAID for at least 4 weeks.",
        "3. Exclusions - authorization is not granted when ANY applies",
        "3.1 Use in combination with another biologic (adalimumab, etanercept).",
      ].join("\n"),
    ]);
    const m = readPolicy(doc, { drug_names: ["Zelvora"] });
    expect(m.indications.map((i) => i.title)).toEqual(["Rheumatoid arthritis", "Psoriatic arthritis"]);
    expect(m.indications[0].match.conditions).toContain("rheumatoid arthritis");
    // the eligibility items apply to every route; the exclusion stays an exclusion
    expect(m.common.some((c) => c.kind === "age" || (c.kind === "all" && c.items.some((x) => x.kind === "age")))).toBe(true);
    expect(m.exclusions.length).toBeGreaterThan(0);
  });

  it("a wrapped 'may not be approved' lead opens the exclusion list; continuation items are use and a scoped response", () => {
    const doc = docFromPages([
      [
        "Clinical Criteria",
        "Initial requests",
        "Zelvora may be approved when the following criteria are met for the requested indication:",
        "I. Rheumatoid arthritis:",
        "A. Individual is 18 years of age or older; AND",
        "B. Individual has a diagnosis of rheumatoid arthritis.",
        "II. Psoriatic arthritis:",
        "A. Individual is 18 years of age or older; AND",
        "B. Individual has a diagnosis of psoriatic arthritis.",
        "Continuation requests",
        "Zelvora may be approved for continued use when the following criteria are met:",
        "A. Individual has been receiving Zelvora; AND",
        "B. For rheumatoid arthritis, improvement is documented by a current DAS28 score that is lower than the baseline score; OR",
        "C. For psoriatic arthritis, improvement in joint counts is documented.",
        "Requests for Zelvora may not be approved when the above criteria are not met and for all other",
        "indications, or when any of the following apply:",
        "• Used in combination with another biologic (adalimumab or etanercept);",
        "• Individual has active tuberculosis.",
      ].join("\n"),
    ]);
    const m = readPolicy(doc, { drug_names: ["Zelvora"] });
    expect(m.exclusions.length).toBeGreaterThanOrEqual(2);
    const ra = m.indications.find((i) => /rheumatoid/i.test(i.title))!;
    const psa = m.indications.find((i) => /psoriatic/i.test(i.title))!;
    expect(ra.continuation?.criteria.map((c) => c.kind)).toEqual(["on_therapy", "response"]);
    expect(ra.continuation?.criteria[1].text).toMatch(/DAS28/);
    expect(psa.continuation?.criteria.map((c) => c.kind)).toEqual(["on_therapy", "response"]);
    expect(psa.continuation?.criteria[1].text).toMatch(/joint counts/);
  });
});
