/**
 * The Content-Security-Policy does not break the app (issue 8, defect 18): the main pages, the PDF
 * preview (react-pdf's worker), the decision-tree editor (React Flow) and the stored policy PDF frame
 * load in Chromium against the production build with no CSP violation and no page error. Also checks
 * the headers a browser receives on a page.
 */
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { demoFaxFile, signInReviewer } from "./fixtures/prior-auth-helpers";

const STATE = path.join(os.tmpdir(), `pa-e2e-csp-${process.pid}.json`);
let orgId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  orgId = await signInReviewer(browser, STATE);
});

/** Collects CSP violations (events and console reports) and uncaught errors of `page`. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (/Content[- ]Security[- ]Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`Content-Security-Policy violation: ${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return problems;
}

test("sign-in pages load with no CSP violation and send the security headers", async ({ page }) => {
  const problems = watch(page);
  const res = await page.goto("/login");
  const headers = res!.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["cache-control"]).toContain("no-store");
  await expect(page.getByRole("heading", { name: "Continue to your account" })).toBeVisible();
  // Hydrated: client-side validation works only when the inline scripts ran.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Enter your email address.").or(page.getByText("Enter a valid email address."))).toBeVisible();
  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  expect(problems).toEqual([]);
});

test.describe("signed in", () => {
  test.use({ storageState: STATE });

  test("workspace pages, the PDF preview and the decision tree run under the CSP", async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watch(page);
    for (const [url, heading] of [
      [`/o/${orgId}/dashboard`, "Dashboard"],
      [`/o/${orgId}/prior-auths`, "Prior Auths"],
      [`/o/${orgId}/settings/api-keys`, "API Keys"],
      [`/o/${orgId}/plans`, "Plans"],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
    }

    // A coverage policy: React Flow decision tree, and the policy PDF in a frame when it has one.
    await page.locator(`a[href^="/o/${orgId}/plans/"]`).first().click();
    await page.locator(`a[href*="/coverage_policies/"]`).first().click();
    await expect(page).toHaveURL(/\/coverage_policies\//);
    await expect(page.locator(".react-flow").first()).toBeVisible();
    await page.waitForLoadState("networkidle");

    // Fax Simulation preview renders a PDF with react-pdf (pdf.js worker from /assets).
    await page.goto(`/o/${orgId}/prior-auths`);
    await page.getByRole("link", { name: "Fax Simulation" }).click();
    const modal = page.getByTestId("fax-modal");
    await modal.getByLabel("Fax PDF").setInputFiles(await demoFaxFile("demo-001"));
    await expect(modal.getByTestId("fax-preview").getByTestId("pdf-page-indicator")).toHaveText(/Page 1 of \d+/);
    await expect(modal.getByTestId("fax-preview").locator("canvas").first()).toBeVisible();

    await page.goto("/docs/api");
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });
});
