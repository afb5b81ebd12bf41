/**
 * The prior auth list (/o/{org}/prior-auths and GET /api/o/{org}/prior_auths.json): server-side
 * search, sort and pagination over the denormalised columns of prior_auths (patient_name,
 * medication_name, practitioner_name, request_date, final_decision), so a page costs one indexed
 * range scan plus a count, whatever the number of cases.
 */
import type { Database } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { listDecisionLabel } from "./ui/decision";
import { timeAgoInWords } from "./time-ago";
import { isoDay } from "./require-prior-auth.server";
import { PRIOR_AUTH_SORT_KEYS, type PriorAuthListItem } from "./schemas";

/** PRODUCT-SPEC §9: case list page size. */
export const PRIOR_AUTH_PAGE_SIZE = 10;

export type PriorAuthSortKey = (typeof PRIOR_AUTH_SORT_KEYS)[number];

export interface ListPriorAuthsOptions {
  /** case-insensitive substring of the patient, medication or practitioner name */
  q?: string;
  /** 1-based; past the last page gives an empty list */
  page?: number;
  /** default 10, at most 100 */
  perPage?: number;
  /** one of PRIOR_AUTH_SORT_KEYS; anything else sorts by created_at */
  sort?: string;
  dir?: "asc" | "desc";
}

export interface PriorAuthListResult {
  prior_auths: PriorAuthListItem[];
  total: number;
  page: number;
  per_page: number;
}

/**
 * One page of the organization's prior auths, newest first by default.
 * The label uses the latest human decision when there is one (a human overrides the AI), else the
 * AI's final_decision; no decision → "Pending".
 */
export async function listPriorAuths(database: Database, organizationId: string, opts: ListPriorAuthsOptions = {}): Promise<PriorAuthListResult> {
  const perPage = Math.min(100, Math.max(1, Math.floor(opts.perPage ?? PRIOR_AUTH_PAGE_SIZE)));
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  // NUL cannot be stored in text, so it matches nothing; PostgreSQL would refuse it in the query
  const q = opts.q?.replaceAll("\u0000", "").trim().slice(0, 200);
  const where: Prisma.PriorAuthWhereInput = { organization_id: organizationId };
  if (q) {
    where.OR = [
      { patient_name: { contains: q, mode: "insensitive" } },
      { medication_name: { contains: q, mode: "insensitive" } },
      { practitioner_name: { contains: q, mode: "insensitive" } },
    ];
  }
  const sort: PriorAuthSortKey = (PRIOR_AUTH_SORT_KEYS as readonly string[]).includes(opts.sort ?? "") ? (opts.sort as PriorAuthSortKey) : "created_at";
  const dir = opts.dir === "asc" ? "asc" : "desc";
  const orderBy: Prisma.PriorAuthOrderByWithRelationInput[] =
    sort === "created_at" ? [{ created_at: dir }] : [{ [sort]: { sort: dir, nulls: "last" } }, { created_at: "desc" }];
  orderBy.push({ id: "asc" }); // stable pages when the sort key ties

  const [rows, total] = await Promise.all([
    database.prisma.priorAuth.findMany({
      where,
      orderBy,
      skip: (page - 1) * perPage,
      take: perPage,
      select: {
        id: true,
        created_at: true,
        patient_name: true,
        medication_name: true,
        practitioner_name: true,
        request_date: true,
        intake_status: true,
        final_decision: true,
        submission_type: true,
        human_decisions: { orderBy: { created_at: "desc" }, take: 1, select: { decision_type: true } },
      },
    }),
    database.prisma.priorAuth.count({ where }),
  ]);
  const now = new Date();
  return {
    prior_auths: rows.map((r) => {
      const human = r.human_decisions[0]?.decision_type;
      const finalDecision = human ? (human === "approve" ? "approved" : "denied") : r.final_decision;
      return {
        token: r.id,
        created_at: r.created_at.toISOString(),
        time_ago_in_words: timeAgoInWords(r.created_at, now),
        patient_name: r.patient_name,
        medication_name: r.medication_name,
        practitioner_name: r.practitioner_name,
        request_date: isoDay(r.request_date),
        intake_status: r.intake_status,
        intake_required: r.intake_status !== "succeeded",
        final_decision: finalDecision,
        decision_label: listDecisionLabel(finalDecision) as PriorAuthListItem["decision_label"],
        submission_type: r.submission_type,
      };
    }),
    total,
    page,
    per_page: perPage,
  };
}
