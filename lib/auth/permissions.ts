// The role → permission map, declared once. Every page, action and route names the permission
// it needs; nothing checks a role by name elsewhere.
export const ROLES = ["ADMIN", "ORGANIZER", "CLINICIAN"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  "users:manage", // list, create, deactivate users, reset passwords
  "audit-trail:read",
  "access-log:read", // who opened which patient's record (views and downloads)
  "datasets:manage", // import and browse benchmark data
  "audits:manage", // create audits, sample, assign, monitor, export
  "evaluations:manage", // import model predictions, read and export evaluation reports
  "review:rate", // review assigned items and rate them
  "backup:manage", // download an audit's complete backup (every rater's ratings and comments, the accounts it names)
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<Role, readonly Permission[]> = {
  ADMIN: ["users:manage", "audit-trail:read", "access-log:read", "datasets:manage", "audits:manage", "evaluations:manage", "backup:manage"],
  ORGANIZER: ["datasets:manage", "audits:manage", "evaluations:manage"],
  CLINICIAN: ["review:rate"],
};

export function can(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

export interface NavItem {
  href: string;
  /** Key of the label in the `common.nav` messages. */
  key: "review" | "audits" | "datasets" | "evaluations" | "users" | "sso" | "auditTrail" | "accessLog";
  permission: Permission;
}

/** Navigation in the header, filtered by what the role may open. */
export const NAV: NavItem[] = [
  { href: "/review", key: "review", permission: "review:rate" },
  { href: "/audits", key: "audits", permission: "audits:manage" },
  { href: "/datasets", key: "datasets", permission: "datasets:manage" },
  { href: "/evaluations", key: "evaluations", permission: "evaluations:manage" },
  { href: "/admin/users", key: "users", permission: "users:manage" },
  { href: "/admin/sso", key: "sso", permission: "users:manage" },
  { href: "/admin/audit-trail", key: "auditTrail", permission: "audit-trail:read" },
  { href: "/admin/access-log", key: "accessLog", permission: "access-log:read" },
];

export function navFor(role: Role): NavItem[] {
  return NAV.filter((item) => can(role, item.permission));
}

const HOME: Record<Role, string> = { ADMIN: "/admin/users", ORGANIZER: "/audits", CLINICIAN: "/review" };

/** Where a role lands after signing in. */
export function homeFor(role: Role): string {
  return HOME[role];
}
