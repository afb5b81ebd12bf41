/**
 * GET  /api/o/{orgId}/ai_rules[?q=&sort=] → {ai_rules}            (also ai_rules.json)
 * POST /api/o/{orgId}/ai_rules {name, description, applies_to, conditions[], actions[],
 *      scoped_drug_names[], scoped_plan_ids[], scoped_ndcs[], scoped_rxnorms[], start_date?, end_date?,
 *      priority (1–10, default 5), active} → {ai_rule}; 422 with one message per problem.
 * Input schema: app/ai-rules/save-ai-rule-input.ts (SaveAiRuleInputSchema).
 */
import type { Route } from "./+types/api.o.$orgId.ai_rules";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { createAiRule, listAiRules, serializeAiRule } from "~/ai-rules/ai-rules.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    const url = new URL(request.url);
    const rules = await listAiRules(await getDatabase(), organization.id, { q: url.searchParams.get("q"), sort: url.searchParams.get("sort") });
    return ok({ ai_rules: rules.map(serializeAiRule) });
  } catch (err) {
    return handleApiError(err);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const rule = await createAiRule(await getDatabase(), organization.id, await readBody(request));
    return ok({ ai_rule: serializeAiRule(rule) }, { status: 201 });
  } catch (err) {
    return handleApiError(err);
  }
}
