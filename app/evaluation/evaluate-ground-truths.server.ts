/**
 * Replays reviewers' ground truths (created from the prompt re-run modal's 'Send for review') as a
 * regression set: each ground truth's prompt type is re-run on its prior auth with the current
 * engine (built-in or model) and compared field by field with the expected output.
 */
import type { Database } from "~/lib/db.server";
import { compareOutputs, runPrompt } from "~/prompts/prompts.server";

export interface GroundTruthScore {
  ground_truth_id: string;
  prior_auth_id: string;
  prompt_type: string;
  score: number | null;
  matched: number;
  total: number;
  mismatches: { path: string; expected: unknown; actual: unknown }[];
  error?: string;
}

/**
 * Scores every ground truth of `organizationId` (all organizations when null) that still has its
 * prior auth. Returns one row per ground truth plus the mean score per prompt type (0..1).
 */
export async function evaluateGroundTruths(database: Database, organizationId: string | null) {
  const truths = await database.prisma.groundTruth.findMany({
    where: { ...(organizationId ? { organization_id: organizationId } : {}), prior_auth_id: { not: null } },
    orderBy: { created_at: "asc" },
  });
  const rows: GroundTruthScore[] = [];
  for (const t of truths) {
    try {
      const result = await runPrompt(database, t.organization_id, t.prior_auth_id!, { prompt_type: t.prompt_type });
      // compared with this ground truth (the modal's evaluation mode uses the case's latest one)
      const ev = compareOutputs(t.expected, result.data);
      rows.push({
        ground_truth_id: t.id,
        prior_auth_id: t.prior_auth_id!,
        prompt_type: t.prompt_type,
        score: ev.score,
        matched: ev.matched,
        total: ev.total,
        mismatches: ev.diff.filter((d) => !d.match).map(({ path, expected, actual }) => ({ path, expected, actual })),
      });
    } catch (err) {
      rows.push({
        ground_truth_id: t.id,
        prior_auth_id: t.prior_auth_id!,
        prompt_type: t.prompt_type,
        score: 0,
        matched: 0,
        total: 0,
        mismatches: [],
        error: (err as Error).message,
      });
    }
  }
  const byType = new Map<string, number[]>();
  for (const r of rows) if (r.score !== null) byType.set(r.prompt_type, [...(byType.get(r.prompt_type) ?? []), r.score]);
  const mean = Object.fromEntries([...byType].map(([k, v]) => [k, v.reduce((a, b) => a + b, 0) / v.length]));
  return { rows, mean_by_prompt_type: mean as Record<string, number> };
}
