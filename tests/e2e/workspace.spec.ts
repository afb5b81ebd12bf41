/**
 * The workspace pages in a real browser against the production build: Reports with the figures of
 * the seeded March 2026 cases (tests/e2e/fixtures/seed-workspace-cases.ts; the same expectations as
 * the integration test), the CSV export, the Cases queue in working order with Assign to me, the
 * dashboard's workload cards, and Agent Workflows with a failed run's detail.
 */
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signInReviewer } from "./fixtures/prior-auth-helpers";
import { WORKSPACE_REVIEWER } from "./fixtures/seed-workspace-cases";

const STATE = path.join(os.tmpdir(), `pa-e2e-workspace-${process.pid}.json`);
let orgId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  orgId = await signInReviewer(browser, STATE, WORKSPACE_REVIEWER.email);
});

test.use({ storageState: STATE });

/** With SCREENSHOT_DIR set, saves a full-page PNG (for looking at the pages while polishing). */
async function shot(page: import("@playwright/test").Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

test("reports show the CMS-0057-F figures of the period's cases and export them", async ({ page }) => {
  await page.goto(`/o/${orgId}/reports`);
  await page.getByLabel("From", { exact: true }).fill("2026-03-01");
  await page.getByLabel("To", { exact: true }).fill("2026-03-31");
  await page.getByLabel("Line of business").selectOption("Commercial");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/from=2026-03-01&to=2026-03-31&line_of_business=Commercial/);
  const drugs = page.getByTestId("metrics-drug");
  const cell = (metric: string, col: string) => drugs.locator(`tr[data-metric="${metric}"] td[data-col="${col}"]`);
  await expect(cell("Requests", "all")).toHaveText("8");
  await expect(cell("Approved", "standard")).toHaveText("60.0% (3)");
  await expect(cell("Denied", "standard")).toHaveText("20.0% (1)");
  await expect(cell("Approved", "expedited")).toHaveText("33.3% (1)");
  await expect(cell("Average time to decision", "standard")).toHaveText("2.7 d"); // 64 h
  await expect(cell("Median time to decision", "standard")).toHaveText("7.0 h");
  await expect(cell("Median time to decision", "all")).toHaveText("6.0 h");
  await expect(cell("Approved after appeal", "all")).toHaveText("— (0/0)"); // nothing appealed in this seed
  await expect(cell("Extended time frame, approved", "all")).toHaveText("0.0% (0)");
  await expect(cell("Open and past due", "all")).toHaveText("3");
  await expect(page.getByTestId("past-due").getByRole("listitem")).toHaveCount(3);
  // the medical claim counts under items and services: partially denied 6 h after receipt
  const services = page.getByTestId("metrics-service");
  await expect(services.locator('tr[data-metric="Requests"] td[data-col="all"]')).toHaveText("1");
  await expect(services.locator('tr[data-metric="Denied"] td[data-col="standard"]')).toHaveText("100.0% (1)");
  await expect(services.locator('tr[data-metric="Median time to decision"] td[data-col="standard"]')).toHaveText("6.0 h");
  await expect(page.getByTestId("decisions-chart").locator("rect")).not.toHaveCount(0);
  await shot(page, "reports");

  const csv = await page.request.get(`/api/o/${orgId}/reports/prior_authorization_metrics.csv?from=2026-03-01&to=2026-03-31&line_of_business=Commercial`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain("2026-03-01,2026-03-31,Commercial,drug,standard,percent_approved,60");
  const json = await page.request.get(`/api/o/${orgId}/reports/prior_authorization_metrics.json?from=2026-03-01&to=2026-03-31&line_of_business=Commercial`);
  expect((await json.json()).report.drug.expedited.median_hours_to_decision).toBe(6);
});

test("cases queue: expedited first, then by due time; assign to me and filter by it", async ({ page }) => {
  await page.goto(`/o/${orgId}/cases`);
  const rows = page.getByTestId("case-row");
  await expect(rows.first()).toContainText("Patient E2"); // expedited, overdue since March
  await expect(rows.nth(1)).toContainText("Patient E3");
  await expect(rows.nth(2)).toContainText("Patient Recent expedited");
  await expect(rows.nth(3)).toContainText("Patient S4"); // standard, overdue since March
  await shot(page, "cases");
  const row = rows.filter({ hasText: "Patient Recent standard" });
  await row.getByRole("button", { name: "Assign to me" }).click();
  await expect(page.getByText("Case assigned to you")).toBeVisible();
  await expect(page.getByTestId("case-row").filter({ hasText: "Patient Recent standard" }).getByTestId("assignee")).toHaveText("You");
  await page.locator("select[name=assignee]").selectOption("me");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("case-row")).toHaveCount(1);
  await page.locator("select[name=status]").selectOption("decided");
  await page.locator("select[name=assignee]").selectOption("");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("case-row")).toHaveCount(7); // S1, S2, S3, S5, E1, Recent approved, Claim partial
  // the medical claim sits in the same queue, with its kind and its per-line decision
  const claim = page.getByTestId("case-row").filter({ hasText: "Patient Claim partial" });
  await expect(claim.getByTestId("case-kind")).toHaveText("Medical claim");
  await expect(claim.getByTestId("decision-badge").first()).toHaveText("Partially denied");
  await expect(claim.getByTestId("case-lines")).toHaveText("2 lines: 1 approved · 1 denied");
  await page.locator("select[name=kind]").selectOption("claim");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("case-row")).toHaveCount(1);
  await page.getByTestId("case-row").getByRole("button", { name: "Assign to me" }).click();
  // (the first assignment's toast may still be showing beside this one's on a fast run; the row's
  // assignee below is what proves this assignment)
  await expect(page.getByText("Case assigned to you").last()).toBeVisible();
  await expect(page.getByTestId("case-row").getByTestId("assignee")).toHaveText("You");
  await shot(page, "cases-claims");
  await page.getByRole("link", { name: "Patient Claim partial" }).click();
  await expect(page).toHaveURL(new RegExp(`/o/${orgId}/claims/[A-Za-z0-9_-]+$`));
});

