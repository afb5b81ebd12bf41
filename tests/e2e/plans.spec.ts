/**
 * Plans and coverage policies in a real browser against the production build, with the in-process
 * worker generating the decision tree (built-in engine): create a plan through the Add Plan form
 * (with its validation), upload a policy PDF, watch the tree become ready live, and open the graph:
 * nodes laid out, approve/deny action nodes, a node's source passage on click, the right-click menu.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { latestCode } from "./fixtures/outbox";
import { PDFDocument, StandardFonts } from "pdf-lib";

const POLICY_LINES = [
  "Adalimumab Coverage Policy",
  "Rheumatoid Arthritis",
  "Approve for 12 months if the patient meets ALL of the following:",
  "1. Patient is 18 years of age or older; AND",
  "2. The medication is prescribed by a rheumatologist.",
];

async function policyPdf(): Promise<string> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  POLICY_LINES.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 18, size: 12, font }));
  const dir = path.resolve("test-results", "plans");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "adalimumab-policy.pdf");
  fs.writeFileSync(file, await doc.save());
  return file;
}

/** Registers a fresh account and returns its organization id. */
async function register(page: Page, context: BrowserContext): Promise<string> {
  const email = `e2e-plans-${Date.now()}@example.test`;
  await page.goto("/register");
  await page.getByLabel("Your name").fill("Pat Pharmacist");
  await page.getByLabel("Organization").fill("E2E Plans Org");
  await page.getByLabel("Work email").fill(email);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.getByLabel("Sign-in code").fill(await latestCode(context, email));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/o\/[^/]+\/dashboard$/);
  return new URL(page.url()).pathname.split("/")[2]!;
}

test("create a plan, upload a coverage policy PDF, and see its generated decision tree", async ({ page, context }) => {
  test.setTimeout(120_000);
  const orgId = await register(page, context);

  await page.goto(`/o/${orgId}/plans`);
  await expect(page.getByTestId("empty-plans")).toBeVisible();
  await page.getByRole("link", { name: "Add Plan" }).first().click();
  const planModal = page.getByTestId("add-plan-modal");
  await expect(planModal).toBeVisible();

  // required fields are checked on the server and shown per field
  await planModal.getByRole("button", { name: "Add Plan" }).click();
  await expect(planModal.getByText("Title is required")).toBeVisible();
  await expect(planModal.getByText("Effective date is required")).toBeVisible();

  await planModal.getByLabel("Title").fill("Gold PPO 2026");
  await planModal.getByLabel("Identification").fill("GOLD-2026");
  await planModal.getByLabel("Line of Business").selectOption("Commercial");
  await planModal.getByLabel("Plan Type").selectOption("PPO");
  // a plan is offered in a state, DC, a territory, or nationwide (federal programs)
  for (const place of ["District of Columbia", "Puerto Rico", "Nationwide (all states)"])
    await expect(planModal.getByLabel("State").locator("option", { hasText: place })).toHaveCount(1);
  await planModal.getByLabel("State").selectOption({ label: "California" });
  await planModal.getByLabel("Effective Date").fill("2026-01-01");
  await page.screenshot({ path: path.resolve("test-results", "plans", "add-plan-form.png") });
  await planModal.getByRole("button", { name: "Add Plan" }).click();

  await expect(page.getByRole("heading", { name: "Gold PPO 2026" })).toBeVisible();
  await expect(page.getByTestId("empty-policies")).toBeVisible();

  await page.getByRole("link", { name: "Add policy" }).first().click();
  const policyModal = page.getByTestId("add-policy-modal");
  await policyModal.getByLabel("Name").fill("Adalimumab");
  await policyModal.getByLabel("Policy PDF").setInputFiles(await policyPdf());
  await policyModal.getByLabel("Drugs").fill("Humira, Amjevita");
  await policyModal.getByRole("button", { name: "Add policy" }).click();

  const row = page.getByTestId("policy-row").filter({ hasText: "Adalimumab" });
  await expect(row).toBeVisible();
  await expect(row.getByText("Humira", { exact: true })).toBeVisible();
  // the worker generates the tree; the page follows over the live channel
  await expect(row.getByTestId("tree-status")).toHaveAttribute("data-status", "ready", { timeout: 60_000 });
  await expect(row.getByRole("button", { name: "Regenerate" })).toBeVisible();

  await row.getByRole("link", { name: "Adalimumab", exact: true }).click();
  const graph = page.getByTestId("decision-tree-graph");
  await expect(graph).toBeVisible();
  await expect(graph.locator(".react-flow__node").first()).toBeVisible();
  expect(await graph.getByTestId("tree-node").count()).toBeGreaterThan(2);
  await expect(graph.locator('[data-node-action="approved"]').first()).toBeVisible();
  await expect(graph.locator('[data-node-action="denied"]').first()).toBeVisible();
  await expect(graph.locator(".react-flow__edge").first()).toBeAttached();
  await expect(page.getByTestId("policy-text")).toContainText("prescribed by a rheumatologist");

  // the tree opens readable (fitted to its top levels at a zoom of at least 0.6, not shrunk to fit the
  // whole tree); "Whole tree" fits every node, so the criterion below is on screen however deep it is
  const zoom = () => graph.locator(".react-flow__viewport").evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
  await expect.poll(zoom).toBeGreaterThanOrEqual(0.6);
  await page.screenshot({ path: path.resolve("test-results", "plans", "decision-tree-open.png") });
  await graph.getByTestId("fit-whole-tree").click();
  await expect.poll(zoom).toBeLessThanOrEqual(1);

  // clicking a criterion shows the passage of the policy it came from
  const prescriber = graph
    .getByTestId("tree-node")
    .filter({ hasText: /rheumatologist/i })
    .first();
  await prescriber.click();
  await expect(page.getByTestId("selected-node").getByTestId("node-passage")).toContainText("rheumatologist");
  await page.screenshot({ path: path.resolve("test-results", "plans", "decision-tree.png") });

  // right-click menu and the Add New Node validation
  await prescriber.click({ button: "right" });
  const menu = page.getByRole("menu", { name: "Node actions" });
  await expect(menu.getByRole("menuitem", { name: "Edit Node" })).toBeVisible();
  await menu.getByRole("menuitem", { name: "Add Connected Node" }).click();
  const addModal = page.getByTestId("add-node-modal");
  await expect(addModal.getByRole("heading", { name: "Add New Node" })).toBeVisible();
  await addModal.getByLabel("Node type").selectOption("question");
  await addModal.getByLabel("Question", { exact: true }).fill("Is the diagnosis documented?");
  await addModal.getByRole("button", { name: "Add node" }).click();
  await expect(addModal.getByText("Answer is required")).toBeVisible();
  await addModal.getByLabel("Answer").fill("Yes");
  await addModal.getByRole("button", { name: "Add node" }).click();
  await expect(addModal).toBeHidden();
  await expect(graph.getByTestId("tree-node").filter({ hasText: "Is the diagnosis documented?" })).toBeVisible();
});
