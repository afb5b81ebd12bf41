/**
 * The extraction schema builder (PRODUCT-SPEC §2 "Policy extractor", §3, §5, §9): tabs Json Schema
 * (free text; invalid JSON is ignored until it parses), Form Schema (rows of field id, title, description, type —
 * string, number, integer, boolean, or array of one item type; each predefined field usable once)
 * and Preview Schema (the fields as a reader would fill them). "Auto generate schema" fills every
 * predefined field after the spec's simulated 3-second delay. Before JavaScript loads it is a
 * textarea; either way the form posts `json_schema`.
 */
import { useState } from "react";
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { EXTRACTION_FIELD_TYPES, PREDEFINED_FIELDS, schemaFromJsonText, type ExtractionSchema } from "~/plans/extraction-schema";
import { inputClass, secondaryButton, Spinner } from "~/ui/styles";

type Field = ExtractionSchema["properties"][number];
const ITEM_TYPES = ["string", "number", "integer", "boolean"] as const;
/** PRODUCT-SPEC §9: "Auto generate schema button simulates a 3 second delay". */
const AUTO_GENERATE_DELAY_MS = 3000;
const tabClass = ({ selected }: { selected: boolean }) =>
  `rounded-md px-3 py-1.5 text-sm font-medium focus:outline-none ${selected ? "bg-white text-indigo-700 shadow-xs" : "text-slate-600 hover:text-slate-900"}`;

