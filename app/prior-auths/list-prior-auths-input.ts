/**
 * The one input schema of "list prior auths": the query of GET /api/o/{org}/prior_auths(.json) and of
 * the list page (/o/{org}/prior-auths), documented in the OpenAPI document from this schema.
 *
 * The API is strict (an invalid value is a 422 naming it); the page is lenient: each invalid value
 * falls back to its default, so a hand-edited URL still shows the list (`ListPriorAuthsPageQuerySchema`,
 * derived from the same fields).
 */
import { z } from "zod";

export const PRIOR_AUTH_SORT_KEYS = ["created_at", "patient_name", "medication_name", "practitioner_name", "request_date", "final_decision"] as const;
export type PriorAuthSortKey = (typeof PRIOR_AUTH_SORT_KEYS)[number];

export const ListPriorAuthsQuerySchema = z.object({
  q: z.string().trim().max(200).optional().describe("search in patient, medication and practitioner names"),
  page: z.coerce.number().int().min(1).max(100_000).optional().describe("1-based page (default 1)"),
  per_page: z.coerce.number().int().min(1).max(100).optional().describe("page size (default 10)"),
  sort: z.enum(PRIOR_AUTH_SORT_KEYS).optional().describe("default created_at"),
  dir: z.enum(["asc", "desc"]).optional().describe("default desc"),
});

const fields = ListPriorAuthsQuerySchema.shape;

/** The page's reading of the same query: defaults filled in, invalid values replaced by them. */
export const ListPriorAuthsPageQuerySchema = z.object({
  q: fields.q.unwrap().catch("").default(""),
  page: fields.page.unwrap().catch(1).default(1),
  sort: fields.sort.unwrap().catch("created_at").default("created_at"),
  dir: fields.dir.unwrap().catch("desc").default("desc"),
});
export type ListPriorAuthsPageQuery = z.infer<typeof ListPriorAuthsPageQuerySchema>;
