/**
 * The built-in, offline text embedding: 384 dimensions (the width of the pgvector column, so model
 * embeddings requested with `dimensions: 384` share the same index).
 *
 * It is lexical, not semantic: signed feature hashing (FNV-1a) of normalised word unigrams, word
 * bigrams and character trigrams, with sublinear term frequency (1 + ln tf) and L2 normalisation.
 * Cosine similarity then measures shared vocabulary and spelling (robust to OCR noise thanks to the
 * trigrams), which is what criteria retrieval over faxes and policies mostly needs; the full-text
 * rank fused with it in search-passages.server.ts adds stemming. Deterministic: the same text
 * always gives the same vector, in every process.
 */
import pgvector from "pgvector";
export const EMBEDDING_DIMENSIONS = 384;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const STOP = new Set(["the", "a", "an", "of", "and", "or", "to", "in", "for", "on", "with", "is", "are", "be", "by", "at", "as", "if", "it", "this", "that"]);

/** Embeds one text into a unit vector of length 384 (all zeros for text with no words). */
export function embedText(text: string): number[] {
  const v = new Float64Array(EMBEDDING_DIMENSIONS);
  const words = (
    text
      .toLowerCase()
      .normalize("NFKD")
      .match(/[a-z0-9]+(?:[.-][a-z0-9]+)*/g) ?? []
  ).filter((w) => !STOP.has(w));
  const tf = new Map<string, number>();
  const add = (f: string, w = 1) => tf.set(f, (tf.get(f) ?? 0) + w);
  for (let i = 0; i < words.length; i++) {
    add(`w:${words[i]}`);
    if (i + 1 < words.length) add(`b:${words[i]} ${words[i + 1]}`, 0.5);
    const padded = ` ${words[i]} `;
    for (let k = 0; k + 3 <= padded.length; k++) add(`c:${padded.slice(k, k + 3)}`, 0.25);
  }
  for (const [f, n] of tf) {
    const h = fnv1a(f);
    const sign = h & 1 ? 1 : -1;
    v[(h >>> 1) % EMBEDDING_DIMENSIONS] += sign * (1 + Math.log(n));
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  return Array.from(v, (x) => (norm ? x / norm : 0));
}

/** embedText over a list. */
export function embedTexts(texts: string[]): number[][] {
  return texts.map(embedText);
}

/**
 * pgvector's text form, `[0.1,0.2,...]`, for a `$n::vector` parameter: the `pgvector` package's
 * serialisation, after rounding to 6 decimals (what float4 keeps) and replacing non-finite values by
 * 0 (PostgreSQL refuses NaN/Infinity in a vector).
 */
export function toVectorLiteral(v: number[]): string {
  return pgvector.toSql(v.map((x) => (Number.isFinite(x) ? Number(x.toFixed(6)) : 0))) as string;
}
