// A real OpenID provider for the e2e suite: panva's oidc-provider (the certified implementation)
// on loopback, with its own development login pages, four people and one client registered
// with the app's callback URL. Started by playwright.config.ts before the app:
//   IDP_PORT=3101 APP_URL=http://localhost:3100 node e2e/support/test-idp.mjs
// Its login page takes a person's login name; the password field is not checked (the
// development interaction of oidc-provider never checks it), which is enough to prove what
// ClinAudit does with the identity the provider vouches for.
import Provider from "oidc-provider";

const port = Number(process.env.IDP_PORT ?? 3101);
const appUrl = (process.env.APP_URL ?? "http://localhost:3100").replace(/\/+$/, "");
const ISSUER = `http://127.0.0.1:${port}`;

/** Login name → the claims the provider vouches for. */
const PEOPLE = {
  // Unknown to ClinAudit; in the IdP group the e2e suite maps to Organizer.
  ng: { email: "ng@hospital.test", email_verified: true, name: "Nurse Ng", groups: ["clinaudit-organizers"] },
  // The demo admin's email, verified: links to that account (whose role stays ClinAudit's).
  root: { email: "admin@demo.clinaudit", email_verified: true, name: "Hospital Root", groups: ["clinaudit-organizers"] },
  // An existing ClinAudit account's email, but not verified by the IdP: must not open it.
  lee: { email: "clinician1@demo.clinaudit", email_verified: false, name: "Lee Unverified", groups: [] },
  // Invited while password sign-in is off (e2e/sso.spec.ts): no groups, so no provisioned role.
  kim: { email: "kim@hospital.test", email_verified: true, name: "Dr. Kim (IdP)", groups: [] },
};

const provider = new Provider(ISSUER, {
  clients: [
    {
      client_id: "clinaudit-e2e",
      client_secret: "clinaudit-e2e-secret-not-for-production",
      redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    },
  ],
  async findAccount(_ctx, id) {
    const person = PEOPLE[id];
    if (!person) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...person }) };
  },
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
  // The claims go into the ID token itself (next-auth reads them from there: idToken: true).
  conformIdTokenClaims: false,
  // A first-party client: no consent screen, the requested scopes are granted.
  async loadExistingGrant(ctx) {
    const grant = new ctx.oidc.provider.Grant({ accountId: ctx.oidc.session.accountId, clientId: ctx.oidc.client.clientId });
    grant.addOIDCScope(ctx.oidc.params.scope);
    await grant.save();
    return grant;
  },
  pkce: { required: () => true },
  cookies: { keys: ["clinaudit-e2e-idp-cookie-key"] },
  features: { devInteractions: { enabled: true } },
});
// The development pages print a warning per request; the suite does not need it.
provider.on("server_error", (_ctx, error) => console.error("[test-idp]", error));

provider.listen(port, "127.0.0.1", () => console.log(`[test-idp] ${ISSUER} for ${appUrl}`));
