/**
 * The drug directory extension (drugs-extra-*.ts): its names are unique across the whole directory,
 * its classes exist, the drugs unseen before (midodrine, fludrocortisone, droxidopa) are found in a
 * policy criterion and a fax line, and neither its names nor its new class aliases are read out of
 * ordinary clinical prose.
 */
import { describe, expect, it } from "vitest";
import { DRUG_CLASSES, DRUGS, classesNamedIn, drugsNamedIn, findDrugMentions, lookupDrug, type DrugEntry } from "./drugs";
import { EXTRA_CLASSES, EXTRA_DRUGS_1 } from "./drugs-extra-1";
import { EXTRA_DRUGS_2 } from "./drugs-extra-2";
import { EXTRA_DRUGS_3 } from "./drugs-extra-3";
import { EXTRA_DRUGS_4 } from "./drugs-extra-4";
import { EXTRA_DRUGS_5 } from "./drugs-extra-5";
import { EXTRA_DRUGS_6 } from "./drugs-extra-6";
import { EXTRA_DRUGS_7 } from "./drugs-extra-7";
import { EXTRA_DRUGS_8 } from "./drugs-extra-8";

const EXTRA: DrugEntry[] = [
  ...EXTRA_DRUGS_1,
  ...EXTRA_DRUGS_2,
  ...EXTRA_DRUGS_3,
  ...EXTRA_DRUGS_4,
  ...EXTRA_DRUGS_5,
  ...EXTRA_DRUGS_6,
  ...EXTRA_DRUGS_7,
  ...EXTRA_DRUGS_8,
];
const names = (e: DrugEntry) => [e.generic, ...e.brands, ...(e.aliases ?? [])];
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Names the core directory already gives two entries ("cyclosporine" and "cyclosporine ophthalmic"
 * both list Restasis and Cequa): outside the extension, recorded so that any new duplicate fails.
 */
const CORE_DUPLICATES = new Set(["restasis", "cequa"]);