test("dashboard shows the workload cards with real figures", async ({ page }) => {
  await page.goto(`/o/${orgId}/dashboard`);
  // open: S4, E2, E3 (overdue since March), Recent expedited, Recent standard
  await expect(page.getByTestId("stat-active-cases")).toContainText("5");
  await expect(page.getByTestId("stat-overdue")).toContainText("3");
  await expect(page.getByTestId("stat-automation-rate")).toContainText("100%"); // Recent approved, by the AI alone
  await expect(page.getByTestId("stat-median-turnaround")).toContainText("2 h");
  await shot(page, "dashboard");
});

test("agent workflows list runs, filter failed ones and open a failed run with Retry", async ({ page }) => {
  await page.goto(`/o/${orgId}/agent-workflows`);
  await expect(page.getByTestId("run-row")).toHaveCount(2);
  await shot(page, "agent-workflows");
  await page.getByTestId("failed-link").click();
  await expect(page.getByTestId("run-row")).toHaveCount(1);
  await page.getByRole("link", { name: "Clinical review" }).click();
  await expect(page.getByRole("alert")).toContainText("Policy text could not be read");
  await expect(page.getByRole("button", { name: "Retry intake" })).toBeVisible();
  await shot(page, "agent-workflow-detail");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/o/${orgId}/cases`);
  await shot(page, "cases-390");
});

test("API key revoke asks for confirmation first", async ({ page }) => {
  await page.goto(`/o/${orgId}/settings/api-keys`);
  await page.getByRole("button", { name: "Add API Key" }).click();
  await expect(page.getByTestId("new-api-key")).toBeVisible();
  await page.getByRole("link", { name: "Revoke" }).first().click();
  const modal = page.getByTestId("api-key-confirm");
  await expect(modal).toContainText("A revoked key cannot be restored");
  await shot(page, "api-key-revoke");
  await modal.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByTestId("api-key-confirm")).toHaveCount(0);
  await expect(page.getByText("Active")).toBeVisible();
  await page.getByRole("link", { name: "Revoke" }).first().click();
  await page.getByTestId("api-key-confirm").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("API key revoked")).toBeVisible();
  await expect(page.getByText("Revoked", { exact: true })).toBeVisible();
});

test("narrow screen: the prior-auth table keeps the decision column in view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/o/${orgId}/prior-auths`);
  const badge = page.getByTestId("decision-badge").first();
  await expect(badge).toBeInViewport();
  await shot(page, "prior-auths-390");
});

test("instance administrators see the Data Context cards (the workspace reviewer is seeded as one)", async ({ page }) => {
  await page.goto("/chai-admins");
  await expect(page).toHaveURL(/\/chai-admins\/data-contexts$/);
  await expect(page.getByRole("heading", { name: "Data Contexts" })).toBeVisible();
  const card = page.getByTestId("data-context-card").nth(1);
  await expect(card).toContainText("Scanned");
  await expect(card.locator("details[data-array]").first()).not.toHaveAttribute("open", "");
  await shot(page, "data-contexts");
});
