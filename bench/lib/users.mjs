// Shop users with access tokens, made the way the web app makes them: Better Auth sign-up
// (with the Origin it checks), then PUT /api/user/{email} with the session cookie.

/** Signs one user up and answers { email, token }. */
export async function signUp(url, email, name) {
  const signUpResponse = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ name, email, password: 'bench-password-1' }),
  });
  if (!signUpResponse.ok) {
    throw new Error(`sign-up ${email}: ${signUpResponse.status} ${await signUpResponse.text()}`);
  }
  const cookie = signUpResponse.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const tokenResponse = await fetch(`${url}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Origin: url, Cookie: cookie },
    body: JSON.stringify({ email }),
  });
  if (!tokenResponse.ok) {
    throw new Error(`token ${email}: ${tokenResponse.status} ${await tokenResponse.text()}`);
  }
  const { token } = await tokenResponse.json();
  return { email, token };
}

/** Signs up `count` users (a few at a time) and answers [{ email, token }]. */
export async function signUpUsers(url, count, { prefix = 'bench', concurrency = 5 } = {}) {
  const users = [];
  let next = 0;
  const one = async (index) => {
    users[index] = await signUp(url, `${prefix}-${index}@example.com`, `${prefix} ${index}`);
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await one(next++);
    }),
  );
  return users;
}

/** A JSON call with a bearer token; throws unless the answer is 2xx. */
export async function call(url, method, path, token, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { json: text ? JSON.parse(text) : undefined, headers: response.headers };
}
