/**
 * The public side in a browser, without an account: the landing page (its five steps, the demo and
 * API links, Sign in), a blog post rendered from Markdown, and the AI agents demo run on a bundled
 * example fax through to the AI Decision tab. CSP violations and page errors fail the test.
 */
import { expect, test, type Page } from "@playwright/test";

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (/Content[- ]Security[- ]Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  return problems;
}

test("landing page: what the product does, the five steps, demo and API links, Sign in for a visitor", async ({ page }) => {
  const problems = watch(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Prior authorization decisions you can audit");
  for (const step of ["Intake and extraction", "Eligibility", "Clinical review", "Audit", "Decision"]) {
    await expect(page.locator("#how-it-works").getByRole("heading", { name: step, exact: true })).toBeVisible();
  }
  await expect(page.getByText("We are hiring")).toBeVisible();
  await expect(page.getByText("Partner with us")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByTestId("schedule-demo").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "API documentation →" })).toHaveAttribute("href", "/docs/api");
  await expect(page.getByTestId("try-demo")).toHaveAttribute("href", /^\/demo\/\w+$/);
  expect(problems).toEqual([]);
});

test("blog: the index lists the seeded posts and a post renders its Markdown", async ({ page }) => {
  const problems = watch(page);
  await page.goto("/blog");
  await page.getByRole("link", { name: /Why our engine will not deny/ }).click();
  await expect(page.getByTestId("blog-title")).toHaveText(/Why our engine will not deny a prior authorization/);
  const body = page.getByTestId("blog-body");
  await expect(body.getByRole("heading", { level: 2, name: "Three outcomes, three different burdens of proof" })).toBeVisible();
  await expect(body.locator("table")).toBeVisible();
  await expect(body.locator("strong").first()).toBeVisible();
  expect(problems).toEqual([]);
});

test("demo: runs the agents on an example fax without an account and shows the AI decision", async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watch(page);
  await page.goto("/");
  await page.getByTestId("try-demo").click();
  await expect(page.getByRole("heading", { name: "AI Agents demo" })).toBeVisible();
  await expect(page.getByTestId("synthetic-notice")).toContainText("synthetic");
  await expect(page.getByTestId("select-agent")).toBeVisible();
  await page.getByRole("link", { name: "Intake agent" }).first().click();
  await expect(page).toHaveURL(/\/demo\/\w+\/intake$/);
  await expect(page.getByTestId("demo-fax").first()).toContainText("Enbrel");
  await page.getByTestId("demo-fax").first().click();
  await page.getByTestId("run-demo").click();
  await expect(page.getByTestId("run-demo")).toContainText("Running AI agent");
  await expect(page.getByTestId("demo-result")).toBeVisible({ timeout: 150_000 });
  // the intake demo opens on the extracted patient
  await expect(page.getByRole("tab", { name: "Patient" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("Carla Jimenez");
  await page.getByRole("tab", { name: "AI Decision" }).click();
  await expect(page.getByTestId("demo-decision")).toHaveText("Approved");
  await expect(page.getByTestId("confidence")).toContainText("%");
  for (const tab of ["Diagnoses", "Medication Requests", "Practitioners", "Formulary requirements", "JSON"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tabpanel")).not.toBeEmpty();
  }
  await expect(page.getByRole("tabpanel")).toContainText('"final_decision": "approved"');
  expect(problems).toEqual([]);
});
