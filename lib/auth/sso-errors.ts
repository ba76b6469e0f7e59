// The codes an SSO refusal puts in the sign-in page's ?error=, and the password form's refusal
// once password sign-in is off. Shared by the server (which sets them) and the page (which words them).
import type { SsoRefusal } from "./sso-mapping";

export const PASSWORD_OFF = "Password sign-in is turned off.";

const CODES = {
  "no-email": "SsoNoEmail",
  "look-alike-email": "SsoLookAlikeEmail",
  unverified: "SsoUnverified",
  unknown: "SsoUnknown",
  deactivated: "SsoDeactivated",
  "linked-elsewhere": "SsoLinkedElsewhere",
} as const satisfies Record<SsoRefusal, string>;

export type SsoErrorCode = (typeof CODES)[SsoRefusal];

export function ssoErrorCode(reason: SsoRefusal): SsoErrorCode {
  return CODES[reason];
}

/** The catalog key (auth.sso.errors.*) for an ?error= value; next-auth's own codes read as "failed". */
export function ssoErrorKey(
  error: string | undefined,
): "noEmail" | "lookAlikeEmail" | "unverified" | "unknown" | "deactivated" | "linkedElsewhere" | "failed" | null {
  if (!error || error === "CredentialsSignin" || error === "SessionRequired") return null;
  const key = (
    {
      SsoNoEmail: "noEmail",
      SsoLookAlikeEmail: "lookAlikeEmail",
      SsoUnverified: "unverified",
      SsoUnknown: "unknown",
      SsoDeactivated: "deactivated",
      SsoLinkedElsewhere: "linkedElsewhere",
    } as const
  )[error as SsoErrorCode];
  return key ?? "failed";
}
