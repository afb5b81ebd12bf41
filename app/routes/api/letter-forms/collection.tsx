import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { ok } from "~/lib/http.server";
import { createLetterForm, listLetterForms } from "~/letters/manage-letter-forms.server";
import { LetterFormInputSchema } from "~/letters/letter-form-input";

/**
 * GET  /api/o/{orgId}/forms(.json) → {forms}
 * POST /api/o/{orgId}/forms(.json) {name, description, template_body?} → 201 {form}; 422 'Name is required' /
 *      'Purpose is required'. An empty template_body gets the standard denial template.
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "List letter forms",
    tags: ["Letter forms"],
    response: z.object({ forms: z.array(z.record(z.string(), z.unknown())) }),
    async handler({ organizationId }) {
      return { forms: await listLetterForms(await getDatabase(), organizationId) };
    },
  },
  POST: {
    permission: "policies.edit",
    summary: "Create a letter form",
    tags: ["Letter forms"],
    body: LetterFormInputSchema,
    response: z.object({ form: z.record(z.string(), z.unknown()) }),
    errors: { 422: "'Name is required' / 'Purpose is required'" },
    async handler({ organizationId, body }) {
      return ok({ form: await createLetterForm(await getDatabase(), organizationId, body) }, { status: 201 });
    },
  },
});
export const loader = route.loader;
export const action = route.action;
