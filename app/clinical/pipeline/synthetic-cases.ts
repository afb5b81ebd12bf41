/**
 * Test helper (not used by the app): synthetic PA faxes and coverage policies for the property
 * tests of the safety invariants, as fast-check arbitraries, and the pipeline inputs built from them.
 *
 * A case is a one-or-two-page text fax (patient, prescriber, drug, diagnosis, prior trials, labs,
 * TB test, concurrent drugs, free notes) and a policy for the requested drug written in one of four
 * layouts (health-plan outline "must meet all", CMS Part D table, Medicaid bullets with AND/OR, PBM
 * outline), whose criteria the case meets or fails by construction.
 */
import fc from "fast-check";
import type { DecisionTree, FormularyRow, RosterMember } from "../contracts";
import { generateDecisionTree } from "../policy/compile-tree";
import { docFromPages } from "../testing";
import type { PipelineInputs } from "./run-pipeline";

// ─────────────────────────────────────────────────────────────────────────────────────────────
// vocabulary of the generator

export interface IndicationDef {
  key: string;
  title: string;
  code: string;
  description: string;
  specialist: string;
  specialty: string;
  prior: { drug: string; dose: string };
  lab?: { measure: string; written: string; unit: string; threshold: number; low: number; high: number };
}

type Lab = NonNullable<IndicationDef["lab"]>;
const indication = (
  key: string,
  title: string,
  code: string,
  description: string,
  specialist: string,
  specialty: string,
  prior: [string, string],
  lab?: Lab,
): IndicationDef => ({
  key,
  title,
  code,
  description,
  specialist,
  specialty,
  prior: { drug: prior[0], dose: prior[1] },
  ...(lab ? { lab } : {}),
});

export const INDICATIONS: Record<string, IndicationDef> = Object.fromEntries(
  [
    indication("ra", "Rheumatoid Arthritis", "M06.9", "Rheumatoid arthritis", "rheumatologist", "Rheumatology", ["methotrexate", "15 mg weekly"]),
    indication("pso", "Plaque Psoriasis", "L40.0", "Plaque psoriasis", "dermatologist", "Dermatology", ["cyclosporine", "100 mg twice daily"]),
    indication(
      "hefh",
      "Heterozygous Familial Hypercholesterolemia",
      "E78.01",
      "Heterozygous familial hypercholesterolemia",
      "cardiologist",
      "Cardiology",
      ["atorvastatin", "80 mg daily"],
      { measure: "LDL-C", written: "LDL-C", unit: "mg/dL", threshold: 100, low: 62, high: 168 },
    ),
    indication(
      "t2d",
      "Type 2 Diabetes Mellitus",
      "E11.9",
      "Type 2 diabetes mellitus",
      "endocrinologist",
      "Endocrinology",
      ["metformin", "1000 mg twice daily"],
      { measure: "A1c", written: "Hemoglobin A1c", unit: "%", threshold: 7, low: 6.1, high: 8.9 },
    ),
    indication(
      "asthma",
      "Severe Asthma",
      "J45.50",
      "Severe persistent asthma",
      "pulmonologist",
      "Pulmonology",
      ["fluticasone", "250 mcg two puffs twice daily"],
      { measure: "eosinophils", written: "Blood eosinophils", unit: "cells/uL", threshold: 150, low: 90, high: 420 },
    ),
  ].map((d) => [d.key, d]),
);

/** Diagnoses no generated policy covers (for "not covered" cases). */
export const UNCOVERED = [
  { code: "K50.90", description: "Crohn's disease" },
  { code: "G43.909", description: "Migraine" },
];

export interface DrugDef {
  brand: string;
  generic: string;
  strength: string;
  ndc: string;
  indications: string[];
  biologic: boolean;
}

export const DRUGS: DrugDef[] = [
  { brand: "Humira", generic: "adalimumab", strength: "40 mg/0.4 mL pen", ndc: "00074-0554-02", indications: ["ra", "pso"], biologic: true },
  { brand: "Repatha", generic: "evolocumab", strength: "140 mg/mL autoinjector", ndc: "72511-0760-01", indications: ["hefh"], biologic: false },
  { brand: "Ozempic", generic: "semaglutide", strength: "0.5 mg pen", ndc: "00169-4132-12", indications: ["t2d"], biologic: false },
  { brand: "Nucala", generic: "mepolizumab", strength: "100 mg autoinjector", ndc: "00173-0892-42", indications: ["asthma"], biologic: true },
];

