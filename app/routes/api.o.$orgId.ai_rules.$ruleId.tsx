/**
 * GET    /api/o/{orgId}/ai_rules/{ai_rule_id} → {ai_rule}            (also {ai_rule_id}.json)
 * PUT    /api/o/{orgId}/ai_rules/{ai_rule_id} {same body as POST ai_rules} → {ai_rule}
 * DELETE /api/o/{orgId}/ai_rules/{ai_rule_id} → {ai_rule: {token}}
 * Another organization's rule is 404. Input schema: app/ai-rules/save-ai-rule-input.ts.
 */
import type { Route } from "./+types/api.o.$orgId.ai_rules.$ruleId";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { deleteAiRule, requireAiRule, serializeAiRule, updateAiRule } from "~/ai-rules/ai-rules.server";

const id = (raw: string) => raw.replace(/\.json$/, "");

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    return ok({ ai_rule: serializeAiRule(await requireAiRule(await getDatabase(), organization.id, id(params.ruleId))) });
  } catch (err) {
    return handleApiError(err);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    const database = await getDatabase();
    if (request.method === "DELETE") {
      await deleteAiRule(database, organization.id, id(params.ruleId));
      return ok({ ai_rule: { token: id(params.ruleId) } });
    }
    if (request.method === "PUT" || request.method === "PATCH") {
      const rule = await updateAiRule(database, organization.id, id(params.ruleId), await readBody(request));
      return ok({ ai_rule: serializeAiRule(rule) });
    }
    return methodNotAllowed("GET, PUT, DELETE");
  } catch (err) {
    return handleApiError(err);
  }
}
