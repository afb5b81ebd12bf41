/**
 * A class document's sections headed by drug names ("For <generic> oral solution (<Brand>) - initial
 * requests, ALL of the following:", "For a non-preferred <class> agent other than <Brand A> or
 * <Brand B>:"): each section is the path of the drugs it names, so a request is judged by the section
 * of its own drug — by generic or brand name — and never by a section written for another drug, nor
 * by a section for "agents other than X" when X is the requested drug.
 *
 * `sectionDrugs` reads the drugs a section title names (those after "other than" / "except" apart);
 * `drugSectionFor` says whether the section is the requested drug's ("own"), another drug's
 * ("other"), or may apply to it ("null": a section for "other non-preferred agents" that does not
 * except the requested drug, or a title that names no drug).
 */
import { drugNames, drugsNamedIn } from "../vocabulary/drugs";

const EXCEPT_RE = /\b(?:other than|except(?: for)?|excluding|besides|apart from)\b/i;
/** a drug named as a prior or concurrent therapy in a title ("after methotrexate failure"): not the section's own drug */
const NOT_OWN_RE = /\b(?:after|fail\w*|trial|tried|following|prior|previous\w*|intoleran\w*|contraindicat\w*|with|plus|combined|combination|concomitant)\b/i;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function namedIn(text: string, extra: string[]): string[] {
  const out = new Set(drugsNamedIn(text));
  // (a service's billing code — "73721", "J1439" — names a procedure section, never a drug's)
  for (const n of extra)
    if (n.trim().length > 3 && !/^[A-Z]?\d{4,5}[A-Z]?$/i.test(n.trim()) && new RegExp(`\\b${escape(n.trim())}\\b`, "i").test(text))
      out.add(n.trim().toLowerCase());
  return [...out];
}

/** The drugs a section title names for itself and those it excepts; null when it names none. */
export function sectionDrugs(title: string, extraNames: string[] = []): { named: string[]; excepted: string[] } | null {
  // "<agent> — <indication>" (a row of a class document's table of agents, step-agent-table.ts): the
  // agent part names the section's drug; the indication after the dash names none of its own
  title = title.split(/\s+—\s+/)[0];
  const cut = title.search(EXCEPT_RE);
  const own = cut >= 0 ? title.slice(0, cut) : title;
  const excepted = cut >= 0 ? namedIn(title.slice(cut), extraNames) : [];
  // a drug named as a prior therapy or a partner ("after failure of X", "with Y") does not scope the section
  const named = NOT_OWN_RE.test(own) ? [] : namedIn(own, extraNames);
  return named.length || excepted.length ? { named, excepted } : null;
}

/** a drug's heading in a class document: its generic name, then its brand in parentheses ("Solriamfetol (Sunosi)", "Calcium, magnesium … oxybates (Xywav)") */
export const DRUG_HEADING_RE = /^[A-Z][a-z]+(?:[-, ][a-z]+){0,8}\s+\([A-Z][\w-]+(?:\s*[,/]\s*[A-Z][\w-]+)*\)$/;

/**
 * Whether `text` opens with a drug's name: one the vocabulary or `extraNames` knows (its first word
 * starting the line), or a generic name with its brand in parentheses (DRUG_HEADING_RE) — a class
 * document's drug heading ("Lumateperone (Caplyta)", "Solriamfetol (Sunosi)").
 */
export function opensWithDrugName(text: string, extraNames: string[] = []): boolean {
  const named = sectionDrugs(text, extraNames)?.named ?? [];
  return named.some((d) => text.toLowerCase().startsWith(d.split(/[\s/]/)[0])) || DRUG_HEADING_RE.test(text);
}

/** Whether a section titled `title` is the requested drug's (`requested`: its names, lower case). */
export function drugSectionFor(title: string, requested: Set<string>, extraNames: string[] = []): "own" | "other" | null {
  const s = sectionDrugs(title, extraNames);
  // "Solriamfetol (Sunosi) — EDS in …": a heading of a drug the vocabulary does not know is still a
  // drug's, the requested one's only when it names it
  const head = title.split(/\s+—\s+/)[0].trim();
  if (!s && requested.size && DRUG_HEADING_RE.test(head))
    return head
      .toLowerCase()
      .split(/[^a-z0-9-]+/)
      .some((w) => requested.has(w))
      ? "own"
      : "other";
  if (!s || !requested.size) return null;
  const hit = (xs: string[]) => xs.some((x) => requested.has(x) || drugNames(x).some((n) => requested.has(n)));
  if (s.excepted.length && hit(s.excepted)) return "other";
  if (s.named.length) return hit(s.named) ? "own" : "other";
  return null;
}
