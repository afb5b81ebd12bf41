/**
 * Secrets the app must read back later (compendium access keys, webhook signing secrets), encrypted
 * at rest with AES-256-GCM.
 *
 * Key: HKDF-SHA256 over SESSION_SECRET (env.server.ts: configured, or generated once and kept in
 * `<EMBEDDED_DB_DIR>/../session-secret` on the embedded database), with a per-purpose `info`, so a
 * database dump alone reveals nothing. Consequence: rotating SESSION_SECRET makes stored secrets
 * unreadable (`openSecret` throws); they must then be entered again (compendium keys) or rotated
 * (webhook secrets).
 *
 * Stored form: `v1:<iv base64url>:<ciphertext base64url>:<tag base64url>` (12-byte random IV, 16-byte tag).
 */
import crypto from "node:crypto";
import { getEnv } from "~/env.server";
import { AppError } from "~/lib/errors";

const VERSION = "v1";

function keyFor(purpose: string, secret = getEnv().SESSION_SECRET): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", Buffer.from(secret, "utf8"), Buffer.from("pa-review/secret-box", "utf8"), Buffer.from(purpose, "utf8"), 32));
}

/**
 * Encrypts `plaintext` for `purpose` (e.g. "compendium-access-key"). The same purpose must be
 * given to `openSecret`. Returns the stored form described in the module comment.
 */
export function sealSecret(plaintext: string, purpose: string, secret?: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFor(purpose, secret), iv);
  const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), ct.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(":");
}

/**
 * Decrypts a value made by `sealSecret` with the same purpose.
 * @throws AppError("internal") when the value is malformed, was sealed for another purpose, or the
 *   server secret changed since (the GCM tag does not verify)
 */
export function openSecret(sealed: string, purpose: string, secret?: string): string {
  const parts = sealed.split(":");
  if (parts.length !== 4 || parts[0] !== VERSION) throw new AppError("internal", "Stored secret is not readable");
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyFor(purpose, secret), Buffer.from(parts[1]!, "base64url"));
    decipher.setAuthTag(Buffer.from(parts[3]!, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(parts[2]!, "base64url")), decipher.final()]).toString("utf8");
  } catch (err) {
    throw new AppError("internal", "Stored secret is not readable (was SESSION_SECRET changed?)", { cause: err });
  }
}

/** True when `value` looks like a sealed secret (so code can tell it from a legacy plaintext). */
export function isSealed(value: string): boolean {
  return /^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]*:[A-Za-z0-9_-]+$/.test(value);
}
