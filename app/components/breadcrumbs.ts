/**
 * Breadcrumbs from a URL path (PRODUCT-SPEC §2 "Application shell"): ids and the segments o, demo,
 * blog and coverage_policies are hidden; known segments get fixed labels; others are title-cased.
 */

export interface Crumb {
  label: string;
  href: string;
}

const HIDDEN_SEGMENTS = new Set(["o", "demo", "blog", "coverage_policies"]);

const LABELS: Record<string, string> = {
  dashboard: "Dashboard",
  cases: "Cases",
  users: "Users",
  providers: "Providers",
  settings: "Settings",
  formulary_drug_requirements: "Formulary Requirements",
  ai_rules: "AI Rules",
  forms: "Letter Forms",
  "agent-workflows": "Agent Workflows",
  policies: "Policies",
  login: "Login",
  demo: "Demo",
  "prior-auths": "Prior Auths",
  "api-keys": "API Keys",
  "smart-clients": "SMART Clients",
  "api-logs": "API Logs",
  "pbm-configuration": "PBM Configuration",
};

/** True for segments that are identifiers: numeric, long hex/dash (UUIDs, digests), cuid-like tokens. */
export function isIdSegment(segment: string): boolean {
  if (/^\d+$/.test(segment)) return true;
  if (/^[0-9a-f-]{16,}$/i.test(segment)) return true;
  if (/^[a-z0-9_-]{20,}$/i.test(segment) && /\d/.test(segment)) return true;
  return false;
}

/** Title-cases a path segment: "prior-auths" → "Prior Auths", "team_management" → "Team Management". */
export function titleCase(segment: string): string {
  return segment
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** The breadcrumb trail for `pathname`; each crumb links to the path up to its segment. */
export function breadcrumbsFor(pathname: string): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  const crumbs: Crumb[] = [];
  let href = "";
  for (const raw of segments) {
    href += `/${raw}`;
    let segment = raw;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      // keep the raw segment
    }
    if (HIDDEN_SEGMENTS.has(segment) || isIdSegment(segment)) continue;
    crumbs.push({ label: LABELS[segment] ?? titleCase(segment), href });
  }
  return crumbs;
}
