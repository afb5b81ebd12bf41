/**
 * Input schemas of the three appeal and time-frame commands, shared by the case page (Conform), the
 * /api routes (POST .../prior_auths/{id}/extension, .../appeals, .../appeals/{appealId}/decision),
 * the OpenAPI document and the domain functions (app/appeals/*.server.ts).
 */
import { z } from "zod";

/** Longest extension the rule allows, in calendar days (42 CFR 422.568(b)(1)(i), 422.572(b)). */
export const MAX_EXTENSION_DAYS = 14;

export const EXTENSION_REASON_KINDS = {
  member_requested: "Member requested the extension",
  more_information: "More information needed, in the member's interest",
} as const;
export type ExtensionReasonKind = keyof typeof EXTENSION_REASON_KINDS;

export const APPELLANTS = { member: "Member", prescriber: "Prescriber", representative: "Member's representative" } as const;
export type Appellant = keyof typeof APPELLANTS;

export const APPEAL_OUTCOMES = { overturned: "Overturned (approve)", upheld: "Upheld (denial stands)" } as const;
export type AppealOutcome = keyof typeof APPEAL_OUTCOMES;

const keys = <T extends object>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

export const EXTENSION_REASON_REQUIRED = "A reason for the extension is required";
export const EXTENSION_KIND_MESSAGE = "Choose why the time frame is extended: member_requested or more_information";
export const EXTENSION_DAYS_MESSAGE = `The extension must be 1 to ${MAX_EXTENSION_DAYS} calendar days`;

/** Extend the review time frame: why (a rule's ground + free text) and by how many calendar days (default 14). */
export const ExtendTimeFrameInputSchema = z.object({
  reason_kind: z.enum(keys(EXTENSION_REASON_KINDS), { error: EXTENSION_KIND_MESSAGE }).describe("member_requested | more_information"),
  reason: z
    .string({ error: EXTENSION_REASON_REQUIRED })
    .trim()
    .min(1, EXTENSION_REASON_REQUIRED)
    .max(4000, "The reason is longer than 4000 characters")
    .describe("why, in words (sent to the member in the extension notice)"),
  days: z
    .preprocess(
      (v) => (v === "" || v === null || v === undefined ? undefined : typeof v === "string" ? Number(v) : v),
      z
        .number({ error: EXTENSION_DAYS_MESSAGE })
        .int(EXTENSION_DAYS_MESSAGE)
        .min(1, EXTENSION_DAYS_MESSAGE)
        .max(MAX_EXTENSION_DAYS, EXTENSION_DAYS_MESSAGE)
        .optional(),
    )
    .describe(`calendar days added to the due time, 1..${MAX_EXTENSION_DAYS} (default ${MAX_EXTENSION_DAYS})`),
});
export type ExtendTimeFrameInput = z.input<typeof ExtendTimeFrameInputSchema>;

export const APPEAL_DATE_MESSAGE = "The date the appeal was received must be a date (YYYY-MM-DD) or a date-time";
export const APPELLANT_MESSAGE = "Who appealed must be member, prescriber or representative";

/**
 * "YYYY-MM-DD" (read as 12:00 UTC of that day, so it stays that day in any US time zone) or an ISO
 * date-time; an already parsed Date passes again (the /api parses the body, then the domain does).
 */
const ReceivedAt = z
  .string({ error: APPEAL_DATE_MESSAGE })
  .trim()
  .refine(
    (s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s.length === 10 ? `${s}T12:00:00Z` : s)),
    APPEAL_DATE_MESSAGE,
  )
  .transform((s) => new Date(s.length === 10 ? `${s}T12:00:00Z` : s));
const ReceivedAtOrDate = z.preprocess((v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : v), ReceivedAt);

/** Record an appeal of a final denial. */
export const RecordAppealInputSchema = z.object({
  received_at: ReceivedAtOrDate.meta({
    format: "date",
    description: "when the plan received the appeal: YYYY-MM-DD (an ISO date-time is accepted too); not in the future nor before the denial",
  }),
  appellant: z.enum(keys(APPELLANTS), { error: APPELLANT_MESSAGE }).describe("member | prescriber | representative"),
  notes: z.string().trim().max(4000, "The notes are longer than 4000 characters").optional().describe("what the appeal says, new evidence received"),
});
export type RecordAppealInput = z.input<typeof RecordAppealInputSchema>;

export const APPEAL_LINES_MESSAGE = "The appealed service lines must be a list of service line tokens";

/**
 * Record an appeal of a medical claim: as for a prior auth, plus the appealed service lines (tokens
 * of lines whose denial is final); none given = every finally denied line not yet overturned.
 */
export const RecordClaimAppealInputSchema = RecordAppealInputSchema.extend({
  service_request_ids: z
    .preprocess(
      (v) => (v === "" || v === null || v === undefined ? undefined : typeof v === "string" ? [v] : v),
      z
        .array(z.string({ error: APPEAL_LINES_MESSAGE }).trim().min(1, APPEAL_LINES_MESSAGE).max(64, APPEAL_LINES_MESSAGE), { error: APPEAL_LINES_MESSAGE })
        .max(500)
        .optional(),
    )
    .describe("tokens of the appealed service lines (each finally denied); omitted = all finally denied lines not yet overturned"),
});
export type RecordClaimAppealInput = z.input<typeof RecordClaimAppealInputSchema>;

export const APPEAL_OUTCOME_MESSAGE = "The appeal outcome must be overturned or upheld";
export const APPEAL_REASON_REQUIRED = "A reason for the appeal decision is required";

/** Decide an appeal: overturned (the case, or a claim's appealed lines, become approved after appeal) or upheld, with the reason. */
export const DecideAppealInputSchema = z.object({
  outcome: z.enum(keys(APPEAL_OUTCOMES), { error: APPEAL_OUTCOME_MESSAGE }).describe("overturned | upheld"),
  reason: z
    .string({ error: APPEAL_REASON_REQUIRED })
    .trim()
    .min(1, APPEAL_REASON_REQUIRED)
    .max(4000, "The reason is longer than 4000 characters")
    .describe("the clinician's reason (required)"),
});
export type DecideAppealInput = z.input<typeof DecideAppealInputSchema>;
