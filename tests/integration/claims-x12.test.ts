/**
 * X12 837P intake through the real request handler: POST /api/o/{org}/claims with
 * `submission_type: "x12_837p"` → one claim per CLM, each reviewed by the claim intake (run here as a
 * worker would) into the same patient, diagnoses, service lines, practitioners and per-line
 * decisions as a CMS-1500 fax, with citations that quote the segments. Bad files: 400 / 422 with the
 * segment position and element, and nothing created (never half a file). Tenancy and permission:
 * another organization's key and a key without cases.write create nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { setDatabase } from "~/lib/db.server";
import { runClaimIntake } from "~/claims/run-claim-intake.server";
import { seedClaimsDemo } from "../../prisma/seed-claims.server";

const X12 = path.resolve("fixtures/x12");
let t: TestDatabase;
let app: AppHandler;
let orgId = "";
let otherOrgId = "";
let key = "";
let otherKey = "";
let readOnlyKey = "";

beforeAll(async () => {
  t = await createTestDatabase();
  setDatabase(t.database);
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "X12 A" });
  const b = await createOrgWithUser(t.database, { orgName: "X12 B" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  key = (await createApiKey(t.database, orgId)).token;
  otherKey = (await createApiKey(t.database, otherOrgId)).token;
  readOnlyKey = (await createApiKey(t.database, orgId, "read only", ["cases.read"])).token;
  await seedClaimsDemo(t.database, orgId, { setDir: path.resolve("fixtures/eval/claims"), samples: false, inlineTrees: true });
}, 240_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

const api = (k: string) => ({ Authorization: `Bearer ${k}` });
const fixture = (name: string) => fs.readFileSync(path.join(X12, name), "utf8");

function upload(text: string, k = key, org = orgId) {
  const form = new FormData();
  form.set("submission_type", "x12_837p");
  form.set("file", new Blob([text], { type: "text/plain" }), "claims.837p");
  return app.fetch(`/api/o/${org}/claims`, { method: "POST", headers: api(k), body: form });
}

const claimCount = (org: string) => t.database.prisma.claim.count({ where: { organization_id: org } });

type Line = {
  code: string;
  units: number;
  modifiers: string[];
  date_of_service: string;
  place_of_service: string;
  notes: string | null;
  rendering_provider: string | null;
  citations: { text: string }[];
  decisions: { agent: string; final_decision: string; citations: { text: string }[] }[];
};

async function decide(token: string) {
  await runClaimIntake(t.database, token);
  const detail = await (await app.fetch(`/api/o/${orgId}/claims/${token}.json`, { headers: api(key) })).json();
  expect(detail.success).toBe(true);
  return detail as {
    claim: { intake_finished: boolean; submission_type: string; request_date: string };
    patient: { first_name: string; last_name: string; birth_date: string; member_id: string };
    claim_diagnoses: { code: string; primary: boolean; citations: { text: string }[] }[];
    practitioners: { role: string; full_name: string; npi: string }[];
    service_requests: Line[];
  };
}

describe("X12 837P intake", () => {
  it("makes one claim per CLM and decides each line like a CMS-1500 fax, citing the segments", async () => {
    const before = await claimCount(orgId);
    const res = await upload(fixture("837p-two-claims.x12"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.claims.map((c: { patient_control_number: string }) => c.patient_control_number)).toEqual(["WMG-SLP-5521", "WMG-PT-8812"]);
    expect(body.claim.token).toBe(body.claims[0].token);
    expect(body.claims.every((c: { submission_type: string; intake_status: string }) => c.submission_type === "x12_837p" && c.intake_status === "queued")).toBe(
      true,
    );
    expect(await claimCount(orgId)).toBe(before + 2);

    const cpap = await decide(body.claims[0].token);
    expect(cpap.claim.intake_finished).toBe(true);
    expect(cpap.claim.request_date).toBe("2026-10-22");
    expect(cpap.patient).toMatchObject({ first_name: "Tomas", last_name: "Reyes", birth_date: "1986-11-05", member_id: "CHP2240249" });
    expect(cpap.claim_diagnoses.map((d) => [d.code, d.primary])).toEqual([["G47.33", true]]);
    expect(cpap.claim_diagnoses[0].citations[0].text).toBe("HI*ABK:G4733");
    expect(cpap.practitioners.map((p) => [p.role, p.full_name, p.npi]).sort()).toEqual([
      ["billing", "Willamette Medical Group", "1329478568"],
      ["ordering", "Ingrid Salo", "1904736257"],
    ]);
    expect(cpap.service_requests).toHaveLength(1);
    const line = cpap.service_requests[0];
    expect(line).toMatchObject({ code: "E0601", units: 1, modifiers: ["NU"], date_of_service: "2026-10-21", place_of_service: "12" });
    expect(line.citations.map((c) => c.text)).toEqual(["SV1*HC:E0601:NU*1480*UN*1*12**1", "DTP*472*D8*20261021"]);
    const ai = line.decisions.find((d) => d.agent !== "human")!;
    // the 837P carries no sleep study: nothing clearly fails, so the line is never denied
    expect(ai.final_decision).toBe("needs_more_information");

    const pt = await decide(body.claims[1].token);
    // the patient is a dependent (HL 23): her name and birth date, the subscriber's member ID
    expect(pt.patient).toMatchObject({ first_name: "Lena", last_name: "Brandt", birth_date: "1975-09-03", member_id: "CHP2240188" });
    expect(pt.claim_diagnoses.map((d) => d.code)).toEqual(["M17.11", "M25.561"]);
    expect(pt.service_requests.map((l) => [l.code, l.units, l.modifiers, l.place_of_service])).toEqual([
      ["97110", 4, ["GP"], "11"],
      ["97140", 2, ["GP"], "11"],
    ]);
    expect(pt.service_requests[0].notes).toContain("Prior authorization CHP-PA-2026-220981");
    expect(pt.service_requests[0].notes).toContain("Diagnoses M17.11, M25.561");
    expect(pt.service_requests[0].rendering_provider).toBe("Samuel Adeyemi");
    for (const l of pt.service_requests) {
      const d = l.decisions.find((x) => x.agent !== "human")!;
      expect(["approved", "denied", "needs_more_information"]).toContain(d.final_decision);
    }
  }, 120_000);

  it("reads LIN*N4 / CTP drug identification and a REF*G1 prior authorization onto the line", async () => {
    const res = await upload(fixture("837p-infliximab.x12"));
    expect(res.status).toBe(200);
    const detail = await decide((await res.json()).claim.token);
    const drug = detail.service_requests.find((l) => l.code === "J1745")!;
    expect(drug).toMatchObject({ units: 40, modifiers: ["JZ"], date_of_service: "2026-11-02", place_of_service: "11" });
    expect(drug.notes).toContain("NDC 57894-0030-01 4 UN");
    expect(drug.notes).toContain("Prior authorization CHP-PA-2026-310554");
    expect(drug.citations.map((c) => c.text)).toContain("LIN**N4*57894003001");
    expect(detail.service_requests.map((l) => l.code)).toEqual(["J1745", "96413", "96415"]);
    expect(detail.practitioners.find((p) => p.role === "rendering")).toMatchObject({ full_name: "Mei Tanaka", npi: "1745023188" });
  }, 120_000);

  it("takes the interchange as JSON text too", async () => {
    const res = await app.fetch(`/api/o/${orgId}/claims`, {
      method: "POST",
      headers: { ...api(key), "Content-Type": "application/json" },
      body: JSON.stringify({ submission_type: "x12_837p", x12: fixture("837p-lumbar-mri.x12") }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).claims).toHaveLength(1);
  });
});

describe("bad 837P files", () => {
  it("answers 422 with the segment position and element, and creates no claim from a file with one bad CLM", async () => {
    const before = await claimCount(orgId);
    // the second claim's second line has units "four": the first claim must not be created either
    const bad = fixture("837p-two-claims.x12").replace("SV1*HC:97140:GP*210*UN*2*11**1", "SV1*HC:97140:GP*210*UN*four*11**1");
    const res = await upload(bad);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.success).toBe(false);
    const segments = bad.split("~").map((s) => s.trim());
    const index = segments.findIndex((s) => s.startsWith("SV1*HC:97140")) + 1;
    expect(body.x12_errors).toEqual([{ segment: index, tag: "SV1", element: "SV1-04", message: 'Units "four" is not a positive number' }]);
    expect(body.errors).toEqual([`Segment ${index} (SV1), SV1-04: Units "four" is not a positive number`]);
    expect(await claimCount(orgId)).toBe(before);
  });

  it("lists every problem: a missing date of service, a pointer to no diagnosis, a bad NPI check digit", async () => {
    const bad = fixture("837p-lumbar-mri.x12")
      .replace("DTP*472*D8*20261012~\n", "")
      .replace("SE*30*0001", "SE*29*0001")
      .replace("*22**1:2~", "*22**1:3~")
      .replace("XX*1628394011", "XX*1628394012");
    const res = await upload(bad);
    expect(res.status).toBe(422);
    const errors = (await res.json()).x12_errors as { tag: string; element: string | null; message: string }[];
    expect(errors.map((e) => [e.tag, e.element])).toEqual(
      expect.arrayContaining([
        ["NM1", "NM1-09"],
        ["SV1", "SV1-07"],
        ["SV1", null],
      ]),
    );
    expect(errors.find((e) => e.element === null)?.message).toMatch(/DTP\*472/);
  });

  it("answers 400 for a file that is not an X12 interchange or whose control counts are wrong, 422 without a file", async () => {
    const before = await claimCount(orgId);
    const notX12 = await upload("CLAIM FORM\nPatient: Dana Whitfield");
    expect(notX12.status).toBe(400);
    expect((await notX12.json()).x12_errors[0]).toMatchObject({ segment: 1, message: "An X12 interchange starts with an ISA segment" });
    const count = await upload(fixture("837p-lumbar-mri.x12").replace("SE*30*0001", "SE*31*0001"));
    expect(count.status).toBe(400);
    expect((await count.json()).x12_errors[0]).toMatchObject({ tag: "SE", element: "SE-01" });
    const form = new FormData();
    form.set("submission_type", "x12_837p");
    const none = await app.fetch(`/api/o/${orgId}/claims`, { method: "POST", headers: api(key), body: form });
    expect(none.status).toBe(422);
    expect((await none.json()).errors).toEqual(["Please upload an X12 837P file"]);
    expect(await claimCount(orgId)).toBe(before);
  });
});

describe("tenancy and permission", () => {
  it("another organization's key cannot post into A, a key without cases.write gets 403, and nothing is created", async () => {
    const beforeA = await claimCount(orgId);
    const beforeB = await claimCount(otherOrgId);
    const cross = await upload(fixture("837p-lumbar-mri.x12"), otherKey, orgId);
    expect([403, 404]).toContain(cross.status);
    expect((await cross.json()).success).toBe(false);
    const readOnly = await upload(fixture("837p-lumbar-mri.x12"), readOnlyKey);
    expect(readOnly.status).toBe(403);
    expect(await claimCount(orgId)).toBe(beforeA);
    expect(await claimCount(otherOrgId)).toBe(beforeB);
    // B's own upload lands in B, never in A
    const own = await upload(fixture("837p-lumbar-mri.x12"), otherKey, otherOrgId);
    expect(own.status).toBe(200);
    const token = (await own.json()).claim.token;
    expect(await claimCount(otherOrgId)).toBe(beforeB + 1);
    expect((await app.fetch(`/api/o/${orgId}/claims/${token}.json`, { headers: api(key) })).status).toBe(404);
  });
});
