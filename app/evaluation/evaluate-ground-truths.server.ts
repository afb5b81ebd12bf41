/**
 * Replays reviewers' ground truths (created from the prompt re-run modal's 'Send for review' on a
 * prior auth or a medical claim) as a regression set: each ground truth's prompt type is re-run on
 * its case with the current engine (built-in or model) and compared field by field with the
 * expected output. Claim ground truths of the service_lines and decision prompts are also scored
 * per service line (decision, code, units), matched by line_number.
 */
import type { Database } from "~/lib/db.server";
import { compareOutputs, runPrompt } from "~/prompts/prompts.server";
import { runClaimPrompt } from "~/prompts/claim-prompts.server";

export interface GroundTruthScore {
  ground_truth_id: string;
  kind: "prior_auth" | "claim";
  /** the prior auth's or the claim's id */
  case_id: string;
  prior_auth_id: string | null;
  claim_id: string | null;
  prompt_type: string;
  score: number | null;
  matched: number;
  total: number;
  mismatches: { path: string; expected: unknown; actual: unknown }[];
  /** claims only: per service line agreement with the expected lines */
  lines?: LineAgreement;
  error?: string;
}

/** Counts of expected service lines and how many the fresh run matched (decision, code, units). */
export interface LineAgreement {
  lines: number;
  /** expected lines that state a final_decision (decision prompt) */
  decisions: number;
  decisions_matched: number;
  /** expected lines that state a code / units */
  codes: number;
  codes_matched: number;
  units: number;
  units_matched: number;
}

type Line = { line_number?: unknown; code?: unknown; units?: unknown; final_decision?: unknown };
const asLines = (v: unknown): Line[] => {
  const list = Array.isArray(v)
    ? v
    : v && typeof v === "object" && Array.isArray((v as { service_lines?: unknown }).service_lines)
      ? (v as { service_lines: unknown[] }).service_lines
      : [];
  return list.filter((x): x is Line => !!x && typeof x === "object");
};
const code = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, "").toUpperCase() : v);

/**
 * Per service line agreement of `actual` with `expected` (arrays of lines, or `{service_lines}`):
 * lines are paired by line_number (else position); codes compare without case or spaces, units as
 * numbers, decisions exactly.
 */
export function compareServiceLines(expected: unknown, actual: unknown): LineAgreement {
  const want = asLines(expected);
  const got = asLines(actual);
  const out: LineAgreement = { lines: want.length, decisions: 0, decisions_matched: 0, codes: 0, codes_matched: 0, units: 0, units_matched: 0 };
  want.forEach((w, i) => {
    const g = (w.line_number != null ? got.find((x) => x.line_number === w.line_number) : undefined) ?? got[i] ?? {};
    if (w.final_decision !== undefined) {
      out.decisions++;
      if (g.final_decision === w.final_decision) out.decisions_matched++;
    }
    if (w.code !== undefined) {
      out.codes++;
      if (code(g.code) === code(w.code)) out.codes_matched++;
    }
    if (w.units !== undefined) {
      out.units++;
      if (g.units != null && Number(g.units) === Number(w.units)) out.units_matched++;
    }
  });
  return out;
}

/**
 * Scores every ground truth of `organizationId` (all organizations when null) that still has its
 * prior auth or claim. Returns one row per ground truth, the mean score per prompt type (0..1) for
 * prior auths and for claims, and the claims' per-line accuracies (0..1, null without such lines).
 */
export async function evaluateGroundTruths(database: Database, organizationId: string | null) {
  const truths = await database.prisma.groundTruth.findMany({
    where: { ...(organizationId ? { organization_id: organizationId } : {}), OR: [{ prior_auth_id: { not: null } }, { claim_id: { not: null } }] },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
  });
  const rows: GroundTruthScore[] = [];
  for (const t of truths) {
    const kind = t.claim_id ? ("claim" as const) : ("prior_auth" as const);
    const ids = {
      ground_truth_id: t.id,
      kind,
      case_id: (t.claim_id ?? t.prior_auth_id)!,
      prior_auth_id: t.prior_auth_id,
      claim_id: t.claim_id,
      prompt_type: t.prompt_type,
    };
    try {
      const input = { prompt_type: t.prompt_type };
      const result = t.claim_id
        ? await runClaimPrompt(database, t.organization_id, t.claim_id, input)
        : await runPrompt(database, t.organization_id, t.prior_auth_id!, input);
      // compared with this ground truth (the modal's evaluation mode uses the case's latest one)
      const ev = compareOutputs(t.expected, result.data);
      rows.push({
        ...ids,
        score: ev.score,
        matched: ev.matched,
        total: ev.total,
        mismatches: ev.diff.filter((d) => !d.match).map(({ path, expected, actual }) => ({ path, expected, actual })),
        ...(kind === "claim" && asLines(t.expected).length ? { lines: compareServiceLines(t.expected, result.data) } : {}),
      });
    } catch (err) {
      rows.push({ ...ids, score: 0, matched: 0, total: 0, mismatches: [], error: (err as Error).message });
    }
  }
  const meanByType = (kind: GroundTruthScore["kind"]) => {
    const byType = new Map<string, number[]>();
    for (const r of rows) if (r.kind === kind && r.score !== null) byType.set(r.prompt_type, [...(byType.get(r.prompt_type) ?? []), r.score]);
    return Object.fromEntries([...byType].map(([k, v]) => [k, v.reduce((a, b) => a + b, 0) / v.length])) as Record<string, number>;
  };
  const sum = (k: keyof LineAgreement) => rows.reduce((n, r) => n + (r.lines?.[k] ?? 0), 0);
  const ratio = (matched: keyof LineAgreement, total: keyof LineAgreement) => (sum(total) ? sum(matched) / sum(total) : null);
  return {
    rows,
    mean_by_prompt_type: meanByType("prior_auth"),
    claims: {
      ground_truths: rows.filter((r) => r.kind === "claim").length,
      mean_by_prompt_type: meanByType("claim"),
      line_decision_accuracy: ratio("decisions_matched", "decisions"),
      code_accuracy: ratio("codes_matched", "codes"),
      units_accuracy: ratio("units_matched", "units"),
      lines: sum("lines"),
    },
  };
}
