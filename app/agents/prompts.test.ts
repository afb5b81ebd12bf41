import { describe, expect, it } from "vitest";
import { buildPrompt, DEFAULT_PROMPTS, getDefaultPrompt, renderPrompt } from "./prompts";

/** Every object closed and fully required: what OpenAI strict structured outputs accept. */
function assertStrict(node: unknown, path = "$"): void {
  if (Array.isArray(node)) return node.forEach((n, i) => assertStrict(n, `${path}[${i}]`));
  if (!node || typeof node !== "object") return;
  const o = node as Record<string, any>;
  if (o.type === "object" || (Array.isArray(o.type) && o.type.includes("object"))) {
    expect(o.additionalProperties, `${path} closed`).toBe(false);
    expect([...(o.required ?? [])].sort(), `${path} all required`).toEqual(Object.keys(o.properties ?? {}).sort());
  }
  for (const [k, v] of Object.entries(o)) {
    if (k === "properties") for (const [pk, pv] of Object.entries(v as object)) assertStrict(pv, `${path}.${pk}`);
    else if (typeof v === "object") assertStrict(v, `${path}/${k}`);
  }
}

describe("DEFAULT_PROMPTS", () => {
  it("has one entry for each prompt_type the product serves", () => {
    expect(DEFAULT_PROMPTS.map((p) => p.prompt_type).sort()).toEqual(["audit", "clinical_review", "decision", "decision_tree", "eligibility", "extraction"]);
  });

  it.each(DEFAULT_PROMPTS.map((p) => [p.prompt_type, p] as const))("%s: strict JSON schema, templated user prompt", (_, p) => {
    expect(p.system_prompt.length).toBeGreaterThan(100);
    assertStrict(p.json_schema);
    expect(p.json_schema).not.toHaveProperty("$schema");
    const used = [...p.user_prompt.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
    expect(used.sort()).toEqual([...p.variables].sort());
    expect(JSON.parse(JSON.stringify(p))).toEqual(p); // plain data, servable as JSON
  });

  it("the decision prompt carries the decision semantics", () => {
    expect(getDefaultPrompt("decision").system_prompt).toMatch(/A clear failure wins over missing information/);
  });
});

describe("renderPrompt / buildPrompt", () => {
  it("fills placeholders and blanks unknown ones", () => {
    expect(renderPrompt("a {{x}} b {{ y }} c {{z}}", { x: 1, y: "two" })).toBe("a 1 b two c ");
  });
  it("applies an organisation's override but keeps the schema name", () => {
    const p = buildPrompt("audit", { case_facts: "{}" }, { system_prompt: "Custom audit.", user_prompt: "Facts: {{case_facts}}" });
    expect(p).toEqual({ name: "audit", system: "Custom audit.", user: "Facts: {}" });
    expect(buildPrompt("audit", {}, { system_prompt: "  " }).system).toBe(getDefaultPrompt("audit").system_prompt);
  });
});
