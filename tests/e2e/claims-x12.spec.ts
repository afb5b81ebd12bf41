/**
 * X12 837P upload in a real browser against the production build, with the in-process worker
 * running the real claim intake (built-in engine) on the reviewer workspace's medical plan
 * (fixtures/seed-workspace.ts). Proves: 'Upload 837P' beside the fax simulation, one claim per CLM,
 * each line decided with citations that quote the 837P segments, and a bad file refused with its
 * segment position and nothing created.
 */
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { gotoHydrated, signInReviewer } from "./fixtures/prior-auth-helpers";

const STATE = path.join(os.tmpdir(), `claims-x12-e2e-reviewer-${process.pid}.json`);
const X12 = path.resolve("fixtures/x12");
let orgId = "";

test.describe.configure({ mode: "serial" });
test.beforeAll(async ({ browser }) => {
  orgId = await signInReviewer(browser, STATE);
});
test.use({ storageState: STATE });

test("an 837P file is uploaded and its lines are decided with citations into the segments", async ({ page }) => {
  await page.goto(`/o/${orgId}/claims`);
  await page.getByRole("link", { name: "Upload 837P" }).click();
  const modal = page.getByTestId("claim-x12-modal");
  await expect(modal).toBeVisible();
  await modal.getByLabel("837P file").setInputFiles(path.join(X12, "837p-lumbar-mri.x12"));
  await modal.getByRole("button", { name: "Submit 837P" }).click();
  await expect(page).toHaveURL(new RegExp(`/o/${orgId}/claims/[^/?]+$`));
  await expect(page.getByTestId("claim-detail")).toBeVisible({ timeout: 120_000 });
  const line = page.getByTestId("line-decision").first();
  await expect(line).toHaveAttribute("data-code", "72148");
  await expect(line).toHaveAttribute("data-decision", /^(approved|denied|needs_more_information)$/);
  // the decision cites the policy passages it applied
  await expect(line.getByTestId("citation").first()).toBeVisible();
  // the line itself cites the 837P segment it was read from, and opens it in the document
  await page.getByRole("link", { name: "Services requested" }).click();
  const row = page.getByTestId("service-row");
  await expect(row).toHaveCount(1);
  const cite = row.getByTestId("citation").first();
  await expect(cite).toHaveAttribute("title", /^“SV1\*HC:72148:::::MRI LUMBAR SPINE WITHOUT CONTRAST\*1250\*UN\*1\*22\*\*1:2”$/);
  await cite.click();
  await expect(page.getByRole("link", { name: "Document", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Okafor").first()).toBeVisible();
});

test("a file with two CLMs makes two claims", async ({ page }) => {
  await page.goto(`/o/${orgId}/claims`);
  const before = await page.getByTestId("claim-row").count();
  // the file is chosen after hydration, which would otherwise reset the input
  await gotoHydrated(page, `/o/${orgId}/claims?modal=claim_x12`);
  await page.getByTestId("claim-x12-modal").getByLabel("837P file").setInputFiles(path.join(X12, "837p-two-claims.x12"));
  await page.getByRole("button", { name: "Submit 837P" }).click();
  await expect(page).toHaveURL(new RegExp(`/o/${orgId}/claims$`));
  await expect(page.getByTestId("claim-row")).toHaveCount(before + 2);
});

test("a bad file is refused with the segment and element, and nothing is created", async ({ page }) => {
  await page.goto(`/o/${orgId}/claims`);
  const before = await page.getByTestId("claim-row").count();
  const bad = fs.readFileSync(path.join(X12, "837p-lumbar-mri.x12"), "utf8").replace("*1250*UN*1*22**1:2", "*1250*UN*one*22**1:2");
  const file = path.join(os.tmpdir(), `bad-${process.pid}.x12`);
  fs.writeFileSync(file, bad);
  // the file is chosen after hydration, which would otherwise reset the input
  await gotoHydrated(page, `/o/${orgId}/claims?modal=claim_x12`);
  await page.getByTestId("claim-x12-modal").getByLabel("837P file").setInputFiles(file);
  await page.getByRole("button", { name: "Submit 837P" }).click();
  await expect(page.getByTestId("x12-errors")).toContainText(/Segment \d+ \(SV1\), SV1-04: Units "one" is not a positive number/);
  await page.goto(`/o/${orgId}/claims`);
  await expect(page.getByTestId("claim-row")).toHaveCount(before);
});
