/**
 * JSON shapes of coverage policies for /api and the pages (PRODUCT-SPEC §3 "Coverage policy").
 * Pure: the caller passes `signUrl` (signDocumentUrl on the server) so this file stays free of secrets.
 */

/** What the serializer reads: a policy row with its stored documents. */
export interface CoveragePolicyRow {
  id: string;
  plan_id: string;
  drug_name: string;
  drugs_list: string[];
  policy_type: string;
  policy_text: string | null;
  structured_logic: unknown;
  tree_status: string;
  tree_error: string | null;
  created_at: Date;
  documents?: { id: string; filename: string; kind?: string }[];
}

export type TreeStatus = "none" | "queued" | "generating" | "ready" | "failed";

/** One coverage policy as the list endpoint returns it (`policy_text` only when `withText`). */
export interface SerializedCoveragePolicy {
  token: string;
  plan_id: string;
  drug_name: string;
  drugs_list: string[];
  policy_type: string;
  structured_logic: Record<string, unknown> | null;
  tree_status: TreeStatus;
  tree_error: string | null;
  file_url: string | null;
  file_name: string | null;
  created_at: string;
  policy_text?: string | null;
}

const STATUSES: TreeStatus[] = ["none", "queued", "generating", "ready", "failed"];

/**
 * `{token, drug_name, drugs_list, policy_type, structured_logic, tree_status, tree_error, file_url,
 * created_at}`; `file_url` is a short-lived signed link to the uploaded PDF, or null for pasted text.
 */
export function serializeCoveragePolicy(
  policy: CoveragePolicyRow,
  opts: { signUrl: (documentId: string) => string; withText?: boolean },
): SerializedCoveragePolicy {
  const file = policy.documents?.find((d) => !d.kind || d.kind === "policy") ?? null;
  const status = (STATUSES as string[]).includes(policy.tree_status) ? (policy.tree_status as TreeStatus) : "none";
  return {
    token: policy.id,
    plan_id: policy.plan_id,
    drug_name: policy.drug_name,
    drugs_list: policy.drugs_list,
    policy_type: policy.policy_type,
    structured_logic: (policy.structured_logic as Record<string, unknown> | null) ?? null,
    tree_status: status,
    tree_error: policy.tree_error,
    file_url: file ? opts.signUrl(file.id) : null,
    file_name: file?.filename ?? null,
    created_at: policy.created_at.toISOString(),
    ...(opts.withText ? { policy_text: policy.policy_text } : {}),
  };
}

/** True while a tree generation job is pending or running. */
export function isTreeInProgress(status: string): boolean {
  return status === "queued" || status === "generating";
}
