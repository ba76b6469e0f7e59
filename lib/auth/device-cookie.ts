// A browser that signed in to an account once gets a signed "device" cookie for it (OWASP's
// device-cookie defence against lock-out): later attempts from that browser are throttled on
// their own, so a stranger's failures against the account do not keep its owner out.
// The cookie names only a hash of the account and a random id, signed with the session secret.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { accountTag } from "./sign-in-keys";

export const DEVICE_COOKIE = "clinaudit.device";
export const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

function mac(secret: string, body: string): string {
  return createHmac("sha256", secret).update(`clinaudit-device:${body}`).digest("base64url");
}

/** A fresh cookie value for `email` (already normalised). */
export function issueDeviceToken(email: string, secret: string): string {
  const body = `${accountTag(email)}.${randomBytes(12).toString("base64url")}`;
  return `${body}.${mac(secret, body)}`;
}

/** The device id in `value` if it is genuine and for this account, else null. */
export function deviceFor(value: string | undefined, email: string, secret: string): string | null {
  if (!value || value.length > 200) return null;
  const [tag, id, signature, ...rest] = value.split(".");
  if (!tag || !id || !signature || rest.length > 0 || tag !== accountTag(email)) return null;
  const expected = Buffer.from(mac(secret, `${tag}.${id}`));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** The value of one cookie in a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** The Set-Cookie header for a new device cookie. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${value}`,
    "Path=/api/auth",
    `Max-Age=${DEVICE_MAX_AGE_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