describe("the drug directory extension", () => {
  it("is wired into the directory", () => {
    for (const e of EXTRA) expect(DRUGS).toContain(e);
    for (const c of EXTRA_CLASSES) expect(DRUG_CLASSES).toContain(c);
  });

  it("names no generic, brand or alias twice across the whole directory (case-insensitive)", () => {
    const owners = new Map<string, DrugEntry[]>();
    for (const e of DRUGS) for (const n of new Set(names(e).map(norm))) owners.set(n, [...(owners.get(n) ?? []), e]);
    const dups = [...owners].filter(([, es]) => es.length > 1);
    expect(dups.filter(([n]) => !CORE_DUPLICATES.has(n)).map(([n, es]) => `${n}: ${es.map((e) => e.generic).join(" / ")}`)).toEqual([]);
    // within one entry, too
    for (const e of EXTRA) expect(new Set(names(e).map(norm)).size, e.generic).toBe(names(e).length);
    // nor does a combination's "X and Y" / "X + Y" / "X-Y" spelling repeat another entry's name
    for (const e of EXTRA.filter((x) => x.generic.includes("/")))
      for (const sep of [" and ", " + ", "-"]) {
        const other = owners.get(norm(e.generic.replaceAll("/", sep)));
        expect(other?.filter((o) => o !== e) ?? [], `${e.generic} as "${sep}"`).toEqual([]);
      }
  });

  it("assigns only classes the directory defines, and class names are unique", () => {
    const defined = new Set(DRUG_CLASSES.map((c) => c.name));
    expect(defined.size).toBe(DRUG_CLASSES.length);
    const missing = DRUGS.flatMap((e) => e.classes.filter((c) => !defined.has(c)).map((c) => `${e.generic}: ${c}`));
    expect(missing).toEqual([]);
    for (const c of EXTRA_CLASSES) for (const p of c.parents ?? []) expect(defined.has(p), `${c.name} → ${p}`).toBe(true);
  });

  it("writes abbreviations of four letters or fewer in capitals, and potency only on topical corticosteroids", () => {
    for (const e of EXTRA) {
      for (const a of e.aliases ?? []) if (a.replace(/[^a-z]/gi, "").length <= 4) expect(a, e.generic).toBe(a.toUpperCase());
      if (e.potency) expect(e.classes, e.generic).toContain("topical corticosteroid");
      expect(e.generic, "lower-case names").toBe(e.generic.trim());
    }
  });

  it("finds midodrine, fludrocortisone and droxidopa by generic and brand", () => {
    expect(lookupDrug("midodrine")?.generic).toBe("midodrine");
    expect(lookupDrug("ProAmatine")?.generic).toBe("midodrine");
    expect(lookupDrug("fludrocortisone")?.generic).toBe("fludrocortisone");
    expect(lookupDrug("Florinef")?.generic).toBe("fludrocortisone");
    expect(lookupDrug("droxidopa")?.generic).toBe("droxidopa");
    expect(lookupDrug("Northera")?.generic).toBe("droxidopa");
  });

  it("reads both drugs of a step-therapy criterion and a dated trial on a fax line", () => {
    expect(drugsNamedIn("failed BOTH midodrine AND fludrocortisone")).toEqual(["midodrine", "fludrocortisone"]);
    const line = "midodrine 10 mg TID 05/04/2026-07/20/2026, inadequate response";
    expect(findDrugMentions(line).map((m) => [m.entry.generic, m.index])).toEqual([["midodrine", 0]]);
    expect(drugsNamedIn("Request: Northera (droxidopa) 100 mg capsule, three times daily")).toEqual(["droxidopa"]);
  });

  it("reads names the core directory did not know", () => {
    expect(drugsNamedIn("Trial of Hyzaar, then Bystolic; metformin ER and Synjardy XR")).toEqual([
      "losartan-hydrochlorothiazide",
      "nebivolol",
      "metformin",
      "empagliflozin-metformin",
    ]);
    expect(drugsNamedIn("lisinopril and hydrochlorothiazide")).toEqual(["lisinopril", "hydrochlorothiazide"]);
    expect(lookupDrug("TMP-SMX")?.generic).toBe("sulfamethoxazole/trimethoprim");
    expect(lookupDrug("Humulin N")?.generic).toBe("insulin isophane");
    expect(lookupDrug("Lo Loestrin Fe")?.generic).toBe("norethindrone acetate/ethinyl estradiol");
    expect(lookupDrug("Cordran")?.potency).toBe("medium");
    expect(lookupDrug("Halog")?.potency).toBe("high");
  });

  it("reads no drug out of ordinary clinical prose", () => {
    const prose = [
      "The patient has a history of focal seizures and daily headaches; plan: follow up in 4 weeks",
      "Plan: continue current regimen, focus on diet and exercise, return to clinic in 3 months.",
      "Fibrosis assessed by APRI 0.6 and FIB-4 1.9; no cirrhosis on ultrasound.",
      "C1-INH function 19% and C4 5 mg/dL, consistent with hereditary angioedema type I.",
      "Vitamin D3, 25-hydroxy 28 ng/mL; parathyroid hormone 85 pg/mL; vitamin B12 level 410.",
      "A glucagon-like peptide-1 receptor agonist is required first.",
      "Normal pressure hydrocephalus (NPH) was excluded; she has an android fat distribution.",
      "Patient lives in Doral, FL with her daughter; plan B is a referral to neurology.",
      "Soma of the neuron; the tumor was excised with clear margins.",
      "Nix the prior plan; neoadjuvant chemotherapy (NAC) completed in June.",
      "Positive tilt table test; orthostatic hypotension; standing BP 98/60.",
      "Hematocrit 41%, platelets 245, ANC 2.1; connective tissue disease workup negative.",
    ];
    for (const s of prose) expect(drugsNamedIn(s), s).toEqual([]);
  });

  it("new class aliases name their classes, and only them, in prose", () => {
    const named = (s: string) => classesNamedIn(s).map((c) => c.name);
    expect(named("failed a 5-HT3 receptor antagonist and an NK1 receptor antagonist")).toEqual(
      expect.arrayContaining(["5-HT3 antagonist", "NK1 receptor antagonist"]),
    );
    expect(named("concurrent use of nitrates")).toContain("nitrate");
    expect(named("silver nitrate cautery")).not.toContain("nitrate");
    expect(named("trial of an intranasal antihistamine")).toEqual(["intranasal antihistamine"]);
    expect(named("a prostaglandin analog and a carbonic anhydrase inhibitor")).toEqual(
      expect.arrayContaining(["prostaglandin analog", "carbonic anhydrase inhibitor"]),
    );
    expect(named("IVIG 2 g/kg every 4 weeks")).toContain("immune globulin");
    expect(named("hepatitis B immune globulin at birth")).not.toContain("immune globulin");
    expect(named("failed viscosupplementation")).toContain("viscosupplement");
    expect(named("a COMT inhibitor or an MAO-B inhibitor")).toContain("COMT inhibitor");
    expect(named("prior proteasome inhibitor and anti-CD38 monoclonal antibody")).toEqual(
      expect.arrayContaining(["proteasome inhibitor", "anti-CD38 antibody"]),
    );
    const newNames = new Set(EXTRA_CLASSES.map((c) => c.name));
    const prose = [
      "The patient has a history of focal seizures and daily headaches; plan: follow up in 4 weeks",
      "Urinalysis: nitrite negative, leukocyte esterase negative.",
      "She is a nurse who works nights; sleeps 6 hours; mother has type 2 diabetes.",
      "Serum immunoglobulin levels: IgG 650 mg/dL, IgA 80 mg/dL, IgM 40 mg/dL.",
      "Factor VIII activity 2%; inhibitor titer negative; von Willebrand panel normal.",
      "MRI of the knee shows tricompartmental osteoarthritis with joint effusion.",
    ];
    for (const s of prose)
      expect(
        named(s).filter((n) => newNames.has(n)),
        s,
      ).toEqual([]);
  });
});
