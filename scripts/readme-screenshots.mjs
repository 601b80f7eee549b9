// `npm run screenshots`: the README's pictures of the shop, made from the built shop on a
// throwaway embedded database, in Debian's Chromium, at a phone's width and a laptop's:
//   docs/screenshots/{home,purchase,my-orders,manage-all-orders}-{375,1280}.png
// A customer places two orders (one paid); an admin, made with `npm run make-admin`, sees them.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'docs', 'screenshots');
const WIDTHS = [375, 1280];
const PASSWORD = 'screenshot-secret-1';
const CUSTOMER = { name: 'Ada Buyer', email: 'ada@example.com' };
const ADMIN = { name: 'Grace Admin', email: 'grace@example.com' };

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-screenshots-'));
const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: baseURL,
  LOG_LEVEL: 'warn',
};

/** The built shop (`npm start` builds it when the sources are newer), until `stop()`. */
async function startShop() {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the shop did not get ready in 3 minutes');
    const ready = await fetch(`${baseURL}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
}

/** Signs up in the browser, as a customer does: the shop's account is made at that first sign-in. */
async function signUp(browser, { name, email }) {
  const page = await browser.newPage({ baseURL });
  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/home$/);
  await page.waitForFunction(() => localStorage.getItem('accessToken'));
  await page.close();
}

/** A call to the API as the page's signed-in user (its access token). */
const callApi = (page, method, urlPath, body) =>
  page.evaluate(
    async ({ method, urlPath, body }) => {
      const response = await fetch(urlPath, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('accessToken')}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status}`);
      return response.json();
    },
    { method, urlPath, body },
  );

async function signIn(page, email) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForFunction(() => localStorage.getItem('accessToken'));
}

/**
 * Where the screenshots' orders go (issue 35): Portland, Oregon (no sales tax), by the seeded US
 * Ground. The method's id is SEEDED.methods.usGround of
 * apps/api/src/db/migrations/0027-shipping-and-tax.ts, copied: a .mjs script cannot import it.
 */
const DELIVERY = {
  phone: '+1 503 555 0100',
  address: '12 Harbour Road',
  country: 'US',
  region: 'OR',
  city: 'Portland',
  postalCode: '97204',
  shippingMethodId: '35000000-0000-4000-8000-000000000101',
};

async function placeOrders(page) {
  const tools = await callApi(page, 'GET', '/api/tools');
  const order = (tool) =>
    callApi(page, 'POST', '/api/purchase', {
      toolId: tool._id,
      quantity: tool.minOrderQuantity,
      ...DELIVERY,
    });
  const paid = await order(tools[0]);
  await order(tools[2]);
  const { clientSecret } = await callApi(page, 'POST', '/api/create-payment-intent', {
    orderId: paid._id,
  });
  const { id } = await callApi(page, 'POST', '/api/sandbox/confirm', {
    clientSecret,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
  });
  await callApi(page, 'PATCH', `/api/purchase/${paid._id}`, {
    orderID: paid._id,
    transactionId: id,
  });
  return tools[1];
}

/** Opens `urlPath`, waits for its data and images, and saves the visible part of the screen. */
async function shoot(page, name, urlPath, ready) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 800 });
    await page.goto(urlPath, { waitUntil: 'networkidle' });
    // Again, with the typeface cached: `font-display: optional` may skip it on a first visit.
    await page.reload({ waitUntil: 'networkidle' });
    await ready(page);
    await page.evaluate('document.fonts.ready');
    const file = path.join(output, `${name}-${width}.png`);
    await page.screenshot({ path: file });
    console.log(`saved ${path.relative(root, file)}`);
  }
}

fs.mkdirSync(output, { recursive: true });
let stop = await startShop();
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
try {
  await signUp(browser, CUSTOMER);
  await signUp(browser, ADMIN);
  await stop();
  const promoted = spawnSync('npm', ['run', 'make-admin', '--', ADMIN.email], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (promoted.status !== 0) throw new Error('make-admin failed');
  stop = await startShop();

  const visitor = await browser.newPage({ baseURL });
  await shoot(visitor, 'home', '/', (page) => page.getByTestId('tool-card').first().waitFor());

  const customer = await browser.newPage({ baseURL });
  await signIn(customer, CUSTOMER.email);
  const browsed = await placeOrders(customer);
  await shoot(customer, 'purchase', `/tools/${browsed._id}`, (page) =>
    page.getByLabel('Address').waitFor(),
  );
  await shoot(customer, 'my-orders', '/dashboard/orders', (page) =>
    page.getByTestId('order-row').nth(1).waitFor(),
  );

  const admin = await browser.newPage({ baseURL });
  await signIn(admin, ADMIN.email);
  await shoot(admin, 'manage-all-orders', '/dashboard/manageAllOrders', (page) =>
    page.getByTestId('admin-order-row').nth(1).waitFor(),
  );
} finally {
  await browser.close();
  await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
