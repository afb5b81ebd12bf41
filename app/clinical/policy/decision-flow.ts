/**
 * Numbered yes/no decision flows ("Clinical Criteria Logic"): steps written as a question followed by
 * its routing line —
 *
 *   1. Is the client 18 years of age or older?
 *   [ ] Yes (Go to #2) [ ] No (Deny)
 *   2. Does the client have a diagnosis of rheumatoid arthritis (Table 1)?
 *   [ ] Yes (Go to #3) [ ] No (Go to #4)
 *   ...
 *   9. Is the requested dose within the limit?
 *   [ ] Yes (Approve - 365 days) [ ] No (Deny)
 *
 * read as the routes from the first step to an approval. On a route, a step answered YES whose NO
 * denies is a requirement; a step answered YES at a branch (its NO goes to another step) is the
 * branch's own requirement (the diagnosis that selects it); a step answered NO at a branch is only the
 * choice of route (no requirement: a member with both diagnoses is still covered by the other route);
 * a step whose YES denies ("Is the client receiving a biologic? Yes (Deny) No (Go to #8)") is an
 * exclusion, read only when it lies on every approving route. Anything else (a route that loops, a step
 * that routes to a missing number, a NO answer that is required without a YES that denies) makes the
 * flow unreadable: null, and a reviewer walks it as before.
 * Source: the policy document's own routing; no clinical rule is added.
 */
import type { DocLine } from "../text/lines";

/** where an answer leads */
export type FlowOutcome = { to: "step"; step: number } | { to: "approve"; duration: string | null } | { to: "deny" };

/** one numbered question of the flow with its two outcomes and the lines it was read from */
export interface FlowStep {
  n: number;
  question: string;
  /** the question restated as a requirement ("Is the client 18 or older?" → "the client is 18 or older") */
  statement: string;
  /** sentences written after the question mark (how the question is answered), "" when none */
  note: string;
  yes: FlowOutcome;
  no: FlowOutcome;
  lines: DocLine[];
}

/** a route from the first step to an approval: the requirements it needs and the exclusions on it */
export interface FlowRoute {
  /** steps answered YES that the route needs (their NO denies, or they select this branch) */
  required: FlowStep[];
  /** steps whose YES denies, answered NO on this route */
  excluded: FlowStep[];
  duration: string | null;
}

const STEP_RE = /^\s*(\d{1,2})[.)]\s+(\S.*)$/;
/** "[ ] Yes (Go to #2) [ ] No (Deny)", "Yes - Go to 3; No - Deny", "YES: approve for 12 months / NO: deny" */
const ROUTING_RE =
  /(?:\[\s*[xX✓]?\s*\]\s*|☐\s*|□\s*)?\byes\b\s*[:(\-–—→>]*\s*([^[\]]*?)\)?\s*[;,/]?\s*(?:\[\s*[xX✓]?\s*\]\s*|☐\s*|□\s*)?\bno\b\s*[:(\-–—→>]*\s*([^)\]]*)\)?\s*$/i;

