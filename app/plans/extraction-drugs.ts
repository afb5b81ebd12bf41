/**
 * Drug names of an extracted policy normalised through the drug directory (app/drugs, the FDA NDC
 * directory's product file format; issue 12 "extraction uses it to normalise drug names and NDCs").
 *
 * Matching is exact after a fixed, documented clean-up, never fuzzy:
 *  - case and punctuation are ignored ("HUMIRA" = "Humira");
 *  - strength, dosage form, route and release words are noise ("Humira 40 mg/0.8 mL pen",
 *    "metformin ER tablets"), and so are salt words ("tofacitinib citrate" = "tofacitinib");
 *  - a name with a parenthesis ("Humira (adalimumab)") is read as the name outside and the name
 *    inside; both must point to the same directory generic, else the name is unmatched.
 * The cleaned name must then equal a product's cleaned brand name or cleaned generic name. A brand
 * matches its products (their generic is the canonical generic); a generic matches every product of
 * that generic (all of its brands). Biosimilar suffixes are kept ("adalimumab-adaz" is not
 * "adalimumab"): two molecules are never merged by guessing.
 * A name that matches nothing is kept as written with `matched: false`.
 *
 * Pure (no database): the caller loads candidate products (directoryCandidates gives the words to
 * look for) and the RxCUIs it knows (the plan's formulary rows); the directory has no RxCUIs.
 */

import { z } from "zod";

/** A directory product as matching reads it. */
export interface DirectoryProduct {
  product_ndc: string;
  brand_name: string;
  generic_name: string;
}

/** One drug name of a policy after matching. */
export interface DrugDirectoryMatch {
  /** the name as the policy wrote it */
  name: string;
  matched: boolean;
  /** what matched: the directory's brand name or generic name; null when unmatched */
  matched_on: "brand" | "generic" | null;
  /** the directory's generic name (lower case as the FDA file writes it); null when unmatched */
  generic_name: string | null;
  /** the directory's brand names of the matched products, sorted */
  brand_names: string[];
  /** product NDCs (labeler-product, e.g. "0074-4339") of the matched products, sorted */
  product_ndcs: string[];
  /** RxCUIs known for the drug (from the plan's formulary), sorted; [] when none known */
  rxcuis: string[];
}

const NOISE = new Set(
  [
    // dosage forms and devices
    "tablet tablets tab tabs capsule capsules cap caps injection injections injectable solution suspension kit pen pens autoinjector",
    "auto injector prefilled syringe syringes vial vials cartridge cream ointment gel patch inhaler powder for oral film coated chewable",
    // routes
    "oral subcutaneous sc subq intravenous iv intramuscular im topical",
    // release
    "er xr sr dr la xl ir extended delayed immediate release",
    // salts
    "hydrochloride hcl sodium potassium calcium citrate sulfate maleate mesylate tartrate besylate succinate fumarate acetate phosphate",
    // units
    "mg mcg g ml l unit units iu meq",
  ]
    .join(" ")
    .split(/\s+/),
);

/** The cleaned form of a drug name (see module comment); "" when nothing but noise is left. */
export function cleanDrugName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\d+(?:[.,]\d+)?\s*(?:%|mg|mcg|g|ml|l|units?|iu|meq)?(?:\s*\/\s*\d*(?:[.,]\d+)?\s*(?:mg|mcg|g|ml|l|units?|actuation|dose|hr|h)?)?/g, " ")
    .replace(/[^a-z0-9-]+/g, " ")
    .split(/\s+/)
    .map((w) => w.replace(/^-+|-+$/g, ""))
    .filter((w) => w && !NOISE.has(w))
    .join(" ");
}

/** The readings of a written name: the whole name without parentheses, and each parenthesised part. */
function readings(name: string): string[] {
  const inner = [...name.matchAll(/\(([^)]*)\)/g)].map((m) => cleanDrugName(m[1]!));
  const outer = cleanDrugName(name.replace(/\([^)]*\)/g, " "));
  return [...new Set([outer, ...inner].filter(Boolean))];
}

