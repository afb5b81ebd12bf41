/**
 * The public demo's organization and example faxes.
 *
 * Tenancy: the account-free demo only ever reads the organization flagged `public_demo` (seeded by
 * prisma/seed-public.server.ts with its own copy of the synthetic plan, roster, formulary and
 * coverage policies). Any other organization id on /demo or /api/demo answers 404, exactly like an
 * unknown one, so the demo cannot be pointed at a customer's plan.
 */
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { DEMO_CASES, getDemoCase, renderDemoFax, type DemoCase } from "../../fixtures/demo/runtime";

export const DEMO_NOT_SET_UP = "The public demo is not set up on this instance";

export interface DemoOrganization {
  token: string;
  name: string;
  title: string | null;
  plan: { id: string; title: string } | null;
}

async function toDemoOrganization(database: Database, org: { id: string; name: string; title: string | null }): Promise<DemoOrganization> {
  const plan = await database.prisma.plan.findFirst({ where: { organization_id: org.id }, orderBy: { created_at: "asc" }, select: { id: true, title: true } });
  return { token: org.id, name: org.name, title: org.title, plan };
}

/** The instance's public demo organization (the oldest flagged one). Throws AppError("not_found", DEMO_NOT_SET_UP). */
export async function getPublicDemoOrganization(database: Database): Promise<DemoOrganization> {
  const org = await database.prisma.organization.findFirst({
    where: { public_demo: true },
    orderBy: { created_at: "asc" },
    select: { id: true, name: true, title: true },
  });
  if (!org) throw new AppError("not_found", DEMO_NOT_SET_UP);
  return toDemoOrganization(database, org);
}

/**
 * Organization `orgId` when it is flagged as the public demo. Any other id (a customer's
 * organization, an unknown or malformed id) → AppError("not_found", "Not found").
 */
export async function requirePublicDemoOrganization(database: Database, orgId: string | undefined): Promise<DemoOrganization> {
  // ids are cuids: anything else (NUL, SQL, path pieces) is simply not an organization
  if (!orgId || !/^[A-Za-z0-9_-]{1,64}$/.test(orgId)) throw new AppError("not_found", "Not found");
  const org = await database.prisma.organization.findFirst({ where: { id: orgId, public_demo: true }, select: { id: true, name: true, title: true } });
  if (!org) throw new AppError("not_found", "Not found");
  return toDemoOrganization(database, org);
}

/** One bundled example fax as the demo lists it (all synthetic). */
export interface DemoFax {
  id: string;
  title: string;
  patient_name: string;
  medication_name: string;
  prescriber_name: string;
  request_date: string;
  urgency: "standard" | "expedited";
  scanned: boolean;
  layout: string;
  pdf_url: string;
}

function toDemoFax(c: DemoCase): DemoFax {
  return {
    id: c.id,
    title: c.title,
    patient_name: `${c.patient.first_name} ${c.patient.last_name}`,
    medication_name: c.medication.drug_name,
    prescriber_name: `${c.prescriber.first_name} ${c.prescriber.last_name}, ${c.prescriber.credential}`,
    request_date: c.request_date,
    urgency: c.urgency === "expedited" ? "expedited" : "standard",
    scanned: c.scanned,
    layout: c.layout,
    pdf_url: `/api/demo_faxes/${c.id}.pdf`,
  };
}

/** The example faxes bundled with the product (fixtures/demo/catalog.ts), in catalog order. */
export function listDemoFaxes(): DemoFax[] {
  return DEMO_CASES.map(toDemoFax);
}

/** One example fax's listing. Throws AppError("not_found") for an id that is not in the catalog. */
export function getDemoFax(id: string): DemoFax {
  const c = getDemoCase(id);
  if (!c) throw new AppError("not_found", "Example fax not found");
  return toDemoFax(c);
}

const PDF_CACHE_KEY = Symbol.for("pa.demo.fax-pdfs");
const g = globalThis as unknown as { [PDF_CACHE_KEY]?: Map<string, Promise<Uint8Array>> };

/**
 * The PDF bytes of example fax `id`, rendered once per process (scanned ones are rasterised, which
 * takes a moment) and kept in memory: nine small synthetic PDFs. Throws AppError("not_found").
 */
export function demoFaxPdf(id: string): Promise<Uint8Array> {
  const c = getDemoCase(id);
  if (!c) return Promise.reject(new AppError("not_found", "Example fax not found"));
  const cache = (g[PDF_CACHE_KEY] ??= new Map());
  let pending = cache.get(id);
  if (!pending) {
    pending = renderDemoFax(c);
    pending.catch(() => cache.delete(id));
    cache.set(id, pending);
  }
  return pending;
}
