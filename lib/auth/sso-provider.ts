// next-auth 4's generic OAuth provider configured as an OpenID Connect client: discovery from
// the issuer, the authorization-code flow with PKCE and state, the identity read from the ID
// token (whose signature, issuer, audience and expiry openid-client checks).
import type { OAuthConfig } from "next-auth/providers/oauth";
import type { OidcConfig } from "../env";

/** The provider id: the callback URL to register at the IdP is <NEXTAUTH_URL>/api/auth/callback/oidc. */
export const SSO_PROVIDER_ID = "oidc";

export function ssoProvider(config: OidcConfig): OAuthConfig<Record<string, unknown>> {
  return {
    id: SSO_PROVIDER_ID,
    name: config.name,
    type: "oauth",
    wellKnown: `${config.issuer}/.well-known/openid-configuration`,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorization: { params: { scope: config.scopes } },
    idToken: true,
    checks: ["pkce", "state"],
    // Only what next-auth itself needs; the sign-in callback reads the full claims.
    profile(claims) {
      return {
        id: String(claims.sub),
        email: typeof claims.email === "string" ? claims.email : null,
        name: typeof claims.name === "string" ? claims.name : null,
      };
    },
  };
}
