/**
 * A real OpenID Connect provider on loopback (`oidc-provider`, as the browser tests'
 * apps/web/e2e/support/oidc-server.mjs): not a stand-in of our own code. Its development login
 * and consent pages accept any login name and password; the account's email is
 * `${login}@example.com`, verified, as Google's would be. `signInWithOidc` walks a browser's way
 * through it against an in-process test app.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { AppEnv } from '../app';
import { OIDC_PROVIDER_ID } from '../auth/better-auth';
import { TEST_CLIENT_IP_HEADER, TEST_ORIGIN, type TestApp } from './test-app';

export interface TestOidcProvider {
  /** `http://127.0.0.1:<port>`. */
  issuer: string;
  /** The shop's public URL its one client sends the browser back to. */
  publicUrl: string;
  /** What a test app's env needs to offer this provider (`createTestApp(kind, { env })`). */
  env: Required<Pick<AppEnv, 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET'>> &
    Pick<AppEnv, 'PUBLIC_URL'>;
  stop(): Promise<void>;
}

/** The email the provider vouches for (verified) when `login` signs in. */
export const oidcEmailOf = (login: string) => `${login}@example.com`;

const signingKey = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

/** Starts the provider on a free port; its client returns to `publicUrl` (the test app's). */
export async function startOidcProvider({
  publicUrl = TEST_ORIGIN,
}: { publicUrl?: string } = {}): Promise<TestOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = { id: 'shop-api-test', secret: `secret-${randomUUID()}` };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        // Better Auth's callback for the provider id "oidc".
        redirect_uris: [`${publicUrl}/api/auth/callback/${OIDC_PROVIDER_ID}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // Better Auth sends the secret in the token request's body.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount(_ctx: unknown, sub: string) {
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: oidcEmailOf(sub),
          email_verified: true,
          name: `Tester ${sub}`,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [`cookie-key-${randomUUID()}`] },
    // Its own signing key and lifetimes: no warnings of the quick-start defaults in the log.
    jwks: { keys: [{ ...signingKey(), alg: 'RS256', use: 'sig' }] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    publicUrl,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: client.id,
      OIDC_CLIENT_SECRET: client.secret,
      PUBLIC_URL: publicUrl,
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A browser's cookies for one site: a name's last value, a cleared one forgotten. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  keep(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]!;
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const cleared = value === '' || /max-age=0\b|expires=thu, 01 jan 1970/i.test(cookie);
      if (cleared) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The form of one of the provider's interaction pages: where it posts, and its prompt. */
function formOf(html: string, page: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !prompt) throw new Error(`No sign-in form at ${page}: ${html.slice(0, 500)}`);
  return { action: action.replaceAll('&amp;', '&'), prompt };
}

let addresses = 0;

/**
 * Signs `login` in through the provider, as a browser would: the shop's sign-in call (its
 * cookies kept), the provider's login and consent pages, then the shop's callback. Answers
 * the shop's cookies afterwards (the session's), for `requestToken` and the like.
 */
export async function signInWithOidc(
  app: TestApp,
  provider: TestOidcProvider,
  login: string,
): Promise<string> {
  addresses += 1;
  // Each sign-in from its own address: the per-address sign-in limit stays out of the way.
  const address = `10.200.${(addresses >> 8) & 255}.${addresses & 255}`;
  const shop = new CookieJar();
  const started = await app.request('/api/auth/sign-in/social', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: provider.publicUrl,
      [TEST_CLIENT_IP_HEADER]: address,
    },
    body: JSON.stringify({ provider: OIDC_PROVIDER_ID, callbackURL: '/home' }),
  });
  if (started.status !== 200) {
    throw new Error(`The shop's sign-in answered ${started.status}: ${await started.text()}`);
  }
  shop.keep(started);
  let next = new URL(((await started.json()) as { url: string }).url);

  // The provider's pages, with a browser's cookies of its own, until it sends back to the shop.
  const browser = new CookieJar();
  for (let step = 0; next.origin === provider.issuer; step++) {
    if (step > 20) throw new Error('The provider kept redirecting');
    let response = await fetch(next, {
      redirect: 'manual',
      headers: { Cookie: browser.header },
    });
    browser.keep(response);
    if (response.status === 200) {
      const form = formOf(await response.text(), next.href);
      const fields = new URLSearchParams({ prompt: form.prompt });
      if (form.prompt === 'login') {
        fields.set('login', login);
        fields.set('password', 'any password');
      }
      response = await fetch(new URL(form.action, next), {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Cookie: browser.header,
        },
        body: fields,
      });
      browser.keep(response);
    }
    const location = response.headers.get('location');
    if (!location || response.status < 300 || response.status >= 400) {
      throw new Error(`The provider answered ${response.status} at ${next.href}`);
    }
    next = new URL(location, next);
  }

  if (next.origin !== new URL(provider.publicUrl).origin) {
    throw new Error(`The provider sent the browser to ${next.href}`);
  }
  const landed = await app.request(`${next.pathname}${next.search}`, {
    headers: { Cookie: shop.header, [TEST_CLIENT_IP_HEADER]: address },
    redirect: 'manual',
  });
  const location = landed.headers.get('location') ?? '';
  if (landed.status !== 302 || location.includes('error')) {
    throw new Error(`The shop's callback answered ${landed.status} to ${location}`);
  }
  shop.keep(landed);
  return shop.header;
}
