/**
 * Prior auths in a real browser against the production build, with the embedded database and the
 * in-process worker running the real intake (built-in engine). The reviewer workspace (plan,
 * roster, formulary, coverage policies with decision trees) is seeded by fixtures/seed-cli.ts
 * before the server starts; see fixtures/prior-auths.config.ts.
 *
 * Proves: Fax Simulation validation, preview and upload; the five intake steps arriving live over
 * SSE; the decision with its confidence; Explanation citations opening the cited fax page; override
 * with a required reason; a denial letter after clinician sign-off; a streamed, cited chat answer;
 * scanned faxes (citation shown as a callout over the OCR'd page); list search, sort, pagination and
 * delete; and the same upload and override with JavaScript disabled.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { demoFaxFile, notAPdfFile, reloadUntilDecided, signInReviewer, submitFax } from "./fixtures/prior-auth-helpers";

const STATE = path.join(os.tmpdir(), `pa-e2e-reviewer-${process.pid}.json`);
let orgId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  orgId = await signInReviewer(browser, STATE);
});

test.use({ storageState: STATE });

/** Records every state each intake step shows, from the first paint on (survives client navigations). */
async function recordIntakeSteps(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __steps: string[] };
    w.__steps = [];
    const seen = new Set<string>();
    const scan = () => {
      document.querySelectorAll<HTMLElement>('[data-testid="intake-step"]').forEach((el) => {
        const key = `${el.dataset.step}:${el.dataset.state}`;
        if (!seen.has(key)) {
          seen.add(key);
          w.__steps.push(key);
        }
      });
    };
    new MutationObserver(scan).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"] });
  });
}

async function openFaxSimulation(page: Page) {
  await page.goto(`/o/${orgId}/prior-auths`);
  await page.getByRole("link", { name: "Fax Simulation" }).click();
  const modal = page.getByTestId("fax-modal");
  await expect(modal).toBeVisible();
  return modal;
}

/** Uploads a demo fax through the modal and returns the new case's URL path (intake screen). */
async function uploadFax(page: Page, file: string) {
  const modal = await openFaxSimulation(page);
  await modal.getByLabel("Fax PDF").setInputFiles(file);
  await expect(modal.getByTestId("fax-preview").getByTestId("pdf-page-indicator")).toHaveText(/Page 1 of \d+/);
  await submitFax(page, file);
  await expect(page).toHaveURL(new RegExp(`/o/${orgId}/prior-auths/[A-Za-z0-9_-]+$`));
  return new URL(page.url()).pathname;
}

async function waitForDecision(page: Page) {
  await expect(page.getByTestId("prior-auth-detail")).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId("header-decision")).toBeVisible();
}

