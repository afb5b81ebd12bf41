/**
 * Custom AI rules of an organization: list, read, create, update, delete, and the active rules the
 * clinical pipeline applies. Every function is scoped to one organization: another organization's
 * rule id is "not found". The rule language and its effects: app/clinical/rules/.
 */
import { toEngineCondition } from "./rule-words";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import type { OrgRule } from "~/clinical/rules/apply-ai-rules";
import { SaveAiRuleInputSchema, type SaveAiRuleInput } from "./save-ai-rule-input";

const day = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00.000Z`) : null);
const isoDay = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);

export type AiRuleRow = NonNullable<Awaited<ReturnType<typeof findRule>>>;
const findRule = (database: Database, organizationId: string, id: string) =>
  database.prisma.aiRule.findFirst({ where: { id, organization_id: organizationId } });

/** Sort keys of the list (query `sort`, `-` prefix for descending). */
export const RULE_SORTS = ["name", "applies_to", "priority", "active", "created_at"] as const;

/**
 * The organization's rules, optionally filtered by `q` (name, description, conditions, actions,
 * case-insensitive) and sorted by one of RULE_SORTS (default newest first).
 */
export async function listAiRules(database: Database, organizationId: string, opts: { q?: string | null; sort?: string | null } = {}) {
  const q = opts.q?.trim();
  const desc = opts.sort?.startsWith("-") ?? false;
  const key = (opts.sort ?? "").replace(/^-/, "");
  const sortKey = (RULE_SORTS as readonly string[]).includes(key) ? key : "created_at";
  const dir = opts.sort ? (desc ? "desc" : "asc") : "desc";
  const rows = await database.prisma.aiRule.findMany({
    where: {
      organization_id: organizationId,
      ...(q ? { OR: [{ name: { contains: q, mode: "insensitive" as const } }, { description: { contains: q, mode: "insensitive" as const } }] } : {}),
      // conditions/actions are text arrays: matched below (Prisma has no substring test on array elements)
    },
    orderBy: [{ [sortKey]: dir }, { created_at: "desc" }],
  });
  if (!q) return rows;
  const more = await database.prisma.aiRule.findMany({
    where: { organization_id: organizationId, id: { notIn: rows.map((r) => r.id) } },
    orderBy: [{ [sortKey]: dir }],
  });
  const needle = q.toLowerCase();
  const hits = more.filter((r) => [...r.conditions, ...r.actions, ...r.scoped_drug_names].some((t) => t.toLowerCase().includes(needle)));
  return hits.length ? [...rows, ...hits] : rows;
}

/** The rule if it belongs to the organization, else AppError("not_found"). */
export async function requireAiRule(database: Database, organizationId: string, id: string) {
  const rule = await findRule(database, organizationId, id);
  if (!rule) throw new AppError("not_found", "AI rule not found");
  return rule;
}

function parseInput(input: unknown): SaveAiRuleInput {
  const parsed = SaveAiRuleInputSchema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) =>
      i.path.length && !i.message.startsWith("Condition") && !i.message.startsWith("Action") ? `${i.path.join(".")}: ${i.message}` : i.message,
    );
    throw new AppError("validation", details[0] ?? "Invalid AI rule", { details: details.slice(1) });
  }
  return parsed.data;
}

/** Scoped plan ids must be plans of the organization (AppError("validation") otherwise). */
async function checkPlans(database: Database, organizationId: string, ids: string[]) {
  if (!ids.length) return;
  const found = await database.prisma.plan.findMany({ where: { organization_id: organizationId, id: { in: ids } }, select: { id: true } });
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw new AppError("validation", `Unknown plan id: ${missing.join(", ")}`);
}

const data = (r: SaveAiRuleInput) => ({
  name: r.name,
  description: r.description,
  applies_to: r.applies_to,
  conditions: r.conditions,
  actions: r.actions,
  scoped_drug_names: r.scoped_drug_names,
  scoped_plan_ids: r.scoped_plan_ids,
  scoped_ndcs: r.scoped_ndcs,
  scoped_rxnorms: r.scoped_rxnorms,
  start_date: day(r.start_date ?? null),
  end_date: day(r.end_date ?? null),
  priority: r.priority,
  active: r.active,
});

/** Creates a rule from raw input (SaveAiRuleInputSchema). Throws AppError("validation") with one message per problem. */
export async function createAiRule(database: Database, organizationId: string, input: unknown) {
  const r = parseInput(input);
  await checkPlans(database, organizationId, r.scoped_plan_ids);
  return database.prisma.aiRule.create({ data: { organization_id: organizationId, ...data(r) } });
}

/** Replaces a rule's fields. AppError("not_found") for another organization's rule; "validation" as createAiRule. */
export async function updateAiRule(database: Database, organizationId: string, id: string, input: unknown) {
  await requireAiRule(database, organizationId, id);
  const r = parseInput(input);
  await checkPlans(database, organizationId, r.scoped_plan_ids);
  return database.prisma.aiRule.update({ where: { id }, data: data(r) });
}

/** Deletes a rule. AppError("not_found") for another organization's rule. */
export async function deleteAiRule(database: Database, organizationId: string, id: string) {
  await requireAiRule(database, organizationId, id);
  await database.prisma.aiRule.delete({ where: { id } });
}

/** The organization's active rules in the engine's shape, priority order (1 first). */
export async function loadActiveRules(database: Database, organizationId: string): Promise<OrgRule[]> {
  const rows = await database.prisma.aiRule.findMany({
    where: { organization_id: organizationId, active: true },
    orderBy: [{ priority: "asc" }, { created_at: "asc" }],
  });
  return rows.map((r) => ({
    name: r.name,
    description: r.description,
    applies_to: (["eligibility", "clinical", "audit"].includes(r.applies_to) ? r.applies_to : "audit") as OrgRule["applies_to"],
    // stored as the reviewer wrote them; the engine reads its own field names (rule-words.ts)
    conditions: r.conditions.map(toEngineCondition),
    actions: r.actions,
    scoped_drug_names: r.scoped_drug_names,
    scoped_plan_ids: r.scoped_plan_ids,
    scoped_ndcs: r.scoped_ndcs,
    scoped_rxnorms: r.scoped_rxnorms,
    start_date: isoDay(r.start_date),
    end_date: isoDay(r.end_date),
    priority: r.priority,
  }));
}

/** JSON shape of a rule for /api (snake_case; dates YYYY-MM-DD; `date_created` ISO time). */
export function serializeAiRule(r: AiRuleRow) {
  return {
    token: r.id,
    ai_rule_id: r.id,
    name: r.name,
    description: r.description,
    applies_to: r.applies_to,
    conditions: r.conditions,
    actions: r.actions,
    scoped_drug_names: r.scoped_drug_names,
    scoped_plan_ids: r.scoped_plan_ids,
    scoped_ndcs: r.scoped_ndcs,
    scoped_rxnorms: r.scoped_rxnorms,
    start_date: isoDay(r.start_date),
    end_date: isoDay(r.end_date),
    priority: r.priority,
    active: r.active,
    date_created: r.created_at.toISOString(),
  };
}
