/** URLs of the /api routes that serve prior-auth files (kept in one place for domain code and docs). */

/** Authenticated download of a letter PDF: GET /api/o/{org}/prior_auths/{id}/letters/{letter}.pdf */
export function letterPdfUrl(organizationId: string, priorAuthId: string, letterId: string): string {
  return `/api/o/${organizationId}/prior_auths/${priorAuthId}/letters/${letterId}.pdf`;
}
