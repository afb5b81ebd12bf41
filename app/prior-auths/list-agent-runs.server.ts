/** The agent runs of a prior auth (developer view, GET .../prior_auths/{id}/ai_agent_runs.json). */
import type { Database } from "~/lib/db.server";
import type { z } from "zod";
import { requirePriorAuth } from "./require-prior-auth.server";
import { timeAgoInWords } from "./time-ago";
import type { AgentRunSchema } from "./schemas";

export type AgentRun = z.infer<typeof AgentRunSchema>;

/**
 * Every recorded agent run of the case (document, extraction, eligibility, clinical_review, audit,
 * decision, chat, prompt), oldest first. The stored output can be large, so only
 * `output.response.model` is returned. Throws AppError("not_found").
 */
export async function listAgentRuns(database: Database, organizationId: string, priorAuthId: string): Promise<AgentRun[]> {
  const pa = await requirePriorAuth(database, organizationId, priorAuthId);
  const runs = await database.prisma.aiAgentRun.findMany({
    where: { prior_auth_id: pa.id, organization_id: organizationId },
    orderBy: [{ started_at: "asc" }, { id: "asc" }],
    select: {
      id: true,
      status: true,
      agent: true,
      step: true,
      task_message: true,
      started_at: true,
      finished_at: true,
      engine: true,
      model: true,
      duration_ms: true,
      error: true,
    },
  });
  const now = new Date();
  return runs.map((r) => ({
    token: r.id,
    status: r.status,
    agent: r.agent,
    step: r.step,
    task_message: r.task_message,
    time_ago_in_words: timeAgoInWords(r.started_at, now),
    started_at: r.started_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
    engine: r.engine,
    model: r.model,
    duration_ms: r.duration_ms,
    error: r.error,
    output: { response: { model: r.model ?? (r.engine === "builtin" ? "builtin" : null) } },
  }));
}
