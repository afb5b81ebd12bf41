/**
 * Drug compendia (the global catalogue, seeded by migration 20261205010000) and an organization's
 * connections to them. The access key is encrypted at rest (AES-256-GCM, secret-box.server.ts) and
 * never returned: the API and pages only learn whether a key is stored and its last 4 characters.
 */
import type { Database } from "~/lib/db.server";
import { notFound } from "~/lib/errors";
import { sealSecret } from "~/lib/secret-box.server";

const PURPOSE = "compendium-access-key";

export interface CompendiumCard {
  id: string;
  name: string;
  description: string | null;
  logo: string | null;
  source_url: string | null;
  /** null when the organization has not connected it */
  integration: { id: string; active: boolean; connected_at: string; access_key_hint: string } | null;
}

/** The catalogue, by name. */
export async function listCompendia(database: Database) {
  const rows = await database.prisma.compendium.findMany({ orderBy: { name: "asc" } });
  return rows.map((c) => ({ id: c.id, name: c.name, description: c.description, logo: c.logo, source_url: c.source_url }));
}

/** The catalogue with this organization's connection state on each card. */
export async function listCompendiumCards(database: Database, organizationId: string): Promise<CompendiumCard[]> {
  const [compendia, integrations] = await Promise.all([
    listCompendia(database),
    database.prisma.compendiumIntegration.findMany({ where: { organization_id: organizationId } }),
  ]);
  const byCompendium = new Map(integrations.map((i) => [i.compendium_id, i]));
  return compendia.map((c) => {
    const i = byCompendium.get(c.id);
    return { ...c, integration: i ? { id: i.id, active: i.active, connected_at: i.created_at.toISOString(), access_key_hint: hint(i.access_key_hint) } : null };
  });
}

function hint(last4: string | null): string {
  return last4 ? `••••${last4}` : "••••";
}

/**
 * Connects (or re-keys) a compendium for the organization; the connection is switched on.
 * @throws AppError not_found for an unknown compendium
 */
export async function connectCompendium(
  database: Database,
  organizationId: string,
  input: { compendium_id: string; access_key: string },
): Promise<CompendiumCard> {
  const compendium = await database.prisma.compendium.findUnique({ where: { id: input.compendium_id } });
  if (!compendium) throw notFound("Compendium not found");
  const sealed = sealSecret(input.access_key, PURPOSE);
  const last4 = input.access_key.length >= 12 ? input.access_key.slice(-4) : null;
  await database.prisma.compendiumIntegration.upsert({
    where: { organization_id_compendium_id: { organization_id: organizationId, compendium_id: compendium.id } },
    create: { organization_id: organizationId, compendium_id: compendium.id, access_key: sealed, access_key_hint: last4, active: true },
    update: { access_key: sealed, access_key_hint: last4, active: true },
  });
  return (await listCompendiumCards(database, organizationId)).find((c) => c.id === compendium.id)!;
}

/** Switches a connected compendium on or off. @throws AppError not_found (not connected, or unknown) */
export async function setCompendiumActive(database: Database, organizationId: string, compendiumId: string, active: boolean): Promise<CompendiumCard> {
  const res = await database.prisma.compendiumIntegration.updateMany({
    where: { organization_id: organizationId, compendium_id: compendiumId },
    data: { active },
  });
  if (!res.count) throw notFound("Connect this compendium first");
  return (await listCompendiumCards(database, organizationId)).find((c) => c.id === compendiumId)!;
}
