/**
 * The extraction results as a table (PRODUCT-SPEC §2 "Policy extractor"): one row per coverage
 * policy (drug), one column per schema field, each cell read from the row by its field id — never by
 * position — so every value sits under its own header, for the predefined fields and custom ones.
 * Pure (shared by the plan page and its tests).
 */
import { DrugDirectoryMatchesSchema, type DrugDirectoryMatch } from "./extraction-drugs";

export interface ExtractionTableInput {
  json_schema: { properties: { field_id: string; title?: string; type?: string }[] };
  extracted_policies: Record<string, unknown>[];
}

export interface ExtractionColumn {
  /** the field id the cells of this column are read by */
  key: string;
  /** the header: the field's title, or its id; titles used by two fields get their id appended */
  title: string;
}

export interface ExtractionTableRow {
  /** the coverage policy the row was extracted from */
  policy_id: string;
  /** the policy's drug name (first column), "Deleted policy" when the policy is gone */
  drug: string;
  /** one text per column, in the columns' order */
  cells: string[];
  /** the drug directory match of each drug name of the policy (extraction-drugs.ts); [] for older rows */
  directory: DrugDirectoryMatch[];
}

/** A cell's text: N/A for empty, Yes/No for booleans, lists joined with ", ". */
export function cellText(v: unknown): string {
  if (v === null || v === undefined || v === "") return "N/A";
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (Array.isArray(v)) return v.length ? v.map((x) => (x === null || x === undefined ? "" : String(x))).join(", ") : "N/A";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/**
 * Columns from the schema the rows were extracted with, rows from `extracted_policies`, each labelled
 * with its policy's drug name from `policies` ({token, drug_name}) or the row's own drug_name.
 */
export function extractionTable(
  extraction: ExtractionTableInput,
  policies: { token: string; drug_name: string }[],
): { columns: ExtractionColumn[]; rows: ExtractionTableRow[] } {
  const fields = extraction.json_schema.properties;
  const titleCount = new Map<string, number>();
  for (const f of fields) {
    const t = (f.title || f.field_id).trim().toLowerCase();
    titleCount.set(t, (titleCount.get(t) ?? 0) + 1);
  }
  const columns = fields.map((f) => {
    const title = f.title || f.field_id;
    const shared = (titleCount.get(title.trim().toLowerCase()) ?? 0) > 1;
    return { key: f.field_id, title: shared && title !== f.field_id ? `${title} (${f.field_id})` : title };
  });
  const drugs = new Map(policies.map((p) => [p.token, p.drug_name]));
  const rows = extraction.extracted_policies.map((row) => {
    const policyId = typeof row.coverage_policy_id === "string" ? row.coverage_policy_id : "";
    const own = typeof row.drug_name === "string" && row.drug_name ? row.drug_name : null;
    return {
      policy_id: policyId,
      drug: drugs.get(policyId) ?? own ?? "Deleted policy",
      cells: columns.map((c) => cellText(Object.hasOwn(row, c.key) ? row[c.key] : null)),
      directory: DrugDirectoryMatchesSchema.parse(Object.hasOwn(row, "drug_directory") ? row.drug_directory : []),
    };
  });
  return { columns, rows };
}
