/**
 * "Everything a reviewer reads is true" in a real browser (issue 24, items 1, 2, 5 and 6), on the
 * seeded reviewer workspace (demo plan, roster, formulary with Enbrel/Mounjaro/Skyrizi/methotrexate
 * and their coverage policies):
 *  1. a request for a drug the plan's formulary does not carry (Humira, with methotrexate as the
 *     prior therapy) is a Humira case with a "Not on formulary" badge, never a methotrexate case;
 *  2. a denied case's reading text — decision panel, explanation, criteria, the Send denial letter
 *     modal and the recorded letter reason — carries no engine code words or outcome markup;
 *  5. a request naming another payer for a member not on the roster is routed ("Misdirected"), never
 *     denied, no denial letter is offered, and the override form warns;
 *  6. a name read differently from the roster is marked "Check"; the Correct dialog saves the
 *     roster's spelling and the case shows it as corrected.
 * The faxes are the demo renders (fixtures/demo) with the drug or the name changed, and one typed
 * cover-sheet request for another payer.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { expect, test, type Page } from "@playwright/test";
import { getDemoCase, type DemoCase } from "../../fixtures/demo/catalog";
import { renderPriorAuthFax } from "../../fixtures/demo/render-fax.server";
import { signInReviewer, submitFax } from "./fixtures/prior-auth-helpers";

const STATE = path.join(os.tmpdir(), `pa-e2e-truth-${process.pid}.json`);
const DIR = path.resolve("test-results", "reviewer-truth");
let orgId = "";

test.beforeAll(async ({ browser }) => {
  orgId = await signInReviewer(browser, STATE);
});
test.use({ storageState: STATE });

/** Engine codes and markup that must never reach reading text (issue 24, item 2). */
const CODE_WORDS = [
  /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/,
  /\[(?:met|not_met|insufficient)\]/,
  /(?:^|\n)\s*- \[/,
  /\(read from [^)]*\)/,
  /\b(?:route|deny|pend)_[a-z_]+\b/,
];

function expectPlain(text: string, where: string) {
  for (const re of CODE_WORDS) expect(text, `${where}: ${re} in\n${text}`).not.toMatch(re);
}

/** A demo case's fax rendered with `change` applied (a copy; the catalog is untouched). */
async function variantFax(id: string, name: string, change: (c: DemoCase) => DemoCase): Promise<string> {
  const demo = structuredClone(getDemoCase(id)!);
  fs.mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, `${name}.pdf`);
  fs.writeFileSync(file, await renderPriorAuthFax(change(demo), { scanned: false }));
  return file;
}

/** A one-page typed PDF of `lines`. */
async function typedFax(name: string, lines: string[]): Promise<string> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 48, y: 740 - i * 18, size: 11, font }));
  fs.mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, name);
  fs.writeFileSync(file, await doc.save());
  return file;
}

async function uploadAndDecide(page: Page, file: string) {
  await page.goto(`/o/${orgId}/prior-auths`);
  await page.getByRole("link", { name: "Fax Simulation" }).click();
  await page.getByTestId("fax-modal").getByLabel("Fax PDF").setInputFiles(file);
  await submitFax(page, file);
  await expect(page.getByTestId("prior-auth-detail")).toBeVisible({ timeout: 180_000 });
  return new URL(page.url()).pathname;
}

test("1: a drug the formulary does not carry is the requested drug, marked 'Not on formulary'", async ({ page }) => {
  test.setTimeout(240_000);
  // Taltz: in the drug directory, on no formulary and in no policy of the demo plan — nor added by any
  // other spec (extraction.spec adds an Adalimumab policy to the same plan, so Humira would be covered)
  const file = await variantFax("demo-001", "taltz-not-on-formulary", (c) => {
    // every mention of the requested drug becomes Taltz; methotrexate stays the prior therapy
    const swapped = JSON.parse(
      JSON.stringify(c)
        .replace(/Enbrel SureClick/g, "Taltz Autoinjector")
        .replace(/Enbrel/g, "Taltz")
        .replace(/etanercept/g, "ixekizumab"),
    ) as DemoCase;
    return {
      ...swapped,
      medication: {
        ...swapped.medication,
        drug_name: "Taltz",
        display_name: "Taltz Autoinjector (ixekizumab) 80 mg/mL",
        generic_name: "ixekizumab",
        strength: "80 mg/mL",
        ndc: "00002-1445-11",
        quantity: 1,
        quantity_unit: "autoinjector",
        sig: "Inject 80 mg subcutaneously every 4 weeks",
      },
    };
  });
  await uploadAndDecide(page, file);
  const header = page.getByTestId("prior-auth-detail").locator("header").first();
  await expect(header).toContainText("Taltz");
  await expect(header).not.toContainText(/methotrexate/i);
  const drug = page.getByTestId("requested-drug");
  await expect(drug).toContainText("Taltz");
  await expect(drug).not.toContainText(/methotrexate/i);
  await expect(page.getByTestId("not-on-formulary")).toBeVisible();
  // the decision never calls it approved on another drug's formulary row
  await expect(page.getByTestId("ai-summary")).toContainText("Taltz");
  await expect(page.getByTestId("ai-summary")).toContainText("not on the plan's formulary");
  expectPlain(await page.getByTestId("decision-panel").innerText(), "decision panel");
  await page.screenshot({ path: path.join(DIR, "item1-taltz.png"), fullPage: true });
});

