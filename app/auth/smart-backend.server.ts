/**
 * SMART Backend Services (HL7 SMART App Launch v2.2, "Backend Services"; RFC 6749 client
 * credentials with an RFC 7523 JWT client assertion, `private_key_jwt`) for the /fhir API.
 *
 *  - An administrator of an organization registers a client: a name, its public keys (a JWK Set
 *    inline, or the https URL where the client publishes it) and the SMART scopes it may be granted
 *    (app/auth/smart-scopes.ts). The server generates the client_id. The client acts for that
 *    organization only.
 *  - The client POSTs to the token endpoint a JWT it signed (RS384 or ES384) with
 *    iss = sub = client_id, aud = the token endpoint URL, exp at most 5 minutes ahead and a jti
 *    never used before; the signature is verified with `jose` against the registered keys, and the
 *    jti is stored in PostgreSQL until the assertion expires (replays refused across processes).
 *  - The answer is an opaque bearer token (`pa_smart_...`, only its SHA-256 digest stored) valid
 *    SMART_ACCESS_TOKEN_TTL_SECONDS, carrying the granted scopes: those requested that the
 *    registration covers.
 *
 * Errors follow RFC 6749 section 5.2 (JSON `{error, error_description}`): invalid_request and
 * unsupported_grant_type (400), invalid_client (401: unknown or revoked client, a bad, expired,
 * replayed or wrongly addressed assertion, keys that cannot be read; SMART Backend Services section
 * "Response" asks for invalid_client on every authentication failure), invalid_scope (400: nothing
 * requested is registered for the client).
 */
import crypto from "node:crypto";
import { createLocalJWKSet, decodeJwt, errors as joseErrors, jwtVerify, type JSONWebKeySet } from "jose";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { EnvSchema } from "~/env.server";
import { AppError } from "~/lib/errors";
import { isSmartScope, scopeCovered } from "~/auth/smart-scopes";
import { privateAddressesAllowed, safeGet } from "~/webhooks/safe-http.server";

export const SMART_TOKEN_PREFIX = "pa_smart_";
export const CLIENT_ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
/** Signing algorithms SMART Backend Services requires servers to support (v2.2: RS384 and ES384). */
export const SMART_SIGNING_ALGS = ["RS384", "ES384"] as const;
/** An assertion may expire at most this far ahead (SMART Backend Services: "no more than five minutes in the future"). */
export const MAX_ASSERTION_LIFETIME_S = 300;
const LAST_USED_RESOLUTION_MS = 60 * 1000;

/** An RFC 6749 section 5.2 error answer of the token endpoint. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type" | "invalid_scope",
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
    this.name = "OAuthError";
  }
}

/** Access token lifetime in seconds (SMART_ACCESS_TOKEN_TTL_SECONDS, validated by app/env.server.ts). */
export function accessTokenTtlSeconds(): number {
  return EnvSchema.shape.SMART_ACCESS_TOKEN_TTL_SECONDS.parse(process.env.SMART_ACCESS_TOKEN_TTL_SECONDS);
}

function jwksTimeoutMs(): number {
  return EnvSchema.shape.SMART_JWKS_TIMEOUT_MS.parse(process.env.SMART_JWKS_TIMEOUT_MS);
}

function digest(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

// ── Registration ─────────────────────────────────────────────────────────────────────────────

const PRIVATE_JWK_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "k"] as const;

/** A JWK Set of public RSA or EC keys, as registered (private members refused). */
export const PublicJwksSchema = z
  .object({
    keys: z
      .array(
        z
          .object({ kty: z.enum(["RSA", "EC"]), kid: z.string().max(200).optional(), alg: z.string().max(20).optional() })
          .passthrough()
          .refine((k) => PRIVATE_JWK_MEMBERS.every((m) => !(m in k)), "keys must be public keys (no private members such as d)"),
      )
      .min(1, "at least one key")
      .max(20),
  })
  .passthrough();

export const RegisterSmartClientSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    jwks_url: z.string().trim().url().max(2000).optional(),
    jwks: PublicJwksSchema.optional(),
    scopes: z
      .array(z.string().max(100))
      .min(1)
      .max(20)
      .refine((s) => s.every(isSmartScope), "each scope must be a system scope of Claim, ClaimResponse, Subscription or Provenance (e.g. system/Claim.write)"),
  })
  .refine((v) => Boolean(v.jwks_url) !== Boolean(v.jwks), "give either jwks_url or jwks (one of them)")
  .refine((v) => !v.jwks_url || /^https:/i.test(v.jwks_url) || privateAddressesAllowed(), "jwks_url must be https");

export type RegisterSmartClientInput = z.input<typeof RegisterSmartClientSchema>;

/** The list/API shape of a client (public data only). */
export interface SmartClientSummary {
  id: string;
  client_id: string;
  name: string;
  jwks_url: string | null;
  /** key ids of an inline JWK Set (the keys themselves are public but long) */
  jwks_kids: string[] | null;
  scopes: string[];
  revoked: boolean;
  created_at: string;
  last_used_at: string | null;
}

