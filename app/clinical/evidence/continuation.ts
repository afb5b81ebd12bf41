/**
 * Continuation (reauthorization, renewal) requests: whether the fax explicitly asks to continue a
 * therapy the member already receives, whether current use of the requested drug is documented,
 * and whether a positive response to it is documented. Pure functions of the case index.
 *
 * Safety: these readers only ever answer "shown" (with a quote) or "not shown". A request is a
 * continuation only when the fax says so in words or with a checked box; anything else is read as
 * an initial request, which is how every request was judged before continuation criteria existed.
 * Neither reader can fail a criterion: a missing or negative response is a reviewer's call.
 */
import type { Citation } from "../contracts";
import { findDates } from "../codes/dates";
import { isNegated } from "../vocabulary/language";
import { ANSWER_YES, quote, withNext, type CaseIndex, type CaseLine } from "./case-index";

export interface Shown {
  citation: Citation;
  /** the words that showed it, for the reason text */
  text: string;
}

const CONT = String.raw`(?:continu(?:ation|ed|ing)(?:\s+(?:of\s+)?(?:therapy|treatment|coverage|approval|authori[sz]ation))?|re-?authori[sz]ation|renewal|re-?certification)`;
/** "[X] Continuation of therapy / reauthorization", "☒ Renewal" */
const CHECKED_CONT = new RegExp(String.raw`(?:\[\s*[xX✓✔]\s*\]|[☒☑■])\s*(?:request(?:\s*type)?\s*:?\s*)?${CONT}`, "i");
/** "[X] Initial", "[X] New start": a request that says it is initial is never read as a continuation */
const CHECKED_INITIAL = /(?:\[\s*[xX✓✔]\s*\]|[☒☑■])\s*(?:initial|new\s*(?:start|request|therapy))\b/i;
/** "Request type: Renewal" (the value right after the label, not a list of options) */
const LABEL_CONT = new RegExp(
  String.raw`\b(?:(?:request|review|authori[sz]ation|pa)\s*type|therapy)\s*[:\-]?\s*${CONT}\b(?![^\n]*\b(?:initial|new start)\b)|\b(?:new start|initial(?: request)?)\s+or\s+(?:continuation|renewal|re-?authori[sz]ation)\s*\?\s*(?:continuation|renewal|re-?authori[sz]ation|continuing)\b`,
  "i",
);
/** "I am requesting continued coverage of …", "This is a reauthorization request", "Reauthorization submitted." */
const PROSE_CONT = new RegExp(
  String.raw`\b(?:request(?:s|ing|ed)|request (?:for|of)|seek(?:s|ing)?|submit(?:s|ting|ted)?|ask(?:s|ing|ed)?|this is an?)\b(?:(?!\binitial\b|\bnew start\b)[^.\n?/]){0,40}?\b(?:continu(?:ation|ed)\s+(?:of\s+)?(?:therapy|treatment|coverage|approval|authori[sz]ation)|continued?\s+coverage|re-?authori[sz]ation|renewal|re-?certification)\b|^\s*(?:re-?authori[sz]ation|renewal|re-?certification)(?:\s+(?:request|submitted|requested))?\s*[.:]\s*(?:$|[A-Z](?![^\n]*\?))`,
  "i",
);

/**
 * "Continuation request to the Trust medical plan.", "renewal request to Coronado Rx today": the request
 * named as a renewal in a clinician's plan — a noun phrase followed by where or when it is sent, or
 * ending its sentence; never a form's unticked option ("[ ] Renewal request") nor a form's title
 */
