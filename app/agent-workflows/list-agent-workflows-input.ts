/** Search parameters of /o/{org}/agent-workflows (?status=&agent=&engine=&page=). */
import { z } from "zod";

export const AGENT_RUN_STATUSES = ["running", "succeeded", "failed"] as const;
export const AGENT_ENGINES = ["builtin", "openai"] as const;

export const ListAgentWorkflowsQuerySchema = z.object({
  status: z.enum(AGENT_RUN_STATUSES).optional().catch(undefined),
  agent: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,40}$/)
    .optional()
    .catch(undefined),
  engine: z.enum(AGENT_ENGINES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type ListAgentWorkflowsQuery = z.infer<typeof ListAgentWorkflowsQuerySchema>;

/** The detail page's "Retry" form. */
export const RetryAgentWorkflowSchema = z.object({ intent: z.literal("retry") });
