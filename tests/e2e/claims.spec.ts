/**
 * Medical Claims in a real browser against the production build, with the embedded database and the
 * in-process worker running the real claim intake (built-in engine). The reviewer workspace has a
 * medical plan with the claims set's medical policies (fixtures/seed-workspace.ts).
 *
 * Proves: the 'Medical Claim fax simulation' modal (PDF only, preview), a scanned claim fax going
 * through the five live steps, per-line decisions with citations that open the fax, an override
 * with a required reason, a denial letter for a denied line after clinician sign-off (the line then shows
 * its provenance: engine and version, policy, the signing clinician), the list's
 * Delete confirmation and live refresh, and upload and override with JavaScript disabled.
 */
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { notAPdfFile, signInReviewer, gotoHydrated } from "./fixtures/prior-auth-helpers";

const STATE = path.join(os.tmpdir(), `claims-e2e-reviewer-${process.pid}.json`);
const SET = path.resolve("fixtures/eval/claims/cases");
let orgId = "";

test.describe.configure({ mode: "serial" });
test.beforeAll(async ({ browser }) => {
  orgId = await signInReviewer(browser, STATE);
});
test.use({ storageState: STATE });

async function uploadClaim(page: Page, caseId: string) {
  await page.goto(`/o/${orgId}/claims`);
  await page.getByRole("link", { name: "Medical Claim fax simulation" }).click();
  const modal = page.getByTestId("claim-fax-modal");
  await expect(modal).toBeVisible();
  await modal.getByLabel("Fax PDF").setInputFiles(path.join(SET, caseId, "fax.pdf"));
  // the preview has read the PDF (as prior-auths.spec.ts waits) before the form is submitted
  await expect(modal.getByTestId("fax-preview").getByTestId("pdf-page-indicator")).toHaveText(/Page 1 of \d+/, { timeout: 30_000 });
  await modal.getByRole("button", { name: "Submit claim" }).click();
  // The upload stores the fax and queues its intake in one transaction. On the embedded database every
  // statement shares the server's one thread with the in-process worker, and in CI the embedded-database
  // tests and the evaluation run beside this spec on two cores: one CI run took over 10 s here (twice).
  await expect(page).toHaveURL(new RegExp(`/o/${orgId}/claims/[^/?]+$`), { timeout: 30_000 });
  return new URL(page.url()).pathname;
}

async function waitForDetail(page: Page) {
  await expect(page.getByTestId("claim-detail")).toBeVisible({ timeout: 120_000 });
}

test("the modal accepts PDFs only", async ({ page }) => {
  await gotoHydrated(page, `/o/${orgId}/claims?modal=claim_fax`);
  const modal = page.getByTestId("claim-fax-modal");
  await modal.getByLabel("Fax PDF").setInputFiles(notAPdfFile());
  await modal.getByRole("button", { name: "Submit claim" }).click();
  await expect(modal.getByText("Please upload a PDF file")).toBeVisible();
});

