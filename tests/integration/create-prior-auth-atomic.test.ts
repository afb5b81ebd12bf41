/**
 * A rejected create request leaves nothing behind (issue 8, defect 14): an oversized ePA is refused
 * before anything is written (no ghost case holding the text), and a case, its document and its
 * intake job are created together or not at all.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createPriorAuth, EPA_DOCUMENT_MAX_BYTES } from "~/prior-auths/create-prior-auth.server";

let t: TestDatabase;
let orgId: string;
beforeAll(async () => {
  t = await createTestDatabase();
  orgId = (await t.database.prisma.organization.create({ data: { name: "atomic" } })).id;
});
afterAll(async () => {
  await t?.cleanup();
});

async function counts() {
  const p = t.database.prisma;
  return {
    cases: await p.priorAuth.count(),
    epa: await p.epaSubmission.count(),
    documents: await p.document.count(),
    jobs: (await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs`))[0]!.n,
  };
}

it("refuses an ePA larger than the limit with a validation error, creating nothing", async () => {
  const before = await counts();
  // 26 MB: over the ePA limit and over the 25 MB document limit the old code checked only after
  // creating the case.
  const huge = "Patient: Jane Doe. ".repeat(Math.ceil((26 * 1024 * 1024) / 19));
  const err = await createPriorAuth(t.database, orgId, { submission_type: "epa", synthetic_document: huge }).catch((e) => e);
  expect(err).toMatchObject({ name: "AppError", code: "validation" });
  expect(err.message).toMatch(/larger than the \d+ MB limit/);
  expect(await counts()).toEqual(before);

  const justOver = "x".repeat(EPA_DOCUMENT_MAX_BYTES + 1);
  await expect(createPriorAuth(t.database, orgId, { submission_type: "epa", synthetic_document: justOver })).rejects.toMatchObject({ code: "validation" });
  expect(await counts()).toEqual(before);
});

it("refuses a fax that is not a PDF, creating nothing; a good ePA creates case, document and job together", async () => {
  const before = await counts();
  await expect(
    createPriorAuth(t.database, orgId, { submission_type: "fax", file: { bytes: new TextEncoder().encode("hello"), filename: "x.pdf" } }),
  ).rejects.toMatchObject({ code: "validation" });
  expect(await counts()).toEqual(before);

  const created = await createPriorAuth(t.database, orgId, { submission_type: "epa", synthetic_document: "Patient: Jane Doe\nDrug: adalimumab" });
  expect(await counts()).toEqual({ cases: before.cases + 1, epa: before.epa + 1, documents: before.documents + 1, jobs: before.jobs + 1 });
  expect(created.intake_status).toBe("queued");
});
