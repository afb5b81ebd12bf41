/**
 * Which of the plan's coverage policies governs a request: the policy whose covered drug is the
 * requested drug (same active ingredient: brand, generic or biosimilar name, or the NDC's formulary
 * row), else when no requested drug could be read at all, the policy whose drug the fax names most often.
 * Null when none matches.
 */
import type { CaseFacts, FormularyRow, ParsedDocument } from "../contracts";
import { lookupDrug } from "../vocabulary/drugs";
import { ndcDigits } from "../codes/ndc";

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function generics(names: string[]): Set<string> {
  const out = new Set<string>();
  for (const n of names) {
    const e = lookupDrug(n);
    out.add((e?.generic ?? n).toLowerCase());
  }
  return out;
}

export function selectPolicy(
  facts: CaseFacts,
  policies: { id: string; drug_names: string[] }[],
  opts: { caseDoc?: ParsedDocument; formulary?: FormularyRow[] } = {},
): string | null {
  const med = facts.medication;
  const requestedNames = [med?.drug_name, med?.generic_name, med?.drug_name_as_written].filter((x): x is string => !!x);
  const ndc = ndcDigits(med?.ndc);
  if (ndc) {
    const row = (opts.formulary ?? []).find((r) => ndcDigits(r.ndc) === ndc);
    if (row) requestedNames.unshift(row.drug_name);
  }
  const want = generics(requestedNames);
  const text = requestedNames.join(" ").toLowerCase();
  // the same active ingredient(s) first, over every policy: a combination product's policy is
  // never lost to a single-ingredient policy listed earlier (Descovy is not Vemlidy)
  for (const p of policies) {
    const g = generics(p.drug_names);
    if ([...g].some((x) => want.has(x))) return p.id;
  }
  // then a policy's drug name written in the request; the longest name wins, and a name that is
  // one ingredient of a combination written in the request ("tenofovir alafenamide" inside
  // "emtricitabine/tenofovir alafenamide") is not a match
  let named: { id: string; len: number } | null = null;
  for (const p of policies) {
    for (const n of p.drug_names) {
      const re = new RegExp(`(?<![/+-]\\s?|\\band\\s|\\bwith\\s)\\b${esc(n.toLowerCase())}\\b(?!\\s?[/+-]|\\s+and\\b|\\s+with\\b)`);
      if (re.test(text) && (!named || n.length > named.len)) named = { id: p.id, len: n.length };
    }
  }
  if (named) return named.id;
  // a requested drug was read and no policy covers it: none applies (never a drug from the history)
  if (!opts.caseDoc || requestedNames.length) return null;
  const fax = opts.caseDoc.pages
    .map((p) => p.text)
    .join("\n")
    .toLowerCase();
  let best: { id: string; n: number } | null = null;
  for (const p of policies) {
    const n = p.drug_names.reduce((s, d) => s + (fax.match(new RegExp(`\\b${esc(d.toLowerCase())}\\b`, "g"))?.length ?? 0), 0);
    if (n > 0 && (!best || n > best.n)) best = { id: p.id, n };
  }
  return best?.id ?? null;
}
