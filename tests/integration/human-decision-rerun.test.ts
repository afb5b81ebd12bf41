/**
 * A reviewer's decision survives AI re-runs (issue 8, defect 12): re-running the intake adds a new AI
 * decision beside the one the reviewer decided on and never deletes or supersedes the human
 * decision; the case's effective decision (detail header, list, dashboard, prior_auths.final_decision)
 * stays the latest human decision.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createPriorAuthFromEpa } from "~/prior-auths/create-prior-auth.server";
import { runIntake } from "~/intake/run-intake.server";
import { recordHumanDecision } from "~/prior-auths/record-human-decision.server";
import { getPriorAuthDetail } from "~/prior-auths/get-prior-auth-detail.server";
import { listPriorAuths } from "~/prior-auths/list-prior-auths.server";
import { getDashboardStats } from "~/organizations/get-dashboard-stats.server";
import { DEMO_CASES } from "../../fixtures/demo/catalog";
import { priorAuthDocumentText } from "~/synthetic/generate-synthetic-pa";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await t?.cleanup();
});

it("re-running the AI keeps the reviewer's override final everywhere", async () => {
  const p = t.database.prisma;
  const org = await p.organization.create({ data: { name: "rerun org" } });
  const pa = await createPriorAuthFromEpa(t.database, org.id, priorAuthDocumentText(DEMO_CASES[0]), { queue: false });
  await runIntake(t.database, pa.id);
  const first = await p.aiDecision.findFirstOrThrow({ where: { prior_auth_id: pa.id } });
  // The reviewer decides the opposite of the AI (needs_more_information counts as "not approved").
  const human = first.final_decision === "approved" ? "deny" : "approve";
  const humanFinal = human === "approve" ? "approved" : "denied";
  const recorded = await recordHumanDecision(t.database, org.id, pa.id, first.id, { decision_type: human, reason: "Chart reviewed by pharmacist" }, null);

  await runIntake(t.database, pa.id); // the AI re-run

  // The human decision still exists and still points at the AI decision it overrode.
  const humans = await p.humanDecision.findMany({ where: { prior_auth_id: pa.id } });
  expect(humans).toHaveLength(1);
  expect(humans[0]).toMatchObject({ id: recorded.token, ai_decision_id: first.id, decision_type: human });
  // The re-run added an AI decision beside the old one.
  const ais = await p.aiDecision.findMany({ where: { prior_auth_id: pa.id }, orderBy: { created_at: "asc" } });
  expect(ais.map((a) => a.id)).toContain(first.id);
  expect(ais).toHaveLength(2);

  // Effective decision = the human one, the same everywhere.
  const row = await p.priorAuth.findUniqueOrThrow({ where: { id: pa.id } });
  expect(row.final_decision).toBe(humanFinal);
  const detail = await getPriorAuthDetail(t.database, org.id, pa.id);
  expect(detail.decision?.decision_type).toBe(human);
  expect(detail.ai_decision?.token).toBe(ais[1]!.id); // the detail shows the latest AI decision beside it
  const list = await listPriorAuths(t.database, org.id);
  expect(list.prior_auths.find((x) => x.token === pa.id)?.final_decision).toBe(humanFinal);
  const stats = await getDashboardStats(org.id);
  expect(stats.priorAuths[humanFinal]).toBe(1);

  // A third run still adds only its own decision (the unreferenced one it replaces is removed).
  await runIntake(t.database, pa.id);
  expect(await p.aiDecision.count({ where: { prior_auth_id: pa.id } })).toBe(2);
  expect((await p.priorAuth.findUniqueOrThrow({ where: { id: pa.id } })).final_decision).toBe(humanFinal);
}, 120_000);
