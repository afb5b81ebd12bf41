/**
 * Integrations in a real browser against the production build (the server runs with
 * WEBHOOKS_ALLOW_PRIVATE=1 and a 1 s retry base, see playwright.config.ts):
 *
 *  - create a webhook in the New webhook modal (submit disabled until a valid URL and an event type)
 *    against a real HTTP receiver on loopback, process a fax, and see the signed deliveries arrive
 *    (every signature verified here: base64 HMAC-SHA256 of "id.timestamp.body", Standard Webhooks);
 *  - make the receiver fail: a rerun is retried with growing delays, the error-rate badge turns
 *    red, the Failed filter lists the failures; the receiver recovers and a rerun succeeds;
 *  - connect a compendium with an access key (success message), toggle it off;
 *  - API Logs and Database pages show real figures.
 * Screenshots of each screen go to test-results/screens/.
 */
import crypto from "node:crypto";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { demoFaxFile, signInReviewer, submitFax } from "./fixtures/prior-auth-helpers";

const STATE = path.join(os.tmpdir(), `pa-e2e-hooks-${process.pid}.json`);
const SHOTS = path.resolve("test-results", "screens");
let orgId = "";

interface Delivery {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  at: number;
  answered: number;
}
const deliveries: Delivery[] = [];
let failing = false;
let receiver: http.Server;
let receiverUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const answered = failing ? 500 : 200;
      deliveries.push({
        id: String(req.headers["webhook-id"]),
        timestamp: String(req.headers["webhook-timestamp"]),
        signature: String(req.headers["webhook-signature"]),
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
        answered,
      });
      res.writeHead(answered, { "content-type": "application/json" }).end(JSON.stringify({ received: answered === 200 }));
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/pa-events`;
  orgId = await signInReviewer(browser, STATE);
});

test.afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
});

test.use({ storageState: STATE });

/** Standard Webhooks: v1,<base64 HMAC-SHA256(base64-decoded secret, "id.timestamp.body")>. */
function verify(secret: string, d: Delivery): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = `v1,${crypto.createHmac("sha256", key).update(`${d.id}.${d.timestamp}.${d.body}`).digest("base64")}`;
  return d.signature.split(" ").includes(expected);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function waitFor<T>(fn: () => T | undefined | null | false, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 200));
  }
}

let secret = "";

test("create a webhook, process a fax, receive signed deliveries", async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto(`/o/${orgId}/settings/webhooks`);
  await expect(page.getByText("No webhooks configured yet.")).toBeVisible();
  await page.getByTestId("add-webhook").click();
  const modal = page.getByTestId("webhook-modal");
  await expect(modal).toBeVisible();
  const submit = modal.getByRole("button", { name: "Create webhook" });
  await expect(submit).toBeDisabled();
  await modal.getByLabel("Endpoint URL").fill("not a url");
  await modal.getByLabel("prior_auth.succeeded", { exact: true }).check();
  await expect(submit).toBeDisabled();
  await modal.getByLabel("Endpoint URL").fill(receiverUrl);
  await expect(submit).toBeEnabled();
  await modal.getByLabel("prior_auth.succeeded", { exact: true }).uncheck();
  await expect(submit).toBeDisabled();
  for (const t of ["prior_auth.processing", "prior_auth.succeeded", "prior_auth.intake.succeeded", "prior_auth.coverage_policy.succeeded"]) {
    await modal.getByLabel(t, { exact: true }).check();
  }
  await modal.getByLabel("Description (optional)").fill("Utilization-management system");
  await shot(page, "webhooks-new-modal");
  await submit.click();
  secret = (await page.getByTestId("webhook-secret").textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await expect(page.getByTestId("webhook-row")).toHaveCount(1);
  await expect(page.getByTestId("webhook-row").getByText("prior_auth.intake.succeeded")).toBeVisible();

  // Process a fax through the Fax Simulation modal.
  await page.goto(`/o/${orgId}/prior-auths`);
  await page.getByRole("link", { name: "Fax Simulation" }).click();
  const fax = page.getByTestId("fax-modal");
  await fax.getByLabel("Fax PDF").setInputFiles(await demoFaxFile("demo-001", { scanned: false }));
  await expect(fax.getByTestId("fax-preview").getByTestId("pdf-page-indicator")).toHaveText(/Page 1 of \d+/);
  await submitFax(page, await demoFaxFile("demo-001", { scanned: false }));
  await expect(page).toHaveURL(new RegExp(`/o/${orgId}/prior-auths/[A-Za-z0-9_-]+$`));
  const caseId = new URL(page.url()).pathname.split("/").pop()!;

  const succeeded = await waitFor(
    () => deliveries.find((d) => JSON.parse(d.body).type === "prior_auth.succeeded" && JSON.parse(d.body).data.id === caseId),
    180_000,
  );
  // each event is its own delivery job: on a loaded machine "prior_auth.succeeded" can arrive before
  // "prior_auth.intake.succeeded" (no order is promised, every event is) — wait for all four
  const wanted = ["prior_auth.processing", "prior_auth.coverage_policy.succeeded", "prior_auth.intake.succeeded", "prior_auth.succeeded"];
  const typesFor = () => deliveries.filter((d) => JSON.parse(d.body).data.id === caseId).map((d) => JSON.parse(d.body).type as string);
  await waitFor(() => (wanted.every((t) => typesFor().includes(t)) ? true : undefined), 60_000).catch(() => undefined);
  const forCase = deliveries.filter((d) => JSON.parse(d.body).data.id === caseId);
  expect(forCase.map((d) => JSON.parse(d.body).type)).toEqual(expect.arrayContaining(wanted));
  for (const d of forCase) expect(verify(secret, d), `signature of ${d.id}`).toBe(true);
  expect(verify(`whsec_${Buffer.alloc(24, 7).toString("base64")}`, succeeded)).toBe(false);
  expect(JSON.parse(succeeded.body).data.final_decision).toBeTruthy();

  await page.goto(`/o/${orgId}/settings/webhooks`);
  await expect(page.getByTestId("error-rate")).toHaveAttribute("data-tone", "green");
  await shot(page, "webhooks-list");
});

test("a failing receiver: retries with backoff, red error rate, Failed filter, rerun", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`/o/${orgId}/settings/webhooks`);
  await page.getByTestId("webhook-row").getByRole("link").first().click();
  await expect(page.getByTestId("webhook-description")).toHaveText("Utilization-management system");
  await expect(page.getByTestId("attempt-row").first()).toBeVisible();
  await expect(page.getByTestId("attempts-footer")).toContainText(/Showing \d+ items \(\d+ in total\)/);

  failing = true;
  const before = deliveries.length;
  const firstRow = page.getByTestId("attempt-row").first();
  const messageId = (await firstRow.locator("td").nth(2).textContent())!.trim();
  await firstRow.getByRole("button", { name: "Rerun" }).click();
  await expect(page.getByText("Message queued for redelivery")).toBeVisible();
  // 1 s base doubling: three attempts within a few seconds, each further apart.
  const failed = await waitFor(() => {
    const same = deliveries.slice(before).filter((d) => d.id === messageId);
    return same.length >= 3 ? same : null;
  }, 60_000);
  for (const d of failed) expect(verify(secret, d)).toBe(true);
  expect(failed[1]!.at - failed[0]!.at).toBeGreaterThanOrEqual(450);
  expect(failed[2]!.at - failed[1]!.at).toBeGreaterThanOrEqual(900);

  await page.goto(`/o/${orgId}/settings/webhooks`);
  await expect(page.getByTestId("error-rate")).toHaveAttribute("data-tone", "red");
  await shot(page, "webhooks-list-red");

  await page.getByTestId("webhook-row").getByRole("link").first().click();
  await page.getByRole("link", { name: "Failed", exact: true }).click();
  await expect(page).toHaveURL(/filter=failed/);
  const failedRows = page.getByTestId("attempt-row");
  await expect(failedRows.first()).toBeVisible();
  await expect(failedRows.first().locator("td").first()).toHaveText("500");
  await expect(page.getByTestId("stats-fail")).not.toHaveText("0");
  await shot(page, "webhook-detail-failed");
  await failedRows.first().getByRole("link", { name: "View details" }).click();
  const details = page.getByTestId("attempt-modal");
  await expect(details).toBeVisible();
  await expect(details.getByText("Receiver answered HTTP 500")).toBeVisible();
  await expect(details.getByTestId("attempt-request")).toContainText('"type"');
  await shot(page, "webhook-attempt-details");
  await details.getByRole("button", { name: "Close" }).click();
  await expect(details).toHaveCount(0);
  await expect(page).not.toHaveURL(/attempt=/);

  // The receiver recovers; rerun one failed attempt: it succeeds with the same message id.
  failing = false;
  await page.reload();
  const afterRecovery = deliveries.length;
  await page.getByTestId("attempt-row").first().getByRole("button", { name: "Rerun" }).click();
  const ok = await waitFor(() => deliveries.slice(afterRecovery).find((d) => d.answered === 200 && d.id === messageId), 60_000);
  expect(verify(secret, ok)).toBe(true);
  await page.getByRole("link", { name: "Succeeded", exact: true }).click();
  await expect(page.getByTestId("attempt-row").filter({ hasText: messageId }).first()).toBeVisible();
  await page.getByRole("link", { name: "All", exact: true }).click();
  await expect(page).not.toHaveURL(/filter=/);
  await expect(page.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "page");
  await shot(page, "webhook-detail");
});

test("connect a compendium", async ({ page }) => {
  await page.goto(`/o/${orgId}/compendiums`);
  const card = page.getByTestId("compendium-card").filter({ hasText: "AHFS Drug Information" });
  await card.getByRole("link", { name: "Connect" }).click();
  const modal = page.getByTestId("connect-modal");
  await modal.getByLabel("Access key").fill("ahfs-e2e-access-key-4242");
  await modal.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText("Connected to AHFS Drug Information")).toBeVisible();
  await expect(page.getByText("Connection failed")).toHaveCount(0);
  await expect(card.getByTestId("compendium-status")).toHaveText(/Connected · key ••••4242/);
  await expect(page.content()).resolves.not.toContain("ahfs-e2e-access-key-4242");
  await shot(page, "compendia");
  await card.getByRole("switch").click();
  await expect(card.getByTestId("compendium-status")).toHaveText(/Connected · off/);
});

test("API logs and database pages show real figures", async ({ page }) => {
  await page.goto(`/o/${orgId}/settings/api-logs`);
  await expect(page.getByTestId("api-log-row").first()).toBeVisible();
  await shot(page, "api-logs");
  await page.goto(`/o/${orgId}/settings/database`);
  await expect(page.getByTestId("db-kind")).toHaveText("Embedded (PGlite)");
  await expect(page.getByTestId("db-pgvector")).toHaveText(/^\d+\.\d+/);
  await shot(page, "database");
  await page.goto(`/o/${orgId}/settings/pbm-configuration`);
  await page.getByTestId("pbm-row").filter({ hasText: "OptumRx" }).getByRole("link", { name: "Connect" }).click();
  await expect(page.getByTestId("schedule-modal")).toBeVisible();
  await shot(page, "pbm-configuration");
  await page.goto(`/o/${orgId}/settings/organization`);
  await shot(page, "organization");
});
