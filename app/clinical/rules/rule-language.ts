/**
 * The AI-rule language: what an organisation's custom rules may say, parsed by a small
 * recursive-descent parser (no eval) and evaluated deterministically. Database-free.
 *
 * A rule has CONDITIONS (every entry must hold) and ACTIONS (each entry one action). Documented for
 * authors in docs/clinical/ai-rules.md.
 *
 * Condition grammar (keywords case-insensitive):
 *   expr       := or
 *   or         := and ("or" and)*
 *   and        := unary ("and" unary)*
 *   unary      := "not" unary | "(" expr ")" | comparison
 *   comparison := operand op operand
 *               | field ["not"] "in" list
 *               | field ("contains" | "starts with") value
 *               | field "is" ["not"] ("missing" | "present")
 *   op         := "<" | "<=" | ">" | ">=" | "=" | "==" | "!=" | "is" | "is not"
 *   operand    := field | number | "quoted string" | word
 *   list       := "[" value ("," value)* "]"
 * Fields (FIELD_DOCS): age, quantity, limit, days_supply, duration_months, tier, pa_required, drug,
 * ndc, diagnosis, specialty, urgency, member_id, eligible, text.
 * A comparison whose field has no value on the case (an unread age, no quantity limit) is FALSE:
 * a rule never fires on what was not read.
 *
 * Actions (one per entry):
 *   require <item>                      → needs more information, asking for <item>
 *   needs more information [: <item>]   → needs more information
 *   route to clinical reviewer          → no automatic approval; a clinical reviewer decides
 *   note <text>                         → a note in the rationale
 *   lower confidence by <0..1> | to <0..1>
 * An action that would deny, reject or approve is refused by the parser: a rule can never decide
 * a case on its own (the decision layer's cited failed criterion is the only way to a denial).
 */

// ───────────────────────────── Conditions ─────────────────────────────

export type Value =
  { kind: "number"; value: number } | { kind: "string"; value: string } | { kind: "bool"; value: boolean } | { kind: "field"; name: FieldName };
export type CompareOp = "<" | "<=" | ">" | ">=" | "=" | "!=";
export type Condition =
  | { kind: "and" | "or"; left: Condition; right: Condition }
  | { kind: "not"; inner: Condition }
  | { kind: "compare"; left: Value; op: CompareOp; right: Value }
  | { kind: "in"; field: FieldName; list: string[]; negated: boolean }
  | { kind: "contains" | "starts_with"; field: FieldName; value: string }
  | { kind: "presence"; field: FieldName; present: boolean };

/** The fields a condition can read, with what each means (shown to authors on the rules page). */
export const FIELD_DOCS = {
  age: "member age in whole years on the request date",
  quantity: "requested quantity (units on the request)",
  limit: "the formulary quantity limit for the requested days supply (amount × periods)",
  days_supply: "requested days supply",
  duration_months: "requested duration in months",
  tier: "formulary tier of the requested drug",
  pa_required: "true when the formulary marks the drug as needing prior authorization",
  drug: "requested drug (brand and generic names)",
  ndc: "requested NDC (11 digits)",
  diagnosis: "diagnosis codes and descriptions on the request",
  specialty: "prescriber specialty",
  urgency: "urgency of the request (standard or expedited)",
  member_id: "member id on the request",
  eligible: "true when the member is eligible on the request date",
  text: "the whole request text",
} as const;
export type FieldName = keyof typeof FIELD_DOCS;
const FIELD_ALIASES: Record<string, FieldName> = {
  "member age": "age",
  "quantity limit": "limit",
  "days supply": "days_supply",
  medication: "drug",
  "drug name": "drug",
  icd: "diagnosis",
  "prescriber specialty": "specialty",
  "member id": "member_id",
  "pa required": "pa_required",
};

/** A rule text that does not parse; `at` is the character offset of the problem. */
export class RuleSyntaxError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
    this.name = "RuleSyntaxError";
  }
}

