/**
 * What the clinical pipeline needs about a case's plan, loaded from the database: roster,
 * formulary, the plan's coverage policies with ready decision trees, and the organization's active
 * AI rules (every stage; the pipeline applies each at its stage). Shared by the intake and the prompt re-runs so both decide on the same inputs.
 */
import type { Database } from "~/lib/db.server";
import type { ParsedDocument } from "~/clinical/contracts";
import type { PipelineInputs } from "~/clinical/pipeline/run-pipeline";
import { loadFormulary, loadRoster } from "~/plans/manage-plans.server";
import { loadActiveRules } from "~/ai-rules/ai-rules.server";
import { loadDecisionTree } from "~/coverage-policies/decision-tree-store.server";
import { correctFacts } from "~/prior-auths/correct-facts";
import { latestFieldCorrections } from "~/prior-auths/field-corrections.server";

/**
 * PipelineInputs for case document `caseDoc` of prior auth `pa` (its organization and plan).
 * `documentName` is how citations name the case document ("fax" | "epa"). With the case's `id`, the
 * values a reviewer corrected on it are laid over what extraction reads (issue 24, item 6).
 */
export async function loadPipelineInputs(
  database: Database,
  pa: { id?: string; organization_id: string; plan_id: string | null; received_at?: Date | null },
  caseDoc: ParsedDocument,
  documentName: string,
): Promise<PipelineInputs> {
  const [formulary, roster, policies, rules, payer, corrections] = await Promise.all([
    loadFormulary(database, pa.organization_id, pa.plan_id),
    loadRoster(database, pa.organization_id, pa.plan_id),
    database.prisma.coveragePolicy.findMany({
      where: { organization_id: pa.organization_id, ...(pa.plan_id ? { plan_id: pa.plan_id } : {}), tree_status: "ready" },
      orderBy: { created_at: "asc" },
    }),
    loadActiveRules(database, pa.organization_id),
    database.prisma.organization.findUnique({
      where: { id: pa.organization_id },
      select: { name: true, plans: { where: pa.plan_id ? { id: pa.plan_id } : { is_active: true }, select: { title: true, identification: true } } },
    }),
    pa.id ? latestFieldCorrections(database.prisma, pa.id) : Promise.resolve(new Map()),
  ]);
  return {
    caseDoc,
    documentName,
    roster,
    formulary,
    policies: policies.map((p) => ({ id: p.id, drug_names: p.drugs_list.length ? p.drugs_list : [p.drug_name] })),
    loadTree: (id) => loadDecisionTree(database, id),
    rules,
    planId: pa.plan_id,
    receivedDate: pa.received_at ? pa.received_at.toISOString().slice(0, 10) : null,
    // the names a request addressed to this plan would carry (a request naming another payer is routed)
    payerNames: payer ? [payer.name, ...payer.plans.flatMap((p) => [p.title, p.identification])] : [],
    ...(corrections.size ? { correctFacts: (facts) => correctFacts(facts, corrections) } : {}),
  };
}