test("a scanned claim fax goes through the five live steps to per-line decisions with citations", async ({ page }) => {
  await uploadClaim(page, "claim-015");
  await expect(page.getByTestId("intake-screen").or(page.getByTestId("claim-detail"))).toBeVisible();
  if (await page.getByTestId("intake-screen").isVisible()) {
    await expect(page.getByTestId("intake-screen").getByRole("link", { name: "Medical Claims" })).toBeVisible();
    await expect(page.getByTestId("intake-step")).toHaveCount(5);
  }
  await waitForDetail(page);
  const line = page.getByTestId("line-decision").first();
  await expect(line).toHaveAttribute("data-code", "29881");
  await expect(line).toHaveAttribute("data-decision", /needs_more_information|approved|denied/);
  await line.getByTestId("citation").first().click();
  await expect(page.getByRole("link", { name: "Document", exact: true })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Services requested" }).click();
  await expect(page.getByTestId("service-row")).toHaveCount(1);
});

test("override a line with a required reason, and send a letter for a denied line after sign-off", async ({ page }) => {
  await uploadClaim(page, "claim-008");
  await waitForDetail(page);
  const line = page.getByTestId("line-decision").first();
  await expect(line).toHaveAttribute("data-decision", "denied");
  await line.getByLabel(/I am a clinical reviewer/).check();
  await line.getByRole("button", { name: "Send denial letter" }).click();
  await expect(page.getByTestId("line-letter")).toContainText(/AHI|apnea-hypopnea/i);
  // the line's provenance: the engine and its version, the screening policy, the clinician who signed off
  const provenance = line.getByTestId("decision-provenance");
  await expect(provenance.getByTestId("provenance-engine").first()).toHaveText("PA Review built-in clinical engine 0.1.0");
  await expect(provenance.getByTestId("provenance-policy").first()).toContainText("coverage policy");
  await expect(provenance.getByTestId("provenance-sign-off").first()).not.toHaveText("No clinical sign-off recorded");
  await provenance.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tmp/claim-line-provenance.png" });

  await line.getByText("Override decision").click();
  await line.getByLabel("Approve").check();
  await line.getByLabel("Reason (required)").fill("Repeat sleep study AHI 22 received by phone");
  await line.getByRole("button", { name: "Save decision" }).click();
  await expect(page.getByTestId("line-decision").first()).toHaveAttribute("data-decision", "approved");
  await expect(page.getByText("Reviewer decision: approved")).toBeVisible();
  // saved: the form closes and starts over empty (issue 24 E: it stayed open with the reason filled)
  await expect(line.getByTestId("line-human-decision")).toContainText("Saved");
  await expect(line.getByTestId("line-override")).not.toHaveAttribute("open", /.*/);
  await line.getByText("Change decision").click();
  await expect(line.getByLabel("Reason (required)")).toHaveValue("");
});

test("the list refreshes live and deletes with the confirmation", async ({ page, context }) => {
  await page.goto(`/o/${orgId}/claims`);
  const before = await page.getByTestId("claim-row").count();
  // another tab submits a claim: this list updates from the organization channel without a reload
  const other = await context.newPage();
  await uploadClaim(other, "claim-017");
  await other.close();
  await expect(page.getByTestId("claim-row")).toHaveCount(before + 1, { timeout: 30_000 });
  await page
    .getByTestId("claim-row")
    .first()
    .getByRole("link", { name: /Delete claim/ })
    .click();
  await expect(page.getByText("Are you sure? This will permanently delete it. So proceed with caution.")).toBeVisible();
  await page
    .getByTestId("delete-modal")
    .getByRole("button", { name: /Delete/ })
    .click();
  await expect(page.getByTestId("claim-row")).toHaveCount(before);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("upload and override work as plain forms", async ({ page }) => {
    await page.goto(`/o/${orgId}/claims?modal=claim_fax`);
    await page.getByLabel("Fax PDF").setInputFiles(path.join(SET, "claim-018", "fax.pdf"));
    await page.getByRole("button", { name: "Submit claim" }).click();
    await expect(page).toHaveURL(new RegExp(`/o/${orgId}/claims/[^/?]+$`));
    for (let i = 0; i < 60 && !(await page.getByTestId("claim-detail").isVisible()); i++) {
      await page.waitForTimeout(2000);
      await page.reload();
    }
    await waitForDetail(page);
    const line = page.getByTestId("line-decision").first();
    await line.locator("summary").click();
    await line.getByLabel("Deny").check();
    await line.getByLabel("Reason (required)").fill("Six units exceed the plan's limit of four per date of service");
    await line.getByRole("button", { name: "Save decision" }).click();
    await expect(page.getByText("Reviewer decision: denied")).toBeVisible();
  });
});

test("the code view re-runs a section beside its stored JSON and turns the output into a ground truth", async ({ page }) => {
  await uploadClaim(page, "claim-008");
  await waitForDetail(page);
  await page.keyboard.press("ControlOrMeta+Shift+K");
  try {
    const view = page.getByTestId("claim-code-view");
    await expect(view).toBeVisible();
    await expect(view.getByTestId("rerun-prompt")).toHaveCount(5);
    const services = view.getByTestId("code-section-services");
    await services.getByRole("button", { name: "Re-run the Services requested prompt" }).click();
    await expect(services.getByTestId("fresh-output")).toContainText('"code": "E0601"', { timeout: 30_000 });
    await expect(services.getByText("Stored", { exact: true })).toBeVisible();
    await services.getByRole("button", { name: "Send for review" }).click();
    const review = services.getByRole("form", { name: "Create ground truth" });
    await expect(review.getByLabel("Expected output (JSON)")).toHaveValue(/"units": 1/);
    await review.getByLabel("Notes").fill("Reviewed: one E0601 line, 1 unit.");
    await review.getByRole("button", { name: "Save ground truth" }).click();
    await expect(services.getByText("Ground truth saved.")).toBeVisible();
    // evaluation mode only: the claim's decision is unchanged
    await page.keyboard.press("ControlOrMeta+Shift+K");
    await expect(page.getByTestId("line-decision").first()).toHaveAttribute("data-decision", "denied");
  } finally {
    if (await page.getByTestId("claim-code-view").isVisible()) await page.keyboard.press("ControlOrMeta+Shift+K");
  }
});
