/**
 * HCPCS Level II code classes the engine needs to tell a drug line from a service line.
 * Source: CMS HCPCS Level II code set (J codes: drugs administered other than oral method; Q0xxx / Q5xxx:
 * temporary codes for drugs and biosimilars).
 */

/** Whether a HCPCS code bills a drug by units: J codes, and Q codes of biosimilars and drugs (Q0xxx, Q5xxx). Case-insensitive; null or blank is false. */
export function isDrugCode(code: string | null | undefined): boolean {
  return !!code && /^(?:J\d{4}|Q[05]\d{3})$/i.test(code.trim());
}
