import type { Route } from "./+types/api.o.$orgId.plans.$planId.coverage_policies.$policyId.versions";
import { z } from "zod";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { requireCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { discardDraftVersion, listTreeVersions, publishDraftVersion, restoreTreeVersion } from "~/coverage-policies/tree-versions.server";

/**
 * GET .../coverage_policies/{token}/versions → {current, draft, versions: [{version, status
 * (published|superseded|draft|discarded), source (generated|edited|restored), summary, node_count,
 * engine, model, created_by, created_at, published_at}]}, newest first.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    const database = await getDatabase();
    await requireCoveragePolicy(database, organization.id, params.policyId, params.planId);
    return ok(await listTreeVersions(database, organization.id, params.policyId));
  } catch (err) {
    return handleApiError(err);
  }
}

const VersionActionSchema = z.object({
  action: z.enum(["publish", "discard", "restore"], { message: "action must be publish, discard or restore" }),
  version: z.coerce.number({ message: "version must be a number" }).int().positive(),
});

/**
 * POST .../versions {action: "publish" | "discard" | "restore", version} → {current, draft, versions}:
 * publish or discard the waiting draft, or restore an older version (published as a new version).
 * 409 when the version is not in a state that allows the action.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization, user } = await requireApiAuth(request, params.orgId, "policies.edit");
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const database = await getDatabase();
    await requireCoveragePolicy(database, organization.id, params.policyId, params.planId);
    const parsed = VersionActionSchema.safeParse(await readBody(request));
    if (!parsed.success) throw new AppError("validation", parsed.error.issues[0]?.message ?? "Invalid request", { details: parsed.error.issues.slice(1).map((i) => i.message) });
    const { action: what, version } = parsed.data;
    if (what === "publish") await publishDraftVersion(database, organization.id, params.policyId, version, user?.id ?? null);
    else if (what === "discard") await discardDraftVersion(database, organization.id, params.policyId, version);
    else await restoreTreeVersion(database, organization.id, params.policyId, version, user?.id ?? null);
    return ok(await listTreeVersions(database, organization.id, params.policyId));
  } catch (err) {
    return handleApiError(err);
  }
}
