/**
 * Policy authoring in a real browser (production build, embedded database, in-process worker with
 * the built-in engine; the reviewer workspace is seeded by fixtures/seed-cli.ts):
 *  - a custom AI rule scoped to a drug, created in the New Rule modal, fires on a case of that drug
 *    and is named in the decision trail (it holds the approval as "Outreach") and in the decision's
 *    provenance (engine and version, policy and tree version with its effective date, rules fired);
 *    then deleted;
 *  - a roster CSV with one bad row: the bad line is reported, the good rows are imported;
 *  - a letter form is created, made the default, and a denial letter is sent with it; the decision's
 *    provenance then names the signing clinician;
 *  - Settings → Organization shows "A denial requires a clinical reviewer's sign-off" locked on, with the reason.
 *  - the Add policy modal's drug directory search (3 characters, debounced) fills the Drugs field;
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { demoFaxFile, signInReviewer, submitFax } from "./fixtures/prior-auth-helpers";

const STATE = path.join(os.tmpdir(), `pa-e2e-author-${process.pid}.json`);
let orgId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  orgId = await signInReviewer(browser, STATE);
});

test.use({ storageState: STATE });

async function uploadFax(page: Page, file: string) {
  await page.goto(`/o/${orgId}/prior-auths`);
  await page.getByRole("link", { name: "Fax Simulation" }).click();
  const modal = page.getByTestId("fax-modal");
  await modal.getByLabel("Fax PDF").setInputFiles(file);
  await expect(modal.getByTestId("fax-preview").getByTestId("pdf-page-indicator")).toHaveText(/Page 1 of \d+/);
  await submitFax(page, file);
  await expect(page).toHaveURL(new RegExp(`/o/${orgId}/prior-auths/[A-Za-z0-9_-]+$`));
  await expect(page.getByTestId("prior-auth-detail")).toBeVisible({ timeout: 180_000 });
}

test("an AI rule scoped to a drug fires on a case of that drug and is named in its decision trail", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`/o/${orgId}/ai_rules`);
  await expect(page.getByTestId("empty-rules")).toContainText("can never deny a case on its own");
  await page.getByRole("link", { name: "New Rule" }).first().click();
  const modal = page.getByTestId("new-rule-modal");
  await modal.getByRole("button", { name: "Create rule" }).click();
  await expect(modal.getByTestId("rule-errors")).toContainText("Name is required");
  await modal.getByLabel("Name", { exact: true }).fill("Etanercept attestation");
  await modal.getByLabel("Description", { exact: true }).fill("Ask the prescriber to attest the biosimilar review");
  await modal.getByLabel("Applies to").selectOption("clinical");
  await modal.getByLabel(/^Actions/).fill("deny");
  await modal.getByLabel("Drug names").fill("Enbrel, etanercept");
  await modal.getByRole("button", { name: "Create rule" }).click();
  await expect(modal.getByTestId("rule-errors")).toContainText("cannot deny or approve");
  await modal.getByLabel(/^Actions/).fill("require biosimilar attestation");
  await modal.getByRole("button", { name: "Create rule" }).click();
  await expect(page.getByRole("heading", { name: "Etanercept attestation" })).toBeVisible();
  const rulePath = new URL(page.url()).pathname;
  await expect(page.getByTestId("rule-detail")).toContainText("Enbrel, etanercept");
  await expect(page.getByTestId("rule-detail")).toContainText("5"); // the default priority

  await page.goto(`/o/${orgId}/ai_rules?q=etanercept`);
  await expect(page.getByTestId("rule-row")).toHaveCount(1);

  // demo-001 (Enbrel) is approved without rules; the rule holds it for the attestation
  await uploadFax(page, await demoFaxFile("demo-001"));
  await expect(page.getByTestId("header-decision")).toHaveText("Outreach");
  await page.getByRole("link", { name: "Explanation" }).click();
  const trail = page.getByTestId("explanation-modal").getByTestId("decision-trail");
  await expect(trail).toContainText('AI rule "Etanercept attestation" (clinical)');
  await expect(trail).toContainText("require biosimilar attestation");
  // the decision's provenance: engine and version, policy and tree version with its date, the rule that fired
  const provenance = page.getByTestId("explanation-modal").getByTestId("decision-provenance");
  await expect(provenance.getByTestId("provenance-engine").first()).toHaveText("PA Review built-in clinical engine 0.1.0");
  await expect(provenance.getByTestId("provenance-policy").first()).toHaveText(/coverage policy, decision tree version \d+, effective \d{4}-\d{2}-\d{2}$/);
  await expect(provenance.getByTestId("provenance-rules").first()).toHaveText('"Etanercept attestation" (clinical)');
  await expect(provenance.getByTestId("provenance-sign-off").first()).toHaveText("No clinical sign-off recorded");
  await provenance.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tmp/case-provenance-rule.png" });

  // delete it (the other specs expect the seeded workspace without rules)
  await page.goto(`${rulePath}?modal=delete`);
  await page.getByTestId("delete-rule-modal").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(new RegExp(`/o/${orgId}/ai_rules$`));
  await expect(page.getByTestId("empty-rules")).toBeVisible();
});

test("a roster CSV with one bad row: the line is reported and the good rows are imported", async ({ page }) => {
  const file = path.join(os.tmpdir(), `roster-${process.pid}.csv`);
  fs.writeFileSync(
    file,
    [
      "member_id,first_name,last_name,birth_date,gender,plan,coverage_start,coverage_end",
      "E2E0001,Ada,Okafor,1980-02-03,F,,2026-01-01,",
      "E2E0002,Ben,Stone,1975-13-40,M,,2026-01-01,",
      "E2E0003,Cleo,Marsh,1990-03-04,F,,2026-01-01,",
    ].join("\n"),
  );
  await page.goto(`/o/${orgId}/plans`);
  await page.getByTestId("plan-row").first().getByRole("link").first().click();
  await page.getByRole("link", { name: "Import roster, formulary, fee schedule or claims history" }).click();
  const card = page.getByTestId("import-roster");
  await card.getByLabel("Member roster CSV").setInputFiles(file);
  await card.getByRole("button", { name: "Import CSV" }).click();
  await expect(card.getByRole("status")).toContainText("2 members imported, 1 row skipped");
  const errors = card.getByTestId("import-error");
  await expect(errors).toHaveCount(1);
  await expect(errors.first()).toContainText("3");
  await expect(errors.first()).toContainText('birth_date "1975-13-40" is not a date');

  // the plan's claims history: paid lines from its claims system, one bad code reported by line
  const history = page.getByTestId("import-claims_history");
  await expect(history.getByTestId("claims-history-summary")).toHaveText("No claims history on file.");
  const paid = path.join(os.tmpdir(), `paid-lines-${process.pid}.csv`);
  fs.writeFileSync(
    paid,
    [
      "member_id,code,units,date_of_service,modifiers,claim_id,note",
      "E2E0001,96900,1,03/02/2026,,ICN 2026061000123,narrowband UVB session",
      "E2E0001,9690,1,03/04/2026,,,",
      "E2E0003,64451,1,2026-05-11,LT,ICN 2026131000456,",
    ].join("\n"),
  );
  await history.getByLabel("Claims history (paid service lines) CSV").setInputFiles(paid);
  await history.getByRole("button", { name: "Import CSV" }).click();
  await expect(history.getByRole("status")).toContainText("2 paid lines imported, 1 row skipped");
  await expect(history.getByTestId("import-error").first()).toContainText('code "9690" is not a HCPCS/CPT code');
  await page.reload();
  await expect(page.getByTestId("import-claims_history").getByTestId("claims-history-summary")).toHaveText(
    "2 paid lines of 2 members on file, dates of service 2026-03-02 to 2026-05-11.",
  );
  await page.getByTestId("import-claims_history").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tmp/plan-import-claims-history.png", fullPage: true });
});

test("the Add policy modal searches the drug directory from 3 characters and adds the picked drug", async ({ page }) => {
  await page.goto(`/o/${orgId}/plans`);
  await page.getByTestId("plan-row").first().getByRole("link").first().click();
  await page.getByRole("link", { name: "Add policy" }).click();
  const search = page.getByLabel(/Search the drug directory/);
  await search.fill("ad");
  await page.waitForTimeout(800);
  await expect(page.getByTestId("drug-results")).toHaveCount(0);
  await search.fill("adalim");
  const results = page.getByTestId("drug-result");
  await expect(results.first()).toContainText("Humira");
  await expect(results.first()).toContainText("adalimumab");
  expect(await results.count()).toBeLessThanOrEqual(20);
  await results.first().click();
  await expect(page.locator("#policy-drugs")).toHaveValue("Humira, adalimumab");
});

test("a letter form made the default is the one a denial letter is sent with", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`/o/${orgId}/forms`);
  await page.getByRole("link", { name: "Add New Form" }).first().click();
  const add = page.getByTestId("add-form-modal");
  await add.getByRole("button", { name: "Add form" }).click();
  await expect(add.getByRole("alert")).toContainText("Name is required");
  await add.getByLabel("Name").fill("E2E commercial denial");
  await add.getByLabel("Purpose").fill("Denial notice written for the browser test");
  await add.getByRole("button", { name: "Add form" }).click();
  const editor = page.getByTestId("form-editor");
  await expect(editor).toBeVisible();
  await editor
    .getByLabel("Template")
    .fill("E2E FORM\n{{patient_name}} — {{decision}} — {{failed_criterion}}\nAppeal by {{due_date}}\n{{appeal_rights}}\n{{reviewer}}");
  await editor.getByLabel("Use this form for denial letters").check();
  await editor.getByRole("button", { name: "Save form" }).click();
  await expect(page.getByTestId("forms-list")).toContainText("E2E commercial denial");
  await expect(page.getByTestId("forms-list").getByText("Default")).toHaveCount(1);
  const preview = await page.request.get(`${new URL(page.url()).pathname}/preview.pdf?lob=Medicaid`);
  expect(preview.headers()["content-type"]).toContain("application/pdf");

  await uploadFax(page, await demoFaxFile("demo-003"));
  await expect(page.getByTestId("header-decision")).toHaveText("Denied");
  await page.getByRole("link", { name: "Send denial letter" }).click();
  const letter = page.getByTestId("letter-modal");
  await letter.getByLabel(/Clinician sign-off/).check();
  await letter.getByRole("button", { name: "Generate denial letter" }).click();
  await expect(letter.getByTestId("letter-form-name")).toHaveText("E2E commercial denial");
  const pdf = await page.request.get((await letter.getByTestId("letter-download").getAttribute("href"))!);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // the denial's provenance now names the clinical reviewer who signed it off
  await page.goto(`${new URL(page.url()).pathname}?modal=explanation`);
  const provenance = page.getByTestId("explanation-modal").getByTestId("decision-provenance");
  await expect(provenance.getByTestId("provenance-sign-off").first()).toHaveText(/^.+ · .+$/);
  await expect(provenance.getByTestId("provenance-sign-off").first()).not.toHaveText("No clinical sign-off recorded");
  await provenance.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tmp/case-provenance-signed.png" });
});

test("Settings → Organization: a denial's clinical sign-off is shown locked on, with the reason", async ({ page }) => {
  await page.goto(`/o/${orgId}/settings/organization`);
  const settings = page.getByTestId("decision-settings");
  await expect(settings).toContainText("A denial requires a clinical reviewer's sign-off");
  const box = settings.getByTestId("denial-requires-sign-off");
  await expect(box).toBeChecked();
  await expect(box).toBeDisabled();
  await expect(settings.getByTestId("sign-off-lock")).toContainText("The built-in clinical engine decides this organization's cases");
  await page.screenshot({ path: "tmp/settings-organization.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "tmp/settings-organization-390.png", fullPage: true });
});
