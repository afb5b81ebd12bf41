/**
 * The agent-run (agent workflow) detail page as a reviewer gets it: the real app handler renders the
 * page (layouts, loader, component) for a signed-in member. With code view off a run's values are in
 * words and its JSON is folded away (issue 24, item 10: the page showed raw JSON with code view off);
 * with code view on the JSON is shown; a failed intake run shows its error and a Retry; another
 * organization's run is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { createOrgWithUser, signInCookie } from "../support/fixtures";

let tdb: TestDatabase;
let app: AppHandler;
let orgId: string;
let userId: string;
let cookie: string;
let decisionRun: string;
let failedRun: string;
let otherRun: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await createAppHandler();
  const a = await createOrgWithUser(tdb.database);
  const b = await createOrgWithUser(tdb.database);
  orgId = a.organization.id;
  userId = a.user.id;
  cookie = await signInCookie(tdb.database, a.user.id);
  const p = tdb.database.prisma;
  const pa = await p.priorAuth.create({ data: { organization_id: orgId, patient_name: "Jane Roe", medication_name: "Humira", intake_status: "succeeded" } });
  const at = (m: number) => new Date(Date.now() - m * 60_000);
  decisionRun = (
    await p.aiAgentRun.create({
      data: {
        organization_id: orgId,
        prior_auth_id: pa.id,
        agent: "decision",
        step: 5,
        status: "succeeded",
        task_message: "Making a decision",
        engine: "builtin",
        started_at: at(5),
        finished_at: at(4),
        duration_ms: 120,
        input: { rules_fired: [] },
        output: {
          final_decision: "needs_more_information",
          confidence_score: 0.6,
          rule: "pend_needs_review",
          ai_summary: "Needs review: the policy's criteria were not read with high confidence.",
          citations: [{ document: "fax", page: 1, start: 0, end: 4, text: "Jane" }],
        },
      },
    })
  ).id;
  failedRun = (
    await p.aiAgentRun.create({
      data: {
        organization_id: orgId,
        prior_auth_id: pa.id,
        agent: "clinical_review",
        step: 3,
        status: "failed",
        task_message: "Clinical review",
        engine: "builtin",
        started_at: at(3),
        finished_at: at(2),
        duration_ms: 40,
        error: "The coverage policy could not be read.",
      },
    })
  ).id;
  otherRun = (await p.aiAgentRun.create({ data: { organization_id: b.organization.id, agent: "extraction", status: "succeeded", engine: "builtin" } })).id;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await tdb?.cleanup();
});

async function page(runId: string) {
  const res = await app.fetch(`/o/${orgId}/agent-workflows/${runId}`, { headers: { Cookie: cookie } });
  const html = await res.text();
  // what the reader sees: the markup without the scripts that carry the loader data
  return { status: res.status, html, visible: html.replace(/<script\b[\s\S]*?<\/script>/g, "") };
}

/** The page's markup with every <details> element (folded away until opened) removed. */
const unfolded = (visible: string) => visible.replace(/<details\b[\s\S]*?<\/details>/g, "");

describe("agent workflow detail page", () => {
  it("with code view off: the run's values in words, the JSON folded away and no code word in view", async () => {
    await tdb.database.prisma.user.update({ where: { id: userId }, data: { code_view: false } });
    const { status, visible } = await page(decisionRun);
    expect(status).toBe(200);
    const shown = unfolded(visible);
    expect(shown).toContain('data-testid="run-output-fields"');
    expect(shown).toContain("Final decision");
    expect(shown).toContain("Needs more information");
    expect(shown).toContain("Confidence score");
    expect(shown).toContain("AI summary");
    expect(shown).toContain("Making a decision");
    // raw keys and codes only inside the folded "as recorded (JSON)" section
    for (const code of ["final_decision", "needs_more_information", "pend_needs_review", "confidence_score"]) expect(shown).not.toContain(code);
    expect(visible).toMatch(/<details\b(?![^>]*\bopen\b)[^>]*>\s*<summary[^>]*>Output(?:<!-- -->)? as recorded \(JSON\)<\/summary>/);
  });

  it("with code view on: the JSON is shown and the words panel is not", async () => {
    await tdb.database.prisma.user.update({ where: { id: userId }, data: { code_view: true } });
    const { status, visible } = await page(decisionRun);
    expect(status).toBe(200);
    expect(visible).not.toContain('data-testid="run-output-fields"');
    expect(unfolded(visible)).toContain("final_decision");
    await tdb.database.prisma.user.update({ where: { id: userId }, data: { code_view: false } });
  });

  it("a failed intake run shows its error and offers a retry", async () => {
    const { status, visible } = await page(failedRun);
    expect(status).toBe(200);
    expect(visible).toContain("This run failed");
    expect(visible).toContain("The coverage policy could not be read.");
    expect(visible).toContain("Retry intake");
    expect(visible).toContain("No output recorded.");
  });

  it("another organization's run is 404", async () => {
    expect((await page(otherRun)).status).toBe(404);
  });
});
