/**
 * Expiring signed links to stored documents (the fax PDF shown in the detail sidebar, a coverage
 * policy PDF): `/documents/{id}?expires={unix seconds}&signature={hex}` where the signature is
 * HMAC-SHA256 over "document:{id}:{expires}" with a key derived from SESSION_SECRET.
 *
 * Why signed links rather than a session check: the browser's PDF viewer (and an API client
 * handing the link to a person) fetches the file without our cookie/API key in some set-ups; the
 * link itself is the short-lived capability. An expired, altered or forged link answers 404.
 */
import crypto from "node:crypto";
import type { Database } from "~/lib/db.server";
import { getEnv } from "~/env.server";
import { notFound } from "~/lib/errors";

/** Default lifetime of a signed link: 15 minutes. */
export const SIGNED_URL_TTL_SECONDS = 15 * 60;

function key(): Buffer {
  return crypto.createHash("sha256").update(`signed-document-url:${getEnv().SESSION_SECRET}`).digest();
}

function sign(documentId: string, expires: number): string {
  return crypto.createHmac("sha256", key()).update(`document:${documentId}:${expires}`).digest("hex");
}

/**
 * A signed URL for `documentId`, valid for `ttlSeconds` (default 900) from `now`.
 * Relative (`/documents/...`) unless APP_URL is configured, then absolute.
 */
export function signDocumentUrl(documentId: string, opts: { ttlSeconds?: number; now?: Date } = {}): string {
  const expires = Math.floor((opts.now ?? new Date()).getTime() / 1000) + (opts.ttlSeconds ?? SIGNED_URL_TTL_SECONDS);
  const path = `/documents/${encodeURIComponent(documentId)}?expires=${expires}&signature=${sign(documentId, expires)}`;
  const base = getEnv().APP_URL;
  return base ? new URL(path, base).toString() : path;
}

/** True when `signature` is this server's signature of (documentId, expires) and it has not expired. */
export function verifyDocumentSignature(documentId: string, expires: string | null, signature: string | null, now = new Date()): boolean {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const exp = Number(expires);
  if (exp * 1000 < now.getTime()) return false;
  const expected = Buffer.from(sign(documentId, exp), "hex");
  return crypto.timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/**
 * The document a signed link points at: `{ filename, content_type, data }`.
 * Throws AppError not_found for a bad/expired signature or a document that no longer exists.
 */
export async function loadSignedDocument(database: Database, documentId: string, searchParams: URLSearchParams) {
  if (!verifyDocumentSignature(documentId, searchParams.get("expires"), searchParams.get("signature"))) throw notFound();
  const doc = await database.prisma.document.findUnique({
    where: { id: documentId },
    select: { filename: true, content_type: true, data: true, organization_id: true, prior_auth_id: true, claim_id: true },
  });
  if (!doc) throw notFound();
  return {
    filename: doc.filename,
    content_type: doc.content_type,
    data: new Uint8Array(doc.data),
    organization_id: doc.organization_id,
    prior_auth_id: doc.prior_auth_id,
    claim_id: doc.claim_id,
  };
}
