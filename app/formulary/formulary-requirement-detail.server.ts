/**
 * One formulary drug requirement as its detail page shows it (PRODUCT-SPEC §2 "Formulary drug
 * requirements": Products Affected, Exclusion Criteria, Required Medical Information, Prescriber
 * Restrictions, Coverage Duration, Other Criteria, Indication, Off Label Uses, Part B Prerequisite —
 * "No if the value is f, otherwise Yes"), each section filled from what is known and saying where
 * it came from:
 *  - the formulary row itself (written by the plan's formulary CSV import, import-plan-csv.server.ts:
 *    tier, PA, quantity limit, step therapy and the optional CMS criteria columns);
 *  - else the plan's last completed policy extraction (extract-coverage-policies.server.ts), from
 *    the extracted row of a coverage policy for the same drug: same name as the policy's drug or one
 *    of its drug list (cleaned as the drug directory match cleans them), one of the directory's
 *    canonical generic or brand names of that policy, or an NDC of the policy's directory products;
 *  - else nothing: the page shows "N/A" (value null, source null).
 * Read-only; organization-scoped (another organization's requirement is not_found).
 */
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { cleanDrugName, DrugDirectoryMatchesSchema } from "~/plans/extraction-drugs";
import { requireFormularyDrugRequirement } from "./list-formulary-drug-requirements.server";

/** Where a section's value came from. */
export interface SectionSource {
  kind: "import" | "extraction";
  /** e.g. "Formulary import · Gold PPO" or "Extracted from the Adalimumab coverage policy" */
  label: string;
  /** the coverage policy page for an extracted value */
  href: string | null;
  /** ISO time of the extraction (null for the import) */
  at: string | null;
}

export interface DetailSection {
  key: string;
  title: string;
  /** the text shown; null when nothing is known ("N/A") */
  value: string | null;
  source: SectionSource | null;
}

/** The spec's sections, with the extraction field ids that can fill each (first non-empty wins). */
const CRITERIA: { key: string; title: string; fields: string[] }[] = [
  { key: "exclusion_criteria", title: "Exclusion Criteria", fields: ["exclusion_criteria"] },
  { key: "required_medical_information", title: "Required Medical Information", fields: ["required_medical_information"] },
  { key: "prescriber_restrictions", title: "Prescriber Restrictions", fields: ["prescriber_restrictions", "prescriber_requirement", "prescribe_restrictions"] },
  { key: "coverage_duration", title: "Coverage Duration", fields: ["coverage_duration"] },
  { key: "age_restrictions", title: "Age Restrictions", fields: ["age_restrictions", "age_restriction"] },
  { key: "other_criteria", title: "Other Criteria", fields: ["other_criteria"] },
  { key: "indication", title: "Indication", fields: ["indication"] },
  { key: "off_label_uses", title: "Off Label Uses", fields: ["off_label_uses"] },
  { key: "part_b_prerequisite", title: "Part B Prerequisite", fields: ["part_b_prerequisite", "part_b_required", "part_b_prereq"] },
];

const RowsSchema = z.array(z.record(z.string(), z.unknown())).catch([]);
const QuantityLimitSchema = z.object({ amount: z.number(), unit: z.string().optional(), period_days: z.number() }).nullable().catch(null);
const StepsSchema = z.array(z.object({ drug_name: z.string(), duration_days: z.number().optional() })).catch([]);

/** "No" for 'f' / false, "Yes" for any other value (PRODUCT-SPEC §2), null for nothing. */
export function partBText(v: unknown): string | null {
  if (v === null || v === undefined || v === "") return null;
  if (v === false || (typeof v === "string" && ["f", "false", "n", "no"].includes(v.trim().toLowerCase()))) return "No";
  return "Yes";
}

