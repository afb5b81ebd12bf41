/**
 * Team and roles in a real browser: the owner (an administrator and clinical reviewer) adds a user
 * from Settings › Team Management; the invited user signs in from the invitation email (code from
 * /dev/outbox) and lands in the organization; as a reviewer they cannot sign off a denial, and once
 * the administrator makes them a clinical reviewer they can; the administrator reads the PHI access
 * log of the case view.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext } from "@playwright/test";
import { demoFaxFile, signInReviewer, submitFax } from "./fixtures/prior-auth-helpers";
import { latestCode } from "./fixtures/outbox";

const STATE = path.join(os.tmpdir(), `pa-e2e-team-${process.pid}.json`);
let orgId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  orgId = await signInReviewer(browser, STATE);
});

/** The invitation link (path) in the newest invitation email to `email` on /dev/outbox. */
async function invitationPath(context: BrowserContext, email: string): Promise<string> {
  const outbox = await context.newPage();
  try {
    await outbox.goto("/dev/outbox");
    const text = await outbox.locator(`[data-testid="outbox-email"][data-to="${email}"]`).first().getByTestId("outbox-text").textContent();
    const link = text?.match(/https?:\/\/\S+\/continue\?redirect_to=\S+/)?.[0];
    if (!link) throw new Error(`no invitation link for ${email}`);
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  } finally {
    await outbox.close();
  }
}

test("add a user who signs in from the invitation; reviewer vs clinical reviewer sign-off; audit log of the case view", async ({ browser }) => {
  test.setTimeout(300_000);
  const email = `ivy-${Date.now()}@example.test`;
  const admin = await browser.newContext({ storageState: STATE });
  const adminPage = await admin.newPage();

  // The administrator adds Ivy (reviewer by default).
  await adminPage.goto(`/o/${orgId}/settings/team-management`);
  await adminPage.getByRole("link", { name: "Add User" }).click();
  const addModal = adminPage.getByTestId("add-user-modal");
  await addModal.getByRole("button", { name: "Add User" }).click();
  await expect(addModal.getByText("email: Email is required").or(addModal.getByText("Email is required"))).toBeVisible();
  await addModal.getByLabel("Email").fill(email);
  await addModal.getByLabel("Username").fill("Ivy Invited");
  await addModal.getByRole("button", { name: "Add User" }).click();
  await expect(adminPage.getByText(`Invitation sent to ${email}`)).toBeVisible();
  const row = adminPage.locator(`[data-testid="team-row"][data-email="${email}"]`);
  await expect(row).toContainText("Ivy Invited");
  await expect(row).toContainText("Reviewer");

  // Ivy follows the invitation link, signs in with the emailed code and lands in the organization.
  const ivy = await browser.newContext();
  const ivyPage = await ivy.newPage();
  await ivyPage.goto(await invitationPath(ivy, email));
  await ivyPage.getByLabel("Work email").fill(email);
  await ivyPage.getByRole("button", { name: "Continue" }).click();
  await expect(ivyPage.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await ivyPage.getByLabel("Sign-in code").fill(await latestCode(ivy, email));
  await ivyPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(ivyPage).toHaveURL(`/o/${orgId}/prior-auths`);
  await expect(ivyPage.getByTestId("user-email")).toHaveText(email);

  // As a reviewer Ivy works a denied case but cannot sign off the denial letter.
  await ivyPage.getByRole("link", { name: "Fax Simulation" }).click();
  const fax = ivyPage.getByTestId("fax-modal");
  await fax.getByLabel("Fax PDF").setInputFiles(await demoFaxFile("demo-003"));
  await expect(fax.getByTestId("fax-preview").getByTestId("pdf-page-indicator")).toHaveText(/Page 1 of \d+/);
  await submitFax(ivyPage, await demoFaxFile("demo-003"));
  await expect(ivyPage).toHaveURL(new RegExp(`/o/${orgId}/prior-auths/[A-Za-z0-9_-]+$`));
  const casePath = new URL(ivyPage.url()).pathname;
  const caseId = casePath.split("/").pop()!;
  await expect(ivyPage.getByTestId("prior-auth-detail")).toBeVisible({ timeout: 180_000 });
  await expect(ivyPage.getByTestId("header-decision")).toHaveText("Denied");
  await ivyPage.getByRole("link", { name: "Send denial letter" }).click();
  let letter = ivyPage.getByTestId("letter-modal");
  await letter.getByLabel(/Clinician sign-off/).check();
  await letter.getByRole("button", { name: "Generate denial letter" }).click();
  await expect(letter.getByText("A denial letter must be signed off by a signed-in clinical reviewer")).toBeVisible();
  await expect(letter.getByTestId("letter-download")).toHaveCount(0);

  // The administrator makes Ivy a clinical reviewer.
  await adminPage.goto(`/o/${orgId}/settings/team-management`);
  await adminPage
    .locator(`[data-testid="team-row"][data-email="${email}"]`)
    .getByRole("link", { name: /Change role/ })
    .click();
  const roles = adminPage.getByTestId("roles-modal");
  await roles.getByLabel(/Clinical reviewer/).check();
  await roles.getByRole("button", { name: "Save roles" }).click();
  await expect(adminPage.getByText("Roles of Ivy Invited updated")).toBeVisible();
  await expect(adminPage.locator(`[data-testid="team-row"][data-email="${email}"]`)).toContainText("Clinical reviewer");

  // Now Ivy's sign-off goes through and the letter is issued.
  await ivyPage.goto(casePath);
  await ivyPage.getByRole("link", { name: "Send denial letter" }).click();
  letter = ivyPage.getByTestId("letter-modal");
  await letter.getByLabel(/Clinician sign-off/).check();
  await letter.getByRole("button", { name: "Generate denial letter" }).click();
  await expect(letter.getByTestId("letter-download")).toBeVisible();

  // The administrator reads the PHI access log of the case: Ivy's views are there, from the page.
  await adminPage.goto(casePath);
  await adminPage.getByTestId("case-access-log").click();
  await expect(adminPage).toHaveURL(new RegExp(`/settings/audit-log\\?case=${caseId}`));
  const audit = adminPage.getByTestId("audit-row");
  await expect(audit.filter({ hasText: email }).filter({ hasText: "Viewed case" }).first()).toBeVisible();
  await expect(audit.filter({ hasText: email }).filter({ hasText: "Change" }).first()).toBeVisible();
  const csv = await adminPage.request.get(`/o/${orgId}/settings/audit-log.csv?case=${caseId}`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(email);

  // Ivy (no audit.read) is refused the audit log.
  const refused = await ivyPage.request.get(`/o/${orgId}/settings/audit-log`);
  expect(refused.status()).toBe(403);

  fs.mkdirSync("test-results", { recursive: true });
  await admin.close();
  await ivy.close();
});
