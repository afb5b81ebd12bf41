/**
 * The two posts a fresh instance ships with (seeded by prisma/seed-public.server.ts). They describe
 * what the product really does; keep them in step with docs/clinical/decision-semantics.md and
 * app/prior-auths/regulatory-clock.ts when those change.
 */
export interface SeedPost {
  slug: string;
  title: string;
  description: string;
  body: string;
}

export const SEED_POSTS: SeedPost[] = [
  {
    slug: "no-denial-without-a-cited-failed-criterion",
    title: "Why our engine will not deny a prior authorization without a cited failed criterion",
    description:
      "An automated 'no' is the most expensive mistake a utilization-management system can make. Here is the rule book every decision goes through, and why uncertainty becomes a request for information instead.",
    body: `Prior authorization exists so that a plan pays for care that meets its coverage policy. The failure
everyone worries about is the opposite: software that says *no* to a patient because it misread a fax.
We built the decision layer of PA Review around one principle — **a denial has to be earned, criterion by
criterion, with the evidence quoted** — and everything else follows from it.

## Three outcomes, three different burdens of proof

| Outcome | When the engine may give it |
|---|---|
| **Approved** | every criterion on the path for the request's *own* indication is met with evidence from the fax, no exclusion applies, the member is eligible on the request date and no blocking audit finding stands |
| **Denied** *(a recommendation)* | a criterion read from the policy **with high confidence** clearly fails on every applicable path, and the failure is quoted by a whole sentence that is verbatim fax text — or an exclusion clearly applies, or the member is positively identified and not covered on a request date read from the fax |
| **Needs more information** | everything else |

"Everything else" is deliberately large. A policy sentence the reader did not understand becomes a
visible *needs human review* criterion, never a silent guess. An OCR-garbled passage, a model's paraphrase,
a stale lab value, an identity that does not match the roster cleanly, a date of birth that might have
been read as the request date — all of these leave the case open and produce a specific list of what to
ask the prescriber for.

## How a fax becomes a decision

1. **Intake and extraction.** The PDF is read (text layer, or offline OCR for scans) and the patient,
   prescriber, medication, diagnoses, prior therapies and labs are extracted — each with a citation to the
   page and the exact text it came from.
2. **Eligibility.** The member is matched against the plan's roster and the drug against the formulary
   (tier, quantity limits, step therapy).
3. **Clinical review.** The plan's coverage policy has been compiled into a decision tree. The engine
   answers each question node; an answer that would move toward denial must be *definite*: a
   high-confidence criterion and a direct, quoted piece of evidence.
4. **Audit.** Consistency checks and the organization's own audit rules run over the result.
5. **Decision.** One rule book (\`apply-decision-rules\`) turns the review into approved, denied or needs
   more information, with a confidence score, a rationale, citations and the full decision trail.

## A model may propose; it can never make a denial easier

When an OpenAI-compatible model is configured, it does the reading and proposes a decision. The rule book
still checks the same three denial grounds on its review. A model that is less sure than the rules can
turn an approval into a request for information; a model that wants to deny without a quoted, clearly
failed criterion is overruled — and the record says so, in the model's own words, for the reviewer.

## A human signs every denial

Even a well-founded denial is only a recommendation. It becomes final — and a denial letter can be
generated — only after a clinical reviewer of the plan signs it off. That is what 42 CFR 422.566(d)
expects for Medicare Advantage, what California's SB 1120 and Texas SB 815 require of automated tools,
and frankly what we would want for our own families. A human decision is never overwritten by a later AI
run.

The result is a system that is fast where the evidence is clear and honest where it is not: reviewers
spend their time on the cases that genuinely need a clinician, with the policy passage and the fax quote
side by side.`,
  },
  {
    slug: "cms-0057-f-timelines-and-what-the-platform-does",
    title: "CMS-0057-F: the prior authorization clock, and what PA Review does about it",
    description:
      "From January 2026, impacted payers owe a decision within 72 hours for expedited and 7 calendar days for standard requests, with a specific reason for every denial. A practical reading for operations teams.",
    body: `The CMS Interoperability and Prior Authorization Final Rule (**CMS-0057-F**, published January 2024)
changes the day-to-day of every utilization-management team at an impacted payer: Medicare Advantage
organizations, state Medicaid and CHIP fee-for-service programs, Medicaid managed care plans and CHIP
managed care entities, and issuers of qualified health plans on the federally facilitated exchanges.

## The dates that matter

- **January 1, 2026 — decision time frames.** A decision is due within **72 hours** of receipt for an
  expedited (urgent) request and within **7 calendar days** for a standard request. (QHP issuers on the
  exchanges are outside the time-frame provisions.)
- **January 1, 2026 — a specific reason for every denial**, whatever channel the request came in on.
- **March 31, 2026 — the first public report** of prior-authorization metrics for the previous year:
  the share of requests approved, denied, approved after appeal and approved with an extended time frame,
  and the average and median time from request to decision, for standard and expedited requests.
- **January 1, 2027 — the APIs.** A FHIR Prior Authorization API, a Provider Access API and a
  Payer-to-Payer API.

One scope note that operations teams ask about first: the rule's prior-authorization provisions
**exclude drugs**. Pharmacy requests keep their own clocks (for Medicare Part D coverage determinations,
72 hours standard and 24 hours expedited). Most plans run one queue for both, so the safe habit is to
work to the strictest clock that applies.

## What the platform does

**Every case carries its clock.** When a request arrives, PA Review records the receipt time and the
urgency and computes the due time — received + 72 hours for expedited, + 7 calendar days for standard —
and the case page shows it next to the decision, so a reviewer always knows how long is left.

**The easy cases do not wait.** A typed fax is read, checked for eligibility, reviewed against the plan's
coverage policy and decided in seconds; scans go through offline OCR first. Reviewers start their day on
the cases that actually need judgement.

**Every denial states a specific reason.** The engine cannot recommend a denial without a failed
criterion quoted from the fax and tied to the policy passage it fails (see our post on
[why the engine will not deny without a cited criterion](/blog/no-denial-without-a-cited-failed-criterion)).
That quote and that passage go into the denial letter, after a clinical reviewer signs it off.

**Needs-more-information is specific.** When evidence is missing, the outreach lists the exact items to
ask the prescriber for, which is what shortens the second round trip.

**The trail is the raw material of the report.** Receipt time, urgency, each agent's run, the decision
and the human sign-off are recorded per case — exactly what the public metrics are computed from:
approval and denial rates and the average and median turnaround, per line of business.

If your team is preparing for the 2026 time frames and the 2027 APIs, we would like to hear how your
queue works today — use *Schedule a demo* on the home page.`,
  },
];
