/**
 * Plans, their eligibility rosters and formulary rows. Every function is scoped to one organization:
 * a plan id of another organization is "not found".
 */
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import type { FormularyRow, RosterMember } from "~/clinical/contracts";
import { normalizeNdc } from "~/clinical/codes/ndc";
import type { FeeScheduleRow } from "~/clinical/review/fee-schedule";
import { FormularyRowSchema, RosterMemberSchema } from "./plan-schemas";
import { CreatePlanInputSchema, stateAbbreviation, type CreatePlanInput } from "./create-plan-input";
import type { z } from "zod";

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const isoDay = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);

/**
 * Creates a plan from the command's input (create-plan-input.ts, parsed here again; the state is
 * stored as its abbreviation). Throws AppError("validation") with one message per invalid field
 * ("title: Title is required", ...).
 */
export async function createPlan(database: Database, organizationId: string, input: CreatePlanInput) {
  const parsed = CreatePlanInputSchema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new AppError("validation", details[0] ?? "Invalid plan", { details: details.slice(1) });
  }
  const p = parsed.data;
  const state = stateAbbreviation(p.state)!;
  return database.prisma.plan.create({
    data: {
      organization_id: organizationId,
      title: p.title,
      identification: p.identification,
      document_type: p.document_type,
      line_of_business: p.line_of_business,
      plan_type: p.plan_type,
      state,
      effective_date: day(p.effective_date),
      termination_date: p.termination_date ? day(p.termination_date) : null,
      is_active: p.is_active,
      file_url: p.file_url ?? null,
    },
  });
}

/** The plan if it belongs to the organization, else AppError("not_found"). */
export async function requirePlan(database: Database, organizationId: string, planId: string) {
  const plan = await database.prisma.plan.findFirst({ where: { id: planId, organization_id: organizationId } });
  if (!plan) throw new AppError("not_found", "Plan not found");
  return plan;
}

export async function listPlans(database: Database, organizationId: string) {
  return database.prisma.plan.findMany({ where: { organization_id: organizationId }, orderBy: { created_at: "desc" } });
}

export async function deletePlan(database: Database, organizationId: string, planId: string) {
  await requirePlan(database, organizationId, planId);
  await database.prisma.plan.delete({ where: { id: planId } });
}

/** JSON shape of a plan for /api (dates as YYYY-MM-DD). */
export function serializePlan(plan: Awaited<ReturnType<typeof requirePlan>>) {
  return {
    token: plan.id,
    plan_id: plan.id,
    title: plan.title,
    identification: plan.identification,
    document_type: plan.document_type,
    line_of_business: plan.line_of_business,
    plan_type: plan.plan_type,
    state: plan.state,
    effective_date: isoDay(plan.effective_date),
    termination_date: isoDay(plan.termination_date),
    is_active: plan.is_active,
    file_url: plan.file_url,
    created_at: plan.created_at.toISOString(),
  };
}

/** Upserts roster rows (by organization + member_id). Returns the number written. */
export async function importRoster(database: Database, organizationId: string, planId: string | null, members: z.input<typeof RosterMemberSchema>[]) {
  let n = 0;
  for (const raw of members) {
    const m = RosterMemberSchema.parse(raw);
    const data = {
      plan_id: planId,
      first_name: m.first_name,
      last_name: m.last_name,
      birth_date: day(m.birth_date),
      gender: m.gender ?? null,
      plan_identification: m.plan_identification ?? null,
      coverage_start: day(m.coverage_start),
      coverage_end: m.coverage_end ? day(m.coverage_end) : null,
    };
    await database.prisma.member.upsert({
      where: { organization_id_member_id: { organization_id: organizationId, member_id: m.member_id } },
      create: { organization_id: organizationId, member_id: m.member_id, ...data },
      update: data,
    });
    n++;
  }
  return n;
}

/** The organization's roster (optionally one plan's) in the engine's RosterMember shape. */
export async function loadRoster(database: Database, organizationId: string, planId?: string | null): Promise<RosterMember[]> {
  const rows = await database.prisma.member.findMany({
    where: { organization_id: organizationId, ...(planId ? { OR: [{ plan_id: planId }, { plan_id: null }] } : {}) },
  });
  return rows.map((m) => ({
    member_id: m.member_id,
    first_name: m.first_name,
    last_name: m.last_name,
    birth_date: isoDay(m.birth_date)!,
    gender: m.gender,
    plan_identification: m.plan_identification,
    coverage_start: isoDay(m.coverage_start)!,
    coverage_end: isoDay(m.coverage_end),
  }));
}

/** Adds formulary rows as FormularyDrugRequirement records (NDC stored as 11 digits 5-4-2). */
export async function importFormulary(database: Database, organizationId: string, planId: string | null, rows: z.input<typeof FormularyRowSchema>[]) {
  for (const raw of rows) {
    const r = FormularyRowSchema.parse(raw);
    const ndc = r.ndc ? (normalizeNdc(r.ndc) ?? r.ndc) : null;
    await database.prisma.formularyDrugRequirement.create({
      data: {
        organization_id: organizationId,
        plan_id: planId,
        drug_name: r.drug_name,
        ndc,
        products: [r.drug_name],
        tier: r.tier ?? null,
        requires_prior_auth: r.requires_prior_auth,
        quantity_limit: r.quantity_limit ?? undefined,
        step_therapy: r.step_therapy,
        notes: r.quantity_limit_note ?? null,
        other_criteria: r.quantity_limit_note ?? null,
      },
    });
  }
  return rows.length;
}

