/**
 * CSV import of a plan's member roster and formulary, in the spirit of the CMS Part D formulary
 * files (one row per drug product; Y/N flags; quantity limit amount and days). Parsed with csv-parse;
 * every row is validated on its own: bad rows are reported by their line number in the file and the
 * good rows are written (members upserted by member id; formulary rows replace the plan's row for
 * the same drug and NDC/RxCUI).
 *
 * Roster columns (header names case-insensitive, spaces or underscores):
 *   member_id, first_name, last_name, birth_date, gender, plan (or plan_identification),
 *   coverage_start, coverage_end
 * Formulary columns:
 *   drug_name, ndc, rxcui, tier (or tier_level_value), pa_required (or prior_authorization_yn),
 *   ql_amount (or quantity_limit_amount), ql_unit, ql_days (or quantity_limit_days),
 *   st_steps ("metformin:90; glipizide:30" — drug and trial days), ql_note, and optionally the
 *   criteria of the CMS prior authorization criteria file, shown on the formulary detail page:
 *   exclusion_criteria, required_medical_information, prescriber_restrictions, coverage_duration,
 *   other_criteria, indication, off_label_uses (text, at most 4000 characters each) and
 *   part_b_prerequisite (Y/N, stored as 't'/'f' like the CMS file)
 * Claims-history columns (the plan's paid service lines, from its claims system):
 *   member_id, code (HCPCS/CPT), units, date_of_service, and optionally modifiers ("RT 59"),
 *   claim_id (the claim's reference in that system), note
 * Dates: YYYY-MM-DD or MM/DD/YYYY. Flags: Y/N, yes/no, true/false, 1/0.
 */
import { parse } from "csv-parse/sync";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { normalizeNdc } from "~/clinical/codes/ndc";
import { requirePlan, savePaidClaimLines, type PaidClaimLineInput } from "./manage-plans.server";
import { RosterMemberSchema } from "./plan-schemas";

export interface CsvImportResult {
  kind: "roster" | "formulary" | "fee_schedule" | "claims_history";
  imported: number;
  /** one per bad row: its line in the file (the header is line 1) and what is wrong */
  errors: { line: number; message: string }[];
}

/** Largest CSV accepted (bytes). */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
const MAX_ROWS = 50_000;

const key = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** Rows of a CSV text with their line numbers; AppError("validation") when the file is not CSV. */
function readCsv(text: string, required: string[], aliases: Record<string, string>): { line: number; row: Record<string, string> }[] {
  if (text.length > MAX_CSV_BYTES) throw new AppError("payload_too_large", "The CSV file is larger than 5 MB");
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      columns: (h: string[]) => h.map((x) => aliases[key(x)] ?? key(x)),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
      to: MAX_ROWS + 1,
    });
  } catch (e) {
    throw new AppError(
      "validation",
      `The file could not be read as CSV: ${e instanceof Error ? e.message.replace(/^Invalid Record Length: /, "") : String(e)}`,
    );
  }
  if (!records.length) throw new AppError("validation", "The CSV file has no data rows");
  if (records.length > MAX_ROWS) throw new AppError("validation", `At most ${MAX_ROWS} rows per file`);
  const cols = Object.keys(records[0]!.record);
  const missing = required.filter((c) => !cols.includes(c));
  if (missing.length) throw new AppError("validation", `Missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`);
  return records.map((r) => ({ line: r.info.lines, row: r.record }));
}