test("2: a denied case's reading text, letter modal and letter reason carry no code words or markup", async ({ page }) => {
  test.setTimeout(240_000);
  // Skyrizi added to ongoing Cimzia: the policy's combination exclusion denies it
  const file = await variantFax("demo-007", "combination-excluded", (c) => c);
  const casePath = await uploadAndDecide(page, file);
  await expect(page.getByTestId("header-decision")).toHaveText("Denied");
  expectPlain(await page.getByTestId("decision-panel").innerText(), "decision panel");
  expectPlain(await page.getByTestId("intake-tab").innerText(), "intake tab");

  await page.getByRole("link", { name: "Explanation" }).click();
  const explanation = page.getByTestId("explanation-modal");
  await expect(explanation.getByTestId("rationale")).not.toBeEmpty();
  expectPlain(await explanation.getByTestId("rationale").innerText(), "rationale");
  expectPlain(await explanation.getByTestId("decision-trail").innerText(), "decision trail");
  await page.keyboard.press("Escape");

  await page.goto(`${casePath}?tab=criteria`);
  expectPlain(await page.getByTestId("criteria-tab").innerText(), "criteria tab");

  await page.goto(casePath);
  await page.getByRole("link", { name: "Send denial letter" }).click();
  const letter = page.getByTestId("letter-modal");
  await expect(letter).toBeVisible();
  expectPlain(await letter.innerText(), "Send denial letter modal");
  await letter.getByLabel(/Clinician sign-off/).check();
  await letter.getByRole("button", { name: "Generate denial letter" }).click();
  await expect(letter.getByTestId("letter-ready")).toBeVisible();
  expectPlain(await letter.innerText(), "letter reason");
  await page.screenshot({ path: path.join(DIR, "item2-letter.png") });

  // the recorded reason (the human decision the letter made) reads the same
  await page.goto(casePath);
  const human = page.getByTestId("human-decision");
  await expect(human).toBeVisible();
  expectPlain(await human.innerText(), "recorded decision reason");
  expect(await human.innerText()).not.toMatch(/>=|<=/);
});

test("5: a request for another payer is routed, never denied, and offers no denial letter", async ({ page }) => {
  test.setTimeout(240_000);
  const file = await typedFax(`misdirected-${Date.now()}.pdf`, [
    "FAX - PRIOR AUTHORIZATION REQUEST (PHARMACY)",
    "To: Aetna Better Health of Illinois - Pharmacy Prior Authorization   Fax: (866) 555-0100",
    "Health plan: Aetna Better Health of Illinois",
    "Patient: Nadia Vossberg   DOB: 02/11/1980   Member ID: ABH77120458",
    "Prescriber: Lena Okafor, MD (Rheumatology)   NPI: 1306849450   Phone: (312) 555-0144",
    "Drug name and strength: Enbrel SureClick 50 mg/mL autoinjector   NDC: 58406-0445-04",
    "Directions: Inject 50 mg subcutaneously once weekly   Quantity: 4   Days supply: 28",
    "Diagnosis: M05.79 Rheumatoid arthritis with rheumatoid factor of multiple sites",
    "Prior therapy: methotrexate 20 mg weekly from 01/2025 to 09/2025, inadequate response.",
    "QuantiFERON-TB Gold Plus negative 03/02/2026.",
  ]);
  await uploadAndDecide(page, file);
  const notice = page.getByTestId("routing-notice");
  await expect(notice).toContainText("Misdirected");
  await expect(notice).toContainText("Aetna");
  await expect(page.getByTestId("header-decision")).not.toHaveText("Denied");
  await expect(page.getByRole("link", { name: "Send denial letter" })).toHaveCount(0);
  // said once (the notice), and the clinical line does not read as a verdict on another payer's request
  await expect(page.getByTestId("ai-summary")).toHaveCount(0);
  await expect(page.getByTestId("decision-panel")).toContainText("Not decisive: the request is for another payer");
  expectPlain(await page.getByTestId("decision-panel").innerText(), "decision panel");
  await page.screenshot({ path: path.join(DIR, "item5-misdirected.png"), fullPage: true });
  await page.getByRole("link", { name: "Override decision" }).click();
  await expect(page.getByTestId("override-routing-warning")).toBeVisible();
});

test("6: a name read unlike the roster is marked Check; the Correct dialog keeps the correction", async ({ page }) => {
  test.setTimeout(240_000);
  // the roster has Carla Jimenez (member PSH20418837); the fax spells her first name "Karla"
  const file = await variantFax("demo-001", "name-read-as-karla", (c) => ({ ...c, patient: { ...c.patient, first_name: "Karla" } }));
  const casePath = await uploadAndDecide(page, file);
  const mark = page.getByTestId("field-check-patient.name");
  await expect(mark.getByTestId("low-confidence")).toBeVisible();
  await expect(mark.getByTestId("low-confidence")).toHaveAttribute("title", /"Karla".*"Carla"/);
  await page.screenshot({ path: path.join(DIR, "item6-check.png"), fullPage: true });
  await mark.getByRole("link", { name: /Correct/ }).click();
  const form = page.getByTestId("correct-form");
  await expect(form).toBeVisible();
  await expect(form).toContainText("Suggested: Carla");
  await form.getByLabel("Patient first name").fill("Carla");
  await form.getByRole("button", { name: "Save correction" }).click();
  await expect(page.getByTestId("correct-form")).toHaveCount(0);
  await page.goto(casePath);
  const corrected = page.getByTestId("field-check-patient.name").getByTestId("corrected");
  await expect(corrected).toBeVisible();
  await expect(page.getByTestId("field-check-patient.name")).toContainText(/was “Karla”/);
  await expect(page.getByTestId("field-check-patient.name").getByTestId("low-confidence")).toHaveCount(0);
  await expect(page.getByTestId("prior-auth-detail").locator("header h1")).toContainText("Carla");
});
