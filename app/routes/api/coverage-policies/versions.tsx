import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { requireCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { discardDraftVersion, listTreeVersions, publishDraftVersion, restoreTreeVersion } from "~/coverage-policies/tree-versions.server";
import { getDatabase } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { readBody } from "~/lib/http.server";

const VersionActionSchema = z.object({
  action: z.enum(["publish", "discard", "restore"], { message: "action must be publish, discard or restore" }),
  version: z.coerce.number({ message: "version must be a number" }).int().positive(),
});

const VersionListSchema = z.object({
  current: z.number().int().nullable(),
  draft: z.number().int().nullable(),
  versions: z.array(z.record(z.string(), z.unknown())),
});

/**
 * GET .../coverage_policies/{token}/versions → {current, draft, versions: [{version, status
 * (published|superseded|draft|discarded), source (generated|edited|restored), summary, node_count,
 * engine, model, created_by, created_at, published_at}]}, newest first.
 * POST {action: "publish" | "discard" | "restore", version} → the same list: publish or discard the
 * waiting draft, or restore an older version (published as a new version). 409 when the version is
 * not in a state that allows the action.
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "Decision-tree versions",
    description:
      "Newest first: {version, status (published|superseded|draft|discarded), source (generated|edited|restored), summary, node_count, engine, model, created_by, created_at, published_at}.",
    tags: ["Coverage policies"],
    response: VersionListSchema,
    async handler({ organizationId, params }) {
      const database = await getDatabase();
      await requireCoveragePolicy(database, organizationId, params.policyId!, params.planId!);
      return listTreeVersions(database, organizationId, params.policyId!);
    },
  },
  POST: {
    permission: "policies.edit",
    summary: "Publish or discard the draft, or restore a version",
    tags: ["Coverage policies"],
    requestBody: [{ contentType: "application/json", schema: VersionActionSchema }],
    response: VersionListSchema,
    errors: { 409: "The version's state does not allow the action", 422: "action must be publish, discard or restore" },
    async handler({ request, organizationId, params, auth }) {
      const database = await getDatabase();
      const policyId = params.policyId!;
      await requireCoveragePolicy(database, organizationId, policyId, params.planId!);
      const parsed = VersionActionSchema.safeParse(await readBody(request));
      if (!parsed.success)
        throw new AppError("validation", parsed.error.issues[0]?.message ?? "Invalid request", { details: parsed.error.issues.slice(1).map((i) => i.message) });
      const { action: what, version } = parsed.data;
      const userId = auth.user?.id ?? null;
      if (what === "publish") await publishDraftVersion(database, organizationId, policyId, version, userId);
      else if (what === "discard") await discardDraftVersion(database, organizationId, policyId, version);
      else await restoreTreeVersion(database, organizationId, policyId, version, userId);
      return listTreeVersions(database, organizationId, policyId);
    },
  },
});
export const loader = route.loader;
export const action = route.action;
