/**
 * Synthetic prior auth agent: a short description ("68-year-old with RA who failed methotrexate,
 * requesting Humira") → the text of a realistic, entirely fictional PA request, which the
 * 'Generate a synthetic prior auth' modal lets the user edit before creating the ePA.
 */
import type { ModelClient } from "./llm.server";
import { SyntheticPriorAuthOutputSchema } from "./output-schemas";

export { SyntheticPriorAuthOutputSchema };

export const SYNTHETIC_PA_SYSTEM_PROMPT = `You write synthetic prior authorization (PA) requests for testing a PA review system. Everything must be fictional: invented names, member IDs, addresses and phone numbers; no real person's data.

Write one complete request as plain text, laid out like a faxed PA form followed by clinical notes:
- fax header with the date sent;
- patient: name, date of birth, gender, member ID, plan;
- prescriber: name with credential, specialty, 10-digit NPI with a valid check digit, phone, fax, practice;
- medication requested: drug, strength, directions, quantity, days supply, NDC (5-4-2), duration;
- diagnoses with ICD-10-CM codes;
- prior and current therapies with doses, dates and outcomes; relevant labs with dates and units;
- a short letter of medical necessity.
Follow the description exactly, including anything it says is missing or contradictory (so reviewers can test those cases). Return JSON with the text in "document".`;

/**
 * Generates a synthetic PA request text from a description.
 * Output: `{ document }` (at least 200 characters). Errors: `ModelOutputError`, `ModelRequestError`;
 * an empty description throws an Error before any request.
 */
export async function generateSyntheticPriorAuthWithModel(client: ModelClient, description: string): Promise<{ document: string }> {
  const d = description.trim();
  if (!d) throw new Error("A description of the prior auth to generate is required.");
  const { data } = await client.completeJson({
    name: "synthetic_prior_auth",
    schema: SyntheticPriorAuthOutputSchema,
    system: SYNTHETIC_PA_SYSTEM_PROMPT,
    user: `Description:\n${d.slice(0, 4000)}`,
    temperature: 0.7,
  });
  return { document: data.document.trim() };
}
