/**
 * Issue 24 item A: letters and the reason they record are plain language. For each kind of failure
 * the engine reports (clinical criterion, insufficient documentation, exclusion, eligibility, AI rule,
 * every audit check, and no failed step at all) a letter is generated from the engine's own wording
 * — codes, "- [not_met]" lists, "≥"/">=" and "(read from the edited question)" — and the letter
 * body, its denial reason, its criterion and the human decision it records contain none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser } from "../support/fixtures";
import { seedReviewedCase } from "./api-prior-auths.seed";
import { generateDenialLetter } from "~/letters/generate-denial-letter.server";

let t: TestDatabase;
let orgId: string;
let userId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "Plain Words Plan" });
  orgId = a.organization.id;
  userId = a.user.id;
});

afterAll(async () => {
  await t?.cleanup();
});

/** What must never reach a member: snake_case codes, outcome markup, comparison symbols, engine notes. */
function internalPhrases(text: string): string[] {
  const found: string[] = [];
  for (const re of [/\b[a-z][a-z0-9]*_[a-z0-9_]+\b/g, /\[(?:met|not_met|insufficient)\]/g, /- \[/g, />=|<=|[≥≤<>]/g, /read from the edited question/g])
    found.push(...(text.match(re) ?? []));
  return found;
}

type Step = { question: string; reason: string; outcome: "not_met" | "insufficient" };
const ENGINE_RATIONALE =
  "Path: Rheumatoid arthritis (not_met)\n- [not_met] Age >= 60? — Patient is 52 years old; the policy requires ≥ 60 years. (read from the edited question)\nAudit: quantity_limit: Quantity 4 exceeds 2/28 days";

const KINDS: { name: string; kind: string; step: Step | null }[] = [
  {
    name: "clinical criterion not met",
    kind: "clinical",
    step: {
      question: "Is the member >= 60 years old?",
      reason: "Patient is 52 years old; the policy requires ≥ 60 years. (read from the edited question)",
      outcome: "not_met",
    },
  },
  {
    name: "not documented",
    kind: "clinical",
    step: {
      question: "Prescriber specialty (policy requires rheumatology)",
      reason: "- [insufficient] Prescriber specialty is not stated.",
      outcome: "insufficient",
    },
  },
  { name: "exclusion", kind: "clinical", step: { question: "Exclusion: age < 18", reason: "Member age < 18 [not_met]", outcome: "not_met" } },
  {
    name: "eligibility",
    kind: "eligibility",
    step: { question: "Is the member on the plan's roster?", reason: "coverage_terminated on 2026-01-31", outcome: "not_met" },
  },
  {
    name: "AI rule",
    kind: "ai_rule",
    step: { question: "member_age < 18", reason: "Rule member_age < 18 matched (read from the edited question)", outcome: "not_met" },
  },
  ...["quantity_limit", "step_therapy", "prescriber_restriction", "date_sanity", "duplicate_therapy"].map((code) => ({
    name: `audit ${code}`,
    kind: "audit",
    step: { question: code, reason: `${code}: requested quantity >= limit`, outcome: "not_met" as const },
  })),
  { name: "no failed step (rationale only)", kind: "clinical", step: null },
];

describe("denial letters are plain language for every failure kind", () => {
  for (const k of KINDS) {
    it(k.name, async () => {
      const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
      const p = t.database.prisma;
      await p.policyCheckStep.deleteMany({ where: { policy_check: { prior_auth_id: priorAuthId } } });
      await p.policyCheck.deleteMany({ where: { prior_auth_id: priorAuthId } });
      await p.aiDecision.updateMany({
        where: { prior_auth_id: priorAuthId },
        data: { rationale: ENGINE_RATIONALE, ai_summary: "Denied: step_therapy — not met." },
      });
      if (k.step)
        await p.policyCheck.create({
          data: {
            prior_auth_id: priorAuthId,
            title: k.kind === "audit" ? "Audit" : "Check",
            kind: k.kind,
            passed: false,
            policy_check_steps: { create: [{ position: 1, ...k.step, passed: k.step.outcome === "not_met" ? false : null }] },
          },
        });
      const letter = await generateDenialLetter(t.database, orgId, priorAuthId, { userId, clinician_sign_off: true });
      const human = await p.humanDecision.findFirstOrThrow({ where: { prior_auth_id: priorAuthId }, orderBy: { created_at: "desc" } });
      for (const [field, text] of Object.entries({
        body: letter.body,
        denial_reason: letter.denial_reason ?? "",
        criterion: letter.criterion ?? "",
        human: human.reason,
      })) {
        expect(internalPhrases(text), `${field}: ${text}`).toEqual([]);
      }
      expect(letter.denial_reason.length).toBeGreaterThan(10);
    });
  }
});
