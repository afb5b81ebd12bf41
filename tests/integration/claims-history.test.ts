/**
 * A plan's claims history (issue 22: frequency and unit limits over the member's earlier claims):
 * paid service lines imported from CSV on the plan's import page (bad rows by line, a re-import
 * counting each service once), counted by the claim intake with the fee schedule's limits — a line
 * over the limit because of a paid line of the history is denied citing it — and never another
 * organization's. Only a role that may edit policies imports; another organization's plan is not
 * found.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute } from "./api-prior-auths.seed";
import { setDatabase } from "~/lib/db.server";
import { createClaim } from "~/claims/create-claim.server";
import { loadPriorServiceLines, runClaimIntake } from "~/claims/run-claim-intake.server";
import { claimsHistorySummary, createPlan, replaceFeeSchedule } from "~/plans/manage-plans.server";
import { importClaimsHistoryCsv } from "~/plans/import-plan-csv.server";
import { isAppError } from "~/lib/errors";
import { seedClaimsDemo } from "../../prisma/seed-claims.server";
import * as importPage from "~/routes/workspace/plans/$planId/import";

const SET = path.resolve("fixtures/eval/claims");
let t: TestDatabase;
let orgId = "";
let otherOrgId = "";
let planId = "";
let otherPlanId = "";
let cookie = "";
/** Rosa Delgado, the member of claim-023 (72148 lumbar MRI on 2026-11-09) */
const MEMBER = "CHP2240191";

beforeAll(async () => {
  t = await createTestDatabase();
  setDatabase(t.database);
  const a = await createOrgWithUser(t.database, { orgName: "History A" });
  const b = await createOrgWithUser(t.database, { orgName: "History B" });
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
  await replaceFeeSchedule(t.database, orgId, planId, [{ code: "72148", description: "MRI lumbar spine", units_per_period: { amount: 1, period_days: 60 } }]);
  await replaceFeeSchedule(t.database, otherOrgId, otherPlanId, [
    { code: "72148", description: "MRI lumbar spine", units_per_period: { amount: 1, period_days: 60 } },
  ]);
}, 240_000);

afterAll(async () => {
  await t?.cleanup();
});

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
    code: l.code,
    decision: l.decisions[0]?.final_decision,
    rule: (l.decisions[0]?.metadata as { rule?: string } | null)?.rule,
    reason: l.decisions[0]?.reason ?? "",
  }));
}

describe("claims history", () => {
  it("without history, claim-023's lumbar MRI keeps the engine's approval", async () => {
    const mri = (await decide("claim-023", "2026-11-12")).find((l) => l.code === "72148")!;
    expect(mri.decision).toBe("approved");
  });

  it("another organization's paid MRI of the same member ID is never counted here", async () => {
    const r = await importClaimsHistoryCsv(t.database, otherOrgId, otherPlanId, `member_id,code,units,date_of_service\n${MEMBER},72148,1,2026-10-20`);
    expect(r.imported).toBe(1);
    expect(
      await loadPriorServiceLines(t.database, { organization_id: orgId, plan_id: planId, received_at: new Date("2026-11-12") }, MEMBER, ["72148"]),
    ).toEqual([]);
    const err = await importClaimsHistoryCsv(t.database, otherOrgId, planId, `member_id,code,units,date_of_service\n${MEMBER},72148,1,2026-10-20`).catch(
      (e) => e,
    );
    expect(isAppError(err) && err.code).toBe("not_found");
    const mri = (await decide("claim-023", "2026-11-12")).find((l) => l.code === "72148")!;
    expect(mri.decision).toBe("approved");
  });

  it("imports paid lines from the import page, bad rows by line; a re-import counts each line once", async () => {
    const csv = [
      "member_id,code,units,date_of_service,modifiers,claim_id,note",
      `${MEMBER},72148,1,10/20/2026,,ICN 2026293000117,outside MRI paid`,
      `${MEMBER},7214,1,2026-10-20,,,`, // line 3: not a code
      `${MEMBER},97110,2,2026-02-30,,,`, // line 4: no such date
      `,97110,2,2026-10-02,,,`, // line 5: no member
      `${MEMBER},97110,x,2026-10-02,,,`, // line 6: units
      `${MEMBER},64451,1,2026-06-11,LT GA,ICN 2026162000031,`,
      `${MEMBER},64451,1,2026-06-11,LTX,,`, // line 8: modifier
    ].join("\n");
    const post = async (who = cookie) => {
      const form = new FormData();
      form.append("kind", "claims_history");
      form.append("file", new File([csv], "history.csv", { type: "text/csv" }));
      const res = (await callRoute(
        importPage,
        "POST",
        `/o/${orgId}/plans/${planId}/import`,
        { orgId, planId },
        { headers: { Cookie: who }, body: form },
      )) as unknown;
      if (res instanceof Response) return { status: res.status, body: null };
      return {
        status: 200,
        body: ((res as { data?: unknown }).data ?? res) as { kind: string; result: { imported: number; errors: { line: number; message: string }[] } },
      };
    };
    const first = await post();
    expect(first.status).toBe(200);
    expect(first.body!.kind).toBe("claims_history");
    expect(first.body!.result.imported).toBe(2);
    expect(first.body!.result.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 8]);
    expect(first.body!.result.errors[0]!.message).toContain("not a HCPCS/CPT code");
    await post();
    expect(await claimsHistorySummary(t.database, orgId, planId)).toEqual({ lines: 2, members: 1, first: "2026-06-11", last: "2026-10-20" });
    expect(await claimsHistorySummary(t.database, otherOrgId, planId)).toEqual({ lines: 0, members: 0, first: null, last: null });
    // the page says what is on file
    const page = (await callRoute(importPage, "GET", `/o/${orgId}/plans/${planId}/import`, { orgId, planId }, { headers: { Cookie: cookie } })) as {
      history?: { lines: number };
    };
    expect(page.history?.lines).toBe(2);
    // a reviewer (no policies.edit) cannot import
    const u = await t.database.prisma.user.create({ data: { email: `reviewer-${Date.now()}@history.test`, username: "reviewer" } });
    await t.database.prisma.membership.create({ data: { user_id: u.id, organization_id: orgId, roles: ["reviewer"] } });
    const denied = await post(await signInCookie(t.database, u.id));
    expect(denied.status).toBe(403);
    expect((await claimsHistorySummary(t.database, orgId, planId)).lines).toBe(2);
  });

  it("counts the history's paid MRI against the fee schedule: the later MRI is denied citing the paid claim", async () => {
    const prior = await loadPriorServiceLines(
      t.database,
      { organization_id: orgId, plan_id: planId, received_at: new Date("2026-11-12") },
      MEMBER.toLowerCase(),
      ["72148"],
    );
    expect(prior).toEqual([
      {
        code: "72148",
        units: 1,
        date_of_service: "2026-10-20",
        modifiers: [],
        source: "paid claim ICN 2026293000117 of 2026-10-20 (claims history: outside MRI paid)",
      },
    ]);
    const lines = await decide("claim-023", "2026-11-12");
    const mri = lines.find((l) => l.code === "72148")!;
    expect(mri.decision).toBe("denied");
    expect(mri.rule).toBe("fee_schedule_limit");
    expect(mri.reason).toContain("ICN 2026293000117");
    // the other lines keep the engine's decisions
    expect(lines.find((l) => l.code === "73721")!.decision).toBe("approved");
  });
});