const FIRST = ["Dana", "Marisol", "Omar", "Leila", "Aaron", "Natalie", "Samuel", "Priya"];
const LAST = ["Whitfield", "Vega", "Haddad", "Nasser", "Feldman", "Brooks", "Achebe", "Raman"];
const NPIS = ["1548213960", "1298403571", "1715392647", "1274509631", "1234567893"];
const FILLER = [
  "Social history: lives with spouse, works as a teacher, walks daily.",
  "The patient asked about travel plans and vaccination schedules for an upcoming trip.",
  "Office hours are Monday to Friday; please call the front desk with scheduling questions.",
  "Family is supportive and attends visits. No recent hospital admissions.",
];

// ─────────────────────────────────────────────────────────────────────────────────────────────
// dates

const DAY = 86_400_000;
export const isoPlus = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** ISO → MM/DD/YYYY as written on a fax */
export const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

// ─────────────────────────────────────────────────────────────────────────────────────────────
// policies

export type PolicyStyle = "outline" | "part_d" | "bullets" | "pbm";
export type CriterionKey = "age" | "diagnosis" | "prescriber" | "trial" | "trial_or_intolerance" | "lab" | "tb" | "gibberish";

export interface PolicySpec {
  style: PolicyStyle;
  drug: DrugDef;
  /** indication keys the policy covers (bullets: the first only) */
  indications: string[];
  criteria: CriterionKey[];
  minAge: 12 | 18;
  trialMonths: 2 | 3;
  labWindowDays: 90 | 180 | 365;
  /** a biologic-combination exclusion */
  exclusion: boolean;
  /** the covered uses read "All FDA-approved indications" instead of naming conditions */
  fdaOnly: boolean;
  gibberish: string;
}

/** The policy sentence of one criterion for one indication. */
export function criterionSentence(k: CriterionKey, ind: IndicationDef, p: PolicySpec): string | null {
  switch (k) {
    case "age":
      return `Patient is ${p.minAge} years of age or older`;
    case "diagnosis":
      return `Diagnosis of ${ind.description.toLowerCase()}`;
    case "prescriber":
      return `Prescribed by or in consultation with a ${ind.specialist}`;
    case "trial":
      return `Trial of ${ind.prior.drug} for at least ${p.trialMonths} months with inadequate response`;
    case "trial_or_intolerance":
      return `Trial of ${ind.prior.drug} for at least ${p.trialMonths} months, unless discontinued because of intolerance`;
    case "lab":
      return ind.lab ? `${ind.lab.written} of ${ind.lab.threshold} ${ind.lab.unit} or higher within the past ${p.labWindowDays} days` : null;
    case "tb":
      return p.drug.biologic ? "Negative tuberculosis screening test (QuantiFERON or tuberculin skin test) within the past 12 months" : null;
    case "gibberish":
      return p.gibberish;
  }
}

function sentencesFor(ind: IndicationDef, p: PolicySpec): string[] {
  return p.criteria.map((k) => criterionSentence(k, ind, p)).filter((s): s is string => !!s);
}

