/**
 * 'Generate a synthetic prior auth' modal / POST /api/o/{org}/generate_synthetic_prior_auth:
 * description → editable request text. The user edits it and submits it as an ePA
 * (POST prior_auths with submission_type "epa"). Nothing is stored here.
 */
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { getModelClient } from "~/agents/llm.server";
import { generateSyntheticPriorAuthWithModel } from "~/agents/synthetic-pa.model";
import { generateSyntheticPriorAuth } from "~/synthetic/generate-synthetic-pa";
import { loadFormulary, loadRoster } from "~/plans/manage-plans.server";

/**
 * Generates the text of a fictional PA request from `description`: with the configured model when
 * there is one, else with the built-in generator (app/synthetic), which draws the patient from the
 * organization's roster and NDCs from its formulary, so the generated case can pass eligibility (with
 * an empty roster it invents a member; with an empty formulary it uses the dictionary's NDC). Returns `{ synthetic_prior_auth: { document } }`.
 * Errors: AppError validation 'Please describe the prior auth to generate'; model failures surface
 * as AppError internal 'An error occurred'.
 */
export async function generateSyntheticPriorAuthDocument(database: Database, organizationId: string, description: string) {
  const text = String(description ?? "").trim();
  if (!text) throw new AppError("validation", "Please describe the prior auth to generate");
  if (text.length > 4000) throw new AppError("validation", "The description is longer than 4000 characters");
  const client = getModelClient();
  if (client) {
    try {
      const { document } = await generateSyntheticPriorAuthWithModel(client, text);
      return { synthetic_prior_auth: { document } };
    } catch (err) {
      console.error("[synthetic] model generation failed:", (err as Error).message);
      throw new AppError("internal", "An error occurred", { cause: err });
    }
  }
  const [roster, formulary] = await Promise.all([loadRoster(database, organizationId), loadFormulary(database, organizationId)]);
  const generated = generateSyntheticPriorAuth(text, { roster, formulary });
  return { synthetic_prior_auth: { document: generated.document } };
}
