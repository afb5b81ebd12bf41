/**
 * Layout at a phone (390 px) and a wide desktop (1400 px) width, every workspace page (issue 24,
 * item F): no page scrolls sideways (claim detail once overflowed to 578 px at 390, the claims list
 * table to 409 px, a plan's detail to 514 px), and no table is cut off by a container that hides
 * its overflow (the claim's services table clipped columns at 1400 px). At 390 px a table may scroll
 * inside its own container (the page itself may not); at 1400 px every table fits without scrolling.
 *
 * Pages are visited in two organizations: the reviewer workspace (plans, coverage policies with
 * decision trees, formulary, letter forms) and the workspace-cases organization (prior auths, a
 * medical claim, agent runs). Detail pages are found from their list pages' links.
 */
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInReviewer } from "./fixtures/prior-auth-helpers";
import { WORKSPACE_REVIEWER } from "./fixtures/seed-workspace-cases";

const WIDTHS = [390, 1400] as const;

const LIST_PAGES = [
  "dashboard",
  "cases",
  "prior-auths",
  "claims",
  "plans",
  "reports",
  "users",
  "providers",
  "compendiums",
  "ai_rules",
  "agent-workflows",
  "forms",
  "formulary_drug_requirements",
  "settings",
  "settings/profile",
  "settings/notifications",
  "settings/organization",
  "settings/team-management",
  "settings/permissions",
  "settings/api-keys",
  "settings/smart-clients",
  "settings/webhooks",
  "settings/api-logs",
  "settings/audit-log",
  "settings/pbm-configuration",
  "settings/database",
];

