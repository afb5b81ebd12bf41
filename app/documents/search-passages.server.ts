/**
 * Hybrid retrieval over DocumentChunk: pgvector cosine similarity on the 384-dim embeddings fused
 * with Postgres full-text rank (ts_rank_cd over the stored tsvector column `tsv`) by reciprocal rank
 * fusion (k = 60). Always scoped to one organization and to a prior auth and/or coverage policy.
 */
import type { Database } from "~/lib/db.server";
import { embedText, toVectorLiteral } from "~/documents/embed";
import type { Citation } from "~/documents/types";

export interface Passage extends Citation {
  chunk_id: string;
  score: number;
}

export interface SearchScope {
  organization_id: string;
  prior_auth_id?: string | null;
  coverage_policy_id?: string | null;
}

const RRF_K = 60;

/**
 * Returns up to `limit` passages (document id, page, start/end offsets into that page's text,
 * text, fused score) most relevant to `query` within `scope`. `embedding` overrides the built-in
 * lexical embedding of the query (e.g. a model embedding with dimensions 384).
 */
export async function searchPassages(
  database: Database,
  scope: SearchScope,
  query: string,
  opts: { limit?: number; candidates?: number; embedding?: number[] } = {},
): Promise<Passage[]> {
  const limit = opts.limit ?? 8;
  const candidates = opts.candidates ?? 40;
  const vector = toVectorLiteral(opts.embedding ?? embedText(query));
  const filters = ["c.organization_id = $1"];
  const params: unknown[] = [scope.organization_id];
  if (scope.prior_auth_id !== undefined || scope.coverage_policy_id !== undefined) {
    const or: string[] = [];
    if (scope.prior_auth_id) {
      params.push(scope.prior_auth_id);
      or.push(`c.prior_auth_id = $${params.length}`);
    }
    if (scope.coverage_policy_id) {
      params.push(scope.coverage_policy_id);
      or.push(`c.coverage_policy_id = $${params.length}`);
    }
    filters.push(or.length ? `(${or.join(" or ")})` : "false");
  }
  params.push(vector, orQuery(query), candidates);
  const v = `$${params.length - 2}`;
  const q = `$${params.length - 1}`;
  const n = `$${params.length}`;
  const where = filters.join(" and ");
  const rows = await database.query<{
    id: string;
    document_id: string;
    kind: string;
    page_number: number;
    start_offset: number;
    end_offset: number;
    text: string;
    score: number;
  }>(
    `with semantic as (
       select c.id, row_number() over (order by c.embedding <=> ${v}::vector) as r
       from document_chunks c where ${where} and c.embedding is not null
       order by c.embedding <=> ${v}::vector limit ${n}
     ),
     lexical as (
       select c.id, row_number() over (order by ts_rank_cd(c.tsv, q) desc) as r
       from document_chunks c, to_tsquery('english', ${q}) q
       where ${where} and c.tsv @@ q
       order by ts_rank_cd(c.tsv, q) desc limit ${n}
     ),
     fused as (
       select id, sum(1.0 / (${RRF_K} + r)) as score from (
         select id, r from semantic union all select id, r from lexical
       ) x group by id
     )
     select c.id, c.document_id, d.kind, c.page_number, c.start_offset, c.end_offset, c.text, f.score::float8 as score
     from fused f join document_chunks c on c.id = f.id join documents d on d.id = c.document_id
     order by f.score desc limit ${limit}`,
    params,
  );
  return rows.map((r) => ({
    chunk_id: r.id,
    document: r.kind,
    document_id: r.document_id,
    page: Number(r.page_number),
    start: Number(r.start_offset),
    end: Number(r.end_offset),
    text: r.text,
    score: Number(r.score),
  }));
}

/** Free text → an OR tsquery of its words ("a | b | c"), so any shared term can rank a passage. */
export function orQuery(text: string): string {
  const words = (text.toLowerCase().match(/[a-z0-9]{2,}/g) ?? []).slice(0, 40);
  return [...new Set(words)].join(" | ") || "nothing_to_match";
}
