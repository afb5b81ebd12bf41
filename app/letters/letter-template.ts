/**
 * Letter templates: plain text with `{{placeholder}}` fields, and the default denial notice used
 * when an organization has not written its own letter form.
 */

/** Placeholders a denial template may use. */
export const DENIAL_PLACEHOLDERS = [
  "patient_name",
  "member_id",
  "drug_name",
  "denial_reason",
  "criterion",
  "policy_name",
  "date",
  "reviewer",
  "appeal_rights",
  "organization_name",
  "prior_auth_id",
] as const;

export type DenialPlaceholder = (typeof DENIAL_PLACEHOLDERS)[number];

/**
 * Standard appeal-rights paragraph. Time limits: Medicare Part D redetermination requests are due
 * within 65 days of the coverage determination notice (42 CFR 423.582(b)); group and individual
 * commercial coverage allows at least 180 days for an internal appeal (29 CFR 2560.503-1(h)(3)(i),
 * 45 CFR 147.136(b)). The plan's own documents govern when they differ.
 */
export const DEFAULT_APPEAL_RIGHTS =
  "You have the right to appeal this decision. You, your prescriber, or someone you name to act for you may ask us to review " +
  "it again by writing to us within the time limit in your plan documents (65 days from the date of this notice for Medicare " +
  "Part D plans; at least 180 days for most employer and individual plans). If waiting for a standard decision could " +
  "seriously harm your health, you or your prescriber may ask for an expedited (fast) appeal. You may ask, free of charge, " +
  "for copies of the documents and the coverage criteria used to make this decision. Your prescriber may also ask to discuss " +
  "this decision with the reviewer.";

export const DEFAULT_DENIAL_FORM = {
  name: "Standard denial notice",
  description: "Notice of denial of a prescription drug prior authorization, with the reason, the criterion not met and appeal rights.",
  template_body: `{{date}}

NOTICE OF DENIAL OF PRIOR AUTHORIZATION

Member: {{patient_name}}
Member ID: {{member_id}}
Medication requested: {{drug_name}}
Reference: {{prior_auth_id}}

Dear {{patient_name}},

We reviewed the prior authorization request your prescriber sent us for {{drug_name}}. After a clinical review, we have denied this request.

Why we denied it:
{{denial_reason}}

Coverage criterion that was not met:
{{criterion}}
Source: {{policy_name}}

Your right to appeal:
{{appeal_rights}}

This decision was reviewed and signed off by a clinician.

Sincerely,

{{reviewer}}
Clinical Reviewer, {{organization_name}}`,
} as const;

/** Replaces every `{{name}}` with vars[name]; unknown or empty placeholders become "" (never left visible). */
export function fillTemplate(template: string, vars: Partial<Record<string, string | null | undefined>>): string {
  return template.replace(/\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g, (_m, name: string) => vars[name] ?? "");
}
