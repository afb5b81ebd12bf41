/**
 * Prior-auth domain API in one import for routes and pages (`~/prior-auths/index.server`).
 * Every function takes the database first and is scoped to an organization: another
 * organization's ids behave exactly like unknown ids (AppError "not_found").
 */
export { listPriorAuths, PRIOR_AUTH_PAGE_SIZE, type ListPriorAuthsOptions, type PriorAuthListResult } from "./list-prior-auths.server";
export { getPriorAuthDetail, denialLetterAllowed, isApproval } from "./get-prior-auth-detail.server";
export { deletePriorAuth } from "./delete-prior-auth.server";
export { recordHumanDecision } from "./record-human-decision.server";
export { RecordHumanDecisionInputSchema, type RecordHumanDecisionInput } from "./record-human-decision-input";
export { listAgentRuns, type AgentRun } from "./list-agent-runs.server";
export { generateSyntheticPriorAuthDocument } from "./generate-synthetic-prior-auth.server";
export {
  createPriorAuth,
  createPriorAuthFromEpa,
  createPriorAuthFromFax,
  queueIntake,
  readCreatePriorAuthRequest,
  serializeCreatedPriorAuth,
  type CreatePriorAuthInput,
} from "./create-prior-auth.server";
export { requirePriorAuth } from "./require-prior-auth.server";
export { generateDenialLetter, getLetterPdf, SIGN_OFF_REQUIRED, type DenialLetterInput } from "~/letters/generate-denial-letter.server";
export { listLetterForms, createLetterForm } from "~/letters/manage-letter-forms.server";
export {
  createChatThread,
  listChatMessages,
  latestChatThreadId,
  createChatMessage,
  startAiChatReply,
  settleChatReplies,
  SUGGESTED_QUESTIONS,
} from "~/chat/chat.server";
export { getPrompt, runPrompt, createGroundTruth, listGroundTruths, PROMPT_TYPES } from "~/prompts/prompts.server";
export type { PriorAuthDetail, PriorAuthListItem } from "./schemas";
