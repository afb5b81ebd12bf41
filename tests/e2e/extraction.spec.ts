/**
 * Policy authoring in a real browser (production build, embedded database, in-process worker with
 * the built-in engine; the reviewer workspace is seeded by fixtures/seed-cli.ts):
 *  - a plan is created with its plan document (PDF) on the Add Plan form; the plan page shows it with
 *    a working View link, replaces it and removes it;
 *  - "run an extraction with a schema built in the Form Schema tab": predefined fields added one by
 *    one (each offered once) plus a custom field, 'Extract Policies' shows the waiting screen, which
 *    polls every 5 s (the server holds the finished result POLICY_EXTRACTION_HOLD_MS, 6 s, so a poll
 *    must bring it: see playwright.config.ts), and the results appear with each value under its own
 *    column header, and the drug's 'Directory match' (generic, brand and NDC count from the drug
 *    directory). The extraction is a queue job: with the embedded database the web process's own
 *    worker claims it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { signInReviewer, gotoHydrated } from "./fixtures/prior-auth-helpers";

const STATE = path.join(os.tmpdir(), `pa-e2e-extraction-${process.pid}.json`);
let orgId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  orgId = await signInReviewer(browser, STATE);
});

test.use({ storageState: STATE });

/** A one-page PDF with `lines`, written under test-results/extraction/. */
async function pdfFile(name: string, lines: string[]): Promise<string> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 18, size: 12, font }));
  const dir = path.resolve("test-results", "extraction");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, await doc.save());
  return file;
}

const PLAN_TITLE = `Extraction PPO ${Date.now()}`;
let planPath = "";

async function openPlan(page: Page) {
  await page.goto(planPath);
  await expect(page.getByRole("heading", { name: PLAN_TITLE })).toBeVisible();
}

