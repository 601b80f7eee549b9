import { expect, test } from './fixtures';

/**
 * The API reference (`/api/docs`, issue 14) renders from the shop alone: its script and the
 * document come from the shop's origin, nothing else is asked for, and its own Content Security
 * Policy refuses nothing (a refused script, style, font or eval would be reported here).
 */
test('the API reference renders with no request leaving the shop and no CSP violation', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // data: and blob: URLs are made in the page; anything with a host must be the shop.
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin) {
      elsewhere.push(request.url());
    }
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).not.toContain('unsafe-eval');
  expect(/script-src [^;]*/.exec(policy)?.[0]).not.toContain('unsafe-inline');

  // The reference lists the operations of the document, the catalogue's among them.
  await expect(page.getByText('/api/tools', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Laptop Parts Shop API' })).toBeVisible();
  // Scalar loads some parts lazily: wait until the page is idle before the last checks.
  await page.waitForLoadState('networkidle');

  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations, 'CSP violations').toEqual([]);
  expect(elsewhere, 'requests leaving the shop').toEqual([]);
});
