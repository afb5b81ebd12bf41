/**
 * Letter templates: plain text with `{{placeholder}}` fields, and the default denial notice used
 * when an organization has not written its own letter form.
 */

/** Placeholders a denial template may use. */
export const DENIAL_PLACEHOLDERS = [
  "patient_name",
  "member_id",
  "prescriber_name",
  "drug_name",
  "decision",
  "denial_reason",
  "criterion",
  "failed_criterion",
  "policy_name",
  "line_of_business",
  "date",
  "due_date",
  "reviewer",
  "appeal_rights",
  "organization_name",
  "prior_auth_id",
  "ai_disclosure",
] as const;

/** What each merge field holds (shown beside the template editor). */
export const PLACEHOLDER_DOCS: Record<DenialPlaceholder, string> = {
  patient_name: "member's full name",
  member_id: "member id",
  prescriber_name: "prescriber's name",
  drug_name: "drug or service requested",
  decision: "the decision (Denied)",
  denial_reason: "the reason for the decision",
  criterion: "the coverage criterion not met",
  failed_criterion: "the coverage criterion not met (same as criterion)",
  policy_name: "the coverage policy the criterion comes from",
  line_of_business: "the plan's line of business",
  date: "date of the letter",
  due_date: "last day to appeal (by line of business)",
  reviewer: "the signing clinician",
  appeal_rights: "appeal rights text required for the line of business",
  organization_name: "your organization",
  prior_auth_id: "case reference",
  ai_disclosure: "whether AI assisted the decision and the source of the screening criteria (added at the end when the template does not place it)",
};

/**
 * Appeal window in days and the rights paragraph a denial notice must carry, by line of business.
 * Sources: Medicare Part D redetermination 65 days (42 CFR 423.582(b)); Medicare Advantage
 * reconsideration 65 days (42 CFR 422.582(b)); Medicaid managed care plan appeal 60 days
 * (42 CFR 438.402(c)(2)(ii)); CHIP follows the Medicaid managed care rule (42 CFR 457.1260);
 * employer, individual and marketplace coverage at least 180 days (29 CFR 2560.503-1(h)(3)(i),
 * 45 CFR 147.136(b)). The plan's own documents govern when they allow longer.
 */
export function appealRightsFor(lineOfBusiness: string | null | undefined): { days: number; text: string } {
  const lob = (lineOfBusiness ?? "").toLowerCase();
  const expedite =
    " If waiting for a standard decision could seriously harm your health, you or your prescriber may ask for an expedited (fast) appeal. You may ask, free of charge, for copies of the documents and the coverage criteria used to make this decision.";
  if (/part d/.test(lob))
    return {
      days: 65,
      text: `You have the right to ask for a redetermination (appeal) of this decision. You, your prescriber, or your representative must ask within 65 days of the date of this notice.${expedite} If we decide against you again, an Independent Review Entity can review the case.`,
    };
  if (/medicare/.test(lob) || /dual|integrated/.test(lob))
    return {
      days: 65,
      text: `You have the right to ask for a reconsideration (appeal) of this decision. You, your doctor, or your representative must ask within 65 days of the date of this notice.${expedite} You may also contact 1-800-MEDICARE for help.`,
    };
  if (/medicaid|chip/.test(lob))
    return {
      days: 60,
      text: `You have the right to appeal this decision to the plan within 60 days of the date of this notice. After the plan's appeal you may ask for a State Fair Hearing.${expedite} If you are getting this drug now, you may be able to keep getting it during the appeal if you ask within 10 days.`,
    };
  return {
    days: 180,
    text:
      DEFAULT_APPEAL_RIGHTS.replace(
        "within the time limit in your plan documents (65 days from the date of this notice for Medicare Part D plans; at least 180 days for most employer and individual plans)",
        "within 180 days of the date of this notice",
      ) + " You may also have the right to an external review by an independent reviewer.",
  };
}

/** Placeholders in `template` that are not merge fields (shown as a warning; they print blank). */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(DENIAL_PLACEHOLDERS);
  return [...new Set([...template.matchAll(/\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g)].map((m) => m[1]).filter((n) => !known.has(n)))];
}

/** Sample values for a form's preview. */
export function sampleMergeValues(organizationName: string, lineOfBusiness = "Commercial"): Record<DenialPlaceholder, string> {
  const rights = appealRightsFor(lineOfBusiness);
  const now = new Date();
  const due = new Date(now.getTime() + rights.days * 86400000);
  const fmt = (d: Date) => d.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  return {
    patient_name: "Jordan Sample",
    member_id: "SAMPLE-000123",
    prescriber_name: "Dr. Alex Example, MD",
    drug_name: "Humira (adalimumab) 40 mg/0.4 mL pen",
    decision: "Denied",
    denial_reason: "The request does not document a trial of methotrexate for at least 3 months.",
    criterion: "Patient has tried and failed methotrexate for at least 3 months",
    failed_criterion: "Patient has tried and failed methotrexate for at least 3 months",
    policy_name: "Adalimumab coverage policy",
    line_of_business: lineOfBusiness,
    date: fmt(now),
    due_date: fmt(due),
    reviewer: "Sample Reviewer, PharmD",
    appeal_rights: rights.text,
    organization_name: organizationName,
    prior_auth_id: "PREVIEW",
    ai_disclosure:
      'AI assisted this decision: an automated review tool (PA Review built-in clinical engine) screened the request against the screening criteria, and a denial is only issued after a clinical reviewer\'s sign-off. Source of the screening criteria: Coverage policy "Adalimumab", decision tree version 2, effective 2026-10-01.',
  };
}

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
Prescriber: {{prescriber_name}}
Medication requested: {{drug_name}}
Decision: {{decision}}
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
Ask for an appeal by: {{due_date}}

This decision was reviewed and signed off by a clinician.

Sincerely,

{{reviewer}}
Clinical Reviewer, {{organization_name}}`,
} as const;

/** Replaces every `{{name}}` with vars[name]; unknown or empty placeholders become "" (never left visible). */
/**
 * `body` with the AI-assistance disclosure (whether AI assisted, the source of the screening
 * criteria; CA SB 1120, CMS MA rules) as its last paragraph, unless the template already placed it
 * through {{ai_disclosure}}. Pure.
 */
export function withAiDisclosure(template: string, body: string, disclosure: string): string {
  if (/\{\{\s*ai_disclosure\s*\}\}/.test(template)) return body;
  return `${body.trimEnd()}\n\nHow this decision was made: ${disclosure}\n`;
}

export function fillTemplate(template: string, vars: Partial<Record<string, string | null | undefined>>): string {
  return template.replace(/\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g, (_m, name: string) => vars[name] ?? "");
}