const NOUN_CONT =
  /(?<![[☐□]\s{0,3})\b(?:renewal|re-?authori[sz]ation|continuation(?:\s+of\s+therapy)?|re-?certification)\s+(?:pa\s+|prior\s+authori[sz]ation\s+)?request\b(?=\s+(?:to|sent|submitted|faxed|today)\b|\s*[.;](?:\s|$))/i;

/** "Is this a continuation of therapy? [X] Y": the subject of a question, read only when it is answered yes (firstHit) */
const QUESTION_CONT = /(?<=\b(?:is|are)\s+(?:this|it)\s+(?:an?\s+)?(?:request\s+for\s+)?)(?:continuation|renewal|re-?authori[sz]ation)\b/i;

function firstHit(idx: CaseIndex, re: RegExp): { line: CaseLine; index: number; length: number } | null {
  for (const line of idx.lines) {
    const m = re.exec(line.text);
    if (!m || isNegated(line.lower, m.index)) continue;
    // a question ("Q1000 Is this request for continuation of therapy …? N") is a statement only when
    // answered yes
    if (QUESTION_LEAD.test(line.text.slice(0, m.index)) && !answeredYes(idx, line, m.index + m[0].length)) continue;
    return { line, index: m.index, length: m[0].length };
  }
  return null;
}

/** "Is this request …", "Q1000 Is the …", "3. Does the …": the words before a question */
const QUESTION_LEAD = /(?:^|\s)(?:is|are|does|do|has|have|will|was)\s+(?:this|the|it|there)\b[^.]*$/i;
/** the question's answer on its line: "… ? Y", "… plan? Yes", "[X] Yes", "[X] Y", or a bare trailing "Y" */
const ANSWERED_YES = /(?:\?\s*(?:y|yes)\b|\[\s*[xX✓✔]\s*\]\s*y(?:es)?\b|\s(?:y|yes)\s*$)/i;

/**
 * Whether a question on `line` (its words up to `from`) is answered yes on its line. An ePA printout's
 * columns (QID | Question | Resp | Value) put the response code inside a question that wraps: "Q1000 Is
 * this request for continuation of therapy previously approved by the Y Prairie PA" / "plan? #MRX…" —
 * a lone capital Y (or N) in the line whose question mark is on the next line is the answer.
 */
function answeredYes(idx: CaseIndex, line: CaseLine, from: number): boolean {
  const rest = line.text.slice(from);
  if (ANSWERED_YES.test(rest)) return true;
  const next = idx.lines[line.index + 1];
  if (rest.includes("?") || !next || next.page !== line.page || !/^[^?]{0,60}\?/.test(next.text)) return false;
  const code = /(?:^|\s)(Y|N|Yes|No)(?=\s)/.exec(rest);
  return code?.[1] === "Y" || code?.[1] === "Yes";
}

/**
 * A renewal asked for in a clinician's own words, with the verb after the noun or as an order:
 * "renewal of prior authorization requested", "Renew prior authorization.", "Request renewal.",
 * "writing to request re-authorization of X", "Renewal PA submitted for X". Read only when the fax
 * also states the authorization being renewed (RENEWED_APPROVAL): these words alone appear in
 * plans of care and letters that are not renewal requests.
 */
const NOTE_CONT = new RegExp(
  String.raw`\b(?:renewal|re-?authori[sz]ation|re-?certification)\s+(?:of\s+(?:the\s+|her\s+|his\s+|their\s+)?(?:prior\s+|current\s+|existing\s+)?(?:authori[sz]ation|approval|pa)\s+|(?:pa|prior authori[sz]ation|authori[sz]ation|request)\s+)?(?:is\s+|was\s+|being\s+)?(?:requested|submitted)\b|\brenew\s+(?:the\s+)?(?:prior\s+|current\s+|existing\s+)?(?:authori[sz]ation|approval|pa)\b|\brequest(?:ing)?\s+(?:a\s+)?(?:renewal|re-?authori[sz]ation|re-?certification)\b|\brenew(?:al)?\s+(?:x|×|for)\s*\d+\s*(?:months?|mos?|years?|yrs?)\b`,
  "i",
);
/**
 * The authorization a renewal renews, as the fax states it: "after the initial authorization
 * (05/29/2026, 6 months)", "initial 6-month authorization, reference …", "initial PA approved
 * 12/2025", "previous authorization ended 11/22/2026", "approval expires 11/30". Never a form's
 * title ("Initial Authorization Request") or a criteria heading.
 */
const RENEWED_APPROVAL =
  /\b(?:initial|previous|existing|original|last|current)\s+(?:[\w-]+\s+){0,2}?(?:pa|authori[sz]ation|approval)\b(?!\s*(?:request|criteria|form|review|required|is required|needed)\b)|\b(?:pa|authori[sz]ation|approval)\s+(?:was\s+|is\s+)?(?:approved|granted|expires?|expired|ends|ended|through|valid through)\b|\b(?:prior|previous|current) (?:pa|authori[sz]ation|approval)\b[^.;]{0,100}?\((?:approved|granted|authori[sz]ed)\s+\d{1,2}\/\d{1,2}\/\d{2,4}\b[^.;]{0,100}?\b(?:expires?|expired|expiring|ends|ended)\b/i;

/**
 * Does the fax explicitly ask for a continuation (reauthorization, renewal) of therapy? A checked
 * "Continuation / reauthorization" box, a "Request type: Renewal" value, a sentence requesting
 * continued coverage or a reauthorization, or a plan's "renewal request to <plan> today"; or a clinician's "renewal of prior authorization
 * requested" / "Renew prior authorization" when the fax also states the authorization being renewed
 * ("after the initial authorization (05/29/2026)", "previous authorization ended …"). Null when it
 * does not, or when an "Initial" / "New start" box is checked as well. Source: payer policies judge
 * such requests by their continuation criteria ("Continued Therapy", "Reauthorization", Part D
 * "Other Criteria" rows); a renewal presupposes an approval on record.
 */
export function continuationRequest(idx: CaseIndex): Shown | null {
  if (idx.lines.some((l) => CHECKED_INITIAL.test(l.text))) return null;
  for (const re of [CHECKED_CONT, LABEL_CONT, PROSE_CONT, NOUN_CONT, QUESTION_CONT]) {
    const hit = firstHit(idx, re);
    if (hit) return { citation: quote(idx, hit.line, hit.index, hit.index + hit.length), text: hit.line.text.slice(hit.index, hit.index + hit.length).trim() };
  }
  // the noun phrase wrapped at the end of a line ("… Continue X 400 mg daily; renewal" / "request to
  // <plan> today."): read across the wrap, quoted from its first word
  for (const line of idx.lines) {
    const joined = withNext(idx, line);
    const m = NOUN_CONT.exec(joined);
    if (!m || m.index >= line.lower.length || m.index + m[0].length <= line.lower.length || isNegated(joined, m.index)) continue;
    return { citation: quote(idx, line, m.index, line.lower.length), text: m[0].trim() };
  }
  const hit = firstHit(idx, NOTE_CONT);
  if (hit && idx.lines.some((l) => RENEWED_APPROVAL.test(l.text) && !isNegated(l.lower, RENEWED_APPROVAL.exec(l.text)!.index)))
    return { citation: quote(idx, hit.line, hit.index, hit.index + hit.length), text: hit.line.text.slice(hit.index, hit.index + hit.length).trim() };
  return null;
}

const YES_MARK = String.raw`(?:\[\s*[xX✓✔]\s*\]\s*y(?:es)?\b|\byes\s*\[\s*[xX✓✔]\s*\])`;
/** "Is the patient currently receiving the requested drug? [X] Yes [ ] No" */
const CURRENT_QUESTION = new RegExp(String.raw`\b(?:currently|already)\s+(?:receiving|on|taking|using)\b[^?]{0,100}\?\s*[^?]{0,6}${YES_MARK}`, "i");
/** "Has the patient had a positive clinical response …? [X] Yes" */
/** a question about a response with its answer elsewhere ("Has the patient experienced a positive clinical response?") */
const RESPONSE_QUESTION_ONLY = /\b(?:positive |clinical |favou?rable )*(?:respon(?:se|ded|ding)|improve(?:d|ment))\b[^?]{0,120}\?/i;
const RESPONSE_QUESTION = new RegExp(String.raw`\b(?:respon(?:se|ded|ding)|improve(?:d|ment))\b[^?]{0,120}\?\s*[^?]{0,6}${YES_MARK}`, "i");
/** measures where a fall is an improvement, written "BSA 18% -> 2%", "Migraine days 12 -> 4", "calprotectin 890 -> 64" */
const LOWER_IS_BETTER = String.raw`(?:(?:hb)?a1c|ldl(?:-c)?|bsa|pasi|easi|scorad|migraine days|headache days|mayo(?:\s+score)?|(?:peak\s+)?(?:lvot\s+)?gradient|liver stiffness|(?:treated\s+)?bleed(?:s|ing episodes)|calprotectin|crp|esr|das-?28|cdai|sdai|basdai|hbi|harvey[- ]bradshaw|stools?(?:\s+per\s+day)?|attacks|exacerbations|seizures|pain score|nrs|vas|iga|hurley|abscess(?:es)?|nodules|flares)`;
/**
 * a current value written with the earlier one it fell from: "Liver stiffness 12.1 kPa, decreased from
 * 13.6 kPa", "Peak LVOT gradient 24 mmHg with Valsalva, down from 82 mmHg before <drug>", "12.1 kPa,
 * lower than the pre-treatment 13.6 kPa" (measures where lower is better only)
 */
const FELL_FROM = new RegExp(
  String.raw`\b${LOWER_IS_BETTER}\b[^.;\n\d]{0,25}?(\d+(?:\.\d+)?)\s*(?:%|[a-z/]{1,8})?[^.;\n\d]{0,30}?\b(?:down|decreased|reduced|lower|fell|dropped|improved)\s+(?:from|than)\s+(?:the\s+)?(?:pre-?treatment\s+|baseline\s+|prior\s+|previous\s+)?(?:value\s+(?:of\s+)?)?(\d+(?:\.\d+)?)`,
  "gi",
);
const FALL = new RegExp(String.raw`\b${LOWER_IS_BETTER}\b[^.;\n\d]{0,25}?(\d+(?:\.\d+)?)\s*%?\s*(?:->|→|-->|—>|=>|\bto\b)\s*(\d+(?:\.\d+)?)`, "gi");
/** "in clinical remission on vedolizumab", "responding well to therapy", "marked improvement" */
const GOOD =
  /\b(?:in (?:clinical |sustained |complete |deep )?(?:and biochemical )?remission|(?:clinical and biochemical|endoscopic|steroid-free) remission|respond(?:ing|ed) (?:well|positively|favou?rably)|(?:good|excellent|positive|significant|marked|sustained|favou?rable|meaningful|dramatic) (?:clinical )?(?:response|improvement)|(?:significantly|markedly|much) improved|clear(?:ed)? (?:or almost clear )?skin)\b/i;

/**
 * A stable course on therapy, for policies that accept "stability or improvement": "stable on Kesimpta",
 * "clinically stable", "disease remains stable", "no relapses since starting", "no heart-failure admission
 * since start". Never "stable angina" or a value's "stable" alone (the words must describe the patient or
 * the disease).
 */
const STABLE =
  /\b(?:(?:clinically|neurologically|disease(?: has)?(?: remained| remains| is)?|remains|remained) stable\b|stable on\b|disease stability\b|stable disease\b|no (?:new )?(?:clinical )?(?:relapses?|exacerbations?|attacks?|(?:hf |heart[- ]failure )?(?:admissions?|hospitali[sz]ations?)) since (?:start(?:ing)?|initiation|beginning)\b)/i;

/**
 * Whether the words at `at` are negated within their own clause: "Severe hemophilia A without inhibitor
 * (D66), excellent response to emicizumab" — the "without" of the diagnosis does not reach the response
 * after the comma.
 */
function clauseNegated(lower: string, at: number): boolean {
  const before = lower.slice(0, at);
  const start = Math.max(0, ...[",", ";", ":", "(", ")", " - ", ". "].map((p) => (before.includes(p) ? before.lastIndexOf(p) + p.length : 0)));
  return isNegated(lower.slice(start), at - start);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** lines that name one of `names` (the requested drug's names) */
function namesDrug(line: string, names: string[]): boolean {
  return names.some((n) => n.length > 3 && new RegExp(`\\b${escapeRe(n)}\\b`, "i").test(line));
}

/** an ePA request's therapy field, whose value is about the requested drug: "Therapy Continuing therapy since 05/18/2026" */
const THERAPY_FIELD = /\btherapy\s*[:\-]?\s*continuing (?:therapy|treatment) since\s+\d{1,2}\/(?:\d{1,2}\/)?\d{4}/i;

/**
 * Documented current use of the requested drug: a form question "currently receiving …? [X] Yes",
 * or a line naming the drug as ongoing ("Cosentyx 300 mg … 04/06/2026 - present", "on vedolizumab
 * since 02/2026", "remission on vedolizumab. Continue 300 mg"). `names`: the requested drug's names.
 */
export function currentUseShown(idx: CaseIndex, names: string[]): Shown | null {
  for (const line of idx.lines) {
    const m = CURRENT_QUESTION.exec(line.text) ?? THERAPY_FIELD.exec(line.text);
    if (m) return { citation: quote(idx, line, m.index, m.index + m[0].length), text: line.text.trim() };
  }
  const ONGOING =
    /(?:[-–]|\bto)\s*(?:present|current|ongoing|now)\b|\b(?:since|began|started|initiated)\b|\bcurrently (?:on|receiving|taking|using)\b|\b(?:continue|continuing)\b|\bremission on\b|\bon (?:therapy|treatment) (?:since|for)\b/i;
  for (const line of idx.lines) {
    const text = withNext(idx, line);
    if (!namesDrug(line.text, names)) continue;
    const m = ONGOING.exec(text);
    if (!m || m.index >= line.text.length + 40) continue;
    if (isNegated(line.lower, Math.min(m.index, line.lower.length))) continue;
    if (/\b(?:stopped|discontinued|never (?:started|received|taken))\b/i.test(line.text)) continue;
    return { citation: quote(idx, line), text: line.text.trim() };
  }
  return null;
}

/**
 * A documented positive response to the requested drug: a form question about response answered
 * "[X] Yes", a fall in a measure where lower is better ("BSA 18% -> 2%", "migraine days 12 -> 4"),
 * or a statement of remission or marked improvement on a line that names the drug or therapy.
 * `names`: the requested drug's names.
 */
export function responseShown(idx: CaseIndex, names: string[], opts: { stability?: boolean } = {}): Shown | null {
  const negativeQuestion = (q: string) => /\binadequate\b|\bno response\b|\bloss of response\b|\bfail(?:ed|ure)?\b|\bnot respond|\bintoleran|\bworse/i.test(q);
  for (const line of idx.lines) {
    const m = RESPONSE_QUESTION.exec(line.text);
    const question = m ? line.text.slice(0, line.text.indexOf("?", m.index) + 1) : "";
    if (m && !negativeQuestion(question)) return { citation: quote(idx, line, m.index, m.index + m[0].length), text: line.text.trim() };
    // an ePA printout: the question, then "Answer: Yes …" on the next line
    const q = RESPONSE_QUESTION_ONLY.exec(line.text);
    const next = idx.lines[line.index + 1];
    if (q && !negativeQuestion(q[0]) && next && next.page === line.page && ANSWER_YES.test(next.text.trim()))
      return { citation: quote(idx, next), text: `${q[0].trim()} ${next.text.trim()}` };
  }
  for (const line of idx.lines) {
    FELL_FROM.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = FELL_FROM.exec(line.text))) {
      const [now, before] = [Number(m[1]), Number(m[2])];
      if (now < before && !isNegated(line.lower, m.index)) return { citation: quote(idx, line, m.index, m.index + m[0].length), text: m[0].trim() };
    }
  }
  for (const line of idx.lines) {
    FALL.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = FALL.exec(line.text))) {
      const [a, b] = [Number(m[1]), Number(m[2])];
      if (b < a && !isNegated(line.lower, m.index)) return { citation: quote(idx, line, m.index, m.index + m[0].length), text: m[0].trim() };
    }
  }
  for (const line of idx.lines) {
    const m = GOOD.exec(line.text);
    if (!m || clauseNegated(line.lower, m.index)) continue;
    if (/\b(?:no|not|without|lack of|loss of|inadequate|partial)\s+(?:\w+\s+)?$/i.test(line.text.slice(Math.max(0, m.index - 25), m.index))) continue;
    const text = withNext(idx, line);
    if (!namesDrug(text, names) && !/\b(?:therapy|treatment|since starting|after \d+ (?:weeks|months))\b/i.test(text)) continue;
    return { citation: quote(idx, line, m.index, m.index + m[0].length), text: m[0].trim() };
  }
  if (opts.stability)
    for (const line of idx.lines) {
      const m = STABLE.exec(line.text);
      if (!m || isNegated(line.lower, m.index)) continue;
      if (/\b(?:not|never|no longer|less|un)\s*$/i.test(line.text.slice(Math.max(0, m.index - 14), m.index))) continue;
      // on the requested drug: the line (or the one it wraps onto) names it, or the statement counts from its start
      const text = withNext(idx, line);
      if (!namesDrug(text, names) && !/\bsince (?:start(?:ing)?|initiation|beginning)\b/i.test(m[0])) continue;
      if (
        /\b(?:relaps(?:e|ed|ing)|progress(?:ed|ion|ing)|worse(?:ned|ning)?|breakthrough|flare[ds]?|new (?:enhancing |t2 )?lesions?|hospitali[sz]ed|admitted)\b/i.test(
          line.text
            // the disease's name ("relapsing-remitting MS", "relapsing forms of MS") and denied events are no events
            .replace(/\brelapsing[- ](?:remitting|forms?|ms\b|multiple)/gi, "")
            .replace(/\bno (?:new )?(?:\w+ )?(?:relapses?|lesions?|admissions?|hospitali[sz]ations?|flares?)\b/gi, ""),
        )
      )
        continue;
      return { citation: quote(idx, line, m.index, m.index + m[0].length), text: m[0].trim() };
    }
  return null;
}

