// Pure rules of single sign-on: which role an IdP identity gets when it is created, and what a
// sign-in through the OpenID provider leads to. No Next, no Prisma: the server code feeds them.
import { ROLES, type Role } from "./permissions";
import { checkEmail } from "./email";

export interface RoleRule {
  /** A value of the role claim (a group name, a role name) as the IdP sends it. */
  value: string;
  role: Role;
}

/** Unmatched identities are created as clinicians: the least a hospital account can do here. */
export const DEFAULT_ROLE: Role = "CLINICIAN";

/** Higher first: an identity in several mapped groups gets the most privileged of them. */
const RANK: Record<Role, number> = { ADMIN: 3, ORGANIZER: 2, CLINICIAN: 1 };

/** The claim's values as strings: a single string, a list (groups), or a space-separated list. */
export function claimValues(claims: Record<string, unknown>, claim: string): string[] {
  // "realm_access.roles" (Keycloak) names a nested claim.
  let value: unknown = claims;
  for (const part of claim.split(".")) value = value && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
  if (typeof value === "string") return value.split(/\s+/).filter(Boolean);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return [];
}

/** The role for a new account: the highest-ranked rule matching a claim value, else clinician. */
export function roleFromClaims(claims: Record<string, unknown>, claim: string, rules: readonly RoleRule[]): Role {
  const values = new Set(claimValues(claims, claim));
  let best: Role = DEFAULT_ROLE;
  for (const rule of rules) if (values.has(rule.value) && RANK[rule.role] > RANK[best]) best = rule.role;
  return best;
}

/**
 * "clinaudit-admins=ADMIN, clinaudit-organizers=ORGANIZER" → rules, or the located problem.
 * Also the format of the admin page's text box, so one parser serves env and form.
 */
export function parseRoleMap(text: string): { rules: RoleRule[] } | { error: string } {
  const rules: RoleRule[] = [];
  const entries = text
    .split(/[,\n]/)
    .map((e) => e.trim())
    .filter(Boolean);
  for (const [i, entry] of entries.entries()) {
    const eq = entry.lastIndexOf("=");
    const value = eq > 0 ? entry.slice(0, eq).trim() : "";
    const role =
      eq > 0
        ? entry
            .slice(eq + 1)
            .trim()
            .toUpperCase()
        : "";
    if (!value || !(ROLES as readonly string[]).includes(role)) {
      return { error: `entry ${i + 1} "${entry}" must be <claim value>=<ADMIN|ORGANIZER|CLINICIAN>` };
    }
    if (rules.some((r) => r.value === value)) return { error: `entry ${i + 1}: "${value}" is mapped twice` };
    rules.push({ value, role: role as Role });
  }
  return { rules };
}

export function formatRoleMap(rules: readonly RoleRule[]): string {
  return rules.map((r) => `${r.value}=${r.role}`).join("\n");
}

/** What the database holds about the identity that just signed in at the IdP. */
export interface KnownAccount {
  id: string;
  active: boolean;
  /** The subject this account is linked to at this issuer, if any. */
  linkedSubject: string | null;
}

export type SsoRefusal = "no-email" | "look-alike-email" | "unverified" | "unknown" | "deactivated" | "linked-elsewhere";

export type SsoDecision =
  | { kind: "sign-in"; userId: string; link: boolean }
  | { kind: "provision"; email: string; role: Role }
  | { kind: "refuse"; reason: SsoRefusal };

export interface SsoFacts {
  /** The ID token's claims. */
  claims: Record<string, unknown>;
  /** The account already linked to (issuer, sub), if any. */
  byLink: KnownAccount | null;
  /** The account whose email is the claimed email, if any (looked up only when byLink is null). */
  byEmail: KnownAccount | null;
  allowProvisioning: boolean;
  roleClaim: string;
  roleMap: readonly RoleRule[];
}

/**
 * The one decision of an SSO sign-in. ClinAudit wins over the IdP: a deactivated account stays
 * out, and an existing account keeps the role ClinAudit gave it whatever the IdP's groups say.
 * An email is trusted for linking or creating only when the IdP says it verified it.
 */
export function decideSsoSignIn(facts: SsoFacts): SsoDecision {
  const { claims, byLink, byEmail } = facts;
  if (byLink) return byLink.active ? { kind: "sign-in", userId: byLink.id, link: false } : { kind: "refuse", reason: "deactivated" };
  const checked = checkEmail(claims.email);
  // A look-alike ("\u212Aate@…") is refused outright: folded, it would take over kate's account.
  if (!checked.ok) return { kind: "refuse", reason: checked.reason === "look-alike" ? "look-alike-email" : "no-email" };
  const { email } = checked;
  // Some IdPs send the string "true"; anything else (absent, false, "false") is not verified.
  if (claims.email_verified !== true && claims.email_verified !== "true") return { kind: "refuse", reason: "unverified" };
  if (byEmail) {
    if (!byEmail.active) return { kind: "refuse", reason: "deactivated" };
    // The account is linked to another identity at this IdP: an email alone does not take it over.
    if (byEmail.linkedSubject !== null) return { kind: "refuse", reason: "linked-elsewhere" };
    return { kind: "sign-in", userId: byEmail.id, link: true };
  }
  if (!facts.allowProvisioning) return { kind: "refuse", reason: "unknown" };
  return { kind: "provision", email, role: roleFromClaims(claims, facts.roleClaim, facts.roleMap) };
}

/**
 * Whether the password form may be used. Even when the admin turned it off, it comes back by
 * itself as soon as SSO is not configured or no active admin could sign in through SSO, so no
 * later change (an env edit, a deactivated admin) can lock every admin out.
 */
export function passwordSignInOpen(input: { ssoConfigured: boolean; passwordSignIn: boolean; activeSsoAdmins: number }): boolean {
  return !input.ssoConfigured || input.passwordSignIn || input.activeSsoAdmins === 0;
}
