/** Small pieces of the agent-workflow screens. */
import { Badge } from "~/prior-auths/ui/badges";

const AGENT_LABELS: Record<string, string> = {
  document: "Document",
  extraction: "Extraction",
  eligibility: "Eligibility check",
  clinical_review: "Clinical review",
  audit: "Audit check",
  decision: "Decision",
  chat: "Chat reply",
  prompt: "Prompt re-run",
  decision_tree: "Decision tree",
};

/** "clinical_review" → "Clinical review"; unknown agents are title-cased. */
export function agentLabel(agent: string): string {
  return AGENT_LABELS[agent] ?? agent.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
}

/** "850 ms", "4.2 s", "2 min 5 s", or "—" while running. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

export function RunStatusBadge({ status }: { status: string }) {
  const tone = status === "succeeded" ? "green" : status === "failed" ? "red" : "sky";
  return (
    <Badge tone={tone} data-testid="run-status">
      {status === "running" ? "Running" : status === "succeeded" ? "Succeeded" : status === "failed" ? "Failed" : status}
    </Badge>
  );
}