/**
 * Words to look products up by (the first word of each reading, at least 3 characters), so the caller
 * can load a small candidate set (`brand_name`/`generic_name` containing one of them, any case).
 */
export function directoryCandidates(names: string[]): string[] {
  const out = new Set<string>();
  for (const n of names) for (const r of readings(n)) if (r.split(" ")[0]!.length >= 3) out.add(r.split(" ")[0]!);
  return [...out];
}

/**
 * Matches each distinct written name (case-insensitive de-duplication, first spelling kept) against
 * `products`. `rxcuisByGeneric` maps a cleaned generic name to the RxCUIs known for it.
 * Never drops a name: unmatched names come back with `matched: false` and empty lists.
 */
export function matchDrugNames(names: string[], products: DirectoryProduct[], rxcuisByGeneric: Map<string, string[]> = new Map()): DrugDirectoryMatch[] {
  const byBrand = new Map<string, DirectoryProduct[]>();
  const byGeneric = new Map<string, DirectoryProduct[]>();
  for (const p of products) {
    const b = cleanDrugName(p.brand_name);
    const g = cleanDrugName(p.generic_name);
    if (b) byBrand.set(b, [...(byBrand.get(b) ?? []), p]);
    if (g) byGeneric.set(g, [...(byGeneric.get(g) ?? []), p]);
  }
  const seen = new Set<string>();
  const out: DrugDirectoryMatch[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    let generic: string | null = null;
    let matchedOn: DrugDirectoryMatch["matched_on"] = null;
    let conflict = false;
    const found: DirectoryProduct[] = [];
    for (const r of readings(name)) {
      const viaGeneric = byGeneric.get(r);
      const viaBrand = viaGeneric ? undefined : byBrand.get(r);
      const hit = viaGeneric ?? viaBrand;
      if (!hit) continue;
      const g = cleanDrugName(hit[0]!.generic_name);
      if (generic !== null && g !== generic) conflict = true;
      generic ??= g;
      matchedOn ??= viaGeneric ? "generic" : "brand";
      found.push(...hit);
    }
    if (!found.length || conflict) {
      out.push({ name, matched: false, matched_on: null, generic_name: null, brand_names: [], product_ndcs: [], rxcuis: [] });
      continue;
    }
    out.push({
      name,
      matched: true,
      matched_on: matchedOn,
      generic_name: found[0]!.generic_name.trim().toLowerCase(),
      brand_names: [...new Set(found.map((p) => p.brand_name.trim()))].sort(),
      product_ndcs: [...new Set(found.map((p) => p.product_ndc))].sort(),
      rxcuis: [...(rxcuisByGeneric.get(generic!) ?? [])].sort(),
    });
  }
  return out;
}

/** "adalimumab (Humira) · 2 NDCs" for a match, "Not in the drug directory" otherwise. */
export function directoryMatchText(m: DrugDirectoryMatch): string {
  if (!m.matched) return "Not in the drug directory";
  const brands = m.brand_names.filter((b) => b.toLowerCase() !== m.generic_name);
  const parts = [`${m.generic_name}${brands.length ? ` (${brands.join(", ")})` : ""}`];
  if (m.product_ndcs.length) parts.push(`${m.product_ndcs.length} NDC${m.product_ndcs.length === 1 ? "" : "s"}`);
  if (m.rxcuis.length) parts.push(`RxCUI ${m.rxcuis.join(", ")}`);
  return parts.join(" · ");
}

/** Reads a stored row's `drug_directory` (rows from before the directory have none: []). */
export const DrugDirectoryMatchesSchema = z
  .array(
    z.object({
      name: z.string(),
      matched: z.boolean(),
      matched_on: z.enum(["brand", "generic"]).nullable().catch(null),
      generic_name: z.string().nullable(),
      brand_names: z.array(z.string()).catch([]),
      product_ndcs: z.array(z.string()).catch([]),
      rxcuis: z.array(z.string()).catch([]),
    }),
  )
  .catch([]);