/** The policy document text in the spec's layout. */
export function policyText(p: PolicySpec): string {
  const inds = (p.style === "bullets" ? p.indications.slice(0, 1) : p.indications).map((k) => INDICATIONS[k]);
  const name = `${p.drug.brand} (${p.drug.generic})`;
  const title = (ind: IndicationDef) => (p.fdaOnly ? "All FDA-approved indications" : ind.title);
  const exclusion = p.exclusion ? "Concurrent use with another biologic (e.g., secukinumab, ustekinumab)." : null;
  switch (p.style) {
    case "outline": {
      const out = [`Clinical Policy: ${name}`, "Policy/Criteria", "I. Initial Approval Criteria"];
      (p.fdaOnly ? inds.slice(0, 1) : inds).forEach((ind, i) => {
        out.push(`${"ABC"[i]}. ${title(ind)} (must meet all):`);
        sentencesFor(ind, p).forEach((s, j) => out.push(`${j + 1}. ${s};`));
        out.push("Approval duration: 6 months");
      });
      out.push("II. Continued Therapy", "A. All Indications in Section I (must meet all):", "1. Member is responding positively to therapy;");
      if (exclusion) out.push("III. Diagnoses/Indications for which coverage is NOT authorized:", `A. ${exclusion}`);
      return out.join("\n");
    }
    case "part_d": {
      const covered = p.fdaOnly ? "All FDA-approved indications not otherwise excluded." : `${inds.map((i) => i.title).join("; ")}.`;
      const rmi = p.fdaOnly
        ? sentencesFor(inds[0], p).map((s, j) => `${j + 1}. ${s}${j < p.criteria.length - 1 ? "; AND" : "."}`)
        : inds.flatMap((ind) => [`${ind.title}:`, ...sentencesFor(ind, p).map((s, j, a) => `${j + 1}. ${s}${j < a.length - 1 ? "; AND" : "."}`)]);
      return [
        `${p.drug.brand.toUpperCase()} PA Criteria`,
        "PA Criteria Criteria Details",
        `Covered Uses ${covered}`,
        `Exclusion Criteria ${exclusion ?? "None."}`,
        "Required Medical Information",
        ...rmi,
        "Age Restrictions None.",
        "Prescriber Restrictions None.",
        "Coverage Duration 12 months.",
        "Other Criteria None.",
      ].join("\n");
    }
    case "bullets": {
      const ind = inds[0];
      const s = sentencesFor(ind, p);
      // the last two requirements as alternatives ("ONE of the following: (a) ...; or (b) ...")
      const lines =
        s.length >= 3
          ? [...s.slice(0, -2).map((x) => `• ${x}; AND`), `• Patient meets ONE of the following: (a) ${s[s.length - 2]}; or (b) ${s[s.length - 1]}`]
          : s.map((x, j) => `• ${x}${j < s.length - 1 ? "; AND" : ""}`);
      return [
        "State Medicaid Preferred Drug List",
        "Prior Authorization Criteria",
        `Drug: ${name}`,
        p.fdaOnly
          ? "Covered for all FDA-approved indications."
          : `${p.drug.brand} is covered for members with ${ind.description.toLowerCase()} when ALL of the following are met:`,
        "Clinical Criteria:",
        ...lines,
        "Length of Approval: 12 months",
        "Renewal Criteria:",
        "• Documented improvement in symptoms",
      ].join("\n");
    }
    case "pbm": {
      const out = [`POLICY: ${p.drug.brand} Prior Authorization Policy`, "RECOMMENDED AUTHORIZATION CRITERIA"];
      (p.fdaOnly ? inds.slice(0, 1) : inds).forEach((ind, i) => {
        const s = sentencesFor(ind, p);
        const letters = s.map((_, j) => "ABCDEFGH"[j]);
        out.push(`${i + 1}. ${title(ind)}. Approve for 6 months if the patient meets ALL of the following (${letters.join(", ")}):`);
        s.forEach((x, j) => out.push(`${letters[j]}) ${x}${j < s.length - 1 ? "; AND" : "."}`));
      });
      if (exclusion) out.push("CONDITIONS NOT RECOMMENDED FOR APPROVAL", `1. ${exclusion}`);
      return out.join("\n");
    }
  }
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// cases

export type Meets = "meets" | "fails" | "missing";

export interface CaseSpec {
  first: string;
  last: string;
  dob: string;
  memberId: string;
  npi: string;
  /** the date the fax was sent (header) */
  requestDate: string;
  /** the date the clinical events are dated from (the request date unless a test shifts it) */
  clinicalDate: string;
  /** how the patient's name is written on the fax (case and spacing) */
  nameStyle: "as_is" | "upper" | "lower" | "spaced";
  /** indication key of the request's diagnosis, or an index into UNCOVERED */
  diagnosis: { covered: true; key: string } | { covered: false; index: number };
  /** the prescriber's specialty is the indication's specialist */
  specialist: boolean;
  /** per criterion: documented as meeting it, documented as failing it, or not documented */
  trial: Meets;
  trialOutcome: "failed" | "inadequate response" | "did not respond" | "intolerance";
  lab: Meets;
  tb: Meets;
  minor: boolean;
  concurrentBiologic: boolean;
  eligible: boolean;
  filler: number | null;
  /** the lab line on page 2 instead of page 1 */
  labOnPage2: boolean;
}

const OUTCOME: Record<CaseSpec["trialOutcome"], string> = {
  failed: "failed",
  "inadequate response": "inadequate response",
  "did not respond": "did not respond",
  intolerance: "stopped due to severe nausea and vomiting",
};

/** The fax pages of a case under a policy (the policy's thresholds decide what meeting means). */
export function faxPages(c: CaseSpec, p: PolicySpec): string[] {
  const ind = c.diagnosis.covered ? INDICATIONS[c.diagnosis.key] : null;
  const dx = c.diagnosis.covered ? { code: ind!.code, description: ind!.description } : UNCOVERED[c.diagnosis.index];
  const forTrial = ind ?? INDICATIONS[p.indications[0]];
  const page1 = [
    `Fax sent ${us(c.requestDate)} 10:14 AM   From: Lakeside Medical Group   Page 1`,
    "PRIOR AUTHORIZATION REQUEST",
    `Patient: ${writtenName(c)}   DOB: ${us(c.dob)}   Member ID: ${c.memberId}`,
    `Prescriber: Dr. Alex Morgan, MD   NPI: ${c.npi}   Specialty: ${c.specialist ? forTrial.specialty : "Family Medicine"}`,
    `Medication requested: ${p.drug.brand} (${p.drug.generic}) ${p.drug.strength}   NDC: ${p.drug.ndc}   Quantity: 2   Days supply: 28`,
    `Diagnosis: ${dx.description}   ICD-10: ${dx.code}`,
  ];
  // the trial: long enough, too short, or not mentioned
  const months = p.trialMonths;
  if (c.trial !== "missing") {
    // a short trial stopped for intolerance meets a requirement that accepts intolerance
    const intolerant = c.trialOutcome === "intolerance" && p.criteria.includes("trial_or_intolerance");
    const days = c.trial === "meets" && !intolerant ? months * 31 + 20 : 21;
    const end = isoPlus(c.clinicalDate, -40);
    const start = isoPlus(end, -days);
    const outcome = c.trialOutcome === "intolerance" && !(c.trial === "meets" && intolerant) ? "inadequate response" : OUTCOME[c.trialOutcome];
    page1.push(`${titleCase(forTrial.prior.drug)} ${forTrial.prior.dose} from ${us(start)} to ${us(end)}, ${outcome}.`);
  }
  const labLines: string[] = [];
  if (forTrial.lab && c.lab !== "missing") {
    const value = c.lab === "meets" ? forTrial.lab.high : forTrial.lab.low;
    labLines.push(`${forTrial.lab.written} ${value} ${forTrial.lab.unit} on ${us(isoPlus(c.clinicalDate, -20))}`);
  }
  if (c.tb !== "missing") page1.push(`QuantiFERON-TB Gold Plus ${c.tb === "meets" ? "negative" : "positive"} on ${us(isoPlus(c.clinicalDate, -30))}.`);
  if (c.concurrentBiologic) page1.push("Currently on Cosentyx (secukinumab) 300 mg monthly, will continue.");
  if (!c.labOnPage2) page1.push(...labLines);
  if (c.filler != null) page1.push(FILLER[c.filler % FILLER.length]);
  page1.push("Signature: Alex Morgan, MD");
  const pages = [page1.join("\n")];
  if (c.labOnPage2 && labLines.length) pages.push(["LABORATORY RESULTS", ...labLines].join("\n"));
  return pages;
}

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function writtenName(c: CaseSpec): string {
  const n = `${c.first} ${c.last}`;
  return c.nameStyle === "upper" ? n.toUpperCase() : c.nameStyle === "lower" ? n.toLowerCase() : c.nameStyle === "spaced" ? `${c.first}   ${c.last}` : n;
}

export function rosterFor(c: CaseSpec): RosterMember[] {
  return [
    {
      member_id: c.memberId,
      first_name: c.first,
      last_name: c.last,
      birth_date: c.dob,
      gender: null,
      plan_identification: "SYN",
      coverage_start: "2025-01-01",
      coverage_end: c.eligible ? "2026-12-31" : isoPlus(c.requestDate, -60),
    },
    {
      member_id: "GLM90000001",
      first_name: "Other",
      last_name: "Member",
      birth_date: "1960-01-01",
      gender: null,
      plan_identification: "SYN",
      coverage_start: "2025-01-01",
      coverage_end: null,
    },
  ];
}

export function formularyFor(p: PolicySpec): FormularyRow[] {
  return [{ drug_name: p.drug.brand, ndc: p.drug.ndc, tier: 5, requires_prior_auth: true, quantity_limit: null, step_therapy: [] }];
}

const trees = new Map<string, DecisionTree>();
/** The policy's decision tree (cached per policy text: the same text always reads the same). */
export function treeFor(p: PolicySpec): DecisionTree {
  const text = policyText(p);
  let t = trees.get(text);
  if (!t) {
    t = generateDecisionTree(docFromPages([text]), { drug_names: [p.drug.brand, p.drug.generic] });
    trees.set(text, t);
  }
  return t;
}

/** Pipeline inputs of a case under a policy; `pages` overrides the fax pages (metamorphic variants). */
export function pipelineInputs(c: CaseSpec, p: PolicySpec, pages: string[] = faxPages(c, p)): PipelineInputs {
  return {
    caseDoc: docFromPages(pages),
    roster: rosterFor(c),
    formulary: formularyFor(p),
    policies: [{ id: "pol", drug_names: [p.drug.brand, p.drug.generic] }],
    loadTree: async () => treeFor(p),
  };
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// arbitraries

const SYLLABLES = ["zor", "blax", "quim", "vint", "rel", "omp", "ulen", "frist", "yad", "kroo", "pav", "ethix"];
const word = fc.array(fc.constantFrom(...SYLLABLES), { minLength: 2, maxLength: 4 }).map((s) => s.join(""));
/** A requirement sentence the reader cannot understand: made-up words in a requirement's frame. */
export const gibberishArb = fc
  .tuple(fc.constantFrom("Patient has", "Documentation of", "Member must show", "Evidence of", ""), fc.array(word, { minLength: 2, maxLength: 5 }))
  .map(([lead, ws]) => `${lead} ${ws.join(" ")}`.trim());

export const policyArb = (opts: { fdaOnly?: boolean; gibberish?: "none" | "only" | "some" } = {}): fc.Arbitrary<PolicySpec> =>
  fc
    .record({
      style: fc.constantFrom<PolicyStyle>("outline", "part_d", "bullets", "pbm"),
      drug: fc.constantFrom(...DRUGS),
      extra: fc.boolean(),
      criteria: fc.subarray<CriterionKey>(["age", "diagnosis", "prescriber", "trial", "trial_or_intolerance", "lab", "tb"], { minLength: 1 }),
      minAge: fc.constantFrom<12 | 18>(12, 18),
      trialMonths: fc.constantFrom<2 | 3>(2, 3),
      labWindowDays: fc.constantFrom<90 | 180 | 365>(90, 180, 365),
      exclusion: fc.boolean(),
      gibberish: gibberishArb,
      withGibberish: fc.boolean(),
    })
    .map((r) => {
      const criteria =
        opts.gibberish === "only"
          ? (["gibberish"] as CriterionKey[])
          : opts.gibberish === "some" || (opts.gibberish !== "none" && r.withGibberish)
            ? [...r.criteria, "gibberish" as const]
            : r.criteria;
      // one trial wording per policy; an "all FDA-approved indications" section names no condition
      // (a diagnosis criterion would tie it to one)
      const oneTrial = (criteria.includes("trial") && criteria.includes("trial_or_intolerance") ? criteria.filter((k) => k !== "trial") : criteria).filter(
        (k) => !opts.fdaOnly || k !== "diagnosis",
      );
      if (!oneTrial.length) oneTrial.push("age");
      return {
        style: r.style,
        drug: r.drug,
        indications: r.extra ? r.drug.indications : r.drug.indications.slice(0, 1),
        criteria: oneTrial,
        minAge: r.minAge,
        trialMonths: r.trialMonths,
        labWindowDays: r.labWindowDays,
        // the bullets layout prints no exclusion section
        exclusion: r.exclusion && r.drug.biologic && r.style !== "bullets",
        fdaOnly: !!opts.fdaOnly,
        gibberish: r.gibberish,
      };
    });

const meets = (pMeet: number): fc.Arbitrary<Meets> =>
  fc.integer({ min: 0, max: 99 }).map((n) => (n < pMeet ? "meets" : n < pMeet + (100 - pMeet) / 2 ? "fails" : "missing"));

/** A case for a policy: `mode` "meets" documents every requirement as met (eligible, covered, specialist). */
export const caseArb = (p: PolicySpec, mode: "any" | "meets" = "any"): fc.Arbitrary<CaseSpec> =>
  fc
    .record({
      first: fc.constantFrom(...FIRST),
      last: fc.constantFrom(...LAST),
      dobYear: fc.integer({ min: 1950, max: 1998 }),
      dobDay: fc.integer({ min: 0, max: 360 }),
      idDigits: fc.integer({ min: 10_000_000, max: 89_999_999 }),
      npi: fc.constantFrom(...NPIS),
      requestOffset: fc.integer({ min: 0, max: 200 }),
      dx: fc.integer({ min: 0, max: 9 }),
      specialist: fc.integer({ min: 0, max: 9 }),
      trial: meets(70),
      trialOutcome: fc.constantFrom<CaseSpec["trialOutcome"]>("failed", "inadequate response", "did not respond", "intolerance"),
      lab: meets(70),
      tb: meets(75),
      minor: fc.integer({ min: 0, max: 9 }),
      concurrent: fc.integer({ min: 0, max: 9 }),
      eligible: fc.integer({ min: 0, max: 9 }),
      filler: fc.option(fc.nat(), { nil: null }),
      labOnPage2: fc.boolean(),
    })
    .map((r) => {
      const all = mode === "meets";
      const inds = p.style === "bullets" ? p.indications.slice(0, 1) : p.indications;
      const minor = !all && r.minor === 0;
      const dob = minor ? isoPlus("2016-01-01", r.dobDay) : isoPlus(`${r.dobYear}-01-01`, r.dobDay);
      return {
        first: r.first,
        last: r.last,
        dob,
        memberId: `GLM${r.idDigits}`,
        npi: r.npi,
        requestDate: isoPlus("2026-01-05", r.requestOffset),
        clinicalDate: isoPlus("2026-01-05", r.requestOffset),
        nameStyle: "as_is" as const,
        diagnosis: all || r.dx > 0 ? { covered: true as const, key: inds[r.dx % inds.length] } : { covered: false as const, index: r.dx % UNCOVERED.length },
        specialist: all || r.specialist > 1,
        trial: all ? "meets" : r.trial,
        trialOutcome: r.trialOutcome,
        lab: all ? "meets" : r.lab,
        tb: all ? "meets" : r.tb,
        minor,
        concurrentBiologic: !all && r.concurrent === 0,
        eligible: all || r.eligible > 0,
        filler: r.filler,
        labOnPage2: r.labOnPage2,
      };
    });

/** A policy and a case under it. */
export const scenarioArb = (policy: fc.Arbitrary<PolicySpec> = policyArb(), mode: "any" | "meets" = "any") =>
  policy.chain((p) => caseArb(p, mode).map((c) => ({ p, c })));

// ─────────────────────────────────────────────────────────────────────────────────────────────
// ground truth

/** The policy sentences of the case's indication, in layout order, with the alternatives the bullets layout makes. */
function requirementGroups(p: PolicySpec, ind: IndicationDef): CriterionKey[][] {
  const keys = p.criteria.filter((k) => criterionSentence(k, ind, p) != null);
  if (p.style === "bullets" && keys.length >= 3) return [...keys.slice(0, -2).map((k) => [k]), keys.slice(-2)];
  return keys.map((k) => [k]);
}

function meetsRequirement(k: CriterionKey, c: CaseSpec, ind: IndicationDef): boolean {
  switch (k) {
    case "age":
      return !c.minor;
    case "diagnosis":
      return c.diagnosis.covered && c.diagnosis.key === ind.key;
    case "prescriber":
      return c.specialist;
    case "trial":
    case "trial_or_intolerance":
      return c.trial === "meets";
    case "lab":
      return c.lab === "meets";
    case "tb":
      return c.tb === "meets";
    case "gibberish":
      return false;
  }
}

/**
 * Whether the case, as generated, meets every requirement of the policy for its own indication:
 * member eligible, diagnosis covered by a named indication, no applicable exclusion, every
 * requirement (or one of each group of alternatives) documented as met.
 */
export function approvable(c: CaseSpec, p: PolicySpec): boolean {
  if (!c.eligible || p.fdaOnly || !c.diagnosis.covered) return false;
  const covered = p.style === "bullets" ? p.indications.slice(0, 1) : p.indications;
  if (!covered.includes(c.diagnosis.key)) return false;
  if (p.exclusion && c.concurrentBiologic) return false;
  const ind = INDICATIONS[c.diagnosis.key];
  return requirementGroups(p, ind).every((g) => g.some((k) => meetsRequirement(k, c, ind)));
}