/** The organization's formulary rows (optionally one plan's) in the engine's FormularyRow shape. */
export async function loadFormulary(database: Database, organizationId: string, planId?: string | null): Promise<FormularyRow[]> {
  const rows = await database.prisma.formularyDrugRequirement.findMany({
    where: { organization_id: organizationId, ...(planId ? { OR: [{ plan_id: planId }, { plan_id: null }] } : {}) },
    orderBy: { created_at: "asc" },
  });
  return rows.map((r) => ({
    drug_name: r.drug_name,
    ndc: r.ndc,
    tier: r.tier,
    requires_prior_auth: r.requires_prior_auth,
    quantity_limit: (r.quantity_limit as FormularyRow["quantity_limit"]) ?? null,
    quantity_limit_note: r.notes,
    step_therapy: (r.step_therapy as FormularyRow["step_therapy"]) ?? [],
  }));
}

/**
 * A plan's fee schedule (the rows the claims engine applies), scoped by organization: another
 * organization's plan yields no rows. Ordered by code.
 */
export async function loadFeeSchedule(database: Database, organizationId: string, planId: string | null): Promise<FeeScheduleRow[]> {
  if (!planId) return [];
  const rows = await database.prisma.feeScheduleRow.findMany({ where: { organization_id: organizationId, plan_id: planId }, orderBy: { code: "asc" } });
  return rows.map((r) => ({ code: r.code, description: r.description, units_per_period: { amount: r.units_amount, period_days: r.period_days } }));
}

/** One paid service line of a plan's claims history (see savePaidClaimLines). */
export interface PaidClaimLineInput {
  member_id: string;
  /** HCPCS / CPT, upper case */
  code: string;
  units: number;
  /** YYYY-MM-DD */
  date_of_service: string;
  modifiers: string[];
  /** the claim's reference in the plan's claims system, when known */
  claim_reference: string | null;
  note: string | null;
}

/**
 * Saves paid service lines into plan `planId`'s claims history (the caller has checked the plan is
 * the organization's). A line whose member, code, date, modifiers and claim reference are already
 * saved replaces that row, so a file imported twice counts each service once. Returns the number
 * of lines saved.
 */
export async function savePaidClaimLines(database: Database, organizationId: string, planId: string, lines: PaidClaimLineInput[]): Promise<number> {
  const key = (l: PaidClaimLineInput) =>
    [l.member_id.toUpperCase(), l.code, l.date_of_service, [...l.modifiers].sort().join(" "), l.claim_reference ?? ""].join("|");
  const byKey = new Map(lines.map((l) => [key(l), l] as const));
  if (!byKey.size) return 0;
  await database.prisma.$transaction([
    database.prisma.paidClaimLine.deleteMany({ where: { organization_id: organizationId, plan_id: planId, line_key: { in: [...byKey.keys()] } } }),
    database.prisma.paidClaimLine.createMany({
      data: [...byKey].map(([line_key, l]) => ({ organization_id: organizationId, plan_id: planId, line_key, ...l })),
    }),
  ]);
  return byKey.size;
}

/**
 * The count of paid service lines in plan `planId`'s claims history and their date range, scoped by
 * organization (another organization's plan yields zero).
 */
export async function claimsHistorySummary(
  database: Database,
  organizationId: string,
  planId: string,
): Promise<{ lines: number; members: number; first: string | null; last: string | null }> {
  const where = { organization_id: organizationId, plan_id: planId };
  const [agg, members] = await Promise.all([
    database.prisma.paidClaimLine.aggregate({ where, _count: { _all: true }, _min: { date_of_service: true }, _max: { date_of_service: true } }),
    database.prisma.paidClaimLine.groupBy({ by: ["member_id"], where }),
  ]);
  return { lines: agg._count._all, members: members.length, first: agg._min.date_of_service, last: agg._max.date_of_service };
}

/**
 * Replaces plan `planId`'s fee schedule with `rows` (the eval loader's manifest `fee_schedule`).
 * Throws AppError("not_found") when the plan is not the organization's.
 */
export async function replaceFeeSchedule(database: Database, organizationId: string, planId: string, rows: FeeScheduleRow[]): Promise<void> {
  const plan = await requirePlan(database, organizationId, planId);
  await database.prisma.$transaction([
    database.prisma.feeScheduleRow.deleteMany({ where: { organization_id: organizationId, plan_id: plan.id } }),
    database.prisma.feeScheduleRow.createMany({
      data: rows.map((r) => ({
        organization_id: organizationId,
        plan_id: plan.id,
        code: r.code.trim().toUpperCase(),
        description: r.description,
        units_amount: r.units_per_period.amount,
        period_days: r.units_per_period.period_days,
      })),
      skipDuplicates: true,
    }),
  ]);
}