test("a plan carries a plan document: uploaded with the Add Plan form, viewed, replaced and removed", async ({ page }) => {
  await gotoHydrated(page, `/o/${orgId}/plans?modal=add`);
  const modal = page.getByTestId("add-plan-modal");
  await modal.getByLabel("Title").fill(PLAN_TITLE);
  await modal.getByLabel("Identification").fill("EXT-PPO");
  await modal.getByLabel("Line of Business").selectOption("Commercial");
  await modal.getByLabel("Plan Type").selectOption("PPO");
  await modal.getByLabel("State").selectOption({ label: "California" });
  await modal.getByLabel("Effective Date").fill("2026-01-01");
  // a file that is not a PDF is refused on its field, and no plan is created
  const notPdf = path.resolve("test-results", "extraction", "notes.pdf");
  fs.mkdirSync(path.dirname(notPdf), { recursive: true });
  fs.writeFileSync(notPdf, "plain text, not a PDF");
  await modal.getByLabel("Plan document (PDF, optional)").setInputFiles(notPdf);
  await modal.getByRole("button", { name: "Add Plan" }).click();
  await expect(modal.getByText("Please upload a PDF file")).toBeVisible();
  await modal.getByLabel("Plan document (PDF, optional)").setInputFiles(await pdfFile("summary-of-benefits.pdf", ["Extraction PPO", "Summary of benefits"]));
  await modal.getByRole("button", { name: "Add Plan" }).click();

  await expect(page.getByRole("heading", { name: PLAN_TITLE })).toBeVisible();
  planPath = new URL(page.url()).pathname;
  const card = page.getByTestId("plan-document");
  await expect(card.getByTestId("plan-document-name")).toHaveText("summary-of-benefits.pdf");
  const view = await card.getByRole("link", { name: "View" }).getAttribute("href");
  const served = await page.request.get(view!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("application/pdf");

  await card.getByLabel("Replace plan document").setInputFiles(await pdfFile("formulary-2026.pdf", ["Formulary 2026"]));
  await card.getByRole("button", { name: "Replace", exact: true }).click();
  await expect(card.getByTestId("plan-document-name")).toHaveText("formulary-2026.pdf");
  await card.getByRole("button", { name: "Remove" }).click();
  await expect(card).toContainText("No plan document yet");
  expect((await page.request.get(view!)).status()).toBe(404);
});

test("run an extraction with a schema built in the Form Schema tab", async ({ page }) => {
  test.setTimeout(180_000);
  await openPlan(page);
  await page.getByRole("link", { name: "Add policy" }).first().click();
  const policyModal = page.getByTestId("add-policy-modal");
  await policyModal.getByLabel("Name").fill("Adalimumab");
  await policyModal
    .getByLabel("Policy PDF")
    .setInputFiles(
      await pdfFile("adalimumab-policy.pdf", [
        "Adalimumab Coverage Policy",
        "Rheumatoid Arthritis",
        "Approve for 12 months if the patient meets ALL of the following:",
        "1. Patient is 18 years of age or older; AND",
        "2. The medication is prescribed by a rheumatologist.",
      ]),
    );
  await policyModal.getByRole("button", { name: "Add policy" }).click();
  const row = page.getByTestId("policy-row").filter({ hasText: "Adalimumab" });
  await expect(row.getByTestId("tree-status")).toHaveAttribute("data-status", "ready", { timeout: 90_000 });

  const extraction = page.getByTestId("policy-extraction");
  await extraction.locator("summary").click();
  const builder = extraction.getByTestId("schema-builder");
  await builder.getByRole("tab", { name: "Form Schema" }).click();
  const form = builder.getByTestId("form-schema");
  // start from an empty schema, then add the fields in the Form Schema tab
  while ((await form.getByRole("button", { name: /^Remove / }).count()) > 0)
    await form
      .getByRole("button", { name: /^Remove / })
      .first()
      .click();
  const add = builder.getByLabel("Add field");
  for (const label of [
    "Coverage duration (coverage_duration)",
    "Drug name (drug_name)",
    "Age restriction (age_restriction)",
    "Step therapy required (step_therapy_required)",
  ]) {
    await add.selectOption({ label });
  }
  // each predefined field is offered once
  await expect(add.locator("option", { hasText: "coverage_duration" })).toHaveCount(0);
  await add.selectOption({ label: "Custom field" });
  await form.getByLabel("Field id 5").fill("prescriber_specialty");
  await form.getByLabel("Title 5").fill("Prescriber specialty");
  await form.getByLabel("Description 5").fill("specialist who must prescribe: rheumatologist");
  await builder.getByRole("tab", { name: "Preview Schema" }).click();
  await expect(builder.getByTestId("preview-schema")).toContainText("Prescriber specialty");
  await expect(builder.getByTestId("preview-schema")).toContainText("Yes / No");
  await builder.getByRole("tab", { name: "Json Schema" }).click();
  await expect(builder.getByRole("textbox", { name: "Json Schema" })).toHaveValue(/"field_id": "prescriber_specialty"/);

  await extraction.getByRole("button", { name: "Extract Policies" }).click();
  const waiting = page.getByTestId("extraction-waiting");
  await expect(waiting).toBeVisible();
  await expect(waiting).toContainText("Extraction may take 15–20 minutes");
  await expect(waiting.getByRole("button", { name: "Get Extracted Policies" })).toBeVisible();
  await expect(waiting.getByRole("button", { name: "Extract Policies" })).toBeDisabled();
  await page.screenshot({ path: path.resolve("test-results", "extraction", "waiting.png"), fullPage: true });

  // no reload: the page's 5 s poll brings the result
  const table = page.getByTestId("extracted-policies");
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(waiting).toBeHidden();
  const headers = (await table.locator("thead th").allTextContents()).map((h) => h.trim());
  expect(headers).toEqual(["Drug", "Coverage duration", "Drug name", "Age restriction", "Step therapy required", "Prescriber specialty"]);
  const extractedRow = table.getByTestId("extracted-row").filter({ hasText: "Adalimumab" }).first();
  const cells = (await extractedRow.locator("th, td").allTextContents()).map((c) => c.trim());
  const at = (header: string) => cells[headers.indexOf(header)];
  expect((await extractedRow.getByTestId("extracted-drug").textContent())?.trim()).toBe("Adalimumab");
  // the drug name normalised through the drug directory (the seeded starter file): generic, brand, NDCs
  await expect(extractedRow.getByTestId("directory-match")).toContainText("Directory match");
  await expect(extractedRow.getByTestId("directory-match")).toContainText("adalimumab (Humira) · 2 NDCs");
  expect(at("Coverage duration")).toBe("12 months");
  expect(at("Drug name")).toBe("Adalimumab");
  expect(at("Age restriction")).toMatch(/18/);
  expect(at("Step therapy required")).toBe("No");
  expect(at("Prescriber specialty")).toMatch(/rheumatologist/i);
  await page.screenshot({ path: path.resolve("test-results", "extraction", "results.png"), fullPage: true });
});

test("the formulary detail shows values from the formulary import and from the plan's extraction, each with its source", async ({ page }) => {
  test.setTimeout(180_000);
  // the demo plan (seeded with its formulary rows and the Enbrel, Mounjaro and Skyrizi policies)
  await gotoHydrated(page, `/o/${orgId}/plans`);
  await page.getByRole("link", { name: "Prairie State Health Commercial PPO 2026" }).first().click();
  await expect(page.getByRole("heading", { name: "Prairie State Health Commercial PPO 2026" })).toBeVisible();
  const extraction = page.getByTestId("policy-extraction");
  if (!(await page.getByTestId("extracted-policies").isVisible())) {
    await extraction.locator("summary").click();
    await extraction.getByRole("button", { name: "Extract Policies" }).click();
  }
  const table = page.getByTestId("extracted-policies");
  await expect(table).toBeVisible({ timeout: 60_000 });
  const enbrel = table.getByTestId("extracted-row").filter({ hasText: "Etanercept" }).first();
  await expect(enbrel.getByTestId("directory-match")).toContainText("etanercept (Enbrel)");
  await table.screenshot({ path: path.resolve("test-results", "extraction", "directory-match.png") });

  await gotoHydrated(page, `/o/${orgId}/formulary_drug_requirements`);
  await page
    .getByRole("link", { name: /Enbrel|NDC 58406-0445/ })
    .first()
    .click();
  const detail = page.getByTestId("formulary-requirement");
  await expect(detail).toBeVisible();
  const section = (key: string) => detail.locator(`[data-section="${key}"]`);
  await expect(section("tier")).toContainText("Tier 5");
  await expect(section("tier")).toContainText("Formulary import · Prairie State Health Commercial PPO 2026");
  await expect(section("step_therapy")).toContainText("1. methotrexate (90 days)");
  await expect(section("prescriber_restrictions")).toContainText("Extracted from the Etanercept Products (Enbrel) coverage policy");
  await expect(section("part_b_prerequisite")).toContainText(/Yes|No/);
  // filled sections show their value, not the spec's empty-section N/A
  for (const key of ["tier", "step_therapy", "prescriber_restrictions", "part_b_prerequisite"]) await expect(section(key)).not.toContainText("N/A");
  await page.screenshot({ path: path.resolve("test-results", "extraction", "formulary-detail.png") });
  await section("part_b_prerequisite").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.resolve("test-results", "extraction", "formulary-detail-criteria.png") });
});
