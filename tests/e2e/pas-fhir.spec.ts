/**
 * A Da Vinci PAS request in a real browser against the production build (issue 25): an API key made
 * on Settings → API Keys submits a PAS request bundle (a demo medication request with its fax as a
 * PDF DocumentReference) to POST /fhir/Claim/$submit; the case it created shows in the prior-auth
 * list and on its page with the "ePA (FHIR)" badge.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { Bundle, ClaimResponse } from "@medplum/fhirtypes";
import { demoFaxFile, signInReviewer } from "./fixtures/prior-auth-helpers";
import { getDemoCase } from "../../fixtures/demo/catalog";
import { medicationPasBundle } from "../support/pas-bundles";

const STATE = path.join(os.tmpdir(), `pas-e2e-reviewer-${process.pid}.json`);
let orgId = "";

test.describe.configure({ mode: "serial" });
test.beforeAll(async ({ browser }) => {
  orgId = await signInReviewer(browser, STATE);
});
test.use({ storageState: STATE });

test("a PAS-submitted case shows the ePA (FHIR) badge in the prior-auth list and on the case", async ({ page }) => {
  await page.goto(`/o/${orgId}/settings/api-keys`);
  await page.getByRole("button", { name: "Add API Key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^pa_/);

  const demo = getDemoCase("demo-001")!;
  const pdf = new Uint8Array(fs.readFileSync(await demoFaxFile("demo-001")));
  const res = await page.request.post("/fhir/Claim/$submit", {
    headers: { "Content-Type": "application/fhir+json", Authorization: `Bearer ${key}` },
    data: JSON.stringify(medicationPasBundle(demo, pdf, "E2E-PAS-1")),
    timeout: 30_000,
  });
  expect(res.status(), await res.text()).toBe(200);
  const caseId = res.headers()["x-case-id"]!;
  const cr = ((await res.json()) as Bundle).entry![0]!.resource as ClaimResponse;
  expect(cr.preAuthRef).toBe(caseId);

  await page.goto(`/o/${orgId}/prior-auths`);
  const row = page.getByTestId("prior-auth-row").filter({ has: page.locator(`a[href$="/prior-auths/${caseId}"]`) });
  await expect(row.getByText("ePA (FHIR)")).toBeVisible();
  await page.goto(`/o/${orgId}/prior-auths/${caseId}`);
  await expect(page.getByText("ePA (FHIR)").first()).toBeVisible();
});
