/**
 * Clinical language cues, one definition each, used by extraction and review alike: what a note
 * says about a therapy (failed, not tolerated, contraindicated, ongoing, stopped, never taken),
 * negation ("no prior biologic", "denies"), results not yet available ("pending", "ordered",
 * "scheduled"), and history versus current use.
 * Patterns follow the NegEx trigger sets (Chapman et al., J Biomed Inform 2001) extended with the
 * phrasing of PA requests and chart notes.
 */

/** the patient did not tolerate it (any adverse effect written next to the drug counts) */
export const INTOLERANCE =
  /intoleran|not tolerat|tolerated poorly|poorly tolerated|(?:could|unable to|can't|cannot|could not|did not) (?:not )?tolerate|adverse (?:effect|event|reaction)|side[- ]effects?|\bs\/e\b|allerg(?:y|ic reaction) to|myalgias?|muscle (?:pain|ache|symptom|cramp)s?|\brash\b|hives|nausea|vomit|gi (?:upset|intolerance|side)|diarrh|bradycardia|transaminitis|hepatotox|\blfts?\b[^.;]{0,15}(?:elevat|rose|up|high)|(?:alt|ast)\b[^.;]{0,12}(?:rose|elevat|\dx|x uln)|elevated (?:alt|ast|lfts?|liver enzymes)|paresthesia|(?:chest|throat|jaw|neck)(?: (?:and|or|\/) (?:chest|throat|jaw|neck))? (?:tightness|pressure|pain)|cognitive (?:slowing|side|impair)|word-finding|sedation|somnolen|grogg|dizz|lightheaded|palpitation|hypotension|pancreatitis|angioedema|\bck \d|rhabdo|hair loss|insomnia|headaches? (?:with|from|on)|mood changes|weight gain|edema|cytopenia|neutropenia|leukopenia|infection(?:s)? (?:on|while)|injection[- ]site reaction|hypoglycemia|kidney injury|renal (?:decline|injury)|stopped (?:due to|because of|for)|discontinued (?:due to|because of|for)/i;

/** Adverse-effect words a negation can deny ("no GI side effects", "without nausea or vomiting"). */
const ADVERSE_TERM =
  "(?:side[- ]effects?|adverse (?:effects?|events?|reactions?)|intolerance|nausea|vomiting|diarrh\\w*|rash(?:es)?|hives|gi upset|upset stomach|myalgias?|muscle (?:pain|aches?)|dizziness|headaches?|hypoglycemia|injection[- ]site reactions?|s\\/e)";
const NEGATED_ADVERSE = new RegExp(
  `\\b(?:no|without|denies|denied|free of|w\\/o|negative for|absence of)\\s+(?:(?:any|known|significant|major|new|further|other|reported|notable|gi|medication|drug)\\s+)*${ADVERSE_TERM}(?:\\s*(?:,|\\/|\\bor\\b|\\band\\b)\\s*(?:(?:any|gi)\\s+)?${ADVERSE_TERM})*`,
  "gi",
);

/**
 * `text` with its denied adverse effects blanked ("no GI side effects", "tolerated without nausea or
 * vomiting", "denies rash"), so the intolerance words above are read only where the fax says the drug
 * was not tolerated (issue 24, item 3). Other words are kept in place.
 */
export function withoutDeniedAdverseEffects(text: string): string {
  return text.replace(NEGATED_ADVERSE, " ");
}

/** it did not work */
export const FAILURE =
  /inadequate|insufficient (?:response|control|improvement)|fail(?:ed|ure)?\b|no (?:improvement|benefit|help|change|reduction|response|relief)|not (?:controlled|effective|improved|responding)|uncontrolled|minimal (?:benefit|improvement|response)|ineffective|persist(?:ent|ed|s)?|partial (?:response|improvement)|not at goal|above goal|still (?:uncontrolled|has|having|active|symptomatic)|no help|lack of (?:efficacy|effect|response)|plateau|did not (?:help|work|improve|respond)|without (?:meaningful |significant |adequate )?(?:benefit|improvement|response|control)|only (?:mild|transient|partial)|despite|refractory|breakthrough|worsen(?:ed|ing)|flare|continued to have|continues to have|suboptimal|non-?responder|loss of response|lost response/i;

export const CONTRAINDICATION =
  /contraindicat|cannot (?:take|use|receive)|unable to (?:take|use)|not (?:a )?candidate for|precludes?|avoid(?:ed)? (?:because|due to|given)|black box|(?:history of|prior) (?:anaphylaxis|hypersensitivity) to/i;

export const ONGOING =
  /\bpresent\b|\bongoing\b|\bcurrent(?:ly)?\b|\bcontinu(?:e|es|ing)\b|still (?:taking|on)|\bsince\b|\bremains on\b|will continue|in addition to|add-on|on (?:stable|maintenance)|\bto date\b|\bnow on\b|\bon an? (?:[\w-]+ ){0,2}taper\b|\btapering\b(?! off)|\bbeing tapered\b(?! off)/i;

export const STOPPED =
  /\buntil \d|\bstopped\b|discontinu|\bd\/c\b|\bdc'?d\b|\bceased\b|\bquit\b|\bstopping\b|\bended\b|\bswitched (?:from|to|off)\b|\btapered off\b|\bheld\b|\bcompleted\b|\bformer(?:ly)?\b|\bprevious(?:ly)?\b|\bpast\b|\bprior\b|\bhistory of\b/i;

/** someone else's history ("her sister developed lupus on infliximab", "mother on insulin") */
export const FAMILY_CONTEXT =
  /\b(?:sister|brother|mother|father|mom|dad|parent|sibling|son|daughter|aunt|uncle|cousin|grand(?:mother|father|parent)|family (?:member|history)|relative|spouse|husband|wife|friend)\b/i;

/** general statements about a drug, not this patient's trial ("MTX often takes 8-12 weeks to work") */
export const GENERAL_STATEMENT =
  /\b(?:takes?|may take|can take|often|usually|typically|generally|expected|requires?|needs?) (?:up to |about |at least )?\d|\b(?:often|usually|typically|generally) takes?\b|\btakes? \d+[^.;]{0,12}\bto (?:work|take effect|see)\b/i;

/** a stated choice not to use a drug: preference, cost, convenience (never a contraindication) */
export const PREFERENCE =
  /\bprefer(?:s|red)? (?:not|to avoid|to not)\b|\b(?:wishes|wants|would like|chose|chooses|elected|opted) (?:not |to avoid)|\bdoes not want\b|\bdeclin(?:ed|es)\b|\brefus(?:ed|es)\b|\breluctan|\bhesitan|\bpatient preference\b|\bper patient (?:preference|request)\b|\bconcerns? about (?:side effects|safety)\b/i;

/** mentioned, but never actually taken */
export const NOT_TAKEN =
  /\binstructed to (?:take|start|begin|increase|try)\b|\badvised to (?:take|start|begin|increase|try)\b|\brecommend(?:ed|s)? (?:starting|taking|increasing|a trial)\b|\bprefers? not to (?:take|use|try)\b|\bdeferred\b|\bnot (?:yet )?(?:tried|started|used|taken|received)\b|\bnever (?:tried|taken|used|had|received|started)\b|\bhas not (?:tried|taken|used|received)\b|\bhave not (?:tried|taken|used)\b|\bdeclined\b|\brefused\b|\bconsider(?:ed|ing)?\b|\bwill (?:start|try|begin|initiate)\b|\bplan(?:s|ned)? to (?:start|try|begin|initiate)\b|\bnot appropriate\b|\breluctant\b|\bhesitant\b|\bprefers? (?:not|to avoid)\b|\bwishes to avoid\b|\bwould like to avoid\b|\bno (?:prior |previous )?(?:trial|use) of\b|\bnaive\b|\bnot been (?:tried|used|started)\b|\b(?:prescribed|new (?:rx|prescription) for)\s+(?:(?!(?:19|20)\d\d)[^\s.;,()]+(?:\.\d+%?)?\s+){1,4}today\b/i;

/** negation triggers that precede the negated term in the same clause */
export const NEG_BEFORE =
  /\b(?:no|not|denies|denied|without|negative for|never|none|nor|absence of|ruled out|rules out|no history of|no hx of|no evidence of|free of|not on|off|no prior|no previous|has not|have not|did not|does not|is not|was not|not currently|never been)\b[^.;]{0,40}$/i;

/** negation triggers that follow the term ("TB: negative" is a result, not a negation — callers decide) */
export const NEG_AFTER = /^[^.;]{0,30}\b(?:was ruled out|is ruled out|not (?:present|seen|found|detected|documented)|absent|unlikely|denied)\b/i;

/** a result that is not available yet */
export const PENDING =
  /\b(?:pending|ordered|to be (?:drawn|done|obtained|scheduled|performed)|awaiting|await(?:s|ed)? results?|not (?:yet )?(?:resulted|available|done|drawn|performed|completed|received)|will (?:forward|send|fax|obtain|order|check|be (?:drawn|done|obtained|performed|faxed|sent))|scheduled(?: for)?|planned|in process|in progress|results? to follow|to follow|requested from)\b/i;

/** a planned (future) action rather than a documented fact */
export const PLANNED =
  /\b(?:will (?:start|begin|initiate|obtain|order|schedule|refer|consider)|plan(?:s|ned)? (?:to|for)|scheduled (?:for|on)|to be (?:started|scheduled|done)|next (?:visit|step)|if (?:no|not) (?:improvement|better))\b/i;

/** words that mark a lab value as measured before therapy */
export const BASELINE =
  /\b(?:untreated|pre-?treatment|baseline|pre-?statin|prior to (?:starting |initiating |initiation of )?(?:any |lipid[- ]lowering |statin )?(?:therapy|treatment|statin)|before (?:starting |any )?(?:therapy|treatment|statin|medication)|off (?:therapy|treatment|statins?|medication)|at diagnosis|highest (?:recorded|documented)|max(?:imum)? (?:recorded|documented))\b/i;

/**
 * a condition named as a risk, a warning, what to watch for or a condition of a plan: "risk of",
 * "counseled … on", "monitor for", "signs of", "If an HRR alteration is found" (before the term)
 */
export const HYPOTHETICAL_BEFORE =
  /\b(?:if|unless|whether|in case|risks?\s+(?:of|for)|counsel(?:ed|ing|led|ling)?\b[^.;]{0,40}\b(?:on|about|regarding)|monitor(?:ed|ing)?\s+for|watch(?:ing)?\s+for|warn(?:ed|ing)?\b[^.;]{0,20}\b(?:about|of)|signs?\s+(?:and\s+symptoms\s+)?of|educat\w*\b[^.;]{0,30}\b(?:on|about)|precautions?\s+(?:for|about))\s+(?:the\s+|a\s+|an\s+|any\s+|possible\s+)?(?:[\w-]+\s+){0,2}$/i;
/** … and after it: "the seizure risk", "seizure precautions" */
export const HYPOTHETICAL_AFTER = /^[\w-]+(?:\s+[\w-]+)?\s+(?:risks?|precautions)\b/i;

/** "see attached notes" with nothing attached, "records to follow" */
export const ATTACHMENT_REFERENCE =
  /\bsee\s+(?:the\s+)?attached\b|\b(?:notes?|records?|documentation|labs?|results?|chart)\s+(?:are\s+|is\s+)?(?:attached|enclosed|to\s+follow|will\s+(?:be\s+)?(?:faxed|sent))\b|\bsee chart\b|\bper chart\b|\bon file\b/i;

/** a negation that leads a list of findings ("No history of …", "Denies …", "Negative for …") */
const LIST_NEGATION_LEAD =
  /\b(?:no (?:history|hx|evidence|signs?) of|denies|denied|negative for|never had|free of|(?:has|have)\s+never\s+(?:taken|used|received|tried|been\s+(?:on|given|treated\s+with))|(?:has|have)\s+not\s+(?:taken|used|received|tried|been\s+on))\b/gi;
/** what may stand between such a lead and a term of its list: names joined by commas, "or", "and", "/" */
const LIST_ITEMS = /^[\s\w',()/-]*$/;
/** a word that ends the list and starts a statement of its own ("…, presents with psoriasis") */
const LIST_BREAK =
  /\b(?:has|have|had|is|are|was|were|with|who|which|that|presents?|presented|reports?|reported|shows?|showed|on|taking|takes|started|diagnosed|developed|positive|confirmed|but|although|though|except)\b/i;

/**
 * True when the match at `pos` in `text` is negated by a trigger earlier in the same clause, or is an
 * item of a list a negation leads ("No history of liver disease, celiac disease, inflammatory bowel
 * disease, HIV or IgA vasculitis": every item is denied, however long the list, until a word that starts
 * a statement of its own).
 */
export function isNegated(text: string, pos: number): boolean {
  const before = text.slice(Math.max(0, pos - 70), pos);
  const clause = before.split(/[.;:]|\bbut\b|\bhowever\b|\bexcept\b/i).pop() ?? "";
  if (NEG_BEFORE.test(clause)) return true;
  const wide = (
    text
      .slice(Math.max(0, pos - 200), pos)
      .split(/[.;:?!]/)
      .pop() ?? ""
  ).replace(/\s+/g, " ");
  let lead: RegExpExecArray | null = null;
  for (const m of wide.matchAll(LIST_NEGATION_LEAD)) lead = m as RegExpExecArray;
  if (!lead) return false;
  const between = wide.slice((lead.index ?? 0) + lead[0].length);
  return between.length < 200 && LIST_ITEMS.test(between) && /,|\bor\b|\band\b|\//.test(between) && !LIST_BREAK.test(between);
}

/** True when the clause around `pos` says the item is pending, ordered or scheduled (not yet a result). */
export function isPending(text: string, pos: number, len: number): boolean {
  const start = Math.max(0, text.lastIndexOf(".", pos) + 1, text.lastIndexOf(";", pos) + 1);
  const endDot = text.indexOf(".", pos + len);
  const end = endDot < 0 ? text.length : endDot;
  return PENDING.test(text.slice(start, Math.min(end, pos + len + 80)));
}

/**
 * A course's span of years or months closed at both ends, written within `lead` characters of the start
 * of `text` ("adalimumab 2019-2023", "etanercept 50 mg weekly 11/2025-07/2026", "2018 to 2021"): the
 * span's end as "YYYY-MM" (December when only a year is written), or null when there is none or the
 * span runs on ("2019-2023 - present"). A sentence break (". ", ";") before the span ends the search.
 */
export function closedSpanEnd(text: string, lead = 40): string | null {
  const m = new RegExp(
    String.raw`^[^.;]{0,${lead}}?\b(?:\d{1,2}\/)?(?:19|20)\d{2}\s*(?:[-–]|to|through)\s*(?:(\d{1,2})\/)?((?:19|20)\d{2})\b(?!\s*[-–]\s*(?:present|now|current))`,
    "i",
  ).exec(text);
  return m ? `${m[2]}-${String(m[1] ?? "12").padStart(2, "0")}` : null;
}

/** a pharmacy claim's (or a listed fill's) status that dispensed nothing: reversed, rejected, returned to stock, voided, cancelled, never picked up */
export const UNDISPENSED_RE = /\b(?:revers(?:ed|al)|rej(?:ected|ect)?|rts|returned to stock|void(?:ed)?|cancell?ed|(?:not|never) picked up)\b/i;
