/**
 * The clinical agents on an OpenAI-compatible model: the model implementation of
 * `ClinicalAgents` (app/clinical/pipeline/run-pipeline.ts). Eligibility and policy selection stay
 * deterministic (roster and formulary lookups are not a model's job); the decision goes through the
 * same rule book as the built-in engine's.
 */
import type { Citation } from "~/clinical/contracts";
import { builtinAgents } from "~/clinical/pipeline/builtin-agents";
import type { ClinicalAgents } from "~/clinical/pipeline/run-pipeline";
import type { ModelClient } from "./llm.server";
import { extractCaseFactsWithModel } from "./extract-case.model";
import { reviewCaseWithModel } from "./review-case.model";
import { auditCaseWithModel } from "./audit-case.model";
import { proposeWithModel } from "./decide-case.model";
import { extractServiceLinesWithModel } from "./extract-services.model";
import { extractServiceLines } from "~/clinical/extract/service-lines";

/** Case documents longer than this (characters) are reviewed on retrieved passages instead of whole pages. */
export const WHOLE_DOCUMENT_LIMIT = 40_000;

export interface ModelAgentOptions {
  /** passages of the case document relevant to the tree's questions (hybrid retrieval) */
  retrieve?: (queries: string[]) => Promise<Citation[]>;
}

/** `ClinicalAgents` backed by `client` (see the module comment). */
export function modelAgents(client: ModelClient, opts: ModelAgentOptions = {}): ClinicalAgents {
  return {
    engine: "openai",
    model: client.model,
    extract: (doc, o) => extractCaseFactsWithModel(client, doc, { documentName: o.documentName, formulary: o.formulary, knownDrugNames: o.knownDrugNames }),
    // medical requests: the model lists the service lines; when it finds no line with a code written
    // on the document, the built-in reader of the form's layout is used instead
    async extractServices(doc, o) {
      const lines = await extractServiceLinesWithModel(client, doc, { documentName: o.documentName });
      return lines.some((l) => l.code) ? lines : extractServiceLines(doc, o.documentName);
    },
    eligibility: builtinAgents.eligibility,
    selectPolicy: builtinAgents.selectPolicy,
    async review(input) {
      const size = input.caseDoc.pages.reduce((s, p) => s + p.text.length, 0);
      const questions = input.tree.nodes.filter((n) => n.node_type === "question").map((n) => n.question);
      const evidence = size > WHOLE_DOCUMENT_LIMIT && opts.retrieve ? await opts.retrieve(questions.slice(0, 30)) : undefined;
      return reviewCaseWithModel(client, {
        facts: input.facts,
        caseDoc: input.caseDoc,
        documentName: input.documentName,
        tree: input.tree,
        policyId: input.policyId,
        evidence,
        requestDate: input.facts.request_date,
      });
    },
    audit: (input) =>
      auditCaseWithModel(client, {
        facts: input.facts,
        eligibility: input.eligibility,
        review: input.review,
        formulary: input.eligibility.formulary,
        rules: input.rules,
        requestDate: input.facts.request_date,
        caseDoc: input.caseDoc,
        documentName: input.documentName,
      }),
    propose: (input) => proposeWithModel(client, input),
  };
}