function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (Array.isArray(v)) return v.length ? v.map(String).join(", ") : null;
  const s = String(v).trim();
  if (!s) return null;
  // Extracted values join one sentence per tree node with "; ": the same requirement repeated for
  // each indication is shown once.
  const seen = new Set<string>();
  const parts = s
    .split(/;\s+/)
    .map((p) => p.trim().replace(/[.;]+$/, ""))
    .filter((p) => {
      const k = p.toLowerCase();
      if (!p || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  return parts.join("; ") || null;
}

/** "00074-4339" for "0074-4339" (labeler padded to 5, product to 4), the first 10 characters of a 5-4-2 NDC. */
function productKey(ndc: string): string | null {
  const m = /^(\d{4,5})-(\d{3,4})/.exec(ndc.trim());
  return m ? `${m[1]!.padStart(5, "0")}-${m[2]!.padStart(4, "0")}` : null;
}

/**
 * The detail of requirement `id`: identity (drug, plan, products, NDC, RxCUI), the formulary
 * sections (Tier, Prior Authorization, Quantity Limit, Step Therapy) and the criteria sections of
 * the spec plus Age Restrictions, each `{key, title, value, source}` (see module comment).
 * Throws AppError("not_found") for another organization's requirement.
 */
export async function formularyRequirementDetail(database: Database, organizationId: string, id: string) {
  const r = await requireFormularyDrugRequirement(database, organizationId, id);
  const plan = r.plan_id ? await database.prisma.plan.findFirst({ where: { id: r.plan_id, organization_id: organizationId } }) : null;
  const importSource: SectionSource = { kind: "import", label: plan ? `Formulary import · ${plan.title}` : "Formulary record", href: null, at: null };

  // The plan's last completed extraction, and its row for this drug.
  let extracted: { row: Record<string, unknown>; source: SectionSource } | null = null;
  if (plan && plan.processed_at && !plan.extraction_error) {
    const rows = RowsSchema.parse(plan.extracted_policies);
    const policies = await database.prisma.coveragePolicy.findMany({
      where: { organization_id: organizationId, plan_id: plan.id, id: { in: rows.map((x) => String(x.coverage_policy_id ?? "")) } },
      select: { id: true, drug_name: true, drugs_list: true },
    });
    const want = cleanDrugName(r.drug_name);
    const wantNdc = r.ndc ? productKey(r.ndc) : null;
    for (const row of rows) {
      const policy = policies.find((p) => p.id === row.coverage_policy_id);
      if (!policy) continue;
      const directory = DrugDirectoryMatchesSchema.parse(row.drug_directory ?? []);
      const names = [policy.drug_name, ...policy.drugs_list, ...directory.flatMap((d) => (d.matched ? [d.generic_name ?? "", ...d.brand_names] : []))].map(
        cleanDrugName,
      );
      const ndcs = directory.flatMap((d) => d.product_ndcs.map(productKey));
      if ((want && names.includes(want)) || (wantNdc && ndcs.includes(wantNdc))) {
        extracted = {
          row,
          source: {
            kind: "extraction",
            label: `Extracted from the ${policy.drug_name} coverage policy`,
            href: `/o/${organizationId}/plans/${plan.id}/coverage_policies/${policy.id}`,
            at: plan.processed_at.toISOString(),
          },
        };
        break;
      }
    }
  }
  const fromExtraction = (fields: string[], format: (v: unknown) => string | null = text) => {
    if (!extracted) return null;
    for (const f of fields) {
      if (!Object.hasOwn(extracted.row, f)) continue;
      const value = format(extracted.row[f]);
      if (value) return { value, source: extracted.source };
    }
    return null;
  };

  // What the import stored for each criteria section (the row has no age column).
  const imported: Record<string, string | null> = {
    exclusion_criteria: r.exclusion_criteria,
    required_medical_information: r.required_medical_information,
    prescriber_restrictions: r.prescriber_restrictions,
    coverage_duration: r.coverage_duration,
    other_criteria: r.other_criteria,
    indication: r.indication,
    off_label_uses: r.off_label_uses,
    part_b_prerequisite: r.part_b_prerequisite,
  };
  const criteria: DetailSection[] = CRITERIA.map(({ key, title, fields }) => {
    const format = key === "part_b_prerequisite" ? partBText : text;
    const own = format(imported[key] ?? null);
    const found = own ? { value: own, source: importSource } : fromExtraction(fields, format);
    return { key, title, value: found?.value ?? null, source: found?.source ?? null };
  });

  const ql = QuantityLimitSchema.parse(r.quantity_limit ?? null);
  const steps = StepsSchema.parse(r.step_therapy ?? []);
  const stepsFromPolicy = fromExtraction(["required_medications"]);
  const stFlag = fromExtraction(["step_therapy_required"]);
  const formulary: DetailSection[] = [
    { key: "products", title: "Products Affected", value: r.products.join(", ") || null, source: r.products.length ? importSource : null },
    { key: "tier", title: "Tier", value: r.tier == null ? null : `Tier ${r.tier}`, source: r.tier == null ? null : importSource },
    { key: "prior_authorization", title: "Prior Authorization", value: r.requires_prior_auth ? "Required" : "Not required", source: importSource },
    {
      key: "quantity_limit",
      title: "Quantity Limit",
      value: ql ? `${ql.amount} ${ql.unit ?? "units"} per ${ql.period_days} days` : null,
      source: ql ? importSource : null,
    },
    steps.length
      ? {
          key: "step_therapy",
          title: "Step Therapy",
          value: steps.map((s, i) => `${i + 1}. ${s.drug_name}${s.duration_days ? ` (${s.duration_days} days)` : ""}`).join("\n"),
          source: importSource,
        }
      : stepsFromPolicy
        ? { key: "step_therapy", title: "Step Therapy", value: `Try first: ${stepsFromPolicy.value}`, source: stepsFromPolicy.source }
        : stFlag
          ? { key: "step_therapy", title: "Step Therapy", value: stFlag.value === "Yes" ? "Required" : "Not required", source: stFlag.source }
          : { key: "step_therapy", title: "Step Therapy", value: null, source: null },
  ];
  if (r.notes) formulary.push({ key: "notes", title: "Notes", value: r.notes, source: importSource });

  return {
    token: r.id,
    drug_name: r.drug_name,
    plan: plan ? { token: plan.id, title: plan.title } : null,
    ndc: r.ndc,
    rxcui: r.rxcui,
    products: r.products,
    formulary,
    criteria,
  };
}
