/**
 * Agent workflows (/o/{org}/agent-workflows): every recorded agent run of the organization (intake
 * steps, chat, prompt re-runs, decision-tree generation), newest first, with the failed ones
 * retryable. Reads ai_agent_runs, always filtered by organization.
 */
import type { Database } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { AppError, notFound } from "~/lib/errors";
import { queueIntake } from "~/prior-auths/create-prior-auth.server";
import { timeAgoInWords } from "~/prior-auths/time-ago";
import type { ListAgentWorkflowsQuery } from "./list-agent-workflows-input";

export const AGENT_WORKFLOWS_PAGE_SIZE = 20;

/** The agents of the prior-auth intake: a failed one is retried by re-running the intake. */
export const INTAKE_AGENTS = new Set(["document", "extraction", "eligibility", "clinical_review", "audit", "decision"]);

export interface AgentWorkflowSummary {
  token: string;
  status: string;
  agent: string;
  step: number | null;
  task_message: string | null;
  time_ago_in_words: string;
  started_at: string;
  finished_at: string | null;
  engine: string;
  /** the model's name, or "Built-in engine" */
  model_label: string;
  duration_ms: number | null;
  error: string | null;
  subject: { kind: "prior_auth" | "claim" | "coverage_policy"; id: string; label: string } | null;
  retryable: boolean;
}

export interface AgentWorkflowDetail extends AgentWorkflowSummary {
  input: unknown;
  output: unknown;
}

const SELECT = {
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
  prior_auth_id: true,
  claim_id: true,
  coverage_policy_id: true,
  prior_auth: { select: { patient_name: true, medication_name: true } },
} satisfies Prisma.AiAgentRunSelect;

type Row = Prisma.AiAgentRunGetPayload<{ select: typeof SELECT }>;

function summarize(r: Row, now: Date): AgentWorkflowSummary {
  const subject = r.prior_auth_id
    ? {
        kind: "prior_auth" as const,
        id: r.prior_auth_id,
        label: [r.prior_auth?.patient_name, r.prior_auth?.medication_name].filter(Boolean).join(" · ") || "Prior auth",
      }
    : r.claim_id
      ? { kind: "claim" as const, id: r.claim_id, label: "Medical claim" }
      : r.coverage_policy_id
        ? { kind: "coverage_policy" as const, id: r.coverage_policy_id, label: "Coverage policy" }
        : null;
  return {
    token: r.id,
    status: r.status,
    agent: r.agent,
    step: r.step,
    task_message: r.task_message,
    time_ago_in_words: timeAgoInWords(r.started_at, now),
    started_at: r.started_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
    engine: r.engine,
    model_label: r.engine === "builtin" && !r.model ? "Built-in engine" : (r.model ?? r.engine),
    duration_ms: r.duration_ms,
    error: r.error,
    subject,
    retryable: r.status === "failed" && Boolean(r.prior_auth_id) && INTAKE_AGENTS.has(r.agent),
  };
}

/** One page (20) of the organization's agent runs, newest first, filtered by status, agent and engine. */
export async function listAgentWorkflows(database: Database, organizationId: string, query: ListAgentWorkflowsQuery, now = new Date()) {
  const where: Prisma.AiAgentRunWhereInput = { organization_id: organizationId };
  if (query.status) where.status = query.status;
  if (query.agent) where.agent = query.agent;
  if (query.engine) where.engine = query.engine;
  const [rows, total, agents, failed] = await Promise.all([
    database.prisma.aiAgentRun.findMany({
      where,
      orderBy: [{ started_at: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * AGENT_WORKFLOWS_PAGE_SIZE,
      take: AGENT_WORKFLOWS_PAGE_SIZE,
      select: SELECT,
    }),
    database.prisma.aiAgentRun.count({ where }),
    database.prisma.aiAgentRun.findMany({
      where: { organization_id: organizationId },
      distinct: ["agent"],
      select: { agent: true },
      orderBy: { agent: "asc" },
    }),
    database.prisma.aiAgentRun.count({ where: { organization_id: organizationId, status: "failed" } }),
  ]);
  return {
    runs: rows.map((r) => summarize(r, now)),
    total,
    page: query.page,
    per_page: AGENT_WORKFLOWS_PAGE_SIZE,
    agents: agents.map((a) => a.agent),
    failed_total: failed,
  };
}

/** One run with its stored input and output. Throws AppError("not_found") for another organization's run. */
export async function getAgentWorkflow(database: Database, organizationId: string, runId: string, now = new Date()): Promise<AgentWorkflowDetail> {
  if (!runId || runId.length > 64) throw notFound();
  const r = await database.prisma.aiAgentRun.findFirst({
    where: { id: runId, organization_id: organizationId },
    select: { ...SELECT, input: true, output: true },
  });
  if (!r) throw notFound();
  return { ...summarize(r, now), input: r.input ?? null, output: r.output ?? null };
}

/**
 * Retries a failed intake run: re-queues the whole intake of its prior auth (the intake's steps
 * depend on each other, so one step is never re-run alone). The intake never overwrites a human
 * decision. Throws not_found for another organization's run, conflict when the run is not a failed
 * intake run.
 */
export async function retryAgentWorkflow(database: Database, organizationId: string, runId: string) {
  const run = await getAgentWorkflow(database, organizationId, runId);
  if (!run.retryable || run.subject?.kind !== "prior_auth") throw new AppError("conflict", "Only a failed intake run can be retried");
  await queueIntake(database, organizationId, run.subject.id);
  return { prior_auth_id: run.subject.id };
}
