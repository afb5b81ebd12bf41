/**
 * GET  /api/o/{orgId}/forms.json → {forms}                      (also /forms)
 * POST /api/o/{orgId}/forms.json {name, description, template_body?} → {form}; 422 'Name is required' /
 *      'Purpose is required'. An empty template_body gets the standard denial template.
 * Input: app/letters/letter-form-input.ts (LetterFormInputSchema).
 */
import type { Route } from "./+types/api.o.$orgId.forms[.]json";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { createLetterForm, listLetterForms } from "~/letters/manage-letter-forms.server";
import { LetterFormInputSchema } from "~/letters/letter-form-input";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    return ok({ forms: await listLetterForms(await getDatabase(), organization.id) });
  } catch (err) {
    return handleApiError(err);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const input = LetterFormInputSchema.parse(await readBody(request));
    return ok({ form: await createLetterForm(await getDatabase(), organization.id, input) }, { status: 201 });
  } catch (err) {
    return handleApiError(err);
  }
}