/** Detail pages: the first link of the list page whose path matches. */
const DETAIL_PAGES: { list: string; link: RegExp }[] = [
  { list: "prior-auths", link: /\/prior-auths\/[^/?#]+$/ },
  { list: "claims", link: /\/claims\/[^/?#]+$/ },
  { list: "plans", link: /\/plans\/[^/?#]+$/ },
  { list: "agent-workflows", link: /\/agent-workflows\/[^/?#]+$/ },
  { list: "formulary_drug_requirements", link: /\/formulary_drug_requirements\/[^/?#]+$/ },
  { list: "forms", link: /\/forms\/[^/?#]+$/ },
  { list: "ai_rules", link: /\/ai_rules\/[^/?#]+$/ },
  { list: "settings/webhooks", link: /\/settings\/webhooks\/[^/?#]+$/ },
];

/** With SCREENSHOT_DIR set, saves a full-page PNG (for looking at the pages while polishing). */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Every page of the organization worth checking: the lists, then one detail page of each kind found. */
async function workspacePages(page: Page, orgId: string): Promise<string[]> {
  const pages = LIST_PAGES.map((p) => `/o/${orgId}/${p}`);
  for (const d of DETAIL_PAGES) {
    await page.goto(`/o/${orgId}/${d.list}`);
    const hrefs = await page.locator("main a[href]").evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const detail = hrefs.find((h) => d.link.test(h) && !/\/(new|import)$/.test(h));
    if (detail) pages.push(detail);
  }
  // a plan's coverage policy, found from the plan's page
  const plan = pages.find((p) => /\/plans\/[^/]+$/.test(p));
  if (plan) {
    await page.goto(plan);
    const policy = (
      await page.locator("main a[href*='/coverage_policies/']").evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
    )[0];
    if (policy) pages.push(policy);
  }
  // the detail pages' other tabs (the claim's services table, the case's criteria and formulary)
  for (const p of [...pages]) {
    if (/\/claims\/[^/]+$/.test(p)) pages.push(...["services", "diagnoses", "practitioners", "policy"].map((tab) => `${p}?tab=${tab}`), `${p}?side=document`);
    if (/\/prior-auths\/[^/]+$/.test(p)) pages.push(`${p}?tab=formulary`, `${p}?tab=criteria`, `${p}?side=criteria`);
  }
  return [...new Set(pages)];
}

/**
 * What overflows on the current page: the page's own sideways scroll ("page 578 > 390" with the
 * widest elements), and tables cut off by an ancestor that hides overflow.
 */
async function overflowProblems(page: Page, wide: boolean): Promise<string[]> {
  return page.evaluate((wide) => {
    const out: string[] = [];
    const doc = document.documentElement;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : ""}.${String(el.className).split(/\s+/).slice(0, 4).join(".")}`;
    if (doc.scrollWidth > doc.clientWidth + 1) {
      // the outermost elements reaching past the page's width, outside any container that scrolls or clips
      const contained = (el: Element) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
          if (getComputedStyle(a).overflowX !== "visible") return a.getBoundingClientRect().right <= doc.clientWidth + 1;
        return false;
      };
      const wide = [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 1 && !contained(el))
        .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= doc.clientWidth + 1)
        .slice(0, 3)
        .map((el) => `${describe(el)} right=${Math.round(el.getBoundingClientRect().right)}`);
      // an absolutely positioned element (an sr-only label in a scrolling table) escapes a container that is not `relative`
      const escaped = [...document.querySelectorAll("body *")]
        .filter((el) => ["absolute", "fixed"].includes(getComputedStyle(el).position) && el.getBoundingClientRect().right > doc.clientWidth + 1)
        .slice(0, 3)
        .map((el) => `${describe(el)} (positioned) right=${Math.round(el.getBoundingClientRect().right)}`);
      out.push(`page ${doc.scrollWidth} > ${doc.clientWidth}: ${[...wide, ...escaped].join("; ")}`);
    }
    // the workspace's <main> scrolls on its own (overflow-y: auto): its sideways scroll is the page's too
    const main = document.querySelector("main");
    if (main && main.scrollWidth > main.clientWidth + 1) {
      const right = main.getBoundingClientRect().right;
      const wide = [...main.querySelectorAll("*")]
        .filter((el) => el.getBoundingClientRect().right > right + 1)
        .filter((el) => !el.parentElement || el.parentElement === main || el.parentElement.getBoundingClientRect().right <= right + 1)
        .slice(0, 3)
        .map((el) => `${describe(el)} right=${Math.round(el.getBoundingClientRect().right)}`);
      out.push(`main ${main.scrollWidth} > ${main.clientWidth}: ${wide.join("; ")}`);
    }
    for (const table of document.querySelectorAll("table")) {
      const box = table.getBoundingClientRect();
      if (box.width === 0) continue;
      for (let a = table.parentElement; a && a !== document.body; a = a.parentElement) {
        const ox = getComputedStyle(a).overflowX;
        if (ox === "visible") continue;
        if ((ox === "hidden" || ox === "clip") && box.right > a.getBoundingClientRect().right + 1)
          out.push(`table clipped by ${describe(a)}: ${Math.round(box.right)} > ${Math.round(a.getBoundingClientRect().right)}`);
        // on a wide screen no table should hide columns behind a sideways scroll either
        else if (wide && box.right > a.getBoundingClientRect().right + 1)
          out.push(`table ${describe(table)} scrolls sideways at this width: ${Math.round(box.right)} > ${Math.round(a.getBoundingClientRect().right)}`);
        break;
      }
    }
    return out;
  }, wide);
}

async function checkOrganization(browser: Browser, state: string, email?: string) {
  const orgId = await signInReviewer(browser, state, email);
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  const pages = await workspacePages(page, orgId);
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const url of pages) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBeLessThan(400);
      await page.waitForLoadState("load");
      for (const p of await overflowProblems(page, width >= 1400)) problems.push(`${width}px ${url.replace(orgId, "{org}")}: ${p}`);
      await shot(
        page,
        `layout-${width}-${url
          .replace(`/o/${orgId}/`, "")
          .replace(/[^a-z0-9]+/gi, "-")
          .slice(-60)}`,
      );
    }
  }
  await context.close();
  return { pages, problems };
}

test("no workspace page scrolls sideways or clips a table at 390 and 1400 px (reviewer workspace)", async ({ browser }) => {
  test.setTimeout(300_000);
  const { pages, problems } = await checkOrganization(browser, path.join(os.tmpdir(), `pa-e2e-layout-${process.pid}.json`));
  expect(pages.length).toBeGreaterThan(LIST_PAGES.length);
  expect(problems).toEqual([]);
});

test("no workspace page scrolls sideways or clips a table at 390 and 1400 px (cases organization)", async ({ browser }) => {
  test.setTimeout(300_000);
  const { pages, problems } = await checkOrganization(browser, path.join(os.tmpdir(), `pa-e2e-layout-ws-${process.pid}.json`), WORKSPACE_REVIEWER.email);
  expect(
    pages.some((p) => /\/claims\/[^/]+$/.test(p)),
    "a claim detail was checked",
  ).toBe(true);
  expect(
    pages.some((p) => /\/prior-auths\/[^/]+$/.test(p)),
    "a prior auth detail was checked",
  ).toBe(true);
  expect(problems).toEqual([]);
});
