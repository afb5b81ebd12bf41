import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { DecisionSettingsInputSchema, DecisionSettingsJsonSchema, getDecisionSettings, updateDecisionSettings } from "~/organizations/decision-settings.server";
import { z } from "zod";

/**
 * GET   /api/o/{orgId}/decision_settings → {decision_settings}: "A denial requires a clinical
 *       reviewer's sign-off", whether it is locked and why, the decision engine. Any member or key.
 * PATCH /api/o/{orgId}/decision_settings {denial_requires_sign_off: boolean} → {decision_settings}.
 *       team.manage. Turning it off is refused with 409 while an AI engine (the built-in engine or a
 *       model) decides the cases (app/organizations/decision-settings.server.ts).
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "Decision settings",
    tags: ["Organization"],
    response: z.object({ decision_settings: DecisionSettingsJsonSchema }),
    handler: async ({ organizationId }) => ({ decision_settings: await getDecisionSettings(await getDatabase(), organizationId) }),
  },
  PATCH: {
    permission: "team.manage",
    summary: "Change decision settings",
    tags: ["Organization"],
    body: DecisionSettingsInputSchema,
    response: z.object({ decision_settings: DecisionSettingsJsonSchema }),
    errors: { 409: "A denial's clinical sign-off cannot be turned off while an AI engine decides the cases" },
    handler: async ({ organizationId, body }) => ({ decision_settings: await updateDecisionSettings(await getDatabase(), organizationId, body) }),
  },
});
export const loader = route.loader;
export const action = route.action;
