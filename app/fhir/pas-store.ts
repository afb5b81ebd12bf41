/**
 * How a PAS request is kept with its case: in `epa_submissions.payload` (JSON) as
 * `{ pas: StoredPasRequest }`, so the response, an inquiry or a later notification can be built
 * from the database alone. Attachment bytes are not kept twice (they are the case's documents).
 */
import type { Bundle, Identifier } from "@medplum/fhirtypes";

export interface StoredPasRequest {
  /** the request bundle as received, attachment `data` replaced by its size */
  bundle: Bundle;
  /**
   * the request's items, in order: sequence, the code the line is matched by, and whether an update
   * cancelled the item (absent = false)
   */
  items: StoredPasItem[];
  kind: "prior_auth" | "claim";
  /** the member ID read from the request (Coverage.subscriberId ...), for $inquire */
  member_id: string | null;
  received_at: string;
  /**
   * The Claim identifiers (system, value) of every earlier version this request replaced (PAS
   * updates, Claim.related), oldest first: $inquire and later updates find the case by them too.
   */
  replaces?: Identifier[];
  /** when an update or cancellation last replaced the request (ISO), absent for the original */
  updated_at?: string;
  /**
   * true from storing the request (or its update) until its $submit answer is recorded
   * (recordPasAnswer): a decision reached meanwhile is in that answer, so subscriptions are not
   * notified of it (app/fhir/pas-subscriptions.server.ts)
   */
  answer_pending?: boolean;
}

/** One stored item of a PAS request. */
export interface StoredPasItem {
  sequence: number;
  code: string | null;
  cancelled?: boolean;
}

/** A copy of `bundle` with every inline attachment's base64 `data` replaced by `size` (bytes). */
export function withoutAttachmentData(bundle: Bundle): Bundle {
  const copy = structuredClone(bundle);
  for (const entry of copy.entry ?? []) {
    const r = entry.resource;
    if (r?.resourceType !== "DocumentReference") continue;
    for (const content of r.content ?? []) {
      const a = content.attachment;
      if (a?.data) {
        a.size = a.size ?? Buffer.byteLength(a.data, "base64");
        delete a.data;
      }
    }
  }
  return copy;
}

/** The stored PAS request of a payload, or null when the case did not come through PAS. */
export function storedPasRequest(payload: unknown): StoredPasRequest | null {
  const pas = payload && typeof payload === "object" ? (payload as { pas?: StoredPasRequest }).pas : undefined;
  return pas && typeof pas === "object" && pas.bundle?.resourceType === "Bundle" ? pas : null;
}
