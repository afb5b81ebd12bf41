/**
 * Every route of PRODUCT-SPEC §2 ("Screens and routes") in a real browser: each answers (no 4xx/5xx
 * document), renders inside its shell, and shows no placeholder ("Coming soon") and no not-found
 * page. Detail routes are reached through their list's first link, so the lists must hold data: the
 * e2e seed's plan, policies and formulary; cases processed by the specs that run before this one
 * (claims, prior-auths); an AI rule and a webhook created here through the API when none exists.
 */
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { signInReviewer } from "./fixtures/prior-auth-helpers";

const STATE = path.join(os.tmpdir(), `pa-e2e-routes-${process.pid}.json`);
let orgId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  orgId = await signInReviewer(browser, STATE);
});

test.use({ storageState: STATE });

/** Opens `url` and checks it is a real page: 2xx document, no placeholder, no not-found panel. */
async function visit(page: Page, url: string) {
  const res = await page.goto(url);
  expect(res?.status(), `${url} answers`).toBeLessThan(400);
  await expect(page.getByTestId("coming-soon"), `${url} is no placeholder`).toHaveCount(0);
  await expect(page.getByText("Page not found"), `${url} is not a not-found page`).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(/coming soon|not available yet|\[object Object\]/i);
}

/** The href of the first link on `url` whose path matches `pattern` (the list's first row). */
async function firstLink(page: Page, url: string, pattern: RegExp): Promise<string> {
  await visit(page, url);
  const hrefs = await page.locator("a[href]").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute("href") ?? ""));
  const href = hrefs.map((h) => h.split("?")[0]!).find((h) => pattern.test(h));
  expect(href, `${url} lists at least one item`).toBeTruthy();
  return href!;
}

test("public and sign-in routes", async ({ page, browser }) => {
  await visit(page, "/");
  await visit(page, "/blog");
  const post = await firstLink(page, "/blog", /^\/blog\/(?!new$)[^/]+$/);
  await visit(page, post);
  // signed out: /login, /register, /continue
  const anon = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const p = await anon.newPage();
  for (const url of ["/login", "/register", "/continue"]) await visit(p, url);
  await anon.close();
});

test("organization area: every list and its detail", async ({ page }) => {
  // about twenty pages, each checked for placeholders: more than the default minute on a loaded machine
  test.setTimeout(180_000);
  const o = `/o/${orgId}`;
  await page.goto(o);
  await expect(page).toHaveURL(new RegExp(`${o}/dashboard$`));
  for (const section of [
    "dashboard",
    "cases",
    "prior-auths",
    "claims",
    "users",
    "providers",
    "formulary_drug_requirements",
    "ai_rules",
    "agent-workflows",
    "plans",
    "compendiums",
    "reports",
    "forms",
  ]) {
    await visit(page, `${o}/${section}`);
  }

  // An AI rule and a webhook to open, created through the API when the organization has none.
  let createdRule: string | null = null;
  const rules = await (await page.request.get(`/api/o/${orgId}/ai_rules.json`)).json();
  if (!rules.ai_rules?.length) {
    const made = await page.request.post(`/api/o/${orgId}/ai_rules`, {
      headers: { Origin: new URL(page.url()).origin },
      data: {
        name: "Route tour rule",
        description: "Adds a note (removed at the end)",
        applies_to: "audit",
        conditions: [],
        actions: ["note route tour"],
        scoped_drug_names: ["zzz-route-tour"],
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    createdRule = (await made.json()).ai_rule.token;
  }
  // (removed again at the end: the webhooks spec, which runs later, starts from an empty list)
  let createdWebhook: string | null = null;
  const hooks = await (await page.request.get(`/api/o/${orgId}/webhook_endpoints.json`)).json();
  if (!hooks.webhook_endpoints?.length) {
    const made = await page.request.post(`/api/o/${orgId}/webhook_endpoints`, {
      headers: { Origin: new URL(page.url()).origin },
      data: { url: "https://receiver.example.com/hooks", description: "Route tour", event_types: ["prior_auth.succeeded"] },
    });
    expect(made.status(), await made.text()).toBeLessThan(300);
    createdWebhook = (await made.json()).webhook.id;
  }

  // A claim to open, created as an electronic request when the specs before left none.
  const claims = await (await page.request.get(`/api/o/${orgId}/claims.json`)).json();
  if (!claims.claims?.length) {
    const made = await page.request.post(`/api/o/${orgId}/claims`, {
      headers: { Origin: new URL(page.url()).origin },
      data: {
        submission_type: "epa",
        epa_submission: {
          synthetic_document:
            "Patient: Route Tour  DOB: 01/02/1970  Member ID: RT0001\nService: 72148 MRI lumbar spine without contrast, 1 unit, date of service 03/02/2026\nDiagnosis: M54.16 Radiculopathy, lumbar region",
        },
      },
    });
    expect(made.status(), await made.text()).toBeLessThan(300);
  }

  const details: [string, RegExp][] = [
    [`${o}/prior-auths`, new RegExp(`^${o}/prior-auths/[^/]+$`)],
    [`${o}/claims`, new RegExp(`^${o}/claims/[^/]+$`)],
    [`${o}/formulary_drug_requirements`, new RegExp(`^${o}/formulary_drug_requirements/[^/]+$`)],
    [`${o}/ai_rules`, new RegExp(`^${o}/ai_rules/[^/]+$`)],
    [`${o}/agent-workflows`, new RegExp(`^${o}/agent-workflows/[^/]+$`)],
    [`${o}/plans`, new RegExp(`^${o}/plans/[^/]+$`)],
    [`${o}/settings/webhooks`, new RegExp(`^${o}/settings/webhooks/[^/]+$`)],
  ];
  try {
    for (const [list, pattern] of details) await visit(page, await firstLink(page, list, pattern));

    const plan = await firstLink(page, `${o}/plans`, new RegExp(`^${o}/plans/[^/]+$`));
    await visit(page, await firstLink(page, plan, new RegExp(`^${plan}/coverage_policies/[^/]+$`)));
  } finally {
    // what the tour made is removed even when a visit fails, so later specs start from their own state
    if (createdRule) {
      const removed = await page.request.delete(`/api/o/${orgId}/ai_rules/${createdRule}`, { headers: { Origin: new URL(page.url()).origin } });
      expect(removed.status()).toBe(200);
    }
    if (createdWebhook) {
      const removed = await page.request.delete(`/api/o/${orgId}/webhook_endpoints/${createdWebhook}`, { headers: { Origin: new URL(page.url()).origin } });
      expect(removed.status()).toBe(200);
    }
  }
});

test("settings: every sub-page", async ({ page }) => {
  for (const section of ["organization", "team-management", "permissions", "api-keys", "webhooks", "database", "api-logs", "pbm-configuration"]) {
    await visit(page, `/o/${orgId}/settings/${section}`);
  }
});

test("demo area: home and every kind, without an account", async ({ browser }) => {
  const anon = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await anon.newPage();
  await visit(page, "/");
  const demo = await firstLink(page, "/", /^\/demo\/[^/]+$/);
  await visit(page, demo);
  for (const kind of ["intake", "eligibility", "clinical", "audit", "fax_simulation"]) await visit(page, `${demo}/${kind}`);
  await anon.close();
});
