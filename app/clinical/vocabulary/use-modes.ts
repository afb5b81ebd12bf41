/**
 * Uses of one drug that policies give separate paths: acute (on-demand, rescue, abortive) versus
 * preventive (prophylaxis, maintenance). A migraine drug "for acute treatment" and "for preventive
 * treatment", a hereditary angioedema drug "for acute attacks" and "for prophylaxis", an inhaler as
 * rescue or maintenance: the diagnosis is the same, the criteria differ, and the request says which
 * by how the drug is to be taken ("as needed", "at onset" / "every other day", "daily").
 */
export interface UseMode {
  mode: "acute" | "preventive";
  /** words of an indication title that name this use */
  title: RegExp;
  /** words of the request (its sig or the sentence requesting the drug) that name this use */
  request: RegExp;
}

export const USE_MODES: UseMode[] = [
  {
    mode: "acute",
    title: /\b(?:acute|abortive|on[- ]demand|rescue|breakthrough|(?:treatment|management) of (?:acute )?(?:attacks?|episodes?|exacerbations?))\b/i,
    request:
      /\b(?:as needed|p\.?\s?r\.?\s?n\.?|at (?:the )?onset|on[- ]demand|when needed|for (?:acute )?(?:attacks?|episodes?)|to abort|abortive|rescue|acute treatment|acutely|max(?:imum)?\.?\s*(?:of\s*)?\d+\s*(?:tabs?|tablets?|doses?)?\s*(?:\/|per|in|every)\s*24\s*h)/i,
  },
  {
    mode: "preventive",
    title: /\b(?:prevent(?:ive|ion)|prophyla(?:xis|ctic)|maintenance|long[- ]term control)\b/i,
    request:
      /\b(?:prevent(?:ive|ion)|prophyla\w*|maintenance|every other day|every \d+ (?:days|weeks)|once (?:daily|monthly|a (?:day|month))|to reduce (?:the )?(?:frequency|number))\b/i,
  },
];

/** The use modes an indication title names (usually one or none). */
export function titleModes(title: string): UseMode["mode"][] {
  return USE_MODES.filter((u) => u.title.test(title)).map((u) => u.mode);
}
