/**
 * Demo data for Medical Claims: a medical plan (document_type "medical") beside the demo pharmacy
 * plan, its roster, the medical policies of the claims evaluation set (fixtures/eval/claims: LCD,
 * commercial and UM-guideline styles; codes in drugs_list, policy_type "medical") and sample claim
 * faxes (typed and scanned) submitted through createClaim once the trees are ready, so a newcomer
 * sees per-line decisions on first start. Reads the set's files from the working directory; a
 * missing set is skipped with a log line (never a failed start).
 */
import fs from "node:fs";
import path from "node:path";
import type { Database } from "~/lib/db.server";
import { createPlan, importRoster, replaceFeeSchedule } from "~/plans/manage-plans.server";
import { normaliseFeeSchedule } from "~/clinical/review/fee-schedule";
import { createCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { createClaim } from "~/claims/create-claim.server";
import { generatePolicyDecisionTree } from "~/coverage-policies/generate-decision-tree.server";

/** The sample claims submitted at start (an approved, a denied, a needs-more-information and a scanned case). */
export const SAMPLE_CLAIMS = ["claim-001", "claim-008", "claim-017", "claim-015", "claim-011"];

async function waitForTrees(database: Database, planId: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if ((await database.prisma.coveragePolicy.count({ where: { plan_id: planId, tree_status: { in: ["queued", "generating"] } } })) === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Seeds the medical plan, policies and (unless `samples` is false) sample claims of `organizationId`;
 * `inlineTrees` builds the decision trees in this call instead of queueing them.
 * Returns a summary line. `setDir` defaults to fixtures/eval/claims under the working directory.
 */
export async function seedClaimsDemo(
  database: Database,
  organizationId: string,
  opts: { setDir?: string; samples?: boolean; inlineTrees?: boolean } = {},
): Promise<string> {
  const setDir = opts.setDir ?? path.resolve("fixtures/eval/claims");
  const manifestFile = path.join(setDir, "manifest.json");
  if (!fs.existsSync(manifestFile)) return "claims demo skipped (fixtures/eval/claims not found)";
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  const plan = await createPlan(database, organizationId, {
    ...manifest.plan,
    title: `${manifest.plan.title} (medical)`,
    identification: manifest.plan.identification,
    document_type: "medical",
    is_active: true,
  });
  await importRoster(database, organizationId, plan.id, manifest.members);
  if (Array.isArray(manifest.fee_schedule)) await replaceFeeSchedule(database, organizationId, plan.id, normaliseFeeSchedule(manifest.fee_schedule));
  for (const p of manifest.policies as { id: string; file: string; codes: string[] }[]) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(setDir, p.file)));
    // "lumbar-mri" → "Lumbar MRI": imaging and device abbreviations stay in capitals
    const title = p.id
      .split("-")
      .map((w) => (/^(?:mri|ct|pet|cpap|bipap|dme|pt)$/.test(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
      .join(" ");
    const row = await createCoveragePolicy(
      database,
      organizationId,
      plan.id,
      { drug_name: title, drugs_list: p.codes, policy_type: "medical", external_id: p.id },
      { bytes, filename: path.basename(p.file) },
      { generateTree: !opts.inlineTrees },
    );
    // tests and the e2e seed build the trees here, without a worker
    if (opts.inlineTrees) await generatePolicyDecisionTree(database, row.id);
  }
  if (opts.samples !== false) {
    void (async () => {
      await waitForTrees(database, plan.id);
      for (const id of SAMPLE_CLAIMS) {
        const file = path.join(setDir, "cases", id, "fax.pdf");
        if (!fs.existsSync(file)) continue;
        await createClaim(
          database,
          organizationId,
          { submission_type: "fax", file: { bytes: new Uint8Array(fs.readFileSync(file)), filename: `${id}.pdf` } },
          { plan_id: plan.id },
        );
      }
      console.log(`[seed] ${SAMPLE_CLAIMS.length} sample claims submitted for processing`);
    })().catch((err) => console.error("[seed] sample claims failed:", err));
  }
  return `medical plan with ${manifest.policies.length} medical policies and ${SAMPLE_CLAIMS.length} sample claims`;
}
