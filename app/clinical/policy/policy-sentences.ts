/**
 * A policy's lines read as one text cut into sentences, each sentence able to cite the lines it is on:
 * what the readers of billing and coding notes (bundled codes, frequency rules, line billing rules)
 * share. A sentence ends at a full stop before a capital, an opening parenthesis or a numbered item;
 * a leading item marker ("2.", "b)") is not part of it.
 */

/** one sentence: its text and its span in `PolicySentences.text` */
export interface PolicySentence {
  text: string;
  from: number;
  to: number;
}

export interface PolicySentences<L> {
  /** every line's trimmed text joined with a space */
  text: string;
  sentences: PolicySentence[];
  /** the lines the span `from`..`to` of `text` is on (the first line at or before `from`, through the line holding `to`) */
  linesOf(from: number, to: number): L[];
}

/** The sentences of `lines` (in reading order). Never throws; empty lines give an empty text. */
export function policySentences<L extends { text: string }>(lines: L[]): PolicySentences<L> {
  const offsets: number[] = [];
  let text = "";
  for (const l of lines) {
    offsets.push(text.length);
    text += `${l.text.trim()} `;
  }
  const bounds = [0, ...[...text.matchAll(/\.\s+(?=[A-Z(]|\d{1,2}[.)]\s)/g)].map((m) => m.index + m[0].length), text.length];
  const sentences: PolicySentence[] = [];
  for (let k = 0; k + 1 < bounds.length; k++)
    sentences.push({
      text: text
        .slice(bounds[k], bounds[k + 1])
        .replace(/^\s*(?:\d{1,2}[.)]|[a-z][.)])\s+/, "")
        .trim(),
      from: bounds[k],
      to: bounds[k + 1],
    });
  const linesOf = (from: number, to: number): L[] => {
    const first = offsets.findLastIndex((o) => o <= from);
    const last = offsets.findLastIndex((o) => o < to);
    return lines.slice(Math.max(0, first), last + 1);
  };
  return { text, sentences, linesOf };
}