/** the words before a date that make it the day a therapy began ("since 03/2026", "Date started: …") */
const START_BEFORE = /\b(?:since|started|initiated|began|commenced|start(?:ed)? date|date started|start)\b(?: on)?\s*[:\-]?\s*$/i;
/** the words after a date that make it the start of a therapy still running ("05/12/2025 - present") */
const START_AFTER = /^\s*(?:-|–|—|to|through)\s*(?:present|current|ongoing|now|today)\b/i;
/** a course that was broken or not paid by the plan: its start says nothing about continuous use */
const BROKEN_COURSE =
  /\b(?:re-?start(?:ed|ing)?|resum(?:ed|ing)|interrupt(?:ed|ion)|held|hold|gap|lapse[ds]?|stopped|discontinu\w*|off (?:therapy|treatment)|sample[sd]?|free (?:drug|supply)|manufacturer|patient assistance|bridge|trial)\b/i;
/** a question asked and answered No on its own line ("… samples or a manufacturer program only? N") */
const ANSWERED_NO = /\?\s*(?:\[\s*[xX✓✔]\s*\]\s*)?(?:n|no)\b(?!\s*\[\s*[xX✓✔]\s*\])/i;

/**
 * The day the member began the course of the requested drug they are still on, as the fax states it:
 * a date after "since", "started", "Date started:", or before "- present", on a line that names the drug
 * (`names`: the requested drug's names). Month or year precision counts from the period's last day, and
 * with several stated starts the latest one counts — the shortest time on the drug the fax allows.
 * Null when no start is stated, or when the fax mentions samples, a manufacturer or assistance program,
 * a bridge supply, or an interrupted or restarted course (not answered "No" to a question): then the
 * time on the drug paid by a plan is not read from a date. Source: continuation criteria written "has
 * been established on the drug for at least 90 days" count continuous, plan-supplied use (samples and
 * manufacturer programs are reviewed as initial therapy).
 */
