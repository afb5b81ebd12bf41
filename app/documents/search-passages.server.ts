/**
 * Hybrid retrieval over DocumentChunk: pgvector cosine similarity on the 384-dim embeddings fused
 * with Postgres full-text rank (ts_rank_cd over the stored tsvector column `tsv`) by reciprocal rank
 * fusion (k = 60). Always scoped to one organization, and to a prior auth and/or coverage policy
 * when the scope names one.
 *
 * Scale (issue 26): the vector side uses the HNSW index (`document_chunks_embedding_idx`). The
 * lexical side ranks every chunk its query matches, and an OR query of everyday words matches most
 * of a large organization's chunks (72,000 of 100,000 in `npm run bench -- retrieval`: 1.2 s). An
 * organization-wide search therefore ranks only the chunks matched by the query's rarest words, by
 * the lexeme frequencies PostgreSQL's ANALYZE keeps for the `tsv` column (`lexicalFilter`); the
 * ranking itself still uses every word. A search scoped to one case or policy is small and unchanged.
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
/** an organization-wide lexical filter aims to match at most this many chunks (estimated) */
export const LEXICAL_ROWS = 1000;

/** What `searchPassages` accepts besides the scope and the query. */
export interface SearchOptions {
  /** passages returned (default 8) */
  limit?: number;
  /** candidates taken from each side before fusion (default 40) */
  candidates?: number;
  /** the query's embedding (384 numbers); default the built-in lexical embedding of `query` */
  embedding?: number[];
}

/**
 * The hybrid retrieval statement for `query` within `scope`: `{text, params}` with $n parameters,
 * returning rows (id, document_id, kind, page_number, start_offset, end_offset, text, score) best
 * first. `filter` is `lexicalFilter`'s answer (organization-wide searches; null = the whole OR query).
 * Exported so a test can read the statement's plan.
 */
export function passageQuery(scope: SearchScope, query: string, opts: SearchOptions, filter: LexicalFilter | null): { text: string; params: unknown[] } {
  const limit = opts.limit ?? 8;
  const candidates = opts.candidates ?? 40;
  const vector = toVectorLiteral(opts.embedding ?? embedText(query));
  const filters = ["c.organization_id = $1"];
  const params: unknown[] = [scope.organization_id];
  if (isScoped(scope)) {
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
  let match = "c.tsv @@ q";
  if (filter) {
    params.push(filter.lexemes);
    // quote_literal makes each lexeme a quoted tsquery operand, whatever characters it holds
    match = `c.tsv @@ array_to_string(array(select quote_literal(x) from unnest($${params.length}::text[]) x), ' ${filter.op} ')::tsquery`;
  }
  const where = filters.join(" and ");
  const text = `with semantic as (
       select c.id, row_number() over (order by c.embedding <=> ${v}::vector) as r
       from document_chunks c where ${where} and c.embedding is not null
       order by c.embedding <=> ${v}::vector limit ${n}
     ),
     lexical as (
       select c.id, row_number() over (order by ts_rank_cd(c.tsv, q) desc) as r
       from document_chunks c, to_tsquery('english', ${q}) q
       where ${where} and ${match}
       order by ts_rank_cd(c.tsv, q) desc limit ${n}
     ),
     fused as (
       select id, sum(1.0 / (${RRF_K} + r)) as score from (
         select id, r from semantic union all select id, r from lexical
       ) x group by id
     )
     select c.id, c.document_id, d.kind, c.page_number, c.start_offset, c.end_offset, c.text, f.score::float8 as score
     from fused f join document_chunks c on c.id = f.id join documents d on d.id = c.document_id
     order by f.score desc limit ${limit}`;
  return { text, params };
}

/** true when the scope names a prior auth and/or a coverage policy (not the whole organization) */
const isScoped = (scope: SearchScope) => scope.prior_auth_id !== undefined || scope.coverage_policy_id !== undefined;

/**
 * Returns up to `limit` passages (document id, page, start/end offsets into that page's text,
 * text, fused score) most relevant to `query` within `scope`. `embedding` overrides the built-in
 * lexical embedding of the query (e.g. a model embedding with dimensions 384).
 */
export async function searchPassages(database: Database, scope: SearchScope, query: string, opts: SearchOptions = {}): Promise<Passage[]> {
  const filter = isScoped(scope) ? null : await lexicalFilter(database, query);
  const { text, params } = passageQuery(scope, query, opts, filter);
  const rows = await database.query<{
    id: string;
    document_id: string;
    kind: string;
    page_number: number;
    start_offset: number;
    end_offset: number;
    text: string;
    score: number;
  }>(text, params);
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

/** the lexemes an organization-wide lexical search matches, joined by `op` */
export interface LexicalFilter {
  op: "|" | "&";
  lexemes: string[];
}

/**
 * The filter an organization-wide lexical search matches with, chosen from the frequency of each of
 * the query's lexemes among all chunks (pg_stats.most_common_elems of `document_chunks.tsv`, kept by
 * ANALYZE; a lexeme not listed is rarer than every listed one and counts as 0) times the table's row
 * estimate:
 *   - null when the whole OR query is estimated at ≤ LEXICAL_ROWS chunks, or there are no statistics
 *     yet (a small or new table): the exact OR query is cheap;
 *   - else `{op: "|", lexemes}`: the rarest lexemes whose estimates add up to ≤ LEXICAL_ROWS;
 *   - else, when even the rarest lexeme matches more, `{op: "&", lexemes}`: the rarest lexemes
 *     together, adding one at a time until the estimate (independent words) is ≤ LEXICAL_ROWS.
 * Lexemes are in the `english` configuration's normalised form, as stored in `tsv`.
 */
export async function lexicalFilter(database: Database, query: string): Promise<LexicalFilter | null> {
  const rows = await database.query<{ lex: string; freq: number | null; total: number | null }>(
    `with s as (
       select unnest(most_common_elems::text::text[]) as e, unnest(most_common_elem_freqs) as f
       from pg_stats where schemaname = current_schema() and tablename = 'document_chunks' and attname = 'tsv'
     )
     select q.lex, s.f::float8 as freq,
            (select case when exists (select 1 from s) then reltuples::float8 end from pg_class
              where oid = to_regclass('document_chunks')) as total
     from unnest(tsvector_to_array(to_tsvector('english', $1))) as q(lex) left join s on s.e = q.lex`,
    [orQuery(query).replaceAll(" | ", " ")],
  );
  const total = Number(rows[0]?.total ?? 0);
  if (!rows.length || !(total > 0)) return null;
  const terms = rows.map((r) => ({ lex: r.lex, rows: Number(r.freq ?? 0) * total })).sort((a, b) => a.rows - b.rows);
  if (terms.reduce((sum, t) => sum + t.rows, 0) <= LEXICAL_ROWS) return null;
  const any: string[] = [];
  let sum = 0;
  for (const t of terms) {
    if (sum + t.rows > LEXICAL_ROWS) break;
    any.push(t.lex);
    sum += t.rows;
  }
  if (any.length) return { op: "|", lexemes: any };
  const all: string[] = [];
  let estimate = total;
  for (const t of terms) {
    all.push(t.lex);
    estimate *= t.rows / total;
    if (estimate <= LEXICAL_ROWS) break;
  }
  return { op: "&", lexemes: all };
}

/** Free text → an OR tsquery of its words ("a | b | c"), so any shared term can rank a passage. */
export function orQuery(text: string): string {
  const words = (text.toLowerCase().match(/[a-z0-9]{2,}/g) ?? []).slice(0, 40);
  return [...new Set(words)].join(" | ") || "nothing_to_match";
}
