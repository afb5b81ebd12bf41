/**
 * A plan's fee schedule end to end (issue 22): imported from CSV (bad rows by line), shown on the
 * plan page, and applied by the claim intake to typed claim lines — a limit exceeded across two
 * lines of one claim, and across an earlier claim of the same member, denies the line citing the
 * plan's row; lines within the limit keep the engine's decision. Tenancy: another organization's
 * fee schedule is neither shown nor applied, and it cannot import into this organization's plan.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { setDatabase } from "~/lib/db.server";
import { createClaim } from "~/claims/create-claim.server";
import { runClaimIntake } from "~/claims/run-claim-intake.server";
import { overrideServiceLine } from "~/claims/claim-review.server";
import { createPlan, loadFeeSchedule } from "~/plans/manage-plans.server";
import { importFeeScheduleCsv } from "~/plans/import-plan-csv.server";
import { isAppError } from "~/lib/errors";
import { seedClaimsDemo } from "../../prisma/seed-claims.server";
import { makePdf } from "./api-prior-auths.seed";

const SET = path.resolve("fixtures/eval/claims");
let t: TestDatabase;
let app: AppHandler;
let orgId = "";
let otherOrgId = "";
let planId = "";
let otherPlanId = "";
let cookie = "";

beforeAll(async () => {
  t = await createTestDatabase();
  setDatabase(t.database);
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "Fees A" });
  const b = await createOrgWithUser(t.database, { orgName: "Fees B" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  cookie = await signInCookie(t.database, a.user.id);
  await seedClaimsDemo(t.database, orgId, { setDir: SET, samples: false, inlineTrees: true });
  planId = (await t.database.prisma.plan.findFirstOrThrow({ where: { organization_id: orgId } })).id;
  otherPlanId = (
    await createPlan(t.database, otherOrgId, {
      title: "Other medical",
      identification: "OTHER-MED",
      document_type: "medical",
      line_of_business: "Commercial",
      plan_type: "PPO",
      state: "CA",
      effective_date: "2026-01-01",
      is_active: true,
    })
  ).id;
}, 240_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

/** Submits a case's fax as a claim received at `received` and runs its intake; returns the line decisions by line number. */
async function decide(caseId: string, received: string) {
  const claim = await createClaim(
    t.database,
    orgId,
    { submission_type: "fax", file: { bytes: new Uint8Array(fs.readFileSync(path.join(SET, "cases", caseId, "fax.pdf"))), filename: `${caseId}.pdf` } },
    { queue: false, received_at: new Date(`${received}T12:00:00Z`), plan_id: planId },
  );
  await runClaimIntake(t.database, claim.id);
  const lines = await t.database.prisma.serviceRequest.findMany({
    where: { claim_id: claim.id },
    include: { decisions: true },
    orderBy: { line_number: "asc" },
  });
  return lines.map((l) => ({
    claimId: claim.id,
    id: l.id,
    code: l.code,
    date: l.service_date,
    decision: l.decisions[0]?.final_decision,
    rule: (l.decisions[0]?.metadata as { rule?: string } | null)?.rule,
    reason: l.decisions[0]?.reason ?? "",
  }));
}

