/** JSON shapes of time-frame extensions and appeals (/api answers, the case page, the OpenAPI document). */
import { z } from "zod";

const Person = z.object({ id: z.string(), username: z.string() }).nullable();

export const TimeFrameExtensionSchema = z.object({
  token: z.string(),
  reason_kind: z.string().describe("member_requested | more_information"),
  reason: z.string(),
  days: z.number().int().describe("calendar days added"),
  previous_due_at: z.string().describe("ISO date-time: the due time before the extension"),
  new_due_at: z.string().describe("ISO date-time: the due time after it"),
  created_at: z.string(),
  user: Person.describe("who extended it (null for an API key)"),
});
export type TimeFrameExtensionJson = z.infer<typeof TimeFrameExtensionSchema>;

export const AppealSchema = z.object({
  token: z.string(),
  received_at: z.string().describe("ISO date-time the plan received the appeal"),
  appellant: z.string().describe("member | prescriber | representative"),
  notes: z.string(),
  service_request_ids: z.array(z.string()).describe("medical claims: the appealed service lines (an overturn approves these); empty for a prior auth"),
  outcome: z.string().nullable().describe("null while open; overturned | upheld"),
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: Person,
  recorded_by: Person,
  created_at: z.string(),
});
export type AppealJson = z.infer<typeof AppealSchema>;