type Tok = { t: "num" | "str" | "word" | "op" | "punct"; v: string; at: number };

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const rest = src.slice(i);
    const num = /^-?\d+(?:\.\d+)?(?![\w.-])/.exec(rest);
    const op = /^(<=|>=|==|!=|<>|<|>|=|≤|≥|≠)/.exec(rest);
    if (num && (c !== "-" || !out.length || out[out.length - 1].t === "op" || out[out.length - 1].t === "punct")) {
      out.push({ t: "num", v: num[0], at: i });
      i += num[0].length;
    } else if (op) {
      const v = { "==": "=", "<>": "!=", "≤": "<=", "≥": ">=", "≠": "!=" }[op[0]] ?? op[0];
      out.push({ t: "op", v, at: i });
      i += op[0].length;
    } else if ("()[],".includes(c)) {
      out.push({ t: "punct", v: c, at: i });
      i++;
    } else if (c === '"' || c === "'" || c === "“") {
      const close = c === "“" ? "”" : c;
      const end = src.indexOf(close, i + 1);
      if (end < 0) throw new RuleSyntaxError("Unclosed quotation mark", i);
      out.push({ t: "str", v: src.slice(i + 1, end), at: i });
      i = end + 1;
    } else {
      const w = /^[^\s()[\],<>=!≤≥≠"'“]+/.exec(rest);
      if (!w) throw new RuleSyntaxError(`Unexpected character "${c}"`, i);
      out.push({ t: "word", v: w[0], at: i });
      i += w[0].length;
    }
  }
  return out;
}

class Parser {
  private i = 0;
  constructor(
    private readonly toks: Tok[],
    private readonly src: string,
  ) {}
  private peek(k = 0) {
    return this.toks[this.i + k];
  }
  private word(k = 0) {
    const t = this.peek(k);
    return t && t.t === "word" ? t.v.toLowerCase() : null;
  }
  private fail(msg: string): never {
    throw new RuleSyntaxError(msg, this.peek()?.at ?? this.src.length);
  }
  parse(): Condition {
    if (!this.toks.length) this.fail("Empty condition");
    const c = this.or();
    if (this.peek()) this.fail(`Unexpected "${this.peek()!.v}"`);
    return c;
  }
  private or(): Condition {
    let left = this.and();
    while (this.word() === "or") {
      this.i++;
      left = { kind: "or", left, right: this.and() };
    }
    return left;
  }
  private and(): Condition {
    let left = this.unary();
    while (this.word() === "and") {
      this.i++;
      left = { kind: "and", left, right: this.unary() };
    }
    return left;
  }
  private unary(): Condition {
    if (this.word() === "not") {
      this.i++;
      return { kind: "not", inner: this.unary() };
    }
    const t = this.peek();
    if (t?.t === "punct" && t.v === "(") {
      this.i++;
      const c = this.or();
      const close = this.peek();
      if (!(close?.t === "punct" && close.v === ")")) this.fail('Missing ")"');
      this.i++;
      return c;
    }
    return this.comparison();
  }
  /** a field name, possibly two words ("member age", "days supply") */
  private field(): FieldName | null {
    const one = this.word();
    if (!one) return null;
    const two = this.word(1);
    if (two && FIELD_ALIASES[`${one} ${two}`]) {
      this.i += 2;
      return FIELD_ALIASES[`${one} ${two}`];
    }
    if (one in FIELD_DOCS) {
      this.i++;
      return one as FieldName;
    }
    if (FIELD_ALIASES[one]) {
      this.i++;
      return FIELD_ALIASES[one];
    }
    return null;
  }
  private operand(): Value {
    const t = this.peek();
    if (!t) this.fail("Expected a value");
    if (t.t === "num") {
      this.i++;
      return { kind: "number", value: Number(t.v) };
    }
    if (t.t === "str") {
      this.i++;
      return { kind: "string", value: t.v };
    }
    const f = this.field();
    if (f) return { kind: "field", name: f };
    if (t.t === "word") {
      const w = t.v.toLowerCase();
      if (w === "true" || w === "yes" || w === "false" || w === "no") {
        this.i++;
        return { kind: "bool", value: w === "true" || w === "yes" };
      }
      // bare words up to the next keyword or punctuation make one string value
      const words: string[] = [];
      while (this.peek()?.t === "word" && !["and", "or"].includes(this.word()!)) words.push(this.toks[this.i++].v);
      return { kind: "string", value: words.join(" ") };
    }
    this.fail(`Expected a value, found "${t.v}"`);
  }
  private list(): string[] {
    const open = this.peek();
    if (!(open?.t === "punct" && (open.v === "[" || open.v === "("))) this.fail("Expected a list like [adalimumab, etanercept]");
    const close = open.v === "[" ? "]" : ")";
    this.i++;
    const items: string[] = [];
    for (;;) {
      const words: string[] = [];
      while (this.peek() && this.peek()!.t !== "punct") words.push(this.toks[this.i++].v);
      if (words.length) items.push(words.join(" "));
      const t = this.peek();
      if (!t) this.fail(`Missing "${close}"`);
      this.i++;
      if (t.v === close) break;
      if (t.v !== ",") this.fail(`Unexpected "${t.v}" in list`);
    }
    if (!items.length) this.fail("Empty list");
    return items;
  }
  private comparison(): Condition {
    const start = this.i;
    const field = this.field();
    if (field) {
      const w = this.word();
      if (w === "contains") {
        this.i++;
        return { kind: "contains", field, value: this.stringValue() };
      }
      if (w === "starts" && this.word(1) === "with") {
        this.i += 2;
        return { kind: "starts_with", field, value: this.stringValue() };
      }
      if (w === "in" || (w === "not" && this.word(1) === "in")) {
        const negated = w === "not";
        this.i += negated ? 2 : 1;
        return { kind: "in", field, list: this.list(), negated };
      }
      if (w === "is") {
        const neg = this.word(1) === "not";
        const what = this.word(neg ? 2 : 1);
        if (what === "missing" || what === "present") {
          this.i += neg ? 3 : 2;
          return { kind: "presence", field, present: (what === "present") !== neg };
        }
      }
      this.i = start;
    }
    const left = this.operand();
    const op = this.compareOp();
    const right = this.operand();
    if (left.kind !== "field" && right.kind !== "field") this.fail("A comparison needs a field on one side (for example: age < 18)");
    return { kind: "compare", left, op, right };
  }
  private compareOp(): CompareOp {
    const t = this.peek();
    if (t?.t === "op") {
      this.i++;
      return t.v as CompareOp;
    }
    if (this.word() === "is") {
      this.i++;
      if (this.word() === "not") {
        this.i++;
        return "!=";
      }
      return "=";
    }
    if (this.word() === "equals") {
      this.i++;
      return "=";
    }
    this.fail(t ? `Expected a comparison (<, >, =, in, contains ...), found "${t.v}"` : "Expected a comparison (<, >, =, in, contains ...)");
  }
  private stringValue(): string {
    const v = this.operand();
    if (v.kind === "field") this.fail("Expected text, found a field name");
    return String(v.value);
  }
}

