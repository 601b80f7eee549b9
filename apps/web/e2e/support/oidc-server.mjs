// A real OpenID Connect provider on loopback for the browser tests of social sign-in
// (docs/architecture.md, Tests: not a mock of our own code). Started by playwright.config.ts before the shop:
//   node apps/web/e2e/support/oidc-server.mjs
// Its development login and consent pages accept any login name; the account's email is
// `${login}@example.com`, so tests pick a login of lowercase letters and digits. Every email
// is verified, as Google's would be: the login `shopadmin` is the shop's ADMIN_EMAIL.
import Provider from 'oidc-provider';

const HOST = '127.0.0.1';
const PORT = Number(process.env.OIDC_PORT ?? 4320);
const SHOP_URL = process.env.OIDC_SHOP_URL ?? 'http://127.0.0.1:4310';
const issuer = `http://${HOST}:${PORT}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'shop-e2e',
      client_secret: 'shop-e2e-secret',
      // Better Auth's callback for the provider id "oidc".
      redirect_uris: [`${SHOP_URL}/api/auth/callback/oidc`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      // Better Auth sends the secret in the token request's body.
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  async findAccount(_ctx, sub) {
    return {
      accountId: sub,
      async claims() {
        return { sub, email: `${sub}@example.com`, email_verified: true, name: `Tester ${sub}` };
      },
    };
  },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name'],
  },
  scopes: ['openid', 'email', 'profile'],
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['shop-e2e-oidc-cookie-key'] },
});

const server = provider.listen(PORT, HOST, () => {
  console.log(`OpenID provider for the browser tests at ${issuer}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
