/**
 * Reviewers' ground truths replay as a regression set: evaluateGroundTruths re-runs each stored
 * prompt type on its case with the current engine and scores it field by field.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createPriorAuthFromEpa } from "~/prior-auths/create-prior-auth.server";
import { runIntake } from "~/intake/run-intake.server";
import { createGroundTruth } from "~/prompts/prompts.server";
import { evaluateGroundTruths } from "~/evaluation/evaluate-ground-truths.server";
import { DEMO_CASES } from "../../fixtures/demo/catalog";
import { priorAuthDocumentText } from "~/synthetic/generate-synthetic-pa";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await t?.cleanup();
});

it("scores stored ground truths against a fresh run, per prompt type", async () => {
  const org = await t.database.prisma.organization.create({ data: { name: "gt" } });
  const other = await t.database.prisma.organization.create({ data: { name: "other" } });
  const c = DEMO_CASES[0];
  const pa = await createPriorAuthFromEpa(t.database, org.id, priorAuthDocumentText(c), { queue: false });
  await runIntake(t.database, pa.id);
  await createGroundTruth(
    t.database,
    org.id,
    { prior_auth_id: pa.id, prompt_type: "extraction", expected: { patient: { first_name: c.patient.first_name, member_id: c.patient.member_id } } },
    null,
  );
  await createGroundTruth(
    t.database,
    org.id,
    { prior_auth_id: pa.id, prompt_type: "extraction", expected: { patient: { first_name: "Somebody Else" } } },
    null,
  );

  const { rows, mean_by_prompt_type } = await evaluateGroundTruths(t.database, org.id);
  expect(rows).toHaveLength(2);
  const scores = rows.map((r) => r.score).sort();
  expect(scores[0]).toBe(0);
  expect(scores[1]).toBe(1);
  expect(rows.find((r) => r.score === 0)!.mismatches[0]).toMatchObject({ path: "patient.first_name", expected: "Somebody Else", actual: c.patient.first_name });
  expect(mean_by_prompt_type.extraction).toBeCloseTo(0.5);
  // another organization's replay sees none of these
  expect((await evaluateGroundTruths(t.database, other.id)).rows).toHaveLength(0);
}, 120_000);
