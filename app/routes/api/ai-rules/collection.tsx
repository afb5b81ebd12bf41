import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { ok, readBody } from "~/lib/http.server";
import { createAiRule, listAiRules, serializeAiRule } from "~/ai-rules/ai-rules.server";
import { SaveAiRuleInputSchema } from "~/ai-rules/save-ai-rule-input";

const AiRuleJsonSchema = z.record(z.string(), z.unknown()).describe("an AI rule (serializeAiRule)");

/**
 * GET  /api/o/{orgId}/ai_rules(.json)[?q=&sort=] → {ai_rules}
 * POST /api/o/{orgId}/ai_rules {name, description, applies_to, conditions[], actions[],
 *      scoped_drug_names[], scoped_plan_ids[], scoped_ndcs[], scoped_rxnorms[], start_date?, end_date?,
 *      priority (1–10, default 5), active} → 201 {ai_rule}; 422 with one message per problem.
 * The domain function parses the body with SaveAiRuleInputSchema (app/ai-rules/save-ai-rule-input.ts).
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "List custom AI rules",
    tags: ["AI rules"],
    query: z.object({ q: z.string().max(200).optional(), sort: z.string().max(40).optional() }),
    response: z.object({ ai_rules: z.array(AiRuleJsonSchema) }),
    async handler({ organizationId, query }) {
      const rules = await listAiRules(await getDatabase(), organizationId, { q: query.q ?? null, sort: query.sort ?? null });
      return { ai_rules: rules.map(serializeAiRule) };
    },
  },
  POST: {
    permission: "policies.edit",
    summary: "Create a custom AI rule",
    tags: ["AI rules"],
    requestBody: [
      { contentType: "application/json", schema: SaveAiRuleInputSchema },
      { contentType: "application/x-www-form-urlencoded", schema: SaveAiRuleInputSchema },
    ],
    response: z.object({ ai_rule: AiRuleJsonSchema }),
    errors: { 422: "One message per problem (including a condition or action the rule language does not parse)" },
    async handler({ request, organizationId }) {
      const rule = await createAiRule(await getDatabase(), organizationId, await readBody(request));
      return ok({ ai_rule: serializeAiRule(rule) }, { status: 201 });
    },
  },
});
export const loader = route.loader;
export const action = route.action;
