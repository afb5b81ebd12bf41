/**
 * The kinds of the public demo (PRODUCT-SPEC §2 "Demo area /demo/{organization_id}: home, intake,
 * eligibility, clinical, audit (each a kind of demo), fax_simulation"). Every kind runs the whole
 * pipeline on the chosen fax; the kind decides which agent's work is shown first.
 */
export const DEMO_KINDS = ["intake", "eligibility", "clinical", "audit", "fax_simulation"] as const;
export type DemoKind = (typeof DEMO_KINDS)[number];

export interface DemoKindInfo {
  kind: DemoKind;
  title: string;
  agent: string;
  description: string;
}

export const DEMO_KIND_INFO: Record<DemoKind, DemoKindInfo> = {
  intake: {
    kind: "intake",
    title: "Intake agent",
    agent: "Extraction",
    description:
      "Reads the fax (text layer or offline OCR) and extracts the patient, prescriber, medication and diagnoses, each with a citation to the page it came from.",
  },
  eligibility: {
    kind: "eligibility",
    title: "Eligibility agent",
    agent: "Eligibility",
    description: "Matches the member against the plan's roster on the request date and the drug against the formulary: tier, quantity limit and step therapy.",
  },
  clinical: {
    kind: "clinical",
    title: "Clinical review agent",
    agent: "Clinical review",
    description: "Walks the coverage policy's decision tree for the request's indication and answers every criterion with evidence quoted from the fax.",
  },
  audit: {
    kind: "audit",
    title: "Audit agent",
    agent: "Audit",
    description: "Checks the review for consistency (identity, dates, quotes that are really on the page) before any decision is made.",
  },
  fax_simulation: {
    kind: "fax_simulation",
    title: "Fax simulation",
    agent: "All agents",
    description: "Upload your own prior authorization fax (PDF) and run every agent on it. The file is read in memory and never stored.",
  },
};

/** The kind for a URL segment, or null for anything else. */
export function parseDemoKind(value: string | undefined | null): DemoKind | null {
  return (DEMO_KINDS as readonly string[]).includes(value ?? "") ? (value as DemoKind) : null;
}

/** PRODUCT-SPEC §8: shown when extraction finds no patient and no provider, followed by each error. */
export const NO_DATA_MESSAGE =
  "No data was extracted from the prior authorization due to missing provider and patient information. Faxing back the details to the providers return fax number.";

/** The one-line notice every demo screen shows. */
/**
 * What the public demo keeps of a visitor (issue 23, item 7), shown on every demo page: the demo's
 * /api calls are logged without the client address (api-logs.server.ts), and the run limit counts a
 * keyed one-way fingerprint of the address (run-demo.server.ts `demoClientFingerprint`), whose
 * rate-limit row is deleted within a day of its window ending.
 */
export const DEMO_PRIVACY_NOTICE =
  "Your IP address is not stored: demo requests are logged without it, and the limit of 10 runs in 10 minutes counts a one-way fingerprint of your address that is deleted within a day.";

export const SYNTHETIC_NOTICE = "All data in this demo is synthetic: invented patients, prescribers and plan. Do not upload real patient information.";
