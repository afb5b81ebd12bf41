/**
 * API keys for integrators: `Authorization: Bearer pa_live_<random>`. Only the SHA-256 digest is
 * stored (plus a short prefix to show masked); the plaintext is returned once, at creation. A key
 * belongs to exactly one organization and works for that organization only.
 */
import crypto from "node:crypto";
import { getDatabase } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { DEFAULT_API_KEY_SCOPES, RESERVED_PERMISSIONS, isPermission } from "~/auth/permission-matrix";

export { DEFAULT_API_KEY_SCOPES };

export const API_KEY_PREFIX = "pa_live_";
/** Characters of the plaintext kept for display ("pa_live_Ab3d…"). */
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;
const LAST_USED_RESOLUTION_MS = 60 * 1000;

/** SHA-256 hex digest of a key's plaintext (what the database stores). */
export function digestApiKey(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** A fresh key: `pa_live_` + 32 bytes of randomness, base64url (43 characters). */
export function generateApiKeyToken(): string {
  return `${API_KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
}

/** The list/API shape of a key: never the digest in full, never the secret. */
export interface ApiKeySummary {
  token: string;
  name: string | null;
  masked: string;
  token_digest: string;
  revoked: boolean;
  status: "Active" | "Revoked";
  created_at: string;
  last_used_at: string | null;
  /** Permission keys the key carries (capped at request time by its creator's permissions). */
  scopes: string[];
}

function summarize(row: {
  id: string;
  name: string | null;
  token_prefix: string;
  token_digest: string;
  revoked: boolean;
  created_at: Date;
  last_used_at: Date | null;
  scopes: string[];
}): ApiKeySummary {
  return {
    scopes: row.scopes,
    token: row.id,
    name: row.name,
    masked: `${row.token_prefix}${"•".repeat(12)}`,
    token_digest: `${row.token_digest.slice(0, 8)}…`,
    revoked: row.revoked,
    status: row.revoked ? "Revoked" : "Active",
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/**
 * Creates a key for `orgId`. Returns `{ apiKey, plaintext }`: show `plaintext` to the user once; it
 * cannot be recovered later. `scopes` (default DEFAULT_API_KEY_SCOPES; unknown and reserved ones
 * dropped) are what the key may do, never more than `createdById` may do at the time of each call
 * (app/auth/permissions.server.ts apiKeyPermissions).
 */
export async function createApiKey(
  orgId: string,
  opts: { name?: string | null; scopes?: readonly string[]; createdById?: string | null } = {},
): Promise<{ apiKey: ApiKeySummary; plaintext: string }> {
  const { prisma } = await getDatabase();
  const plaintext = generateApiKeyToken();
  const scopes = [...new Set(opts.scopes ?? DEFAULT_API_KEY_SCOPES)].filter(isPermission).filter((p) => !RESERVED_PERMISSIONS.includes(p));
  const row = await prisma.apiKey.create({
    data: {
      organization_id: orgId,
      name: opts.name?.trim() || null,
      token_prefix: plaintext.slice(0, DISPLAY_PREFIX_LENGTH),
      token_digest: digestApiKey(plaintext),
      scopes,
      created_by_id: opts.createdById ?? null,
    },
  });
  return { apiKey: summarize(row), plaintext };
}

/** The organization's keys, newest first (revoked ones included, marked Revoked). */
export async function listApiKeys(orgId: string): Promise<ApiKeySummary[]> {
  const { prisma } = await getDatabase();
  const rows = await prisma.apiKey.findMany({ where: { organization_id: orgId }, orderBy: { created_at: "desc" } });
  return rows.map(summarize);
}

/** Revokes a key of `orgId` (idempotent). Throws AppError("not_found") for a key of another organization. */
export async function revokeApiKey(orgId: string, keyId: string): Promise<ApiKeySummary> {
  const { prisma } = await getDatabase();
  const res = await prisma.apiKey.updateMany({ where: { id: keyId, organization_id: orgId }, data: { revoked: true } });
  if (res.count === 0) throw new AppError("not_found", "Not found");
  const row = await prisma.apiKey.findUniqueOrThrow({ where: { id: keyId } });
  return summarize(row);
}

/** Deletes a key of `orgId`. Throws AppError("not_found") for a key of another organization. */
export async function deleteApiKey(orgId: string, keyId: string): Promise<void> {
  const { prisma } = await getDatabase();
  const res = await prisma.apiKey.deleteMany({ where: { id: keyId, organization_id: orgId } });
  if (res.count === 0) throw new AppError("not_found", "Not found");
}

/**
 * The active key row for a presented plaintext, or null (unknown, malformed or revoked).
 * Stamps `last_used_at` at most once a minute.
 */
export async function findActiveApiKey(token: string) {
  if (!token.startsWith(API_KEY_PREFIX) || token.length > 200) return null;
  const { prisma } = await getDatabase();
  const row = await prisma.apiKey.findUnique({ where: { token_digest: digestApiKey(token) } });
  if (!row || row.revoked) return null;
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    await prisma.apiKey.update({ where: { id: row.id }, data: { last_used_at: new Date() } }).catch(() => {});
  }
  return row;
}
