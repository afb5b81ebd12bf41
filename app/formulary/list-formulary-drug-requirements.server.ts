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
    select: { id: true, drug_name: true, products: true, ndc: true, tier: true, requires_prior_auth: true },
  });
}

/** The requirement if it belongs to the organization, else AppError("not_found"). */
export async function requireFormularyDrugRequirement(database: Database, organizationId: string, id: string) {
  const row = await database.prisma.formularyDrugRequirement.findFirst({ where: { id, organization_id: organizationId } });
  if (!row) throw new AppError("not_found", "Formulary drug requirement not found");
  return row;
}
