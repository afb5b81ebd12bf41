/**
 * The Add policy modal's Drugs field: a plain comma-separated text input (works before JavaScript)
 * plus a search of the drug directory (PRODUCT-SPEC §9: from 3 characters, 500 ms after the last
 * keystroke, 20 results). Picking a result adds its brand and generic names to the list. A failed
 * search shows no results (§8 "FDA search failure: empty results").
 */
import { useEffect, useRef, useState } from "react";
import { inputClass } from "~/ui/styles";

type Product = { product_ndc: string; brand_name: string; generic_name: string; dosage_form: string | null; route: string | null; strength: string | null };

export function DrugsField({ orgId, defaultValue }: { orgId: string; defaultValue?: string }) {
  const [value, setValue] = useState(defaultValue ?? "");
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<Product[] | null>(null);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 3) {
      setResults(null);
      return;
    }
    const mine = ++seq.current;
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const res = await fetch(`/api/o/${orgId}/drug_products?search=${encodeURIComponent(q)}`, { headers: { Accept: "application/json" } });
        const body = res.ok ? ((await res.json()) as { drug_products?: Product[] }) : {};
        if (mine === seq.current) setResults(body.drug_products ?? []);
      } catch {
        if (mine === seq.current) setResults([]);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    }, 500);
    return () => clearTimeout(timer);
  }, [query, orgId]);

  const add = (p: Product) => {
    const names = value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    for (const n of [p.brand_name, p.generic_name]) if (n && !names.some((x) => x.toLowerCase() === n.toLowerCase())) names.push(n);
    setValue(names.join(", "));
  };

  return (
    <div className="space-y-2">
      <input
        id="policy-drugs"
        name="policy_drugs"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="Brand or generic names, comma separated (e.g. Humira, Amjevita)"
        className={inputClass}
      />
      <div className="rounded-md border border-slate-200 bg-slate-50 p-2" data-testid="drug-search">
        <label htmlFor="drug-search-input" className="block text-xs font-medium text-slate-600">
          Search the drug directory (brand, generic or product NDC; 3 characters or more)
        </label>
        <input
          id="drug-search-input"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="e.g. adalimumab"
          className={`${inputClass} mt-1`}
          autoComplete="off"
        />
        {loading && <p className="mt-1 text-xs text-slate-500">Searching…</p>}
        {results && !loading && (
          <ul
            className="mt-1 max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 bg-white text-sm"
            data-testid="drug-results"
          >
            {results.length === 0 && <li className="px-3 py-2 text-slate-500">No drugs found</li>}
            {results.map((p) => (
              <li key={p.product_ndc}>
                <button
                  type="button"
                  onClick={() => add(p)}
                  className="flex w-full items-baseline justify-between gap-3 px-3 py-1.5 text-left hover:bg-indigo-50"
                  data-testid="drug-result"
                >
                  <span>
                    <span className="font-medium text-slate-900">{p.brand_name}</span> <span className="text-slate-500">({p.generic_name})</span>
                    <span className="block text-xs text-slate-500">
                      {[p.strength, p.dosage_form?.toLowerCase(), p.route?.toLowerCase()].filter(Boolean).join(" · ")}
                    </span>
                  </span>
                  <span className="shrink-0 font-mono text-xs text-slate-500">{p.product_ndc}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
