/**
 * Classes of the claims42 round, on synthetic policy text laid out like a commercial medical policy
 * (a title and section names set in larger type than the body, lettered guideline paragraphs at the
 * body margin):
 * 1. a "Policy Guidelines" section (the coding, frequency and documentation guidance printed after the
 *    policy statement) is no list of coverage criteria: its lettered paragraphs never become criteria.
 * 2. a visit maximum stated on codes per calendar year ("… is limited to 20 visits per member per
 *    calendar year, combined for all providers") is counted over that calendar year from the claim and
 *    the member's claims history, one date of service one visit.
 * 3. a same-date bundling named by a term the policy ties to codes, with the modifiers that take a line
 *    out of it ("… or without modifier 59 / XS, is included in the OMT and is denied"): a line without
 *    the modifier billed with the term's codes on its date is bundled; a line with it goes to a reviewer.
 */
import { describe, expect, it } from "vitest";
import type { CaseFacts, Criterion, CriterionOf, ParsedDocument } from "../contracts";
import { judgeCodeFrequency } from "../review/code-frequency-count";
import { buildCaseIndex } from "../evidence/case-index";
import { evalContext, evaluateCriterion } from "../review/evaluate";
import { docFromPages, emptyFacts } from "../testing";
import { bundledCodeRules, modifierBundle } from "./bundled-codes";
import { codeFrequencyRules, visitMaximumOf } from "./code-frequency";
import { readPolicy } from "./read-policy";

/** A one-page text-layer document whose lines listed in `large` are set in 14 pt type, the rest in 9 pt. */
function laidOut(lines: string[], large: Set<string>): ParsedDocument {
  const words: ParsedDocument["pages"][number]["words"] = [];
  let pos = 0;
  lines.forEach((line, i) => {
    const h = large.has(line) ? 14 : 9;
    let x = /^\d+\.\s/.test(line) ? 68 : 54;
    for (const m of line.matchAll(/\S+/g)) {
      words.push({ text: m[0], start: pos + m.index!, end: pos + m.index! + m[0].length, x, y: 40 + i * 12, w: m[0].length * 5, h });
      x += m[0].length * 5 + 3;
    }
    pos += line.length + 1;
  });
  return { page_count: 1, pages: [{ page: 1, text: lines.join("\n"), ocr: false, confidence: null, width: 612, height: 792, words }] };
}

const texts = (cs: Criterion[]): string[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c.text, ...texts(c.items)] : [c.text]));

describe("a commercial medical policy's Policy Guidelines section", () => {
  const lines = [
    "Example Health Plan Medical Policy RX-100",
    "Pulmonary Rehabilitation Services",
    "Policy",
    "Outpatient pulmonary rehabilitation is considered medically necessary when ALL of the following are met:",
    "1. The member has moderate to severe chronic obstructive pulmonary disease with an FEV1 below 60% predicted; AND",
    "2. The member has completed a smoking cessation program or does not smoke; AND",
    "3. A physician-supervised exercise plan with measurable goals is documented.",
    "Policy Guidelines",
    "A. Session limit",
    "Pulmonary rehabilitation (G0424) is limited to 36 sessions per member per lifetime, counted across all facilities.",
    "B. Progress notes",
    "Progress toward the written goals is summarised in the record at least every 30 days of treatment.",
    "C. Modifiers",
    "Modifier KX is appended when the documentation in the record supports the sessions beyond the first twelve.",
    "Coding",
    "G0424 Pulmonary rehabilitation, including exercise, per session",
    "Description",
    "Pulmonary rehabilitation is a program of exercise training and education for members with chronic lung disease.",
  ];
  const large = new Set([
    "Example Health Plan Medical Policy RX-100",
    "Pulmonary Rehabilitation Services",
    "Policy",
    "Policy Guidelines",
    "Coding",
    "Description",
  ]);

  it("reads the policy statement's criteria and none of the guideline paragraphs", () => {
    const m = readPolicy(laidOut(lines, large), { drug_names: ["G0424"], title: "pulmonary-rehab" });
    const all = [...m.indications.flatMap((i) => texts(i.criteria)), ...texts(m.common)].join("\n");
    expect(all).toMatch(/FEV1 below 60% predicted/);
    expect(all).toMatch(/exercise plan with measurable goals/);
    expect(all).not.toMatch(/Progress toward the written goals/);
    expect(all).not.toMatch(/Modifier KX is appended/);
    expect(all).not.toMatch(/Session limit|Progress notes/);
  });
});

