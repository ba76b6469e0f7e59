// Emails as accounts are compared: one function for every place an email is stored, looked up
// or matched (account creation, invitations, password and SSO sign-in, backup restore). Pure and
// client-safe (the forms' schemas use it too).

import { ASCII_CONFUSABLE } from "./ascii-confusables";

/** RFC 5321's limit for an address in a mail path. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * Two that read as ASCII letters but are in neither UTS #39's table as one ASCII letter or digit
 * (ascii-confusables.ts) nor fold to ASCII: the ANGSTROM SIGN (its prototype is Å) and the Greek
 * kappa (its prototype is the Latin kra, ĸ).
 */
const CONFUSABLE = /[\u212b\u03ba]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is exactly \u0000–\u007f
const ASCII = /^[\u0000-\u007f]*$/;

/** NFKC_Casefold, near enough for addresses: compatibility forms, then full case folding (ß → ss, ſ → s, ı → i, K → k). */
export function foldEmail(s: string): string {
  return s.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");
}

/**
 * Whether an email holds a non-ASCII character that reads as an ASCII one, or folds to ASCII
 * (so would equal an ASCII address): refused, not folded, so "\u212Aate@…" is never kate's.
 */
export function hasLookAlike(s: string): boolean {
  for (const c of s) {
    if (c.charCodeAt(0) < 0x80) continue;
    const folded = foldEmail(c);
    if (CONFUSABLE.test(c) || ASCII_CONFUSABLE.test(c) || ASCII.test(folded) || ASCII_CONFUSABLE.test(folded)) return true;
  }
  return false;
}

export type EmailCheck = { ok: true; email: string } | { ok: false; reason: "invalid" | "look-alike" };

/** The email as accounts are stored (trimmed, NFKC case-folded), or why it cannot be one. */
export function checkEmail(raw: unknown): EmailCheck {
  if (typeof raw !== "string" || raw.length > MAX_EMAIL_LENGTH * 4) return { ok: false, reason: "invalid" };
  const trimmed = raw.trim();
  if (hasLookAlike(trimmed)) return { ok: false, reason: "look-alike" };
  const email = foldEmail(trimmed);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: an address with control characters is refused
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH || /[\s\u0000-\u001f\u007f]/.test(email))
    return { ok: false, reason: "invalid" };
  return { ok: true, email };
}

/** checkEmail's email, or null when it cannot be one (a look-alike included). */
export function normaliseEmail(raw: unknown): string | null {
  const checked = checkEmail(raw);
  return checked.ok ? checked.email : null;
}
