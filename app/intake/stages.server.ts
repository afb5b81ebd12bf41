/**
 * The five agents behind one interface, each with two implementations: the built-in clinical
 * engine (app/engine, deterministic, offline) and an OpenAI-compatible model (app/agents) when
 * OPENAI_BASE_URL is configured. Hard rules (eligibility, exclusions) are enforced in code on both.
 */
import type { Database } from "~/lib/db.server";
import type {
  AuditFinding,
  CaseFacts,
  DecisionResult,
  DecisionTree,
  EligibilityResult,
  FormularyRow,
  ParsedDocument,
  ReviewResult,
  RosterMember,
} from "~/engine/types";
import { extractCaseFacts } from "~/engine/extract";
import { checkEligibility } from "~/engine/eligibility/check-eligibility";
import { reviewCase, selectPolicy } from "~/engine/review/review-case";
import { auditCase } from "~/engine/audit/audit-case";
import { decideCase } from "~/engine/decide/decide-case";
import { builtinEmbed, type EmbedFn } from "~/documents/store-document.server";
import { searchPassages } from "~/documents/search-passages.server";
import { getModelClient } from "~/agents/llm.server";
import { extractCaseFactsWithModel } from "~/agents/extract-case.model";
import { reviewCaseWithModel } from "~/agents/review-case.model";
import { auditCaseWithModel } from "~/agents/audit-case.model";
import { decideCaseWithModel } from "~/agents/decide-case.model";

export interface ReviewInput {
  facts: CaseFacts;
  caseDoc: ParsedDocument;
  tree: DecisionTree | null;
  policyId: string | null;
  requestDate: string | null;
  eligibility: EligibilityResult;
  database: Database;
  organizationId: string;
  priorAuthId: string;
}

export interface AuditInput {
  facts: CaseFacts;
  eligibility: EligibilityResult;
  review: ReviewResult;
  formulary: FormularyRow | null;
  rules: { name: string; description: string; conditions: string[]; actions: string[] }[];
  requestDate: string | null;
  caseDoc: ParsedDocument;
}

export interface IntakeStages {
  engine: "builtin" | "openai";
  model: string | null;
  embed: EmbedFn;
  extract(doc: ParsedDocument, opts: { documentName: string; formulary: FormularyRow[]; knownDrugNames: string[] }): Promise<CaseFacts>;
  eligibility(facts: CaseFacts, roster: RosterMember[], formulary: FormularyRow[]): EligibilityResult;
  selectPolicy(facts: CaseFacts, policies: { id: string; drug_names: string[] }[]): string | null;
  review(input: ReviewInput): Promise<ReviewResult>;
  audit(input: AuditInput): Promise<AuditFinding[]>;
  decide(input: { facts: CaseFacts; eligibility: EligibilityResult; review: ReviewResult; audit: AuditFinding[] }): Promise<DecisionResult>;
}

const EMPTY_REVIEW: ReviewResult = { policy_id: null, paths: [], traversal: [] };

/** The built-in engine's stages. */
export const builtinStages: IntakeStages = {
  engine: "builtin",
  model: null,
  embed: builtinEmbed,
  async extract(doc, opts) {
    return extractCaseFacts(doc, opts);
  },
  eligibility: (facts, roster, formulary) => checkEligibility(facts, roster, formulary),
  selectPolicy: (facts, policies) => selectPolicy(facts, policies),
  async review(input) {
    if (!input.tree || !input.policyId) return EMPTY_REVIEW;
    return reviewCase({
      facts: input.facts,
      caseDoc: input.caseDoc,
      tree: input.tree,
      policyId: input.policyId,
      requestDate: input.requestDate,
      eligibility: input.eligibility,
    });
  },
  async audit(input) {
    return auditCase(input);
  },
  async decide(input) {
    return decideCase(input);
  },
};

/** Model-backed stages; eligibility and policy selection stay deterministic (roster lookups). */
export function modelStages(): IntakeStages | null {
  const client = getModelClient();
  if (!client) return null;
  return {
    engine: "openai",
    model: client.model,
    embed: (texts) => client.embed(texts),
    extract: (doc, opts) => extractCaseFactsWithModel(client, doc, opts),
    eligibility: builtinStages.eligibility,
    selectPolicy: builtinStages.selectPolicy,
    async review(input) {
      if (!input.tree || !input.policyId) return EMPTY_REVIEW;
      const queries = input.tree.nodes.filter((n) => n.node_type === "question").map((n) => n.question);
      const seen = new Map<string, Awaited<ReturnType<typeof searchPassages>>[number]>();
      const asked = queries.slice(0, 30);
      const embeddings = asked.length ? await client.embed(asked) : [];
      for (const [i, q] of asked.entries()) {
        const embedding = embeddings[i];
        for (const p of await searchPassages(input.database, { organization_id: input.organizationId, prior_auth_id: input.priorAuthId }, q, { limit: 4, embedding })) {
          seen.set(p.chunk_id, p);
        }
      }
      return reviewCaseWithModel(client, { facts: input.facts, tree: input.tree, evidence: [...seen.values()], policyId: input.policyId, requestDate: input.requestDate });
    },
    audit: (input) => auditCaseWithModel(client, input),
    decide: (input) => decideCaseWithModel(client, input),
  };
}

/** Model stages when a model is configured, else the built-in engine. */
export function getStages(): IntakeStages {
  return modelStages() ?? builtinStages;
}
