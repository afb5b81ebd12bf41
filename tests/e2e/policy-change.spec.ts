/**
 * "Policy changed since this decision" in a real browser (issue 24, item B): a case decided on a
 * coverage policy's decision tree version N shows the notice once the tree is edited (version N+1
 * published), its Re-run decision runs the intake again, and afterwards the notice is gone and the
 * decision trail names the new version. Uses the seeded reviewer workspace; the edit changes a
 * node's reason only, so no other spec's decision changes.
 */
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { demoFaxFile, signInReviewer, submitFax } from "./fixtures/prior-auth-helpers";

const STATE = path.join(os.tmpdir(), `pa-e2e-policy-change-${process.pid}.json`);
let orgId = "";

test.beforeAll(async ({ browser }) => {
  orgId = await signInReviewer(browser, STATE);
});
test.use({ storageState: STATE });

test("a published tree edit flags the decided case; Re-run decision applies the new version", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  await page.goto(`/o/${orgId}/prior-auths`);
  await page.getByRole("link", { name: "Fax Simulation" }).click();
  const file = await demoFaxFile("demo-001", { scanned: false });
  await page.getByTestId("fax-modal").getByLabel("Fax PDF").setInputFiles(file);
  await submitFax(page, file);
  const casePath = new URL(page.url()).pathname;
  const caseId = casePath.split("/").pop()!;
  await expect(page.getByTestId("prior-auth-detail")).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId("policy-changed")).toHaveCount(0);

  // the policy author edits a node of the tree that decided the case: a new version is published
  const detail = await (await page.request.get(`/api/o/${orgId}/prior_auths/${caseId}.json`)).json();
  const policyId: string = detail.coverage_policy.token;
  const decided: number = detail.ai_decision.coverage_policy_version;
  const plans = (await (await page.request.get(`/api/o/${orgId}/plans.json`)).json()).plans as { token: string }[];
  let nodesUrl = "";
  for (const plan of plans) {
    const list = (await (await page.request.get(`/api/o/${orgId}/plans/${plan.token}/coverage_policies.json`)).json()).coverage_policies as { token: string }[];
    if (list.some((p) => p.token === policyId)) nodesUrl = `/api/o/${orgId}/plans/${plan.token}/coverage_policies/${policyId}/coverage_policy_nodes`;
  }
  expect(nodesUrl, "the case's policy is on one of the plans").not.toBe("");
  const nodes = (await (await page.request.get(`${nodesUrl}.json`)).json()).nodes as { id: string }[];
  const edit = await page.request.patch(`${nodesUrl}/${nodes[0]!.id}`, {
    data: { reason: `Clarified by the policy author (${Date.now()})` },
    headers: { Origin: baseURL! },
  });
  expect(edit.status()).toBe(200);

  // the Re-run button is clicked only once React has hydrated the reloaded page: a click on the
  // server-rendered form during hydration can be lost, and the queued toast then never shows
  await page.reload();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
  const notice = page.getByTestId("policy-changed");
  await expect(notice).toContainText("Policy changed since this decision");
  await expect(notice).toContainText(`decision tree version ${decided}`);
  await expect(notice).toContainText(`version ${decided + 1} is published now`);
  await notice.getByTestId("policy-rerun").click();
  await expect(page.getByText("Re-run queued")).toBeVisible();

  // the re-run saves a new AI decision on the new version; the notice goes away
  await expect(page.getByTestId("prior-auth-detail")).toBeVisible({ timeout: 180_000 });
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("prior-auth-detail")).toBeVisible();
    await expect(page.getByTestId("policy-changed")).toHaveCount(0);
  }).toPass({ timeout: 180_000 });
  await page.getByRole("link", { name: "Explanation" }).click();
  await expect(page.getByTestId("tree-version")).toContainText(`decision tree version ${decided + 1}`);
});