/** YYYY-MM-DD from YYYY-MM-DD or MM/DD/YYYY; null when empty; throws a message when invalid. */
function isoDate(v: string | undefined, field: string, required: boolean): string | null {
  const s = (v ?? "").trim();
  if (!s) {
    if (required) throw new Error(`${field} is required`);
    return null;
  }
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  const iso = us ? `${us[3]}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}` : s;
  const d = new Date(`${iso}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso)
    throw new Error(`${field} "${s}" is not a date (use YYYY-MM-DD)`);
  return iso;
}

function flag(v: string | undefined, field: string, dflt: boolean): boolean {
  const s = (v ?? "").trim().toLowerCase();
  if (!s) return dflt;
  if (["y", "yes", "true", "1", "t"].includes(s)) return true;
  if (["n", "no", "false", "0", "f"].includes(s)) return false;
  throw new Error(`${field} "${v}" must be Y or N`);
}

function num(v: string | undefined, field: string, opts: { int?: boolean } = {}): number | null {
  const s = (v ?? "").trim();
  if (!s) return null;
  const n = Number(s);
  if (!Number.isFinite(n) || n < 0 || (opts.int && !Number.isInteger(n))) throw new Error(`${field} "${s}" must be a ${opts.int ? "whole " : ""}number`);
  return n;
}

const ROSTER_ALIASES: Record<string, string> = {
  plan: "plan_identification",
  plan_id: "plan_identification",
  dob: "birth_date",
  date_of_birth: "birth_date",
  sex: "gender",
  start_date: "coverage_start",
  end_date: "coverage_end",
  effective_date: "coverage_start",
  termination_date: "coverage_end",
};

/** Imports a member roster CSV into plan `planId` of the organization (see module comment). */
export async function importRosterCsv(database: Database, organizationId: string, planId: string, text: string): Promise<CsvImportResult> {
  const plan = await requirePlan(database, organizationId, planId);
  const rows = readCsv(text, ["member_id", "first_name", "last_name", "birth_date", "coverage_start"], ROSTER_ALIASES);
  const errors: CsvImportResult["errors"] = [];
  const seen = new Map<string, number>();
  let imported = 0;
  for (const { line, row } of rows) {
    try {
      const birth = isoDate(row.birth_date, "birth_date", true)!;
      const start = isoDate(row.coverage_start, "coverage_start", true)!;
      const end = isoDate(row.coverage_end, "coverage_end", false);
      if (end && end < start) throw new Error("coverage_end is before coverage_start");
      const parsed = RosterMemberSchema.safeParse({
        member_id: row.member_id,
        first_name: row.first_name,
        last_name: row.last_name,
        birth_date: birth,
        gender: row.gender || null,
        plan_identification: row.plan_identification || plan.identification,
        coverage_start: start,
        coverage_end: end,
      });
      if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message.toLowerCase()}`).join("; "));
      const m = parsed.data;
      if (seen.has(m.member_id)) throw new Error(`member_id ${m.member_id} repeats line ${seen.get(m.member_id)}`);
      seen.set(m.member_id, line);
      const day = (s: string) => new Date(`${s}T00:00:00.000Z`);
      const data = {
        plan_id: plan.id,
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
      imported++;
    } catch (e) {
      errors.push({ line, message: e instanceof Error ? e.message : String(e) });
    }
  }
  return { kind: "roster", imported, errors };
}

const FORMULARY_ALIASES: Record<string, string> = {
  drug: "drug_name",
  tier_level_value: "tier",
  tier_level: "tier",
  prior_authorization_yn: "pa_required",
  pa: "pa_required",
  quantity_limit_amount: "ql_amount",
  quantity_limit_days: "ql_days",
  quantity_limit_unit: "ql_unit",
  step_therapy: "st_steps",
  step_therapy_steps: "st_steps",
  required_medical_info: "required_medical_information",
  indications: "indication",
  prescriber_restriction: "prescriber_restrictions",
  part_b_prereq: "part_b_prerequisite",
};

/** Optional free-text criteria columns (CMS prior authorization criteria file). */
const CRITERIA_COLUMNS = [
  "exclusion_criteria",
  "required_medical_information",
  "prescriber_restrictions",
  "coverage_duration",
  "other_criteria",
  "indication",
  "off_label_uses",
] as const;

function criteriaOf(row: Record<string, string>): Partial<Record<(typeof CRITERIA_COLUMNS)[number] | "part_b_prerequisite", string>> {
  const out: Partial<Record<(typeof CRITERIA_COLUMNS)[number] | "part_b_prerequisite", string>> = {};
  for (const c of CRITERIA_COLUMNS) {
    const v = (row[c] ?? "").trim();
    if (v.length > 4000) throw new Error(`${c} is longer than 4000 characters`);
    if (v) out[c] = v;
  }
  if ((row.part_b_prerequisite ?? "").trim()) out.part_b_prerequisite = flag(row.part_b_prerequisite, "part_b_prerequisite", false) ? "t" : "f";
  return out;
}