test.describe("with JavaScript", () => {
  test("Fax Simulation: validation, preview, live intake steps, decision, explanation citation, override (scanned fax)", async ({ page }) => {
    test.setTimeout(240_000); // OCR of a scanned fax takes a while on a small machine
    await recordIntakeSteps(page);
    const modal = await openFaxSimulation(page);
    await modal.getByRole("button", { name: "Submit prior auth" }).click();
    await expect(modal.getByRole("alert")).toHaveText("Please upload a PDF file");
    await modal.getByLabel("Fax PDF").setInputFiles(notAPdfFile());
    await expect(modal.getByRole("alert")).toHaveText("Please upload a PDF file");
    await expect(modal.getByTestId("fax-preview")).toHaveCount(0);

    // A scanned fax: OCR makes the intake slow enough to watch every step arrive.
    await uploadFax(page, await demoFaxFile("demo-004"));
    await expect(page.getByTestId("intake-screen")).toBeVisible();
    await expect(page.getByRole("link", { name: "Pending Cases" })).toBeVisible();
    await expect(page.getByTestId("live-dot")).toHaveAttribute("data-connected", "true");
    await expect(page.getByRole("button", { name: "Scanning prior auth" })).toBeVisible();
    await waitForDecision(page);

    // The page showed each of the five steps running, one after another, then done: the live
    // events are played back in order with each step on screen for a moment (stages 2–5 of the
    // built-in engine take milliseconds).
    const steps: string[] = await page.evaluate(() => (window as unknown as { __steps: string[] }).__steps);
    expect(steps[0], "first paint: step 1 running").toBe("1:active");
    const activeOrder = steps.filter((s) => s.endsWith(":active")).map((s) => Number(s[0]));
    expect(activeOrder, "each step seen running, in order").toEqual([1, 2, 3, 4, 5]);
    for (const n of [1, 2, 3, 4]) expect(steps.indexOf(`${n}:done`), `step ${n} done before step ${n + 1} runs`).toBeLessThan(steps.indexOf(`${n + 1}:active`));
    expect(steps, "step 5 seen done").toContain("5:done");

    await expect(page.getByText(/^Submitted on /)).toBeVisible();
    await expect(page.getByTestId("header-decision")).toHaveText("Approved");
    await expect(page.getByTestId("confidence")).toHaveText(/^\d{1,3}%$/);
    await expect(page.getByTestId("regulatory-clock")).toContainText("Standard (7 days)");

    // Explanation → citation → the viewer jumps to the cited page; a scanned page has no text
    // layer, so the quote is shown in a callout over it.
    await page.getByRole("link", { name: "Explanation" }).click();
    const explanation = page.getByTestId("explanation-modal");
    await expect(explanation.getByTestId("rationale")).not.toBeEmpty();
    await expect(explanation.getByTestId("decision-trail")).toBeVisible();
    const citation = explanation.getByTestId("citation").last();
    const cited = Number(await citation.getAttribute("data-page"));
    await citation.click();
    await expect(explanation).toHaveCount(0);
    await expect(page.getByTestId("pdf-page")).toHaveAttribute("data-page-number", String(cited));
    await expect(page.getByTestId("pdf-page-indicator")).toHaveText(new RegExp(`^Page ${cited} of \\d+$`));
    await expect(page.getByTestId("citation-callout")).toBeVisible();

    // Override: reason required, then recorded and shown; the button disappears.
    await page.getByRole("link", { name: "Override decision" }).click();
    const override = page.getByTestId("override-modal");
    await override.getByLabel("Deny").check();
    await override.getByRole("button", { name: "Submit decision" }).click();
    await expect(override.getByText("Override reason is required")).toBeVisible();
    await override.getByLabel(/Reason/).fill("Duplicate therapy on file; denied after pharmacist review.");
    await override.getByRole("button", { name: "Submit decision" }).click();
    await expect(page.getByTestId("human-decision")).toContainText("Duplicate therapy on file");
    await expect(page.getByTestId("header-decision")).toHaveText("Denied");
    await expect(page.getByRole("link", { name: "Override decision" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Send denial letter" })).toHaveCount(0);
  });

  test("text fax: a citation highlights the quoted text on its page; formulary and criteria tabs", async ({ page }) => {
    await uploadFax(page, await demoFaxFile("demo-001"));
    await waitForDecision(page);
    await expect(page.getByTestId("header-decision")).toHaveText("Approved");
    await page.getByRole("link", { name: "Explanation" }).click();
    const explanation = page.getByTestId("explanation-modal");
    const citation = explanation.getByTestId("citation").nth(1);
    const cited = Number(await citation.getAttribute("data-page"));
    await citation.click();
    await expect(page.getByTestId("pdf-page")).toHaveAttribute("data-page-number", String(cited));
    await expect(page.locator("mark.pdf-cite").first()).toBeVisible();
    await expect(page.getByTestId("citation-callout")).toHaveCount(0);

    await page.getByRole("link", { name: "Formulary" }).click();
    await expect(page.getByTestId("formulary-tab")).toContainText("58406-0445-04");
    await expect(page.getByTestId("formulary-tab")).toContainText("methotrexate");
    await page.getByRole("link", { name: "Policy Criteria Check" }).click();
    await expect(page.getByTestId("criteria-step").first()).toBeVisible();
    await expect(page.getByTestId("step-pass").first()).toBeVisible();
    await page.getByRole("link", { name: "Criteria", exact: true }).click();
    await expect(page.getByTestId("pdf-viewer")).toHaveAttribute("aria-label", "coverage policy viewer");
  });

  test("the same fax uploaded again offers the existing case (issue 24 C)", async ({ page }) => {
    const file = await demoFaxFile("demo-001");
    const modal = await openFaxSimulation(page);
    await modal.getByLabel("Fax PDF").setInputFiles(file);
    await modal.getByRole("button", { name: "Submit prior auth" }).click();
    // demo-001 was uploaded by the previous test: no second case is made silently
    const dup = modal.getByTestId("duplicate-upload");
    await expect(dup).toContainText("This fax was already received");
    await expect(dup.getByTestId("create-anyway")).toBeVisible();
    const existing = await dup.getByTestId("open-existing-case").getAttribute("href");
    expect(existing).toMatch(new RegExp(`/o/${orgId}/prior-auths/[A-Za-z0-9_-]+$`));
    await dup.getByTestId("open-existing-case").click();
    await expect(page).toHaveURL(new RegExp(`${existing}$`));
  });

  test("denied case: denial letter only after clinician sign-off, then the PDF downloads", async ({ page }) => {
    await uploadFax(page, await demoFaxFile("demo-003"));
    await waitForDecision(page);
    await expect(page.getByTestId("header-decision")).toHaveText("Denied");
    await page.getByRole("link", { name: "Send denial letter" }).click();
    const letter = page.getByTestId("letter-modal");
    await letter.getByRole("button", { name: "Generate denial letter" }).click();
    await expect(letter.getByText("A clinician must sign off before the denial letter is sent.")).toBeVisible();
    await letter.getByLabel(/Clinician sign-off/).check();
    await letter.getByRole("button", { name: "Generate denial letter" }).click();
    const download = letter.getByTestId("letter-download");
    await expect(download).toBeVisible();
    const response = await page.request.get((await download.getAttribute("href"))!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/pdf");
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("chat: a suggested question gets a streamed answer with citations that open the fax page", async ({ page }) => {
    await uploadFax(page, await demoFaxFile("demo-005"));
    await waitForDecision(page);
    const chat = page.getByTestId("chat-panel");
    await chat.getByRole("button", { name: "Start Chat" }).click();
    await expect(page).toHaveURL(/thread=/);
    await chat.getByRole("button", { name: "What is the diagnosis?" }).click();
    await expect(chat.getByTestId("chat-question")).toHaveText("What is the diagnosis?");
    const answer = chat.getByTestId("chat-answer").last();
    await expect(answer).toHaveAttribute("data-streaming", "false", { timeout: 30_000 });
    await expect(answer).toHaveAttribute("data-error", "false");
    await expect(answer).toContainText(/The diagnosis on the request is .+ \(ICD-10-CM [A-Z]\d{2}(\.\w+)?\) \[1\]/);
    const citation = answer.getByTestId("citation").first();
    const cited = Number(await citation.getAttribute("data-page"));
    await citation.click();
    await expect(page.getByTestId("pdf-page")).toHaveAttribute("data-page-number", String(cited));

    // A typed question streams too.
    await chat.getByLabel("Ask a question about this prior auth").fill("Who is the prescribing provider?");
    await chat.getByRole("button", { name: "Send" }).click();
    await expect(chat.getByTestId("chat-answer")).toHaveCount(2);
    await expect(chat.getByTestId("chat-answer").last()).toHaveAttribute("data-streaming", "false", { timeout: 30_000 });
    await expect(chat.getByTestId("chat-answer").last()).toContainText(/The prescribing provider is .+\[1\]/);
  });

  test("synthetic prior auth: describe, generate, edit, create an ePA case", async ({ page }) => {
    await page.goto(`/o/${orgId}/prior-auths`);
    await page.getByRole("link", { name: "+ Prior Auth" }).click();
    const modal = page.getByTestId("synthetic-modal");
    await modal.getByRole("button", { name: "Generate" }).click();
    await expect(modal.getByText("Describe the prior auth to generate.")).toBeVisible();
    await modal.getByLabel("Describe the prior auth").fill("Mounjaro for type 2 diabetes after metformin failure, endocrinologist");
    await modal.getByRole("button", { name: "Generate" }).click();
    const document = modal.getByLabel(/Generated document/);
    await expect(document).not.toHaveValue("");
    await expect(document).not.toHaveValue(/\[object Object\]/); // issue 13: the box showed the response object
    await expect(document).toHaveValue(/Mounjaro/i);
    await document.fill(`${await document.inputValue()}\nReviewer note: edited before submission.`);
    await modal.getByRole("button", { name: "Create" }).click();
    await expect(page).toHaveURL(new RegExp(`/o/${orgId}/prior-auths/[A-Za-z0-9_-]+$`));
    await waitForDecision(page);
    await expect(page.getByTestId("prior-auth-detail").getByText("EPA", { exact: true })).toBeVisible();
    await expect(page.getByTestId("epa-document")).toContainText("Reviewer note: edited before submission.");
  });

  test("list: search, sort, pagination, live refresh and delete", async ({ page }) => {
    // Enough cases for two pages, whatever the earlier tests left (plain multipart POSTs, as the
    // Fax Simulation form sends before JavaScript).
    await page.goto(`/o/${orgId}/prior-auths`);
    await expect(page.getByTestId("prior-auth-table").or(page.getByTestId("empty-list"))).toBeVisible();
    const summary = (await page.getByTestId("pagination-summary").count()) ? await page.getByTestId("pagination-summary").textContent() : null;
    const existing = Number(summary?.match(/of (\d+)/)?.[1] ?? 0);
    const ids = ["demo-009", "demo-006", "demo-007", "demo-003", "demo-005", "demo-001"];
    const uploads = Array.from({ length: Math.max(2, 12 - existing) }, (_, i) => ids[i % ids.length]!);
    for (const id of uploads) {
      const response = await page.request.post(`/o/${orgId}/prior-auths?index`, {
        // the same faxes again on purpose: create_anyway, as the duplicate offer's "Create anyway" sends
        multipart: {
          intent: "fax",
          create_anyway: "1",
          file: { name: `${id}.pdf`, mimeType: "application/pdf", buffer: fs.readFileSync(await demoFaxFile(id)) },
        },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
    }
    const total = existing + uploads.length;
    await page.goto(`/o/${orgId}/prior-auths`);
    // The list refreshes itself from the organization channel as the intakes finish.
    await expect(page.getByTestId("intake-required")).toHaveCount(0, { timeout: 120_000 });
    await expect(page.getByTestId("prior-auth-row")).toHaveCount(10);
    await expect(page.getByTestId("pagination-summary")).toHaveText(`Showing 1–10 of ${total}`);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("pagination-summary")).toHaveText(`Showing 11–${Math.min(20, total)} of ${total}`);

    await page.getByTestId("sort-patient_name").click();
    await expect(page).toHaveURL(/sort=patient_name&dir=asc/);
    // the rows re-render after the URL changes (and a live refresh may land between): poll the order
    const names = () => page.getByTestId("patient-link").allTextContents();
    const inOrder = (dir: 1 | -1) => async () => {
      const got = await names();
      return got.length > 1 && got.join("|") === [...got].sort((a, b) => dir * a.localeCompare(b)).join("|");
    };
    await expect.poll(inOrder(1)).toBe(true);
    await page.getByTestId("sort-patient_name").click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect.poll(inOrder(-1)).toBe(true);

    await page.getByLabel("Search prior auths").fill("natarajan");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=natarajan/);
    const found = page.getByTestId("patient-link");
    await expect(found.first()).toHaveText("Priya Natarajan");
    const matches = await found.count();
    expect(await found.allTextContents()).toEqual(Array(matches).fill("Priya Natarajan"));

    await page
      .getByRole("button", { name: /Actions for Priya Natarajan/ })
      .first()
      .click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByTestId("delete-modal");
    await expect(confirm).toContainText("Are you sure? This will permanently delete it. So proceed with caution.");
    // The delete publishes its own live event. Hold the redirect's page data until that event has
    // surely reached the list: a live refresh that restarted the navigation used to discard the
    // answer that had consumed the one-time toast cookie, and "Prior auth deleted" never showed.
    let held = false;
    await page.route(/\/prior-auths\.data/, async (route) => {
      if (held || route.request().method() !== "GET") return route.continue();
      held = true;
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.fulfill({ response }).catch(() => undefined); // an aborted request is what failed
    });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Prior auth deleted")).toBeVisible();
    expect(held).toBe(true);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.goto(`/o/${orgId}/prior-auths?q=natarajan`);
    await expect(page.getByTestId("prior-auth-row")).toHaveCount(matches - 1);
  });
});

test.describe("developer code view", () => {
  test("meta+shift+k shows raw JSON and re-run icons; a prompt re-runs, becomes ground truth and scores 100% in Evaluation Mode", async ({ page }) => {
    await uploadFax(page, await demoFaxFile("demo-001"));
    await waitForDecision(page);
    await page.keyboard.press("ControlOrMeta+Shift+K");
    await expect(page.getByText("CODE VIEW", { exact: true })).toBeVisible();
    try {
      await expect(page.getByTestId("decision-panel")).toHaveCount(0);
      await expect(page.locator("pre").filter({ hasText: '"final_decision": "approved"' })).toBeVisible();
      await page.getByTestId("try-decision-prompt").click();
      const modal = page.getByTestId("prompt-modal");
      await expect(modal.getByRole("tab", { name: "System Prompt" })).toHaveAttribute("aria-selected", "true");
      await modal.getByRole("tab", { name: "JSON Schema" }).click();
      await expect(modal.getByLabel("JSON Schema")).toHaveValue(/"final_decision"/);
      await modal.getByRole("button", { name: "Submit" }).click();
      await expect(modal.getByTestId("prompt-results")).toContainText('"final_decision": "approved"', { timeout: 30_000 });

      await modal.getByRole("button", { name: "Send for review" }).click();
      const review = modal.getByRole("form", { name: "Create ground truth" });
      await review.getByLabel("Notes").fill("Reviewed: correct approval.");
      await review.getByRole("button", { name: "Save ground truth" }).click();
      await expect(modal.getByText("Ground truth saved.")).toBeVisible();

      await modal.getByRole("switch", { name: "Evaluation Mode" }).click();
      await modal.getByRole("button", { name: "Submit" }).click();
      await expect(modal.getByTestId("prompt-results")).toContainText("Evaluation: 100%", { timeout: 30_000 });
    } finally {
      await page.keyboard.press("Escape");
      await page.keyboard.press("ControlOrMeta+Shift+K");
      await expect(page.getByText("CODE VIEW", { exact: true })).toHaveCount(0);
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("upload a fax and override the decision with plain forms", async ({ page }) => {
    await page.goto(`/o/${orgId}/prior-auths`);
    await page.getByRole("link", { name: "Fax Simulation" }).click();
    await expect(page).toHaveURL(/modal=fax/);
    const modal = page.getByTestId("fax-modal");
    await modal.getByRole("button", { name: "Submit prior auth" }).click();
    await expect(page.getByTestId("fax-modal").getByRole("alert")).toHaveText("Please upload a PDF file");
    await page.getByTestId("fax-modal").getByLabel("Fax PDF").setInputFiles(notAPdfFile());
    await page.getByTestId("fax-modal").getByRole("button", { name: "Submit prior auth" }).click();
    await expect(page.getByTestId("fax-modal").getByRole("alert")).toHaveText("Please upload a PDF file");

    await page
      .getByTestId("fax-modal")
      .getByLabel("Fax PDF")
      .setInputFiles(await demoFaxFile("demo-001"));
    await submitFax(page, await demoFaxFile("demo-001"));
    await expect(page).toHaveURL(new RegExp(`/o/${orgId}/prior-auths/[A-Za-z0-9_-]+$`));
    await expect(page.getByTestId("intake-steps")).toBeVisible();
    await expect(page.getByTestId("pdf-fallback")).toBeVisible();
    await reloadUntilDecided(page);
    await expect(page.getByTestId("confidence")).toHaveText(/^\d{1,3}%$/);

    await page.getByRole("link", { name: "Override decision" }).click();
    await expect(page).toHaveURL(/modal=override/);
    await page.getByTestId("override-modal").getByLabel("Approve").check();
    await page.getByTestId("override-modal").getByRole("button", { name: "Submit decision" }).click();
    await expect(page.getByTestId("override-modal").getByText("Override reason is required")).toBeVisible();
    await page
      .getByTestId("override-modal")
      .getByLabel(/Reason/)
      .fill("Approved on peer-to-peer review.");
    await page.getByTestId("override-modal").getByRole("button", { name: "Submit decision" }).click();
    await expect(page.getByTestId("human-decision")).toContainText("Approved on peer-to-peer review.");
    await expect(page.getByTestId("header-decision")).toHaveText("Approved");

    // List: search (GET form) and delete through the native disclosure menu and a confirmation page.
    await page.goto(`/o/${orgId}/prior-auths`);
    await page.getByLabel("Search prior auths").fill("Jimenez");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=Jimenez/);
    // count() does not wait: let the results page finish loading first (no JS: a full page load)
    await expect(page.getByTestId("prior-auth-row").first()).toContainText("Jimenez");
    const rows = await page.getByTestId("prior-auth-row").count();
    expect(rows).toBeGreaterThan(0);
    await page.getByTestId("prior-auth-row").first().locator("summary").click();
    await page.getByTestId("prior-auth-row").first().getByRole("link", { name: "Delete" }).click();
    await expect(page.getByTestId("delete-modal")).toContainText("Are you sure? This will permanently delete it. So proceed with caution.");
    await page.getByTestId("delete-modal").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Prior auth deleted")).toBeVisible();
    await page.goto(`/o/${orgId}/prior-auths?q=Jimenez`);
    await expect(page.getByTestId("prior-auth-row")).toHaveCount(rows - 1);
  });
});