/** An answer's outcome: "Go to #4", "Proceed to question 7", "Deny", "Approve - 365 days"; null when unreadable. */
export function flowOutcome(text: string): FlowOutcome | null {
  const t = text.trim();
  const go = /^(?:go|proceed|continue|skip)\s+to\s*(?:#|question|step|item|no\.?)?\s*#?(\d{1,2})\b/i.exec(t);
  if (go) return { to: "step", step: Number(go[1]) };
  if (/^(?:deny|denied|not approved|not covered|do not approve|reject)\b/i.test(t)) return { to: "deny" };
  const ap = /^(?:approve|approved|authorize|authorise)\b(.*)$/i.exec(t);
  if (ap) {
    const d = /(\d{1,3})\s*(days?|weeks?|months?|years?)/i.exec(ap[1]);
    return { to: "approve", duration: d ? `${d[1]} ${d[2]}` : null };
  }
  return null;
}

/** "Is the client 18 or older?" → "the client is 18 or older"; "Does the client have X?" → "the client has X". */
export function questionStatement(q: string): string {
  let s = q.trim().replace(/\?\s*$/, "");
  const subject = String.raw`(the (?:client|patient|member|beneficiary|enrollee|individual|recipient|prescriber|provider|requested (?:drug|medication|agent|dose|quantity)|drug|medication|request))`;
  s = s
    .replace(new RegExp(`^(?:is|are)\\s+${subject}\\s+`, "i"), "$1 is ")
    .replace(new RegExp(`^(?:does|do)\\s+${subject}\\s+have\\s+`, "i"), "$1 has ")
    .replace(new RegExp(`^(?:has|have)\\s+${subject}\\s+`, "i"), "$1 has ")
    .replace(/^is there\s+/i, "there is ")
    .replace(/^(?:does|do|has|have|is|are|was|were|did)\s+/i, "");
  return s;
}

/**
 * The steps of a numbered yes/no flow in `lines`, or null when fewer than three steps with a readable
 * routing line are found, or two steps share a number.
 */
export function flowSteps(lines: DocLine[]): FlowStep[] | null {
  const steps: FlowStep[] = [];
  let open: { n: number; parts: string[]; lines: DocLine[] } | null = null;
  for (const l of lines) {
    const route = ROUTING_RE.exec(l.text);
    const yes = route ? flowOutcome(route[1]) : null;
    const no = route ? flowOutcome(route[2]) : null;
    if (route && yes && no && open) {
      // the routing may end the question's own line ("... older? [ ] Yes (Go to #2) [ ] No (Deny)")
      const before = l.text.slice(0, route.index).trim();
      if (before) open.parts.push(before);
      const question = open.parts.join(" ").replace(/\s+/g, " ").trim();
      if (steps.some((s) => s.n === open!.n)) return null;
      const q = /^[^?]*\?/.exec(question)?.[0] ?? question;
      const note = question.slice(q.length).trim();
      steps.push({ n: open.n, question, statement: questionStatement(q), note, yes, no, lines: [...open.lines, l] });
      open = null;
      continue;
    }
    const st = STEP_RE.exec(l.text);
    if (st) {
      open = { n: Number(st[1]), parts: [st[2]], lines: [l] };
      continue;
    }
    // a question wrapped onto further lines, until it ends with its question mark
    if (open && !/\?\s*$/.test(open.parts.join(" "))) {
      open.parts.push(l.text);
      open.lines.push(l);
    } else open = null;
  }
  return steps.length >= 3 ? steps : null;
}

/**
 * The approving routes of a flow (see the file comment), or null when the flow cannot be followed.
 */
export function flowRoutes(steps: FlowStep[]): FlowRoute[] | null {
  const byN = new Map(steps.map((s) => [s.n, s]));
  const first = Math.min(...steps.map((s) => s.n));
  const routes: FlowRoute[] = [];
  let broken = false;
  const walkFrom = (n: number, seen: Set<number>, required: FlowStep[], excluded: FlowStep[]) => {
    if (broken) return;
    const s = byN.get(n);
    if (!s || seen.has(n)) {
      broken = true;
      return;
    }
    const next = new Set(seen).add(n);
    for (const answer of ["yes", "no"] as const) {
      const out = s[answer];
      const other = answer === "yes" ? s.no : s.yes;
      if (out.to === "deny") continue;
      let req = required;
      let exc = excluded;
      if (answer === "yes") req = [...required, s];
      else if (other.to === "deny") exc = [...excluded, s];
      // a NO that continues while the YES also continues is the choice of route: no requirement
      // a NO that continues while the YES approves outright would need the negation read: unreadable
      else if (other.to === "approve") {
        broken = true;
        return;
      }
      if (out.to === "approve") routes.push({ required: req, excluded: exc, duration: out.duration });
      else walkFrom(out.step, next, req, exc);
    }
  };
  walkFrom(first, new Set(), [], []);
  if (broken || !routes.length) return null;
  return routes;
}

/**
 * A question whose YES denies, as the exclusion it states: "the client is receiving a biologic …"
 * → "Concurrent use of a biologic …" (the policy's "receiving" is current use alongside the requested
 * drug); other questions as restated.
 */
export function exclusionStatement(statement: string): string {
  return statement.replace(
    /^the (?:client|patient|member|beneficiary|enrollee|individual|recipient) is (?:currently )?(?:receiving|taking|using|on)\s+/i,
    "Concurrent use of ",
  );
}
