import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../tests/support/fake-openai";
import type { EligibilityResult, ReviewResult } from "~/clinical/contracts";
import { auditCaseWithModel } from "./audit-case.model";
import { ModelOutputError } from "./llm.server";
import { AuditFindingSchema } from "~/clinical/contracts";
import { FAX, faxFacts, testClient } from "./test-fixtures";

const facts = faxFacts();
const eligibility: EligibilityResult = { eligible: true, member: null, reason: "Eligible.", formulary: null, citations: [] };
const review: ReviewResult = { policy_id: "pol-1", paths: [], traversal: [] };

const findings = {
  findings: [
    { check: "prescriber_npi", passed: true, severity: "info", message: "NPI 1234567893 is valid.", evidence: [{ ref: 1, quote: "NPI:  1234567893" }] },
    {
      check: "attachments",
      passed: false,
      severity: "blocking",
      message: "Notes are referenced but not attached.",
      evidence: [{ ref: 2, quote: "Please see attached notes." }],
    },
    { check: "Biosimilar first", passed: null, severity: "warning", message: "Cannot tell whether a biosimilar was considered.", evidence: [] },
  ],
};

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

describe("auditCaseWithModel", () => {
  const input = {
    facts,
    eligibility,
    review,
    formulary: null,
    rules: [{ name: "Biosimilar first", description: "Prefer a biosimilar when available.", conditions: ["drug is a TNF inhibitor"], actions: ["flag"] }],
    requestDate: "2026-02-03",
    caseDoc: FAX,
  };

  it("asks the audit schema with the fax pages as evidence and the organisation's rules", async () => {
    fake.setHandler(() => findings);
    await auditCaseWithModel(testClient(fake.url), input);
    expect(fake.requests[0].schemaName).toBe("audit");
    const user: string = fake.requests[0].body.messages[1].content;
    expect(user).toContain("[1] (fax, page 1) FAX Date sent: 02/03/2026");
    expect(user).toContain("[2] (fax, page 2) CLINICAL NOTES");
    expect(user).toContain("- Biosimilar first: Prefer a biosimilar when available. Conditions: drug is a TNF inhibitor. Actions: flag.");
  });

  it("returns AuditFinding[] with citations at exact page offsets", async () => {
    fake.setHandler(() => findings);
    const out = await auditCaseWithModel(testClient(fake.url), input);
    expect(out).toHaveLength(3);
    for (const f of out) expect(AuditFindingSchema.safeParse(f).success).toBe(true);
    expect(out.map((f) => [f.check, f.passed, f.severity])).toEqual([
      ["prescriber_npi", true, "info"],
      ["attachments", false, "blocking"],
      ["Biosimilar first", null, "warning"],
    ]);
    const npi = out[0].citations[0];
    expect(npi).toMatchObject({ document: "fax", page: 1, text: "NPI: 1234567893" });
    expect(FAX.pages[0].text.slice(npi.start, npi.end)).toBe("NPI: 1234567893");
    const att = out[1].citations[0];
    expect(FAX.pages[1].text.slice(att.start, att.end)).toBe("Please see attached notes.");
  });

  it("repairs a bad severity once, and throws ModelOutputError when it persists", async () => {
    const bad = { findings: [{ ...findings.findings[0], severity: "critical" }] };
    fake.setHandler((req) => (req.index === 0 ? bad : findings));
    expect(await auditCaseWithModel(testClient(fake.url), input)).toHaveLength(3);
    expect(fake.requests[1].body.messages[3].content).toMatch(/findings\.0\.severity/);
    fake.setHandler(() => bad);
    await expect(auditCaseWithModel(testClient(fake.url), input)).rejects.toBeInstanceOf(ModelOutputError);
  });
});