/** Parse one condition text. Throws RuleSyntaxError (message and offset) when it does not parse. */
export function parseCondition(src: string): Condition {
  return new Parser(tokenize(src), src).parse();
}

// ───────────────────────────── Actions ─────────────────────────────

export type RuleAction =
  | { kind: "require"; item: string }
  | { kind: "route_to_reviewer"; reviewer: string }
  | { kind: "note"; text: string }
  | { kind: "lower_confidence"; by?: number; to?: number };

/** Parse one action text (grammar in the module comment). Throws RuleSyntaxError. */
export function parseAction(src: string): RuleAction {
  const s = src.trim().replace(/^[→>-]+\s*/, "");
  if (!s) throw new RuleSyntaxError("Empty action", 0);
  if (/^(deny|denied|reject|decline|approve|approved|auto[- ]?approve)\b/i.test(s))
    throw new RuleSyntaxError(
      "A rule cannot deny or approve a case: use require, needs more information, route to clinical reviewer, note or lower confidence",
      0,
    );
  let m = /^require[sd]?\s+(.+)$/i.exec(s);
  if (m) return { kind: "require", item: m[1].trim() };
  m = /^(?:needs?|request) more information(?:\s*[:—-]\s*(.+))?$/i.exec(s);
  if (m) return { kind: "require", item: m[1]?.trim() || "Additional information requested by plan rule" };
  m = /^(?:route|send|escalate)\s+to\s+(?:an?\s+|the\s+)?(.*reviewer.*|pharmacist|medical director|physician)$/i.exec(s);
  if (m) return { kind: "route_to_reviewer", reviewer: m[1].trim() };
  m = /^(?:add\s+)?note[:\s]\s*(.+)$/i.exec(s);
  if (m) return { kind: "note", text: m[1].trim() };
  m = /^lower confidence\s+(by|to)\s+(\d*\.?\d+)(%?)$/i.exec(s);
  if (m) {
    const n = Number(m[2]) / (m[3] ? 100 : 1);
    if (!(n >= 0 && n <= 1)) throw new RuleSyntaxError("Confidence is a number from 0 to 1 (or a percentage)", s.indexOf(m[2]));
    return m[1].toLowerCase() === "by" ? { kind: "lower_confidence", by: n } : { kind: "lower_confidence", to: n };
  }
  throw new RuleSyntaxError("Unknown action. Use: require <item>, needs more information, route to clinical reviewer, note <text>, lower confidence by <n>", 0);
}

