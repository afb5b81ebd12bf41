/**
 * Decision settings of an organization: "A denial requires a clinical reviewer's sign-off".
 *
 * On by default. While an AI engine decides the cases — the built-in clinical engine (no model
 * configured) or a model (OPENAI_BASE_URL, app/intake/agents.server.ts) — it is locked on and a
 * request to turn it off is refused (AppError conflict, 409) with the reason: an adverse
 * determination needs a qualified clinician's review (CA SB 1120, Health & Safety Code
 * 1367.01(e),(k); 42 CFR 422.566(d) Medicare Advantage; 42 CFR 423.566(d) Part D; 42 CFR
 * 438.210(b)(3) Medicaid managed care), and the PAS API answers every AI denial not yet signed off as
 * pended (A4). The setting reflects what the platform enforces everywhere: a denial letter, a PAS
 * A3 answer and a claim line's final denial exist only after a clinical reviewer's sign-off
 * (app/letters/generate-denial-letter.server.ts, app/claims/claim-review.server.ts,
 * app/fhir/pas-response.server.ts). Turning it on is always accepted.
 */
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { AppError, notFound } from "~/lib/errors";
import { getModelClient } from "~/agents/llm.server";
import { BUILTIN_ENGINE } from "~/fhir/decision-provenance.server";

export const DecisionSettingsInputSchema = z.object({
  denial_requires_sign_off: z.boolean({ error: "denial_requires_sign_off must be true or false" }),
});

export const DecisionSettingsJsonSchema = z.object({
  denial_requires_sign_off: z.boolean().describe("a denial becomes final only after a clinical reviewer's sign-off"),
  locked: z.boolean().describe("true when the setting cannot be turned off (an AI engine decides the cases)"),
  locked_reason: z.string().nullable(),
  decision_engine: z.object({ builtin: z.boolean(), name: z.string() }).describe("the engine that decides this server's cases"),
});
export type DecisionSettingsJson = z.infer<typeof DecisionSettingsJsonSchema>;

/** The engine that decides cases on this server: the built-in engine unless a model is configured. */
export function currentDecisionEngine(): { builtin: boolean; name: string } {
  const client = getModelClient();
  return client ? { builtin: false, name: `model ${client.model}` } : { builtin: true, name: `${BUILTIN_ENGINE.name} ${BUILTIN_ENGINE.version}` };
}

/** Why the setting is locked on for `engine` (every engine this server has is an AI engine). */
export function signOffLockReason(engine: { builtin: boolean; name: string }): string {
  return engine.builtin
    ? "The built-in clinical engine decides this organization's cases: an AI denial becomes final only after a clinical reviewer signs it off, so this setting cannot be turned off."
    : `An AI model (${engine.name}) decides this organization's cases: an AI denial becomes final only after a clinical reviewer signs it off, so this setting cannot be turned off.`;
}

/** The organization's decision settings (see the module comment). @throws AppError not_found */
export async function getDecisionSettings(database: Database, organizationId: string): Promise<DecisionSettingsJson> {
  const org = await database.prisma.organization.findUnique({ where: { id: organizationId }, select: { denial_requires_sign_off: true } });
  if (!org) throw notFound();
  const engine = currentDecisionEngine();
  // every engine of this server is an AI engine: it enforces the sign-off whatever is stored
  const locked = true;
  return {
    denial_requires_sign_off: org.denial_requires_sign_off || locked,
    locked,
    locked_reason: signOffLockReason(engine),
    decision_engine: engine,
  };
}

/**
 * Sets "A denial requires a clinical reviewer's sign-off". Turning it on is stored; turning it off is
 * refused while an AI engine decides the cases (always, on this server).
 * @throws AppError conflict (409) with signOffLockReason when asked to turn it off; not_found; ZodError for a non-boolean
 */
export async function updateDecisionSettings(
  database: Database,
  organizationId: string,
  input: z.input<typeof DecisionSettingsInputSchema>,
): Promise<DecisionSettingsJson> {
  const parsed = DecisionSettingsInputSchema.parse(input);
  if (!parsed.denial_requires_sign_off) throw new AppError("conflict", signOffLockReason(currentDecisionEngine()));
  const res = await database.prisma.organization.updateMany({ where: { id: organizationId }, data: { denial_requires_sign_off: true } });
  if (!res.count) throw notFound();
  return getDecisionSettings(database, organizationId);
}
