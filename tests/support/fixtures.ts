/**
 * Seed helpers for integration tests: organizations with a member, signed session cookies, API keys.
 * They write through the given database (the one createTestDatabase() installed).
 */
import crypto from "node:crypto";
import type { Database } from "~/lib/db.server";
import { SESSION_TTL_MS, sessionCookieHeader } from "~/auth/session.server";
import { createApiKey as createApiKeyForOrg } from "~/auth/api-keys.server";
import { createOrganizationPair } from "~/organizations/create-organization-pair.server";

/** A short random suffix for unique names and emails. */
export function uniqueSuffix(): string {
  return crypto.randomBytes(4).toString("hex");
}

/**
 * Creates a user (owner) with a live organization and its sandbox.
 * Returns `{ user, organization, sandbox }`.
 */
export async function createOrgWithUser(database: Database, opts: { email?: string; username?: string; orgName?: string } = {}) {
  const suffix = uniqueSuffix();
  const user = await database.prisma.user.create({
    data: { email: (opts.email ?? `user-${suffix}@example.test`).toLowerCase(), username: opts.username ?? `User ${suffix}` },
  });
  const { organization, sandbox } = await database.prisma.$transaction((tx) =>
    createOrganizationPair({ name: opts.orgName ?? `Health Plan ${suffix}`, ownerUserId: user.id }, tx),
  );
  return { user, organization, sandbox };
}

/**
 * Creates a Session row for `userId` and returns a Cookie request-header string ("__session=...")
 * that authenticates as that user. `opts.expired` / `opts.revoked` create unusable sessions.
 */
export async function signInCookie(database: Database, userId: string, opts: { expired?: boolean; revoked?: boolean } = {}): Promise<string> {
  const now = Date.now();
  const session = await database.prisma.session.create({
    data: {
      user_id: userId,
      expires_at: new Date(opts.expired ? now - 1000 : now + SESSION_TTL_MS),
      revoked_at: opts.revoked ? new Date(now) : null,
    },
  });
  return (await sessionCookieHeader(session.id)).split(";")[0]!;
}

/** Creates an API key for `orgId`; returns its plaintext (the Bearer token) and row id. */
export async function createApiKey(_database: Database, orgId: string, name = "test key", scopes?: readonly string[]): Promise<{ token: string; id: string }> {
  const { apiKey, plaintext } = await createApiKeyForOrg(orgId, { name, scopes });
  return { token: plaintext, id: apiKey.token };
}

/** The 6-digit code of the newest sign-in email to `email` in the outbox; throws when there is none. */
export async function latestSignInCode(database: Database, email: string): Promise<string> {
  const row = await database.prisma.emailOutbox.findFirst({ where: { to: email, kind: "sign_in_code" }, orderBy: { created_at: "desc" } });
  const match = row?.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no sign-in code in the outbox for ${email}`);
  return match[1]!;
}
