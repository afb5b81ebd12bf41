/**
 * Time-frame extension and appeals in a real browser (issue 13), against the seeded "Appeals Health"
 * organization (tests/e2e/fixtures/seed-appeals-cases.ts): the reviewer extends the open case's time
 * frame (the reason is required), records an appeal of the signed-off denial and, as the clinical
 * reviewer, overturns it; the Reports page's two figures move accordingly.
 */
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { signInReviewer, gotoHydrated } from "./fixtures/prior-auth-helpers";
import { APPEALS_CASES, APPEALS_REVIEWER } from "./fixtures/seed-appeals-cases";

const STATE = path.join(os.tmpdir(), `pa-e2e-appeals-${process.pid}.json`);
let orgId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  orgId = await signInReviewer(browser, STATE, APPEALS_REVIEWER.email);
});

test.use({ storageState: STATE });

async function shot(page: Page, name: string, testId?: string) {
  if (!process.env.SCREENSHOT_DIR) return;
  const file = path.join(process.env.SCREENSHOT_DIR, `${name}.png`);
  if (testId) await page.getByTestId(testId).screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
}

/** The case's id, found by its seeded patient name through the /api list. */
async function caseId(page: Page, patient: string): Promise<string> {
  const res = await page.request.get(`/api/o/${orgId}/prior_auths.json?q=${encodeURIComponent(patient)}`);
  expect(res.ok()).toBe(true);
  const found = ((await res.json()).prior_auths as { token: string; patient_name: string }[]).find((p) => p.patient_name === `Patient ${patient}`);
  expect(found, patient).toBeDefined();
  return found!.token;
}

/** The Drugs table's cell of `metric` in the "All" column, for the last 7 days. */
async function reportCell(page: Page, metric: string) {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  await page.goto(`/o/${orgId}/reports?from=${day(new Date(Date.now() - 7 * 86_400_000))}&to=${day(new Date())}`);
  return page.getByTestId("metrics-drug").locator(`tr[data-metric="${metric}"] td[data-col="all"]`);
}

test("reports start with nothing appealed or extended", async ({ page }) => {
  await expect(await reportCell(page, "Requests")).toHaveText("2");
  await expect(await reportCell(page, "Approved after appeal")).toHaveText("— (0/0)");
  await expect(await reportCell(page, "Extended time frame, approved")).toHaveText("0.0% (0)");
});

test("extend the open case's time frame: reason required, then the due time moves by 14 days", async ({ page }) => {
  const id = await caseId(page, APPEALS_CASES.open);
  await page.goto(`/o/${orgId}/prior-auths/${id}`);
  const panel = page.getByTestId("appeals-panel");
  await expect(panel.getByText("No extension.")).toBeVisible();
  await panel.getByRole("link", { name: "Extend time frame" }).click();
  const modal = page.getByTestId("extend-modal");
  await expect(modal).toBeVisible();
  await modal.getByLabel("Member requested the extension").check();
  await modal.getByRole("button", { name: "Extend time frame" }).click();
  await expect(modal.getByText("A reason for the extension is required")).toBeVisible();
  await modal.getByLabel(/^Reason/).fill("Member asked for time to send the rheumatology chart notes");
  await shot(page, "appeals-extend-modal");
  await modal.getByRole("button", { name: "Extend time frame" }).click();
  await expect(page.getByTestId("extension-badge")).toHaveText("Time frame extended +14 d");
  await expect(panel.getByTestId("extension-summary")).toContainText("Extended by 14 calendar days");
  await expect(panel.getByTestId("extension-summary")).toContainText("Member asked for time to send the rheumatology chart notes");
  await expect(panel.getByTestId("extension-summary")).toContainText(APPEALS_REVIEWER.username);
  // once per case: the action is gone
  await expect(panel.getByRole("link", { name: "Extend time frame" })).toHaveCount(0);
});

