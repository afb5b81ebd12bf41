/**
 * The organization's prescriber directory (PRODUCT-SPEC §2 "providers"): built from the
 * practitioners extracted from its cases (prior auths and claims), one row per NPI (or per name when
 * a fax gave no NPI), with specialty, location and status from the NPI registry data when present.
 */
import type { Database } from "~/lib/db.server";

export interface ProviderRow {
  key: string;
  full_name: string;
  npi: string | null;
  /** Whether the NPI passed the check-digit test (null: no NPI or not checked). */
  npi_valid: boolean | null;
  specialty: string | null;
  /** "City, ST" from the NPI data's location address, else the organization name. */
  location: string | null;
  /** The NPI registry's status ("Active", "Deactivated") when known, else "Unverified". */
  status: string;
  case_count: number;
  last_case_at: string;
}

interface NpiData {
  basic?: { status?: string };
  addresses?: { address_purpose?: string; city?: string; state?: string }[];
}

/** Providers of `orgId`, most cases first. */
export async function listProviders(database: Database, orgId: string): Promise<ProviderRow[]> {
  const rows = await database.prisma.practitioner.findMany({
    where: { OR: [{ prior_auth: { organization_id: orgId } }, { claim: { organization_id: orgId } }] },
    select: {
      full_name: true,
      npi: true,
      npi_valid: true,
      specialty: true,
      organization_name: true,
      npi_data: true,
      prior_auth_id: true,
      claim_id: true,
      created_at: true,
    },
    orderBy: { created_at: "desc" },
    take: 5000,
  });
  const byKey = new Map<string, ProviderRow & { cases: Set<string> }>();
  for (const r of rows) {
    const npi = r.npi?.trim() || null;
    const name = r.full_name?.trim() || null;
    if (!npi && !name) continue;
    const key = npi ? `npi:${npi}` : `name:${name!.toLowerCase()}`;
    const data = (r.npi_data ?? {}) as NpiData;
    const address = data.addresses?.find((a) => a.address_purpose?.toUpperCase() === "LOCATION") ?? data.addresses?.[0];
    // A fax's practice-name field is often noise ("/ facility"): keep it only when it reads as a name.
    const practice = r.organization_name && /[A-Za-z]{3}/.test(r.organization_name.replace(/\bfacility\b/gi, "")) ? r.organization_name.trim() : null;
    const location = address?.city ? `${address.city}${address.state ? `, ${address.state}` : ""}` : practice;
    const status =
      data.basic?.status === "A"
        ? "Active"
        : data.basic?.status === "D"
          ? "Deactivated"
          : data.basic?.status || (r.npi_valid === false ? "Invalid NPI" : "Unverified");
    const seen = byKey.get(key);
    const caseId = r.prior_auth_id ?? r.claim_id ?? "";
    if (!seen) {
      byKey.set(key, {
        key,
        full_name: name ?? "(no name)",
        npi,
        npi_valid: r.npi_valid,
        specialty: r.specialty,
        location,
        status,
        case_count: 0,
        last_case_at: r.created_at.toISOString(),
        cases: new Set([caseId]),
      });
    } else {
      seen.cases.add(caseId);
      seen.specialty ??= r.specialty;
      seen.location ??= location;
      if (seen.status === "Unverified" && status !== "Unverified") seen.status = status;
    }
  }
  return [...byKey.values()]
    .map(({ cases, ...row }) => ({ ...row, case_count: cases.size }))
    .sort((a, b) => b.case_count - a.case_count || a.full_name.localeCompare(b.full_name));
}
