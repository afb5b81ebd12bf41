import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { readBody } from "~/lib/http.server";
import { deleteAiRule, requireAiRule, serializeAiRule, updateAiRule } from "~/ai-rules/ai-rules.server";
import { SaveAiRuleInputSchema } from "~/ai-rules/save-ai-rule-input";

const AiRuleJsonSchema = z.record(z.string(), z.unknown()).describe("an AI rule (serializeAiRule)");

/**
 * GET    /api/o/{orgId}/ai_rules/{ruleId}(.json) → {ai_rule}
 * PUT    /api/o/{orgId}/ai_rules/{ruleId} {same body as POST ai_rules} → {ai_rule}   (PATCH: the same)
 * DELETE /api/o/{orgId}/ai_rules/{ruleId} → {ai_rule: {token}}
 * Another organization's rule is 404.
 */
/** The rule id of the URL (the `.json` alias's param may carry the suffix). */
const ruleIdOf = (params: Record<string, string | undefined>) => (params.ruleId ?? "").replace(/\.json$/i, "");

const update = {
  permission: "policies.edit" as const,
  summary: "Update a custom AI rule",
  tags: ["AI rules"],
  requestBody: [{ contentType: "application/json", schema: SaveAiRuleInputSchema }],
  response: z.object({ ai_rule: AiRuleJsonSchema }),
  errors: { 422: "One message per problem" } as const,
  async handler({ request, organizationId, params }: { request: Request; organizationId: string; params: Record<string, string | undefined> }) {
    return { ai_rule: serializeAiRule(await updateAiRule(await getDatabase(), organizationId, ruleIdOf(params), await readBody(request))) };
  },
};
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "A custom AI rule",
    tags: ["AI rules"],
    response: z.object({ ai_rule: AiRuleJsonSchema }),
    async handler({ organizationId, params }) {
      return { ai_rule: serializeAiRule(await requireAiRule(await getDatabase(), organizationId, ruleIdOf(params))) };
    },
  },
  PUT: update,
  PATCH: update,
  DELETE: {
    permission: "policies.edit",
    summary: "Delete a custom AI rule",
    tags: ["AI rules"],
    response: z.object({ ai_rule: z.object({ token: z.string() }) }),
    async handler({ organizationId, params }) {
      await deleteAiRule(await getDatabase(), organizationId, ruleIdOf(params));
      return { ai_rule: { token: ruleIdOf(params) } };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
