/**
 * Tenancy-safe lookup shared by every prior-auth domain function: a prior auth is only ever read
 * through its organization, so another organization's id is indistinguishable from an unknown one.
 */
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";

/** The prior auth `priorAuthId` of `organizationId`. Throws AppError("not_found", "Prior auth not found"). */
export async function requirePriorAuth(database: Database, organizationId: string, priorAuthId: string) {
  const id = normalizeToken(priorAuthId);
  const pa = id ? await database.prisma.priorAuth.findFirst({ where: { id, organization_id: organizationId } }) : null;
  if (!pa) throw new AppError("not_found", "Prior auth not found");
  return pa;
}

/** A token from a URL segment: trims a trailing ".json" (GET /prior_auths/{token}.json) and rejects junk. */
export function normalizeToken(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const token = raw.replace(/\.json$/i, "").trim();
  return /^[A-Za-z0-9_-]{1,64}$/.test(token) ? token : null;
}

/** Prisma Json → array of T (null, objects and junk become []). */
export function jsonArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** Prisma Json → plain object or null. */
export function jsonObject(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A @db.Date value as YYYY-MM-DD (UTC), or null. */
export function isoDay(value: Date | null | undefined): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}