/** Check rule texts; returns one message per text that does not parse (empty when all parse). */
export function validateRuleTexts(conditions: string[], actions: string[]): string[] {
  const errs: string[] = [];
  conditions.forEach((c, i) => {
    try {
      parseCondition(c);
    } catch (e) {
      errs.push(`Condition ${i + 1} ("${c}"): ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  actions.forEach((a, i) => {
    try {
      parseAction(a);
    } catch (e) {
      errs.push(`Action ${i + 1} ("${a}"): ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  return errs;
}

// ───────────────────────────── Evaluation ─────────────────────────────

/** What the conditions can read about a case (null: not read). */
export type RuleContext = {
  [K in FieldName]: K extends "drug" | "diagnosis" | "text" | "specialty" | "urgency" | "member_id" | "ndc"
    ? string | null
    : K extends "pa_required" | "eligible"
      ? boolean | null
      : number | null;
};

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();
const digits = (s: string) => s.replace(/\D/g, "");

function resolve(v: Value, ctx: RuleContext): string | number | boolean | null {
  return v.kind === "field" ? ctx[v.name] : v.value;
}

function textMatches(field: FieldName, have: string, want: string, mode: "eq" | "contains" | "starts"): boolean {
  if (field === "ndc")
    return mode === "starts"
      ? digits(have).startsWith(digits(want))
      : digits(have) === digits(want) || (mode === "contains" && digits(have).includes(digits(want)));
  const h = norm(have),
    w = norm(want);
  if (mode === "contains") return h.includes(w);
  // multi-valued text fields (drug: brand + generic; diagnosis: "code desc | code desc") match per word/part
  const parts = h.split(/\s*\|\s*/).flatMap((p) => [p, ...p.split(" ")]);
  if (mode === "starts") return parts.some((p) => p.startsWith(w));
  if (field === "drug" || field === "diagnosis")
    return parts.includes(w) || h === w || new RegExp(`(^|[^a-z0-9])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^a-z0-9])`).test(h);
  return h === w;
}

/** Evaluate a parsed condition on a case. Unknown values make a comparison false. Pure. */
export function evaluateCondition(c: Condition, ctx: RuleContext): boolean {
  switch (c.kind) {
    case "and":
      return evaluateCondition(c.left, ctx) && evaluateCondition(c.right, ctx);
    case "or":
      return evaluateCondition(c.left, ctx) || evaluateCondition(c.right, ctx);
    case "not":
      return !evaluateCondition(c.inner, ctx);
    case "presence": {
      const v = ctx[c.field];
      return (v != null && v !== "") === c.present;
    }
    case "contains":
    case "starts_with": {
      const v = ctx[c.field];
      return v != null && textMatches(c.field, String(v), c.value, c.kind === "contains" ? "contains" : "starts");
    }
    case "in": {
      const v = ctx[c.field];
      if (v == null) return false;
      const hit = c.list.some((x) => textMatches(c.field, String(v), x, "eq"));
      return c.negated ? !hit : hit;
    }
    case "compare": {
      const a = resolve(c.left, ctx),
        b = resolve(c.right, ctx);
      if (a == null || b == null) return false;
      const field = c.left.kind === "field" ? c.left.name : c.right.kind === "field" ? c.right.name : "text";
      if (typeof a === "number" || typeof b === "number") {
        const x = Number(a),
          y = Number(b);
        if (Number.isNaN(x) || Number.isNaN(y)) return false;
        return c.op === "<" ? x < y : c.op === "<=" ? x <= y : c.op === ">" ? x > y : c.op === ">=" ? x >= y : c.op === "=" ? x === y : x !== y;
      }
      if (typeof a === "boolean" || typeof b === "boolean") {
        const eq = String(a).toLowerCase() === String(b).toLowerCase();
        return c.op === "=" ? eq : c.op === "!=" ? !eq : false;
      }
      if (c.op !== "=" && c.op !== "!=") return false;
      const [have, want] = c.left.kind === "field" ? [String(a), String(b)] : [String(b), String(a)];
      const eq = textMatches(field, have, want, "eq");
      return c.op === "=" ? eq : !eq;
    }
  }
}

/** Render a parsed condition back to canonical text (used in trails and tests). */
export function formatCondition(c: Condition): string {
  const v = (x: Value) => (x.kind === "field" ? x.name : x.kind === "string" ? JSON.stringify(x.value) : String(x.value));
  switch (c.kind) {
    case "and":
    case "or":
      return `(${formatCondition(c.left)} ${c.kind} ${formatCondition(c.right)})`;
    case "not":
      return `not ${formatCondition(c.inner)}`;
    case "compare":
      return `${v(c.left)} ${c.op} ${v(c.right)}`;
    case "in":
      return `${c.field}${c.negated ? " not" : ""} in [${c.list.join(", ")}]`;
    case "contains":
      return `${c.field} contains ${JSON.stringify(c.value)}`;
    case "starts_with":
      return `${c.field} starts with ${JSON.stringify(c.value)}`;
    case "presence":
      return `${c.field} is ${c.present ? "present" : "missing"}`;
  }
}
