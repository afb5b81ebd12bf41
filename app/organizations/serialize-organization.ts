/**
 * The /api shape of an organization (PRODUCT-SPEC §3 "Organization"). `token` is the id used in
 * /o/{organization_id} URLs.
 */

export interface OrganizationJson {
  token: string;
  name: string;
  title: string | null;
  avatar: string | null;
  sandbox: boolean;
  sandbox_organization: { token: string } | null;
  parent_organization: { token: string } | null;
}

/** Row shape accepted by `serializeOrganization` (an Organization with its sandbox loaded). */
export interface OrganizationWithPair {
  id: string;
  name: string;
  title: string | null;
  avatar: string | null;
  sandbox: boolean;
  parent_id: string | null;
  sandbox_organization?: { id: string } | null;
}

/** Maps an organization row (with `sandbox_organization` included) to its API JSON. */
export function serializeOrganization(org: OrganizationWithPair): OrganizationJson {
  return {
    token: org.id,
    name: org.name,
    title: org.title,
    avatar: org.avatar,
    sandbox: org.sandbox,
    sandbox_organization: org.sandbox_organization ? { token: org.sandbox_organization.id } : null,
    parent_organization: org.parent_id ? { token: org.parent_id } : null,
  };
}

/** The other half of a live/sandbox pair: the sandbox of a live org, the parent of a sandbox. */
export function counterpartId(org: OrganizationWithPair): string | null {
  return org.sandbox ? org.parent_id : (org.sandbox_organization?.id ?? null);
}
