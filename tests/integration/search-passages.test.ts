/**
 * Hybrid retrieval (app/documents/search-passages.server.ts): a search never leaves its
 * organization or case, ranks the passage that holds the query's words first, and, organization
 * wide on a large table, ranks only the chunks its rarest words match (issue 26) — with the
 * statement's plan using the full-text and vector indexes.
 */
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { embedText, toVectorLiteral } from "~/documents/embed";
import { LEXICAL_ROWS, lexicalFilter, passageQuery, searchPassages } from "~/documents/search-passages.server";

let t: TestDatabase;
let orgA: string;
let orgB: string;
let caseA: string;
let docA: string;
let docB: string;

async function insertChunks(org: string, doc: string, priorAuth: string | null, texts: string[], from = 0) {
  for (let i = 0; i < texts.length; i += 400) {
    const params: unknown[] = [];
    const rows = texts.slice(i, i + 400).map((text, k) => {
      const b = params.length;
      params.push(`${org}-${from + i + k}`, org, doc, priorAuth, text, toVectorLiteral(embedText(text)));
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, 1, 0, ${text.length}, $${b + 5}, $${b + 6}::vector)`;
    });
    await t.database.query(
      `insert into document_chunks (id, organization_id, document_id, prior_auth_id, page_number, start_offset, end_offset, text, embedding) values ${rows.join(",")}`,
      params,
    );
  }
}

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await t.database.prisma.organization.create({ data: { name: "Retrieval A" } });
  const b = await t.database.prisma.organization.create({ data: { name: "Retrieval B" } });
  orgA = a.id;
  orgB = b.id;
  const doc = (organization_id: string) =>
    t.database.prisma.document.create({
      data: { organization_id, kind: "fax", filename: "f.pdf", byte_size: 1, sha256: crypto.randomUUID(), data: new Uint8Array([1]) },
    });
  docA = (await doc(orgA)).id;
  docB = (await doc(orgB)).id;
  caseA = (await t.database.prisma.priorAuth.create({ data: { organization_id: orgA } })).id;
  await insertChunks(orgA, docA, caseA, [
    "QuantiFERON-TB Gold negative on 09/14/2026; hepatitis B surface antigen negative.",
    "Methotrexate 15 mg weekly for 16 weeks with inadequate response.",
    "Prescriber: rheumatology clinic, board certified rheumatologist.",
  ]);
  await insertChunks(orgB, docB, null, ["QuantiFERON-TB Gold negative, tuberculosis screening complete (another organization)."], 100);
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

describe("hybrid retrieval", () => {
  it("a case's search finds the passage holding the query's words first, and only its own organization's chunks", async () => {
    const hits = await searchPassages(t.database, { organization_id: orgA, prior_auth_id: caseA }, "tuberculosis QuantiFERON result", { limit: 5 });
    expect(hits[0].text).toMatch(/QuantiFERON/);
    expect(hits.every((h) => h.document_id === docA)).toBe(true);
    const wide = await searchPassages(t.database, { organization_id: orgB }, "methotrexate rheumatologist", { limit: 5 });
    expect(wide.every((h) => h.document_id === docB)).toBe(true);
  });

  it("without statistics, or on a small table, the organization-wide search keeps the whole OR query", async () => {
    expect(await lexicalFilter(t.database, "methotrexate weekly response")).toBeNull();
  });

  describe("organization-wide on a large table", () => {
    const TOTAL = 4000;
    beforeAll(async () => {
      // "patient" and "therapy" are in every chunk, "alpha" and "beta" in half, one chunk holds "zolbetuximab"
      const texts = Array.from({ length: TOTAL }, (_, i) =>
        [`patient therapy record ${i}`, i % 2 ? "alpha" : "gamma", i % 2 === (i >> 1) % 2 ? "beta" : "delta", i === 1234 ? "zolbetuximab claudin" : ""].join(
          " ",
        ),
      );
      await insertChunks(orgA, docA, null, texts, 1000);
      await t.database.query("analyze document_chunks");
    }, 180_000);

    it("ranks among the chunks its rarest words match, and still finds the chunk that holds them", async () => {
      const filter = await lexicalFilter(t.database, "patient therapy zolbetuximab");
      expect(filter).toEqual({ op: "|", lexemes: [expect.stringMatching(/^zolbetuximab/)] });
      // fused with the vector side, it is among the first few (the lexical side ranks it first)
      const hits = await searchPassages(t.database, { organization_id: orgA }, "patient therapy zolbetuximab", { limit: 4 });
      expect(hits.some((h) => /zolbetuximab/.test(h.text))).toBe(true);
    });

    it("when every word is common, the rarest words are required together until the estimate is small", async () => {
      const filter = await lexicalFilter(t.database, "patient alpha beta");
      expect(filter?.op).toBe("&");
      expect(filter?.lexemes).toEqual(expect.arrayContaining(["alpha", "beta"]));
      expect(filter?.lexemes).not.toContain("patient");
      expect(LEXICAL_ROWS).toBeLessThan(TOTAL);
    });

    it("the statement's plan uses the full-text index for the filter and the HNSW index for the vector side", async (ctx) => {
      if (!t.url) return ctx.skip(); // the embedded database answers EXPLAIN too, but this reads a server's plan
      const filter = await lexicalFilter(t.database, "patient therapy zolbetuximab");
      const { text, params } = passageQuery({ organization_id: orgA }, "patient therapy zolbetuximab", {}, filter);
      const client = new pg.Client({ connectionString: t.url });
      await client.connect();
      try {
        // a small test table may be cheaper to scan; the question here is whether the indexes can serve
        // the statement as written (an expression the index cannot match would still plan a scan)
        await client.query("set enable_seqscan = off");
        const plan = (await client.query(`explain ${text}`, params)).rows.map((r) => r["QUERY PLAN"]).join("\n");
        expect(plan).toMatch(/document_chunks_tsv_idx/);
        expect(plan).toMatch(/document_chunks_embedding_idx/);
      } finally {
        await client.end();
      }
    });
  });
});
