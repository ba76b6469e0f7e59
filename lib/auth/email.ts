// Emails as accounts are compared: one function for every place an email is stored, looked up
// or matched (account creation, invitations, password and SSO sign-in, backup restore). Pure and
// client-safe (the forms' schemas use it too).

/** RFC 5321's limit for an address in a mail path. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * Non-ASCII characters UTS #39 lists as confusable with ASCII letters, whose compatibility case
 * fold is not ASCII (those that fold to ASCII, like the KELVIN SIGN or fullwidth forms, are found
 * by folding): the ANGSTROM SIGN and the Cyrillic and Greek letters that look Latin.
 */
const CONFUSABLE =
  /[\u212b\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0456\u0458\u0455\u04bb\u0501\u051b\u051d\u04cf\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425\u0405\u0406\u0408\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a7\u03a5\u03bf\u03bd\u03b9\u03ba]/u;
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
    if (CONFUSABLE.test(c) || ASCII.test(foldEmail(c))) return true;
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
