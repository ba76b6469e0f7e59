import { describe, expect, it } from "vitest";
import { ssoErrorCode, ssoErrorKey } from "./sso-errors";

describe("SSO errors on the sign-in page", () => {
  it("round-trips every refusal to its message key", () => {
    expect(ssoErrorKey(ssoErrorCode("unknown"))).toBe("unknown");
    expect(ssoErrorKey(ssoErrorCode("unverified"))).toBe("unverified");
    expect(ssoErrorKey(ssoErrorCode("deactivated"))).toBe("deactivated");
    expect(ssoErrorKey(ssoErrorCode("no-email"))).toBe("noEmail");
    expect(ssoErrorKey(ssoErrorCode("linked-elsewhere"))).toBe("linkedElsewhere");
  });
  it("words next-auth's own OAuth failures as one calm message and ignores password ones", () => {
    for (const code of ["OAuthCallback", "OAuthSignin", "Callback", "AccessDenied", "<script>"]) expect(ssoErrorKey(code)).toBe("failed");
    expect(ssoErrorKey(undefined)).toBeNull();
    expect(ssoErrorKey("CredentialsSignin")).toBeNull();
  });
});
