/**
 * Formulary drug requirements of an organization (PRODUCT-SPEC §2 "Formulary drug requirements"):
 * the list (Drug Name, Products Affected) and one requirement's sections. Rows are written by
 * importFormulary (app/plans/manage-plans.server.ts) and the seed.
 */
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";

export async function listFormularyDrugRequirements(database: Database, organizationId: string) {
  return database.prisma.formularyDrugRequirement.findMany({
    where: { organization_id: organizationId },
    orderBy: [{ drug_name: "asc" }, { created_at: "asc" }],
    select: {
      id: true,
      drug_name: true,
      products: true,
      ndc: true,
      rxcui: true,
      tier: true,
      requires_prior_auth: true,
      quantity_limit: true,
      step_therapy: true,
      plan: { select: { title: true } },
    },
  });
}

/**
 * The list grouped by drug (case-insensitive name): each drug with its products — NDC or RxCUI,
 * plan, tier, PA required, quantity limit ("2 pens / 28 days") and step therapy ("methotrexate
 * (90 days)") — so rows of the same drug can be told apart.
 */
export function groupFormularyByDrug(rows: Awaited<ReturnType<typeof listFormularyDrugRequirements>>) {
  const groups = new Map<
    string,
    {
      drug_name: string;
      products: { token: string; product: string; plan: string | null; tier: number | null; pa: boolean; ql: string | null; st: string | null }[];
    }
  >();
  for (const r of rows) {
    const k = r.drug_name.trim().toLowerCase();
    if (!groups.has(k)) groups.set(k, { drug_name: r.drug_name, products: [] });
    const ql = r.quantity_limit as { amount?: number; unit?: string; period_days?: number } | null;
    const st = (Array.isArray(r.step_therapy) ? r.step_therapy : []) as { drug_name?: string; duration_days?: number }[];
    groups.get(k)!.products.push({
      token: r.id,
      product: r.ndc ? `NDC ${r.ndc}` : r.rxcui ? `RxCUI ${r.rxcui}` : r.products.join(", ") || r.drug_name,
      plan: r.plan?.title ?? null,
      tier: r.tier,
      pa: r.requires_prior_auth,
      ql: ql?.amount != null && ql.period_days ? `${ql.amount} ${ql.unit ?? ""} / ${ql.period_days} days`.replace(/\s+/g, " ") : null,
      st: st.length ? st.map((x) => `${x.drug_name ?? "?"}${x.duration_days ? ` (${x.duration_days} days)` : ""}`).join(" → ") : null,
    });
  }
  return [...groups.values()];
}

/** The requirement if it belongs to the organization, else AppError("not_found"). */
export async function requireFormularyDrugRequirement(database: Database, organizationId: string, id: string) {
  const row = await database.prisma.formularyDrugRequirement.findFirst({ where: { id, organization_id: organizationId } });
  if (!row) throw new AppError("not_found", "Formulary drug requirement not found");
  return row;
}