export function currentUseStart(idx: CaseIndex, names: string[]): (Shown & { date: string }) | null {
  for (const line of idx.lines) {
    const m = /\b(?:samples?|manufacturer|patient assistance|free (?:drug|supply)|bridge (?:supply|program))\b/i.exec(line.text);
    if (m && !isNegated(line.lower, m.index) && !ANSWERED_NO.test(line.text.slice(m.index))) return null;
  }
  let best: (Shown & { date: string }) | null = null;
  for (const line of idx.lines) {
    if (!namesDrug(line.text, names)) continue;
    const at = names
      .filter((n) => n.length > 3)
      .map((n) => new RegExp(`\\b${escapeRe(n)}\\b`, "i").exec(line.text)?.index ?? -1)
      .filter((i) => i >= 0);
    const from = Math.min(...at);
    const seg = line.text.slice(from);
    if (BROKEN_COURSE.test(seg) || isNegated(line.lower, from)) {
      if (/\b(?:re-?start|resum|interrupt|gap|lapse)/i.test(seg)) return null;
      continue;
    }
    for (const d of findDates(seg, { partial: true })) {
      if (d.present || !/^\d{4}-\d{2}-\d{2}$/.test(d.end)) continue;
      const before = seg.slice(Math.max(0, d.index - 30), d.index);
      const after = seg.slice(d.index + d.length);
      if (!START_BEFORE.test(before) && !START_AFTER.test(after)) continue;
      if (!best || d.end > best.date) best = { date: d.end, citation: quote(idx, line, from + d.index, from + d.index + d.length), text: line.text.trim() };
    }
  }
  return best;
}

