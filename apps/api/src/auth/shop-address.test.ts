/**
 * Issue 49, point 17: the page's origin and the shop's address. With no PUBLIC_URL the shop
 * guesses `http://localhost:PORT`, and a newcomer who opens `http://127.0.0.1:PORT` instead
 * signs up as well; any other origin is refused, in the one error shape, with the address to
 * open. The env is the one `loadEnv` makes of the variables, as the server's.
 */
import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { describeEachDatabase } from '../test/databases';
import { cookiesOf, newPerson, postAuth } from '../test/identity';
import { errorOf } from '../test/shop';
import { type TestApp, createTestApp } from '../test/test-app';

const PORT = '3130';

/** What a browser sends with the sign-up form's request from a page at `origin`. */
const fromPage = (origin: string) => ({
  Origin: origin,
  'Sec-Fetch-Site': 'same-origin',
  'Sec-Fetch-Mode': 'cors',
  'Sec-Fetch-Dest': 'empty',
});

const appWith = (kind: Parameters<typeof createTestApp>[0], variables: NodeJS.ProcessEnv) => {
  const { PUBLIC_URL, PUBLIC_URL_SET } = loadEnv({ PORT, ...variables });
  return createTestApp(kind, { seed: false, env: { PUBLIC_URL, PUBLIC_URL_SET } });
};

const signUpFrom = (app: TestApp, origin: string) =>
  postAuth(app, '/sign-up/email', newPerson('origin'), fromPage(origin));

describeEachDatabase('the page origins a sign-up is taken from', (kind) => {
  describe('with no PUBLIC_URL', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await appWith(kind, {});
    });
    afterAll(() => app.close());

    it.each(['http://localhost:3130', 'http://127.0.0.1:3130', 'http://[::1]:3130'])(
      'signs up from %s (a loopback name on the shop port)',
      async (origin) => {
        const response = await signUpFrom(app, origin);
        expect(response.status, await response.clone().text()).toBe(200);
        expect(cookiesOf(response)).toContain('session_token');
      },
    );

    it.each([
      'http://127.0.0.1:3131',
      'http://localhost:3129',
      'http://192.168.1.5:3130',
      'http://localhost.evil.example:3130',
      'https://localhost:3130',
      'https://evil.example',
    ])('refuses %s and names the address to open', async (origin) => {
      const response = await signUpFrom(app, origin);
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({
        code: 'FORBIDDEN',
        message: messages.wrongAddress('http://localhost:3130'),
      });
    });

    it('refuses a signed-in call with the session cookie from another origin', async () => {
      const signedUp = await signUpFrom(app, 'http://127.0.0.1:3130');
      const cookie = cookiesOf(signedUp);
      const foreign = await postAuth(
        app,
        '/update-user',
        { name: 'Someone Else' },
        { Origin: 'http://192.168.1.5:3130', Cookie: cookie },
      );
      expect(foreign.status).toBe(403);
      expect((await errorOf(foreign)).message).toBe(messages.wrongAddress('http://localhost:3130'));
      const own = await postAuth(
        app,
        '/update-user',
        { name: 'Same Person' },
        { Origin: 'http://127.0.0.1:3130', Cookie: cookie },
      );
      expect(own.status, await own.clone().text()).toBe(200);
    });
  });

  describe('with PUBLIC_URL set', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await appWith(kind, { PUBLIC_URL: 'https://shop.example/' });
    });
    afterAll(() => app.close());

    it('signs up from PUBLIC_URL', async () => {
      const response = await signUpFrom(app, 'https://shop.example');
      expect(response.status, await response.clone().text()).toBe(200);
    });

    it.each(['http://localhost:3130', 'http://127.0.0.1:3130', 'http://shop.example'])(
      'refuses %s (even a loopback name) and names PUBLIC_URL as the address to open',
      async (origin) => {
        const response = await signUpFrom(app, origin);
        expect(response.status).toBe(403);
        expect(await errorOf(response)).toEqual({
          code: 'FORBIDDEN',
          message: messages.wrongAddress('https://shop.example'),
        });
      },
    );
  });
});