function summarize(row: {
  id: string;
  client_id: string;
  name: string;
  jwks_url: string | null;
  jwks: unknown;
  scopes: string[];
  revoked: boolean;
  created_at: Date;
  last_used_at: Date | null;
}): SmartClientSummary {
  const keys = (row.jwks as { keys?: { kid?: string }[] } | null)?.keys;
  return {
    id: row.id,
    client_id: row.client_id,
    name: row.name,
    jwks_url: row.jwks_url,
    jwks_kids: keys ? keys.map((k) => k.kid ?? "(no kid)") : null,
    scopes: row.scopes,
    revoked: row.revoked,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/**
 * Registers a SMART Backend Services client of `organizationId`, made by `createdById` (tokens never
 * carry more than that person may do at the time of each call). The inline JWK Set must import
 * with jose. Returns the summary with the generated client_id.
 * @throws ZodError (bad input), AppError("validation") for keys jose cannot use
 */
export async function registerSmartClient(
  database: Database,
  organizationId: string,
  input: RegisterSmartClientInput,
  createdById: string,
): Promise<SmartClientSummary> {
  const v = RegisterSmartClientSchema.parse(input);
  if (v.jwks) assertUsableJwks(v.jwks);
  const row = await database.prisma.smartClient.create({
    data: {
      organization_id: organizationId,
      client_id: `smart_${crypto.randomBytes(16).toString("base64url")}`,
      name: v.name,
      jwks_url: v.jwks_url ?? null,
      jwks: (v.jwks as object | undefined) ?? undefined,
      scopes: [...new Set(v.scopes)],
      created_by_id: createdById,
    },
  });
  return summarize(row);
}

function assertUsableJwks(jwks: unknown): void {
  try {
    createLocalJWKSet(jwks as JSONWebKeySet);
  } catch (err) {
    throw new AppError("validation", `jwks is not a usable JWK Set: ${(err as Error).message}`);
  }
}

/** The organization's clients, newest first (revoked ones included). */
export async function listSmartClients(database: Database, organizationId: string): Promise<SmartClientSummary[]> {
  const rows = await database.prisma.smartClient.findMany({ where: { organization_id: organizationId }, orderBy: { created_at: "desc" } });
  return rows.map(summarize);
}

/** One client of the organization. @throws AppError("not_found") for none or another organization's */
export async function getSmartClient(database: Database, organizationId: string, id: string): Promise<SmartClientSummary> {
  const row = await database.prisma.smartClient.findFirst({ where: { id, organization_id: organizationId } });
  if (!row) throw new AppError("not_found", "Not found");
  return summarize(row);
}

/**
 * Revokes a client of the organization (idempotent) and deletes its access tokens, so they stop
 * working at once. @throws AppError("not_found") for none or another organization's
 */
export async function revokeSmartClient(database: Database, organizationId: string, id: string): Promise<SmartClientSummary> {
  const res = await database.prisma.smartClient.updateMany({ where: { id, organization_id: organizationId }, data: { revoked: true } });
  if (res.count === 0) throw new AppError("not_found", "Not found");
  await database.prisma.smartAccessToken.deleteMany({ where: { smart_client_id: id } });
  return getSmartClient(database, organizationId, id);
}

// ── Token endpoint ───────────────────────────────────────────────────────────────────────────

/** What the token endpoint answers (RFC 6749 section 5.1). */
export interface AccessTokenResponse {
  access_token: string;
  token_type: "bearer";
  /** seconds */
  expires_in: number;
  /** the granted scopes, space-separated */
  scope: string;
}

async function clientKeys(client: { jwks: unknown; jwks_url: string | null }) {
  let jwks: unknown = client.jwks;
  if (!jwks && client.jwks_url) {
    let res;
    try {
      res = await safeGet(client.jwks_url, { accept: "application/json" }, { timeoutMs: jwksTimeoutMs() });
    } catch (err) {
      throw new OAuthError(401, "invalid_client", `The client's JWK Set could not be fetched: ${(err as Error).message}`);
    }
    if (res.status !== 200) throw new OAuthError(401, "invalid_client", `The client's JWK Set URL answered ${res.status}`);
    try {
      jwks = PublicJwksSchema.parse(JSON.parse(res.body));
    } catch {
      throw new OAuthError(401, "invalid_client", "The client's JWK Set URL did not answer a JWK Set of public RSA or EC keys");
    }
  }
  try {
    return createLocalJWKSet(jwks as JSONWebKeySet);
  } catch {
    throw new OAuthError(401, "invalid_client", "The client's JWK Set is not usable");
  }
}

/** A jose verification failure as the client's explanation (never a stack). */
function assertionProblem(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return "The assertion has expired";
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    if (err.claim === "aud") return "The assertion's aud is not this token endpoint";
    return `The assertion's ${err.claim} claim is invalid (${err.reason})`;
  }
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return "The assertion's signature does not verify with the client's registered keys";
  if (err instanceof joseErrors.JWKSNoMatchingKey) return "No registered key of the client matches the assertion's kid and alg";
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return `The assertion must be signed with ${SMART_SIGNING_ALGS.join(" or ")}`;
  if (err instanceof joseErrors.JOSEError) return `The assertion is invalid (${err.code})`;
  return "The assertion is invalid";
}

/**
 * The token endpoint's work: checks a client_credentials request (form fields as sent) and issues an
 * access token. `tokenUrl` is this endpoint's absolute URL, the `aud` the assertion must carry.
 * @throws OAuthError (RFC 6749 section 5.2; see the module comment)
 */
export async function exchangeClientCredentials(database: Database, form: URLSearchParams, tokenUrl: string): Promise<AccessTokenResponse> {
  const grantType = form.get("grant_type");
  if (!grantType) throw new OAuthError(400, "invalid_request", "grant_type is required");
  if (grantType !== "client_credentials") throw new OAuthError(400, "unsupported_grant_type", "Only grant_type=client_credentials is supported");
  const assertionType = form.get("client_assertion_type");
  const assertion = form.get("client_assertion");
  if (!assertionType || !assertion) throw new OAuthError(400, "invalid_request", "client_assertion_type and client_assertion are required");
  if (assertionType !== CLIENT_ASSERTION_TYPE) throw new OAuthError(401, "invalid_client", `client_assertion_type must be ${CLIENT_ASSERTION_TYPE}`);
  const scopeParam = form.get("scope")?.trim();
  if (!scopeParam) throw new OAuthError(400, "invalid_scope", "scope is required (e.g. system/Claim.write system/ClaimResponse.read)");

  let claims;
  try {
    claims = decodeJwt(assertion);
  } catch {
    throw new OAuthError(401, "invalid_client", "client_assertion is not a JWT");
  }
  const clientId = typeof claims.iss === "string" ? claims.iss : null;
  const formClientId = form.get("client_id");
  if (formClientId && formClientId !== clientId) throw new OAuthError(401, "invalid_client", "client_id does not match the assertion's iss");
  const client = clientId && clientId.length <= 200 ? await database.prisma.smartClient.findUnique({ where: { client_id: clientId } }) : null;
  if (!client || client.revoked) throw new OAuthError(401, "invalid_client", "Unknown or revoked client");

  let payload;
  try {
    ({ payload } = await jwtVerify(assertion, await clientKeys(client), {
      issuer: client.client_id,
      subject: client.client_id,
      audience: tokenUrl,
      algorithms: [...SMART_SIGNING_ALGS],
      requiredClaims: ["iss", "sub", "aud", "exp", "jti"],
    }));
  } catch (err) {
    if (err instanceof OAuthError) throw err;
    throw new OAuthError(401, "invalid_client", assertionProblem(err));
  }
  const now = Math.floor(Date.now() / 1000);
  if (payload.exp! - now > MAX_ASSERTION_LIFETIME_S) throw new OAuthError(401, "invalid_client", "The assertion's exp is more than 5 minutes ahead");
  if (typeof payload.jti !== "string" || !payload.jti || payload.jti.length > 255)
    throw new OAuthError(401, "invalid_client", "The assertion's jti is invalid");

  // One use per jti: the unique (client, jti) row is the lock, so two processes cannot both accept it.
  await database.prisma.smartAssertionJti.deleteMany({ where: { expires_at: { lt: new Date() } } });
  try {
    await database.prisma.smartAssertionJti.create({
      data: { smart_client_id: client.id, jti: payload.jti, expires_at: new Date(payload.exp! * 1000) },
    });
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") throw new OAuthError(401, "invalid_client", "The assertion's jti was already used");
    throw err;
  }

  const requested = [...new Set(scopeParam.split(/\s+/))];
  const granted = requested.filter((s) => scopeCovered(client.scopes, s));
  if (!granted.length)
    throw new OAuthError(400, "invalid_scope", `None of the requested scopes is registered for this client (registered: ${client.scopes.join(" ")})`);

  const ttl = accessTokenTtlSeconds();
  const accessToken = `${SMART_TOKEN_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  await database.prisma.$transaction([
    database.prisma.smartAccessToken.deleteMany({ where: { smart_client_id: client.id, expires_at: { lt: new Date() } } }),
    database.prisma.smartAccessToken.create({
      data: { smart_client_id: client.id, token_digest: digest(accessToken), scopes: granted, expires_at: new Date(Date.now() + ttl * 1000) },
    }),
    database.prisma.smartClient.update({ where: { id: client.id }, data: { last_used_at: new Date() } }),
  ]);
  return { access_token: accessToken, token_type: "bearer", expires_in: ttl, scope: granted.join(" ") };
}

/**
 * The live access token for a presented bearer value, with its client, or null (not a SMART token,
 * unknown, expired, or its client revoked).
 */
export async function findSmartAccessToken(database: Database, token: string) {
  if (!token.startsWith(SMART_TOKEN_PREFIX) || token.length > 200) return null;
  const row = await database.prisma.smartAccessToken.findUnique({ where: { token_digest: digest(token) }, include: { smart_client: true } });
  if (!row || row.expires_at.getTime() <= Date.now() || row.smart_client.revoked) return null;
  const client = row.smart_client;
  if (!client.last_used_at || Date.now() - client.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    await database.prisma.smartClient.update({ where: { id: client.id }, data: { last_used_at: new Date() } }).catch(() => {});
  }
  return row;
}