/**
 * A requirement of adherence to the therapy ("Adherence to PrEP and to 3-monthly follow-up",
 * "documentation of adherence to the prescribed regimen", "the member is compliant with therapy").
 */
export const ADHERENCE_REQUIREMENT_RE =
  /^(?:(?:documentation|evidence) of )?(?:continued |ongoing |good )?(?:adherence|complian(?:ce|t))\b|\b(?:is|has been|remains|demonstrate[sd]?|documented)\s+(?:adherent|compliant|adherence|compliance)\b/i;

/**
 * Documented adherence: "adherent", "refills on time", "PDC 0.96" (a proportion of days covered of 0.80
 * or more, or 80% or more), "no missed doses", "taking as prescribed", "12 of 12 months filled". Never
 * "non-adherent", "poor adherence", "missed doses" or a PDC below 0.80. Null when the fax says nothing
 * either way; `{ against }` when it documents poor adherence (a reviewer's call, never a denial here).
 */
export function adherenceShown(idx: CaseIndex): (Shown & { against?: boolean }) | null {
  const POOR =
    /\b(?:non-?adheren(?:t|ce)|non-?complian(?:t|ce)|poor(?:ly)? (?:adheren|complian)|(?:has |had )?missed (?:\d+ |several |multiple |many )?(?:doses|refills|fills)|(?:gaps?|lapses?) in (?:therapy|fills|refills|treatment))\b/i;
  const GOOD_ADH =
    /\b(?:adherent|compliant|good adherence|adherence (?:is |has been )?(?:good|excellent|confirmed|documented)|(?:refills?|fills?) (?:on time|timely|up to date)|on-time (?:refills?|fills?)|no missed (?:doses|injections|infusions|refills|fills|visits|appointments)|taking (?:it |the medication |the drug )?as (?:prescribed|directed)|(?:\d{1,2}) of (?:\d{1,2}) months? (?:filled|of fills|dispensed)|monthly fills? [^.;]{0,40}\bno gaps)\b/i;
  for (const line of idx.lines) {
    const m = POOR.exec(line.text);
    if (m && !/\bno (?:missed|gaps?|lapses?)\b/i.test(line.text.slice(Math.max(0, m.index - 4), m.index + m[0].length)) && !clauseNegated(line.lower, m.index))
      return { citation: quote(idx, line, m.index, m.index + m[0].length), text: m[0].trim(), against: true };
  }
  for (const line of idx.lines) {
    const pdc = /\b(?:PDC|proportion of days covered|MPR|medication possession ratio)\s*(?:of|was|is|=|:)?\s*(0?\.\d+|\d{1,3}\s*%)/i.exec(line.text);
    if (pdc) {
      const v = pdc[1].includes("%") ? parseFloat(pdc[1]) / 100 : parseFloat(pdc[1]);
      if (v >= 0.8) return { citation: quote(idx, line, pdc.index, pdc.index + pdc[0].length), text: pdc[0].trim() };
      return { citation: quote(idx, line, pdc.index, pdc.index + pdc[0].length), text: pdc[0].trim(), against: true };
    }
  }
  for (const line of idx.lines) {
    const m = GOOD_ADH.exec(line.text);
    if (m && !clauseNegated(line.lower, m.index) && !/\b(?:not|non-?)\s*$/i.test(line.text.slice(Math.max(0, m.index - 5), m.index)))
      return { citation: quote(idx, line, m.index, m.index + m[0].length), text: m[0].trim() };
  }
  return null;
}
