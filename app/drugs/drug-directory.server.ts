/**
 * The drug directory: products in the FDA NDC directory's product file format, searched by the Add
 * policy modal (PRODUCT-SPEC §7 "FDA drug directory by product_ndc or brand_name, limit 20"; §9
 * "3-character minimum, 20 results"). Public reference data, not organization-scoped.
 *
 * Accepted files:
 *  - the FDA NDC directory `product.txt` (tab-separated; PRODUCTNDC, PROPRIETARYNAME,
 *    NONPROPRIETARYNAME, DOSAGEFORMNAME, ROUTENAME, ACTIVE_NUMERATOR_STRENGTH, ACTIVE_INGRED_UNIT);
 *  - a CSV with product_ndc, brand_name, generic_name, dosage_form, route, strength (the project's
 *    curated starter file, fixtures/drug-directory/starter.csv, is one).
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";

export interface DrugProductRow {
  product_ndc: string;
  brand_name: string;
  generic_name: string;
  dosage_form: string | null;
  route: string | null;
  strength: string | null;
}

export const DRUG_SEARCH_MIN = 3;
export const DRUG_SEARCH_LIMIT = 20;
export const STARTER_FILE = path.resolve(process.cwd(), "fixtures/drug-directory/starter.csv");

const key = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
const FDA: Record<string, keyof DrugProductRow | "strength_unit"> = {
  productndc: "product_ndc",
  proprietaryname: "brand_name",
  nonproprietaryname: "generic_name",
  dosageformname: "dosage_form",
  routename: "route",
  activenumeratorstrength: "strength",
  activeingredunit: "strength_unit",
};

/**
 * Rows of a directory file (format sniffed from the header: tabs → FDA product.txt, else CSV) and
 * the lines that could not be used (no product NDC or no name). Throws AppError("validation") when
 * the file has neither layout.
 */
export function parseDrugDirectory(text: string): { rows: DrugProductRow[]; errors: { line: number; message: string }[] } {
  const firstLine = text.slice(0, text.indexOf("\n") >>> 0);
  const tab = firstLine.includes("\t");
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      columns: (h: string[]) => h.map((x) => FDA[key(x).replace(/_/g, "")] ?? key(x)),
      delimiter: tab ? "\t" : ",",
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: tab,
      trim: true,
      info: true,
    });
  } catch (e) {
    throw new AppError("validation", `The drug directory file could not be read: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (records.length && !("product_ndc" in records[0]!.record)) throw new AppError("validation", "Missing column: product_ndc (or PRODUCTNDC)");
  const rows: DrugProductRow[] = [];
  const errors: { line: number; message: string }[] = [];
  for (const { record: r, info } of records) {
    const ndc = (r.product_ndc ?? "").trim();
    const brand = (r.brand_name ?? "").trim();
    const generic = (r.generic_name ?? "").trim();
    if (!/^\d{4,5}-\d{3,4}$/.test(ndc)) {
      errors.push({ line: info.lines, message: `product_ndc "${ndc}" is not a labeler-product NDC` });
      continue;
    }
    if (!brand && !generic) {
      errors.push({ line: info.lines, message: "brand_name or generic_name is required" });
      continue;
    }
    const strength = [r.strength, r.strength_unit].filter((x) => x && x.trim()).join(" ") || null;
    rows.push({
      product_ndc: ndc,
      brand_name: (brand || generic).slice(0, 300),
      generic_name: (generic || brand).slice(0, 500),
      dosage_form: r.dosage_form?.trim() || null,
      route: r.route?.trim() || null,
      strength: strength?.slice(0, 300) ?? null,
    });
  }
  return { rows, errors };
}

/** Upserts products by product NDC. Returns the number written. */
export async function importDrugProducts(database: Database, rows: DrugProductRow[], source = "fda"): Promise<number> {
  let n = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    await database.prisma.$transaction(
      batch.map((r) => database.prisma.drugProduct.upsert({ where: { product_ndc: r.product_ndc }, create: { ...r, source }, update: { ...r, source } })),
    );
    n += batch.length;
  }
  return n;
}

/** Loads the curated starter file (fixtures/drug-directory/starter.csv) when the directory is empty. */
export async function loadStarterDrugDirectory(database: Database, file = STARTER_FILE): Promise<number> {
  if ((await database.prisma.drugProduct.count()) > 0 || !fs.existsSync(file)) return 0;
  return importDrugProducts(database, parseDrugDirectory(fs.readFileSync(file, "utf8")).rows, "starter");
}

/**
 * Products whose brand name, generic name or product NDC contains `q` (case-insensitive), brand
 * names starting with `q` first; at most 20. Fewer than 3 characters → [] (no query is run).
 */
export async function searchDrugProducts(database: Database, q: string | null | undefined) {
  const s = (q ?? "").trim().slice(0, 100);
  if (s.length < DRUG_SEARCH_MIN) return [];
  const rows = await database.prisma.drugProduct.findMany({
    where: {
      OR: [{ brand_name: { contains: s, mode: "insensitive" } }, { generic_name: { contains: s, mode: "insensitive" } }, { product_ndc: { startsWith: s } }],
    },
    orderBy: [{ brand_name: "asc" }, { product_ndc: "asc" }],
    take: 200,
  });
  const low = s.toLowerCase();
  return rows
    .sort((a, b) => Number(!a.brand_name.toLowerCase().startsWith(low)) - Number(!b.brand_name.toLowerCase().startsWith(low)))
    .slice(0, DRUG_SEARCH_LIMIT)
    .map((r) => ({
      product_ndc: r.product_ndc,
      brand_name: r.brand_name,
      generic_name: r.generic_name,
      dosage_form: r.dosage_form,
      route: r.route,
      strength: r.strength,
    }));
}