export function SchemaBuilder({ initial }: { initial: ExtractionSchema }) {
  const hydrated = useHydrated();
  const [schema, setSchema] = useState<ExtractionSchema>(initial);
  const [text, setText] = useState(() => JSON.stringify(initial, null, 2));
  const [generating, setGenerating] = useState(false);

  if (!hydrated)
    return (
      <div>
        <label htmlFor="json-schema" className="block text-sm font-medium text-slate-700">
          Json Schema
        </label>
        <textarea id="json-schema" name="json_schema" rows={8} defaultValue={text} className={`${inputClass} font-mono text-xs`} />
      </div>
    );

  const update = (next: ExtractionSchema) => {
    setSchema(next);
    setText(JSON.stringify(next, null, 2));
  };
  const setField = (i: number, patch: Partial<Field>) => update({ ...schema, properties: schema.properties.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
  const used = new Set(schema.properties.map((f) => f.field_id));
  const duplicates = new Set(schema.properties.map((f) => f.field_id).filter((id, i, all) => all.indexOf(id) !== i));
  const freePredefined = PREDEFINED_FIELDS.filter((p) => !used.has(p.field_id));
  const addField = (id: string) => {
    const pre = PREDEFINED_FIELDS.find((p) => p.field_id === id);
    let custom = "custom_field";
    for (let n = 2; used.has(custom); n++) custom = `custom_field_${n}`;
    update({ ...schema, properties: [...schema.properties, pre ?? { field_id: custom, title: "Custom field", description: "", type: "string" }] });
  };
  const autoGenerate = () => {
    setGenerating(true);
    // The wait is simulated: the spec's auto generate button waits 3 seconds (PRODUCT-SPEC §9), but
    // nothing is computed or sent anywhere; the schema is the predefined fields plus the custom ones.
    setTimeout(() => {
      update({
        title: schema.title || "Coverage policy",
        description: schema.description || "Fields extracted from each coverage policy",
        properties: [...schema.properties.filter((f) => !PREDEFINED_FIELDS.some((p) => p.field_id === f.field_id)), ...PREDEFINED_FIELDS].sort(
          (a, b) => idx(a) - idx(b),
        ),
      });
      setGenerating(false);
    }, AUTO_GENERATE_DELAY_MS);
  };
  const idx = (f: Field) => {
    const i = PREDEFINED_FIELDS.findIndex((p) => p.field_id === f.field_id);
    return i < 0 ? 100 : i;
  };

  return (
    <div className="space-y-2" data-testid="schema-builder">
      <input type="hidden" name="json_schema" value={text} />
      <TabGroup>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <TabList className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
            <Tab className={tabClass}>Json Schema</Tab>
            <Tab className={tabClass}>Form Schema</Tab>
            <Tab className={tabClass}>Preview Schema</Tab>
          </TabList>
          <button type="button" onClick={autoGenerate} disabled={generating} className={secondaryButton}>
            {generating ? (
              <>
                <Spinner /> Generating…
              </>
            ) : (
              "Auto generate schema"
            )}
          </button>
        </div>
        <TabPanels className="mt-2">
          <TabPanel>
            <label htmlFor="json-schema" className="sr-only">
              Json Schema
            </label>
            <textarea
              id="json-schema"
              rows={10}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                // invalid JSON (or an invalid schema) is ignored until it parses (PRODUCT-SPEC §5)
                const v = schemaFromJsonText(e.target.value);
                if (v) setSchema(v);
              }}
              className={`${inputClass} font-mono text-xs`}
            />
          </TabPanel>
          <TabPanel className="space-y-2">
            <div className="grid gap-2 sm:grid-cols-2">
              <input
                aria-label="Schema title"
                value={schema.title}
                onChange={(e) => update({ ...schema, title: e.target.value })}
                className={inputClass}
                placeholder="Schema title"
              />
              <input
                aria-label="Schema description"
                value={schema.description}
                onChange={(e) => update({ ...schema, description: e.target.value })}
                className={inputClass}
                placeholder="Description"
              />
            </div>
            <table className="min-w-full text-sm" data-testid="form-schema">
              <thead className="text-left text-xs font-semibold text-slate-500">
                <tr>
                  <th className="py-1 pr-2">Field id</th>
                  <th className="py-1 pr-2">Title</th>
                  <th className="py-1 pr-2">Description</th>
                  <th className="py-1 pr-2">Type</th>
                  <th className="py-1 pr-2">Item type</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {schema.properties.map((f, i) => {
                  const predefined = PREDEFINED_FIELDS.some((p) => p.field_id === f.field_id);
                  return (
                    <tr key={i}>
                      <td className="py-1 pr-2">
                        <input
                          aria-label={`Field id ${i + 1}`}
                          value={f.field_id}
                          readOnly={predefined}
                          aria-invalid={duplicates.has(f.field_id) || undefined}
                          onChange={(e) => setField(i, { field_id: e.target.value.replace(/[^A-Za-z0-9_]/g, "_") })}
                          className={`${inputClass} py-1 font-mono text-xs ${predefined ? "bg-slate-50" : ""}`}
                        />
                        {duplicates.has(f.field_id) && <p className="mt-0.5 text-xs text-red-700">Each field can be used once</p>}
                      </td>
                      <td className="py-1 pr-2">
                        <input
                          aria-label={`Title ${i + 1}`}
                          value={f.title}
                          onChange={(e) => setField(i, { title: e.target.value })}
                          className={`${inputClass} py-1`}
                        />
                      </td>
                      <td className="py-1 pr-2">
                        <input
                          aria-label={`Description ${i + 1}`}
                          value={f.description}
                          onChange={(e) => setField(i, { description: e.target.value })}
                          className={`${inputClass} py-1`}
                        />
                      </td>
                      <td className="py-1 pr-2">
                        <select
                          aria-label={`Type ${i + 1}`}
                          value={f.type}
                          onChange={(e) =>
                            setField(i, { type: e.target.value as Field["type"], items: e.target.value === "array" ? { type: "string" } : undefined })
                          }
                          className={`${inputClass} py-1`}
                        >
                          {EXTRACTION_FIELD_TYPES.map((t) => (
                            <option key={t}>{t}</option>
                          ))}
                        </select>
                      </td>
                      <td className="py-1 pr-2">
                        {f.type === "array" ? (
                          <select
                            aria-label={`Item type ${i + 1}`}
                            value={f.items?.type ?? "string"}
                            onChange={(e) => setField(i, { items: { type: e.target.value as (typeof ITEM_TYPES)[number] } })}
                            className={`${inputClass} py-1`}
                          >
                            {ITEM_TYPES.map((t) => (
                              <option key={t}>{t}</option>
                            ))}
                          </select>
                        ) : (
                          <span className="text-xs text-slate-400">—</span>
                        )}
                      </td>
                      <td className="py-1 text-right">
                        <button
                          type="button"
                          onClick={() => update({ ...schema, properties: schema.properties.filter((_, j) => j !== i) })}
                          className="text-xs font-medium text-red-700 hover:underline"
                          aria-label={`Remove ${f.field_id}`}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor="add-field" className="text-xs font-medium text-slate-600">
                Add field
              </label>
              <select
                id="add-field"
                value=""
                onChange={(e) => {
                  if (e.target.value) addField(e.target.value);
                }}
                className={`${inputClass} w-auto py-1`}
              >
                <option value="">Choose…</option>
                {freePredefined.map((p) => (
                  <option key={p.field_id} value={p.field_id}>
                    {p.title} ({p.field_id})
                  </option>
                ))}
                <option value="__custom">Custom field</option>
              </select>
              <span className="text-xs text-slate-500">Predefined fields can be used once.</span>
            </div>
          </TabPanel>
          <TabPanel>
            <div className="rounded-md border border-slate-200 p-3" data-testid="preview-schema">
              <p className="text-sm font-semibold text-slate-900">{schema.title || "Untitled schema"}</p>
              {schema.description && <p className="text-xs text-slate-500">{schema.description}</p>}
              <dl className="mt-2 grid gap-2 sm:grid-cols-2">
                {schema.properties.map((f, i) => (
                  <div key={i}>
                    <dt className="text-xs font-medium text-slate-700">{f.title || f.field_id}</dt>
                    <dd className="mt-0.5 rounded border border-dashed border-slate-300 px-2 py-1 text-xs text-slate-400">
                      {f.type === "array" ? `list of ${f.items?.type ?? "string"}` : f.type === "boolean" ? "Yes / No" : f.type}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