describe("a visit maximum per calendar year stated on codes", () => {
  const sentence = "Spinal traction (97012, 97018) is limited to 12 visits per member per calendar year, combined for all providers.";

  it("reads the codes and the maximum; a narrowed or excepted maximum is not read", () => {
    expect(visitMaximumOf(sentence)).toEqual({ codes: ["97012", "97018"], max: 12 });
    expect(visitMaximumOf("Spinal traction (97012) is limited to 12 visits per calendar year for members under 21.")).toBeNull();
    expect(visitMaximumOf("Spinal traction (97012) is limited to 12 visits per calendar year unless a new injury is documented.")).toBeNull();
    expect(visitMaximumOf("Traction is limited to 12 visits per calendar year.")).toBeNull();
    const [rule] = codeFrequencyRules([{ text: sentence }], () => null);
    expect(rule).toMatchObject({ kind: "code_frequency", codes: ["97012", "97018"], max: 12, calendar_year: true, visits: true });
  });

  const rule: CriterionOf<"code_frequency"> = {
    kind: "code_frequency",
    text: sentence,
    passage: null,
    confidence: "high",
    codes: ["97012", "97018"],
    max: 3,
    window_days: 365,
    per_side: false,
    calendar_year: true,
    visits: true,
  };
  type Line = NonNullable<CaseFacts["service_line"]>;
  const prior = (date: string, code = "97012") => ({ code, date_of_service: date, modifiers: [], units: 1, source: "earlier claim" });
  const facts = (line: Partial<Line>): CaseFacts =>
    emptyFacts({ service_line: { code: "97012", date_of_service: "2027-06-10", modifiers: [], claim_lines: [], prior_lines: [], ...line } });

  it("counts dates of service in the line's calendar year only, one date one visit", () => {
    // last year's visits do not count; two codes on one earlier date are one visit
    const f = facts({ prior_lines: [prior("2026-12-20"), prior("2026-12-28"), prior("2027-02-01"), prior("2027-02-01", "97018")] });
    expect(judgeCodeFrequency(rule, f, []).outcome).toBe("met");
  });

  it("fails the visit beyond the maximum, counted across codes and the claim's earlier dates", () => {
    const f = facts({
      prior_lines: [prior("2027-01-15"), prior("2027-03-02", "97018")],
      claim_lines: [
        { code: "97012", date_of_service: "2027-06-03" },
        { code: "97012", date_of_service: "2027-06-10" },
      ],
    });
    const r = judgeCodeFrequency(rule, f, []);
    expect(r.outcome).toBe("not_met");
    expect(r.reason).toMatch(/visit 4 within calendar year 2027/);
  });
});

describe("a same-date bundling with the modifiers that take a line out of it", () => {
  const policy = [
    "Osteopathic manipulative treatment OMT (98925, 98926, 98927) is covered for somatic dysfunction.",
    "Therapeutic exercise (97110) performed on the date of OMT for the same body region, or without modifier 59 or XU, is included in the OMT and is denied.",
  ];
  const text = policy.join(" ");

  it("reads the included code, the term's codes and the modifiers", () => {
    expect(modifierBundle(policy[1], text)).toEqual({ included: ["97110"], into: ["98925", "98926", "98927"], unless_modifiers: ["59", "XU"] });
    // no modifier clause: the sentence's other conditions are not read, so no rule
    expect(modifierBundle("Therapeutic exercise (97110) for the same body region is included in the OMT and is denied.", text)).toBeNull();
    // a term tied to no codes
    expect(modifierBundle("Therapeutic exercise (97110) without modifier 59 is included in the PT and is denied.", text)).toBeNull();
    const rules = bundledCodeRules(
      policy.map((t) => ({ text: t })),
      () => null,
    );
    expect(rules).toContainEqual(expect.objectContaining({ kind: "bundled_code", codes: ["97110"], unless_modifiers: ["59", "XU"] }));
  });
});

describe("judging a same-date bundling with modifier exceptions on a service line", () => {
  const rule: Criterion = {
    kind: "bundled_code",
    text: "Therapeutic exercise (97110) … or without modifier 59 or XU, is included in the OMT and is denied.",
    passage: null,
    confidence: "high",
    codes: ["97110"],
    included_in: ["98925", "98926", "98927"],
    unless_modifiers: ["59", "XU"],
  };
  const judge = (modifiers: string[]) =>
    evaluateCriterion(
      rule,
      evalContext({
        idx: buildCaseIndex(docFromPages(["Progress note 2027-03-02"]), "2027-03-05"),
        facts: emptyFacts({
          service_line: {
            code: "97110",
            date_of_service: "2027-03-02",
            modifiers,
            claim_lines: [
              { code: "98926", date_of_service: "2027-03-02" },
              { code: "97110", date_of_service: "2027-03-02", modifiers },
            ],
          },
        }),
        requestDate: "2027-03-05",
        requestedNames: ["97110"],
      }),
      "exclusion",
    );

  it("bundles the line without the modifier; leaves the line with it to a reviewer", () => {
    const without = judge([]);
    const withMod = judge(["XU"]);
    expect(without.outcome).not.toBe(withMod.outcome);
    expect(withMod.outcome).toBe("insufficient");
  });
});
