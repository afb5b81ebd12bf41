/**
 * The OCR cache in the database (`ocr_results`), per organization: see ocr-cache.ts for the key.
 */
import type { Database } from "~/lib/db.server";
import type { OcrCache } from "./ocr-cache";
import type { OcrLine } from "./ocr.server";

/**
 * An OcrCache over `ocr_results` for `organizationId`: get reads the organization's row for the
 * key (null when absent or unreadable), put inserts it (a concurrent insert of the same key is
 * ignored). Entries of other organizations are never read. Both reject on a database error; the
 * parser then simply OCRs the page.
 */
export function dbOcrCache(database: Database, organizationId: string): OcrCache {
  return {
    async get(key) {
      const rows = await database.query<{ lines: unknown }>(`select lines from ocr_results where organization_id = $1 and image_hash = $2`, [
        organizationId,
        key,
      ]);
      const lines = rows[0]?.lines;
      const parsed = typeof lines === "string" ? (JSON.parse(lines) as unknown) : lines;
      return Array.isArray(parsed) ? (parsed as OcrLine[]) : null;
    },
    async put(key, lines) {
      await database.query(`insert into ocr_results (organization_id, image_hash, lines) values ($1, $2, $3::jsonb) on conflict do nothing`, [
        organizationId,
        key,
        JSON.stringify(lines),
      ]);
    },
  };
}