test("record an appeal of the signed-off denial and overturn it as the clinical reviewer", async ({ page }) => {
  const id = await caseId(page, APPEALS_CASES.denied);
  await page.goto(`/o/${orgId}/prior-auths/${id}`);
  const panel = page.getByTestId("appeals-panel");
  await panel.getByRole("link", { name: "Record appeal" }).click();
  const modal = page.getByTestId("appeal-modal");
  await modal.getByLabel("Appealed by").selectOption("prescriber");
  await modal.getByLabel("Notes").fill("Prescriber sent 12 weeks of methotrexate records.");
  await modal.getByRole("button", { name: "Record appeal" }).click();
  await expect(page.getByTestId("appeal-open-badge")).toBeVisible();
  await expect(panel.getByTestId("appeal-item")).toContainText("by the prescriber");
  await expect(panel.getByTestId("appeal-item")).toContainText("Awaiting a clinician");

  await panel.getByRole("link", { name: "Decide appeal" }).click();
  const decide = page.getByTestId("decide-appeal-modal");
  await decide.getByLabel("Overturned (approve)").check();
  await decide.getByLabel(/^Reason/).fill("12-week methotrexate trial now documented; criteria met.");
  await shot(page, "appeals-decide-modal");
  await decide.getByRole("button", { name: "Decide appeal" }).click();
  await expect(page.getByTestId("appeal-outcome-badge")).toHaveText("Approved after appeal");
  await expect(page.getByRole("link", { name: "Decision", exact: true })).toContainText("Approved"); // the header's outcome, no longer Denied
  await expect(panel.getByTestId("appeal-item")).toContainText("Overturned: 12-week methotrexate trial now documented; criteria met.");
  await expect(panel.getByTestId("appeal-item")).toContainText(`Decided by ${APPEALS_REVIEWER.username}`);
  await expect(panel.getByRole("link", { name: "Record appeal" })).toHaveCount(0);
  await shot(page, "appeals-case");
  await shot(page, "appeals-panel", "appeals-panel");
});

test("approving the extended case, then the reports show both figures", async ({ page }) => {
  const id = await caseId(page, APPEALS_CASES.open);
  await gotoHydrated(page, `/o/${orgId}/prior-auths/${id}?modal=override`);
  const modal = page.getByTestId("override-modal");
  await modal.getByLabel("Approve").check();
  await modal.getByLabel(/^Reason/).fill("Chart notes received: criteria met.");
  await modal.getByRole("button", { name: "Submit decision" }).click();
  await expect(page.getByTestId("override-modal")).toHaveCount(0);

  // 1 appealed request, overturned: 100 %; 1 of the 2 requests extended and approved: 50 %
  await expect(await reportCell(page, "Approved after appeal")).toHaveText("100.0% (1/1)");
  await expect(await reportCell(page, "Extended time frame, approved")).toHaveText("50.0% (1)");
  await shot(page, "appeals-reports", "metrics-drug");
  const json = await page.request.get(`/api/o/${orgId}/reports/prior_authorization_metrics.json`);
  expect((await json.json()).report.drug.all).toMatchObject({ percent_approved_after_appeal: 100, percent_extended_timeframe_approved: 50 });
});

test("a medical claim: assign to me, appeal the signed-off denied line and overturn it; the claim shows approved after appeal", async ({ page }) => {
  const list = await page.request.get(`/api/o/${orgId}/claims.json`);
  expect(list.ok()).toBe(true);
  const claimId = ((await list.json()).claims as { token: string }[])[0]!.token;
  await gotoHydrated(page, `/o/${orgId}/claims/${claimId}`);
  const bar = page.getByTestId("claim-case-bar");
  await expect(bar).toContainText("Standard (7 days)");
  await expect(bar).toContainText("Due ");
  await bar.getByRole("button", { name: "Assign to me" }).click();
  await expect(bar.getByTestId("assignee")).toHaveText("You");

  const panel = page.getByTestId("appeals-panel");
  await panel.getByRole("link", { name: "Record appeal" }).click();
  const modal = page.getByTestId("appeal-modal");
  await expect(modal.getByTestId("appeal-line-choices")).toContainText("Line 2: MRI lumbar spine (72148)");
  await modal.getByLabel("Notes").fill("Physical therapy notes for six weeks attached.");
  await modal.getByRole("button", { name: "Record appeal" }).click();
  await expect(page.getByTestId("appeal-open-badge")).toBeVisible();
  await expect(panel.getByTestId("appeal-lines")).toContainText("Line 2: MRI lumbar spine (72148)");

  await panel.getByRole("link", { name: "Decide appeal" }).click();
  const decide = page.getByTestId("decide-appeal-modal");
  await decide.getByLabel("Overturned (approve)").check();
  await decide.getByLabel(/^Reason/).fill("Conservative therapy now documented; criteria met.");
  await decide.getByRole("button", { name: "Decide appeal" }).click();
  await expect(page.getByTestId("appeal-outcome-badge")).toHaveText("Approved after appeal");
  await expect(page.getByTestId("line-approved-after-appeal")).toBeVisible();
  // the overturned line reads as approved, its original denial kept as history beside it
  await expect(page.getByTestId("line-initial-decision")).toHaveText("Initially denied");
  await shot(page, "claim-appeal-case");
  await shot(page, "claim-appeals-panel", "appeals-panel");
});
