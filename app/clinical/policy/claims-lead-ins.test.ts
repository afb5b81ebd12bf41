/**
 * Claims round 29b: lead-ins and headings of medical-benefit policies.
 *
 * - An unnumbered lead-in that wraps onto a second line ("… is covered only when ONE of the
 *   following / is met:") makes the list under it alternatives, in prose policies and after the
 *   criteria of an outline policy (a setting rule after the clinical criteria is kept, never dropped).
 * - A criteria heading that ends in a parenthetical with a colon ("CRITERIA FOR INITIAL APPROVAL
 *   (approval duration: 6 months)") is a heading: the per-diagnosis lists under it are read as
 *   indications, each with its own requirements.
 * - "a negative X test …; a patient with a positive test must have …" is two paths (alternatives),
 *   never two requirements of every patient.
 */
import { describe, expect, it } from "vitest";
import type { Criterion } from "../contracts";
import { docFromPages } from "../testing";
import { readPolicy } from "./read-policy";

const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));

const PROSE = [
  "HOME NURSING VISITS",
  "Skilled nursing visits in the home are covered only when ONE of the following",
  "is documented:",
  "1. the member is unable to leave home without considerable effort;",
  "2. the member needs wound care twice daily that a caregiver cannot give;",
  "3. no outpatient wound clinic within 20 miles of the member's home.",
].join("\n");

const OUTLINE = [
  "CLINICAL CRITERIA FOR BIOLOGIC X",
  "PREFERRED PRODUCTS",
  "HCPCS Product Status",
  "J1234 Product A Preferred",
  "J1235 Product B Non-preferred",
  "A non-preferred product is approved only when the member has had an inadequate response to the preferred product.",
  "CRITERIA FOR INITIAL APPROVAL (approval duration: 6 months)",
  "1. Rheumatoid arthritis (RA), ages 18 and older. ALL of the following:",
  "a. moderately to severely active RA;",
  "b. prescribed by or in consultation with a rheumatologist.",
  "2. Psoriatic arthritis (PsA), ages 18 and older. ALL of the following:",
  "a. active PsA;",
  "b. prescribed by or in consultation with a rheumatologist or dermatologist.",
  "3. All indications, ALL of the following:",
  "a. a negative hepatitis C antibody test before the first dose; a patient with a positive test must have completed antiviral treatment before the first dose;",
  "b. not used in combination with another biologic.",
  "SITE OF CARE",
  "Infusion in an office (POS 11) is medically necessary. Infusion in a hospital outpatient department (POS 22) is medically necessary only when ONE of the following",
  "is documented:",
  "1. the first infusion;",
  "2. a prior severe infusion reaction;",
  "3. no contracted infusion site within 25 miles of the member's home.",
].join("\n");

describe("lead-ins that make a list alternatives", () => {
  it("reads a wrapped 'ONE of the following' lead-in of a prose policy as one any-criterion", () => {
    const m = readPolicy(docFromPages([PROSE]), { drug_names: ["G0299"] });
    const all = [...m.indications.flatMap((i) => i.criteria), ...m.common];
    const any = all.find((c) => c.kind === "any");
    expect(any && any.kind === "any" ? any.items.length : 0).toBe(3);
  });

  it("keeps a setting rule written after an outline policy's criteria, as alternatives", () => {
    const m = readPolicy(docFromPages([OUTLINE]), { drug_names: ["J1234"] });
    const site = m.common.find((c) => c.kind === "any" && /only when ONE of the following/i.test(c.text));
    expect(site && site.kind === "any" ? site.items.length : 0).toBe(3);
  });
});

describe("a criteria heading with a parenthetical", () => {
  it("reads each diagnosis list under it as its own indication", () => {
    const m = readPolicy(docFromPages([OUTLINE]), { drug_names: ["J1234"] });
    const titles = m.indications.map((i) => i.title);
    expect(titles.some((t) => /rheumatoid arthritis/i.test(t))).toBe(true);
    expect(titles.some((t) => /psoriatic arthritis/i.test(t))).toBe(true);
    const ra = m.indications.find((i) => /rheumatoid/i.test(i.title))!;
    expect(flat(ra.criteria).some((c) => c.kind === "prescriber")).toBe(true);
  });

  it("reads the negative-test requirement and the positive-test path as alternatives", () => {
    const m = readPolicy(docFromPages([OUTLINE]), { drug_names: ["J1234"] });
    const screen = m.common.find((c) => /hepatitis C antibody/i.test(c.text));
    expect(screen?.kind).toBe("any");
  });
});