/** "metformin:90; glipizide 30" → [{drug_name, duration_days}] */
function steps(v: string | undefined): { drug_name: string; duration_days: number }[] {
  const s = (v ?? "").trim();
  if (!s || /^(n|no)$/i.test(s)) return [];
  return s.split(/[;|]/).map((part) => {
    const m = /^\s*(.+?)\s*[: ]\s*(\d+)\s*(?:days?)?\s*$/i.exec(part);
    if (!m) throw new Error(`st_steps "${part.trim()}" must be drug:days`);
    return { drug_name: m[1]!, duration_days: Number(m[2]) };
  });
}

/** Imports a formulary CSV into plan `planId` of the organization (see module comment). */
export async function importFormularyCsv(database: Database, organizationId: string, planId: string, text: string): Promise<CsvImportResult> {
  const plan = await requirePlan(database, organizationId, planId);
  const rows = readCsv(text, ["drug_name"], FORMULARY_ALIASES);
  const errors: CsvImportResult["errors"] = [];
  let imported = 0;
  for (const { line, row } of rows) {
    try {
      const drug = (row.drug_name ?? "").trim();
      if (!drug) throw new Error("drug_name is required");
      if (drug.length > 200) throw new Error("drug_name is longer than 200 characters");
      const ndcRaw = (row.ndc ?? "").trim();
      const ndc = ndcRaw ? normalizeNdc(ndcRaw) : null;
      if (ndcRaw && !ndc) throw new Error(`ndc "${ndcRaw}" is not an NDC`);
      const rxcui = (row.rxcui ?? "").trim() || null;
      if (rxcui && !/^\d{1,10}$/.test(rxcui)) throw new Error(`rxcui "${rxcui}" must be digits`);
      const tier = num(row.tier, "tier", { int: true });
      const amount = num(row.ql_amount, "ql_amount");
      const days = num(row.ql_days, "ql_days", { int: true });
      if ((amount == null) !== (days == null)) throw new Error("ql_amount and ql_days go together");
      if (days === 0) throw new Error("ql_days must be at least 1");
      const quantity_limit = amount != null && days != null ? { amount, unit: (row.ql_unit ?? "").trim() || "units", period_days: days } : null;
      const data = {
        organization_id: organizationId,
        plan_id: plan.id,
        drug_name: drug,
        ndc,
        rxcui,
        products: [drug],
        tier,
        requires_prior_auth: flag(row.pa_required, "pa_required", true),
        quantity_limit: quantity_limit ?? undefined,
        step_therapy: steps(row.st_steps),
        notes: (row.ql_note ?? "").trim() || null,
        ...criteriaOf(row),
      };
      await database.prisma.$transaction([
        database.prisma.formularyDrugRequirement.deleteMany({ where: { organization_id: organizationId, plan_id: plan.id, drug_name: drug, ndc, rxcui } }),
        database.prisma.formularyDrugRequirement.create({ data }),
      ]);
      imported++;
    } catch (e) {
      errors.push({ line, message: e instanceof Error ? e.message : String(e) });
    }
  }
  return { kind: "formulary", imported, errors };
}

const FEE_ALIASES: Record<string, string> = {
  hcpcs: "code",
  cpt: "code",
  units_amount: "units",
  amount: "units",
  max_units: "units",
  period: "period_days",
  days: "period_days",
};

/**
 * Imports a fee-schedule CSV (columns code, description, units, period_days; period_days 1 = per
 * date of service) into plan `planId` of the organization: a row replaces the plan's row of its code.
 * Bad rows are reported by line; AppError("validation") when the file is not CSV or lacks a column.
 */
