/**
 * Paths served by an alias in app/routes.ts reach their module through the real request handler,
 * with the same organization scoping: `/coverage_policies/{id}.json` answers like `/coverage_policies/{id}`.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { createPlan } from "~/plans/manage-plans.server";
import { createCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";

let t: TestDatabase;
let app: AppHandler;
beforeAll(async () => {
  t = await createTestDatabase();
  app = await createAppHandler();
}, 180_000);
afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

it("serves a coverage policy under its .json alias, and only to its organization", async () => {
  const a = await createOrgWithUser(t.database);
  const b = await createOrgWithUser(t.database);
  const plan = await createPlan(t.database, a.organization.id, {
    title: "P",
    identification: "P-1",
    line_of_business: "Commercial",
    plan_type: "PPO",
    state: "IL",
    effective_date: "2026-01-01",
  });
  const policy = await createCoveragePolicy(t.database, a.organization.id, plan.id, { drug_name: "Humira", policy_text: "Approve if age 18 or older." }, null, {
    generateTree: false,
  });
  const base = `/api/o/${a.organization.id}/plans/${plan.id}/coverage_policies/${policy.id}`;
  const asA = { headers: { Cookie: await signInCookie(t.database, a.user.id) } };
  const asB = { headers: { Cookie: await signInCookie(t.database, b.user.id) } };
  const plain = await app.fetch(base, asA);
  const alias = await app.fetch(`${base}.json`, asA);
  expect(plain.status).toBe(200);
  expect(alias.status).toBe(200);
  expect((await alias.json()).coverage_policy.token).toBe(policy.id);
  expect((await app.fetch(`${base}.json`, asB)).status).toBe(404);
}, 120_000);