describe("fee schedule", () => {
  it("imports a fee-schedule CSV, reporting bad rows by line, and shows it on the plan page", async () => {
    const csv = [
      "code,description,units,period_days",
      "97110,Therapeutic exercise,5,7",
      "72148,MRI lumbar spine,1,60",
      "XYZ,bad code,1,1",
      "29881,Knee arthroscopy,1,0",
    ].join("\n");
    const r = await importFeeScheduleCsv(t.database, orgId, planId, csv);
    expect(r.kind).toBe("fee_schedule");
    expect(r.imported).toBe(2);
    expect(r.errors.map((e) => e.line)).toEqual([4, 5]);
    expect(await loadFeeSchedule(t.database, orgId, planId)).toEqual([
      { code: "72148", description: "MRI lumbar spine", units_per_period: { amount: 1, period_days: 60 } },
      { code: "97110", description: "Therapeutic exercise", units_per_period: { amount: 5, period_days: 7 } },
    ]);
    const html = await (await app.fetch(`/o/${orgId}/plans/${planId}`, { headers: { Cookie: cookie } })).text();
    expect(html).toContain('data-testid="fee-schedule"');
    expect(html).toContain("Therapeutic exercise");
    expect(html).toContain("per 60 days");
  });

  it("keeps tenancy: another organization cannot import into this plan, and its own rows never show or apply here", async () => {
    const err = await importFeeScheduleCsv(t.database, otherOrgId, planId, "code,description,units,period_days\n29881,x,0,365").catch((e) => e);
    expect(isAppError(err) && err.code).toBe("not_found");
    await importFeeScheduleCsv(
      t.database,
      otherOrgId,
      otherPlanId,
      "code,description,units,period_days\n29881,Other org knee scope,0,365\n72148,Other org MRI,0,365",
    );
    expect(await loadFeeSchedule(t.database, otherOrgId, planId)).toEqual([]);
    expect((await loadFeeSchedule(t.database, orgId, planId)).map((r) => r.description)).not.toContain("Other org MRI");
    // claim-014 (29881, approved): the other organization's limit of 0 does not apply
    const lines = await decide("claim-014", "2026-11-05");
    expect(lines.map((l) => l.decision)).toEqual(["approved"]);
  });

  it("denies the lines over the limit across two lines of one claim, citing the plan's row; the first stays approved", async () => {
    const lines = await decide("claim-027", "2026-11-20");
    const ex = lines.filter((l) => l.code === "97110");
    expect(ex.map((l) => [l.date, l.decision])).toEqual([
      ["2026-11-02", "approved"],
      ["2026-11-04", "denied"],
      ["2026-11-09", "denied"],
      ["2026-11-11", "denied"],
    ]);
    expect(ex[1].rule).toBe("fee_schedule_limit");
    expect(ex[1].reason).toContain("97110 (Therapeutic exercise): 5 unit(s) per 7 days");
    // other codes keep the engine's decisions
    expect(lines.filter((l) => l.code === "97140").every((l) => l.decision === "approved")).toBe(true);
  });

  it("never counts a prior-authorization request's lines as earlier services: a later claim for the authorized MRI is decided as without it", async () => {
    // a PA form for Rosa Delgado's lumbar MRI (72148, planned 11/06/2026) received before claim-023 bills it
    const form = [
      "PRIOR AUTHORIZATION REQUEST FORM - OUTPATIENT IMAGING",
      "Date of request: 10/28/2026",
      "Member name: Rosa Delgado    Date of birth: 12/11/1959    Member ID: CHP2240191",
      "Ordering provider: Daniel Whitaker, MD    NPI: 1628394011",
      "Diagnosis: M54.16 Radiculopathy, lumbar region",
      "Service requested: 72148 MRI lumbar spine without contrast, 1 unit, planned date of service 11/06/2026, POS 22",
      "Clinical summary: lumbar radiculopathy; 9 weeks of physical therapy and naproxen failed; lumbar X-rays obtained.",
    ].join("\n");
    const pa = await createClaim(
      t.database,
      orgId,
      { submission_type: "fax", file: { bytes: await makePdf(form), filename: "pa-72148.pdf" } },
      { queue: false, received_at: new Date("2026-10-28T12:00:00Z"), plan_id: planId },
    );
    await runClaimIntake(t.database, pa.id);
    const stored = await t.database.prisma.claim.findUniqueOrThrow({ where: { id: pa.id }, include: { service_requests: true } });
    expect(stored.pre_service).toBe(true);
    expect(stored.service_requests.map((l) => [l.code, l.service_date])).toEqual([["72148", "2026-11-06"]]);
    // the claim for the MRI given on 11/09 is within 60 days of the request's planned date, yet the
    // request is no earlier MRI: the line keeps the engine's decision
    const lines = await decide("claim-023", "2026-11-12");
    const mri = lines.find((l) => l.code === "72148")!;
    expect(mri.rule).not.toBe("fee_schedule_limit");
    expect(mri.decision).toBe("approved");
    // the claim page names the request for what it is
    const html = await (await app.fetch(`/o/${orgId}/claims/${pa.id}`, { headers: { Cookie: cookie } })).text();
    expect(html).toContain('data-testid="pre-service"');
  });

  it("counts an earlier claim of the same member within the period", async () => {
    // claim-003 (72148 on 2026-10-15, pended) then claim-023 (same member: 72148 on 2026-11-09, 25 days later)
    await decide("claim-003", "2026-10-20");
    const lines = await decide("claim-023", "2026-11-12");
    const mri = lines.find((l) => l.code === "72148")!;
    expect(mri.decision).toBe("denied");
    expect(mri.reason).toMatch(/earlier claim .* line 1/);
    expect(lines.find((l) => l.code === "73721")!.decision).toBe("approved");
  });

  it("never overwrites a reviewer's decision: a line approved by a reviewer stays approved when the intake runs again", async () => {
    const lines = await decide("claim-027", "2026-11-21");
    const denied = lines.find((l) => l.code === "97110" && l.decision === "denied")!;
    await overrideServiceLine(t.database, orgId, denied.claimId, denied.id, {
      decision_type: "approve",
      reason: "Units confirmed against the visit log",
      userId: null,
    });
    await runClaimIntake(t.database, denied.claimId);
    const ds = await t.database.prisma.serviceDecision.findMany({ where: { service_request_id: denied.id } });
    // the reviewer's decision is kept (the re-run's AI decision is recorded beside it, never over it)
    expect(ds.map((d) => [d.agent, d.final_decision])).toContainEqual(["human", "approved"]);
  });
});