export async function importFeeScheduleCsv(database: Database, organizationId: string, planId: string, text: string): Promise<CsvImportResult> {
  const plan = await requirePlan(database, organizationId, planId);
  const rows = readCsv(text, ["code", "units", "period_days"], FEE_ALIASES);
  const errors: CsvImportResult["errors"] = [];
  let imported = 0;
  for (const { line, row } of rows) {
    try {
      const code = (row.code ?? "").trim().toUpperCase();
      if (!/^(?:[A-Z]\d{4}|\d{4}[0-9FTU])$/.test(code)) throw new Error(`code "${code}" is not a HCPCS/CPT code`);
      const units = num(row.units, "units");
      const period = num(row.period_days, "period_days", { int: true });
      if (units == null) throw new Error("units is required");
      if (period == null || period < 1) throw new Error("period_days must be at least 1");
      const description = (row.description ?? "").trim().slice(0, 500) || null;
      await database.prisma.feeScheduleRow.upsert({
        where: { plan_id_code: { plan_id: plan.id, code } },
        create: { organization_id: organizationId, plan_id: plan.id, code, description, units_amount: units, period_days: period },
        update: { description, units_amount: units, period_days: period },
      });
      imported++;
    } catch (e) {
      errors.push({ line, message: e instanceof Error ? e.message : String(e) });
    }
  }
  return { kind: "fee_schedule", imported, errors };
}

const HISTORY_ALIASES: Record<string, string> = {
  hcpcs: "code",
  cpt: "code",
  procedure_code: "code",
  member: "member_id",
  subscriber_id: "member_id",
  dos: "date_of_service",
  service_date: "date_of_service",
  from_date: "date_of_service",
  units_billed: "units",
  quantity: "units",
  claim: "claim_id",
  claim_number: "claim_id",
  icn: "claim_id",
  modifier: "modifiers",
};

/**
 * Imports a claims-history CSV (the plan's paid service lines: member_id, code, units,
 * date_of_service; optional modifiers, claim_id, note) into plan `planId` of the organization. The
 * claim intake counts these lines with the member's earlier claims when it applies the fee
 * schedule's frequency and unit limits. A line imported again (same member, code, date, modifiers
 * and claim_id) replaces the earlier row, so importing a file twice never counts a service twice.
 * Bad rows are reported by line; AppError("validation") when the file is not CSV or lacks a
 * column; AppError("not_found") when the plan is not the organization's.
 */
export async function importClaimsHistoryCsv(database: Database, organizationId: string, planId: string, text: string): Promise<CsvImportResult> {
  const plan = await requirePlan(database, organizationId, planId);
  const rows = readCsv(text, ["member_id", "code", "units", "date_of_service"], HISTORY_ALIASES);
  const errors: CsvImportResult["errors"] = [];
  const good: PaidClaimLineInput[] = [];
  for (const { line, row } of rows) {
    try {
      const member_id = (row.member_id ?? "").trim();
      if (!member_id) throw new Error("member_id is required");
      const code = (row.code ?? "").trim().toUpperCase();
      if (!/^(?:[A-Z]\d{4}|\d{4}[0-9FTU])$/.test(code)) throw new Error(`code "${code}" is not a HCPCS/CPT code`);
      const units = num(row.units, "units");
      if (units == null) throw new Error("units is required");
      const date_of_service = isoDate(row.date_of_service, "date_of_service", true)!;
      const modifiers = (row.modifiers ?? "")
        .split(/[\s,;:]+/)
        .map((m) => m.trim().toUpperCase())
        .filter(Boolean);
      const bad = modifiers.find((m) => !/^[A-Z0-9]{2}$/.test(m));
      if (bad) throw new Error(`modifier "${bad}" is not a two-character modifier`);
      good.push({
        member_id,
        code,
        units,
        date_of_service,
        modifiers,
        claim_reference: (row.claim_id ?? "").trim() || null,
        note: (row.note ?? "").trim() || null,
      });
    } catch (e) {
      errors.push({ line, message: e instanceof Error ? e.message : String(e) });
    }
  }
  const imported = await savePaidClaimLines(database, organizationId, plan.id, good);
  return { kind: "claims_history", imported, errors };
}
