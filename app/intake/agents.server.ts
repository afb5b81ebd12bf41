/**
 * Which agents run a case: the model agents (app/agents/model-agents.ts) when OPENAI_BASE_URL is
 * configured, else the built-in clinical engine (app/clinical). Both implement `ClinicalAgents` and
 * run through the same pipeline and decision rules; this module only adds what the intake needs
 * around them (the embedding function for document chunks, retrieval over the case's chunks).
 */
import type { Database } from "~/lib/db.server";
import type { ClinicalAgents } from "~/clinical/pipeline/run-pipeline";
import { builtinAgents } from "~/clinical/pipeline/builtin-agents";
import { builtinEmbed, type EmbedFn } from "~/documents/store-document.server";
import { searchPassages, type Passage } from "~/documents/search-passages.server";
import { getModelClient, type ModelClient } from "~/agents/llm.server";
import { modelAgents } from "~/agents/model-agents";

export interface IntakeAgents {
  agents: ClinicalAgents;
  /** embeds document chunks for retrieval (the model's embeddings, else the built-in lexical one) */
  embed: EmbedFn;
}

/** The case a set of agents works on (retrieval is scoped to it). */
export interface CaseScope {
  database: Database;
  organizationId: string;
  priorAuthId: string;
}

/** Model agents for `client`, retrieving over the case's stored chunks. */
export function intakeModelAgents(client: ModelClient, scope: CaseScope | null): IntakeAgents {
  const retrieve = scope
    ? async (queries: string[]) => {
        const seen = new Map<string, Passage>();
        const embeddings = queries.length ? await client.embed(queries) : [];
        for (const [i, q] of queries.entries()) {
          for (const p of await searchPassages(scope.database, { organization_id: scope.organizationId, prior_auth_id: scope.priorAuthId }, q, {
            limit: 4,
            embedding: embeddings[i],
          }))
            seen.set(p.chunk_id, p);
        }
        return [...seen.values()];
      }
    : undefined;
  return { agents: modelAgents(client, { retrieve }), embed: (texts) => client.embed(texts) };
}

/** The built-in engine's agents. */
export const builtinIntakeAgents: IntakeAgents = { agents: builtinAgents, embed: builtinEmbed };

/** Model agents when a model is configured, else the built-in engine. */
export function getAgents(scope: CaseScope | null = null): IntakeAgents {
  const client = getModelClient();
  return client ? intakeModelAgents(client, scope) : builtinIntakeAgents;
}
