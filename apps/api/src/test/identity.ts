import { expect } from 'vitest';
import { TEST_CLIENT_IP_HEADER, TEST_ORIGIN, type TestApp } from './test-app';

export interface Person {
  name: string;
  email: string;
  password: string;
}

let counter = 0;
/** A new person with a unique email, so tests never collide. */
export const newPerson = (prefix = 'buyer'): Person => {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { name: `${prefix} ${id}`, email: `${prefix}${id}@example.com`, password: 'secret123' };
};

const jsonHeaders = (extra: Record<string, string> = {}) => ({
  'Content-Type': 'application/json',
  Origin: TEST_ORIGIN,
  ...extra,
});

/** The cookie header a browser would send back after this response. */
export const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

export function postAuth(
  app: TestApp,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.request(`/api/auth${path}`, {
    method: 'POST',
    headers: jsonHeaders(headers),
    body: JSON.stringify(body),
  });
}

let addresses = 0;
/** Each sign-up comes from its own address, so the per-address limit stays out of the way. */
const nextAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

/** Signs up through Better Auth and answers the session cookie. */
export async function signUp(app: TestApp, person: Person, ip = nextAddress()): Promise<string> {
  const response = await postAuth(app, '/sign-up/email', person, { [TEST_CLIENT_IP_HEADER]: ip });
  expect(response.status, await response.clone().text()).toBe(200);
  return cookiesOf(response);
}

export function requestToken(app: TestApp, email: string, cookie?: string) {
  return app.request(`/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: jsonHeaders(cookie ? { Cookie: cookie } : {}),
    body: JSON.stringify({ email }),
  });
}

/** Sign-up plus the token call: what the web app does after registering. */
export async function signUpWithToken(app: TestApp, person: Person = newPerson()) {
  const cookie = await signUp(app, person);
  const response = await requestToken(app, person.email, cookie);
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { ...person, cookie, token };
}

export const bearer = (token: string, extra: Record<string, string> = {}) => ({
  Authorization: `Bearer ${token}`,
  ...extra,
});

/** A signed-up user made admin directly in the database, with a live token. */
export async function signUpAdmin(app: TestApp) {
  const admin = await signUpWithToken(app, newPerson('admin'));
  await app.database.db
    .updateTable('users')
    .set({ role: 'admin' })
    .where('email', '=', admin.email)
    .execute();
  return admin;
}

/** JSON request helpers with a bearer token. */
export const send = (app: TestApp, method: string, path: string, token?: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
