/** Settings menu (PRODUCT-SPEC §2 "Settings menu") and the labels of every settings sub-page. */
export const SETTINGS_MENU: { title: string; items: { slug: string; label: string; href?: string }[] }[] = [
  {
    title: "Your account",
    items: [
      { slug: "profile", label: "Profile" },
      { slug: "notifications", label: "Notifications" },
    ],
  },
  {
    title: "General",
    items: [
      { slug: "organization", label: "Organization" },
      { slug: "pbm-configuration", label: "PBM Configuration" },
      { slug: "team-management", label: "Team Management" },
      { slug: "permissions", label: "Permissions" },
      { slug: "audit-log", label: "PHI Access Audit" },
    ],
  },
  {
    title: "API Management",
    items: [
      { slug: "api-keys", label: "API Keys" },
      { slug: "smart-clients", label: "SMART Clients" },
      { slug: "webhooks", label: "Webhooks" },
      { slug: "api-logs", label: "API Logs" },
      { slug: "documentation", label: "Documentation", href: "/docs/api" },
    ],
  },
  {
    title: "Instance",
    items: [{ slug: "database", label: "Database" }],
  },
];

export const SETTINGS_LABELS: Record<string, string> = {
  profile: "Profile",
  notifications: "Notifications",
  organization: "Organization",
  "team-management": "Team Management",
  permissions: "Permissions",
  "api-keys": "API Keys",
  "smart-clients": "SMART Clients",
  webhooks: "Webhooks",
  database: "Database",
  "api-logs": "API Logs",
  "pbm-configuration": "PBM Configuration",
  "audit-log": "PHI Access Audit",
};
