/**
 * Sign-in by emailed code in a real browser, with and without JavaScript: register (creates the
 * account and its organizations), read the code from /dev/outbox, land on the redirect target,
 * sign out; then sign in again through /continue?redirect_to=... for a protected page.
 */
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { latestCode } from "./fixtures/outbox";

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Sign-in code").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Continue to your account" })).toBeVisible();
}

async function registerAndSignIn(page: Page, context: BrowserContext, email: string, opts: { tryWrongCode?: boolean } = {}) {
  await page.goto("/register");
  await page.getByLabel("Your name").fill("Erin Reviewer");
  await page.getByLabel("Organization").fill("E2E Health Plan");
  await page.getByLabel("Work email").fill(email);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  let code = await latestCode(context, email);
  if (opts.tryWrongCode) {
    await enterCode(page, String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
    await expect(page.getByRole("alert").filter({ hasText: "Invalid code" })).toBeVisible();
    await page.getByRole("button", { name: "Resend code" }).click();
    await expect(page.getByText("Code resent")).toBeVisible();
    const resent = await latestCode(context, email);
    expect(resent).toMatch(/^\d{6}$/);
    code = resent;
  }
  await enterCode(page, code);
  await expect(page).toHaveURL(/\/o\/[^/]+\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("user-email")).toHaveText(email);
  return new URL(page.url()).pathname.split("/")[2]!;
}

async function signInThroughContinue(page: Page, context: BrowserContext, email: string, target: string) {
  await page.goto(target);
  await expect(page).toHaveURL(`/continue?redirect_to=${encodeURIComponent(target)}`);
  await expect(page.getByRole("heading", { name: "Continue to your account" })).toBeVisible();
  await page.getByLabel("Work email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await enterCode(page, await latestCode(context, email));
  await expect(page).toHaveURL(target);
}

test.describe("with JavaScript", () => {
  test("register, sign in by code, sign out, sign in again to a protected page", async ({ page, context }) => {
    const email = `e2e-js-${Date.now()}@example.test`;
    const orgId = await registerAndSignIn(page, context, email);
    await signOut(page);

    const target = `/o/${orgId}/settings/api-keys`;
    await signInThroughContinue(page, context, email, target);
    await expect(page.getByRole("heading", { name: "API Keys" })).toBeVisible();
    await signOut(page);

    // The old session is gone: the workspace asks to sign in again.
    await page.goto(`/o/${orgId}/dashboard`);
    await expect(page).toHaveURL(/\/continue\?redirect_to=/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("unknown email looks like any other, wrong code, resend, sign in, sign out, sign in to a protected page", async ({ page, context }) => {
    await page.goto("/login");
    await page.getByLabel("Work email").fill(`nobody-${Date.now()}@example.test`);
    await page.getByRole("button", { name: "Continue" }).click();
    // An unknown address gets the same code step as a known one (no account enumeration).
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page.getByText("not associated")).toHaveCount(0);
    await page.getByRole("button", { name: "Change email" }).click();
    await expect(page.getByRole("heading", { name: "Continue to your account" })).toBeVisible();

    const email = `e2e-nojs-${Date.now()}@example.test`;
    const orgId = await registerAndSignIn(page, context, email, { tryWrongCode: true });
    await signOut(page);

    const target = `/o/${orgId}/settings/api-keys`;
    await signInThroughContinue(page, context, email, target);
    await expect(page.getByRole("heading", { name: "API Keys" })).toBeVisible();
    await signOut(page);
  });
});
