import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mainNav, signInAsAdmin, signInAsNewCustomer } from './support/accounts';
import { expectAccessible } from './support/orders';

/** The base URL of the run (playwright.config.ts always sets it). */
function origin(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('baseURL is not set in playwright.config.ts');
  return baseURL;
}

/** Enough stops to cover the navbar, the dashboard's menu and a form, and keep the test quick. */
const MAX_TAB_STOPS = 40;

/**
 * Tabs through the page from its start and fails on any stop whose computed outline, box-shadow
 * and background are all the same focused as unfocused: a keyboard user would not see it.
 * Each element's unfocused look is read just before the Tab that reaches it.
 */
async function expectVisibleFocusOnEveryTabStop(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const unseen: string[] = [];
  const visited: string[] = [];
  for (let stop = 0; stop < MAX_TAB_STOPS; stop += 1) {
    await page.evaluate(() => {
      const look = (element: Element) => {
        const style = getComputedStyle(element);
        const outlineShows =
          style.outlineStyle !== 'none' &&
          parseFloat(style.outlineWidth) > 0 &&
          !/^rgba\(.*,\s*0\)$|\/\s*0\)$|^transparent$/.test(style.outlineColor);
        return JSON.stringify({
          outline: outlineShows
            ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
            : 'none',
          boxShadow: style.boxShadow,
          background: style.backgroundColor,
        });
      };
      const candidates = document.querySelectorAll(
        'a[href], button, input, select, textarea, summary, [tabindex]',
      );
      const looks = new Map<Element, string>();
      for (const element of candidates) looks.set(element, look(element));
      Object.assign(window, { unfocusedLooks: looks, lookOf: look });
    });
    await page.keyboard.press('Tab');
    const result = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      // Transitions jump to their end, so the look read is the one that stays.
      for (const animation of element.getAnimations()) {
        if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
      }
      const { unfocusedLooks, lookOf } = window as unknown as {
        unfocusedLooks: Map<Element, string>;
        lookOf: (element: Element) => string;
      };
      const label =
        element.getAttribute('aria-label') ??
        (element.textContent?.trim() || element.getAttribute('name') || '');
      return {
        name: `${element.tagName.toLowerCase()} "${label.slice(0, 40)}"`,
        before: unfocusedLooks.get(element) ?? null,
        after: lookOf(element),
      };
    });
    if (!result) break;
    if (visited.includes(result.name) && visited[0] === result.name) break;
    visited.push(result.name);
    if (result.before === result.after) unseen.push(`${result.name}: ${result.after}`);
  }
  expect(visited.length, 'tab stops reached').toBeGreaterThan(3);
  expect(unseen, `focused elements that look the same as unfocused on ${page.url()}`).toEqual([]);
}

/** The element drawn at the centre of the locator's box is the locator's element (or inside it). */
async function expectNotCovered(locator: Locator) {
  const onTop = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  expect(onTop, 'the element is the one drawn at its centre').toBe(true);
}

const dashboardHeading = (page: Page, name: string) =>
  page.getByRole('heading', { name, level: 1 });

for (const width of [360, 1280]) {
  test.describe(`keyboard focus at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('home: every tab stop shows focus', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByTestId('tool-card').first()).toBeVisible();
      await expectVisibleFocusOnEveryTabStop(page);
    });

    test('login: every tab stop shows focus', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectVisibleFocusOnEveryTabStop(page);
    });

    test("a customer's dashboard: every tab stop shows focus", async ({ page, baseURL }) => {
      await signInAsNewCustomer(page, origin(baseURL));
      await page.goto('/dashboard/profile');
      await expect(page.getByTestId('profile-card')).toBeVisible();
      await expectVisibleFocusOnEveryTabStop(page);
    });

    test("an admin's dashboard: every tab stop shows focus", async ({ page, baseURL }) => {
      await signInAsAdmin(page, origin(baseURL));
      await page.goto('/dashboard/addTool');
      await expect(dashboardHeading(page, 'Add A Tool')).toBeVisible();
      await expectVisibleFocusOnEveryTabStop(page);
    });
  });
}

test.describe('the dashboard menu on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('is a modal dialog: toggled, focus kept inside, closed by Escape, a choice or the backdrop', async ({
    page,
    baseURL,
  }) => {
    await signInAsNewCustomer(page, origin(baseURL));
    await page.goto('/dashboard/profile');
    await expect(page.getByTestId('profile-card')).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Dashboard menu', exact: true });
    const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer).toBeHidden();
    const drawerId = await toggle.getAttribute('aria-controls');
    expect(drawerId).toBeTruthy();

    // Opened from the keyboard: a full-height panel that keeps focus through many Tabs.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveAttribute('id', drawerId!);
    const panel = drawer.getByTestId('dashboard-drawer-panel');
    await expect.poll(async () => (await panel.boundingBox())?.height).toBe(740);
    await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      const inside = await drawer.evaluate((element) => element.contains(document.activeElement));
      expect(inside, `focus inside the open menu after ${key}`).toBe(true);
    }
    await expectAccessible(page, 'any');

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expectAccessible(page, 'any');

    // Choosing an item navigates and closes the menu.
    await toggle.click();
    await drawer
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'My Orders' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/orders$/);
    await expect(drawer).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    // A click beside the panel closes it. Opened by a click that leaves focus where it was, as
    // Safari's clicks do: focus still comes back to the toggle.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await toggle.dispatchEvent('click');
    await expect(drawer).toBeVisible();
    // Once slid in: a click on the moving panel would land beside where it ends.
    await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0);
    const panelBox = (await panel.boundingBox())!;
    await page.mouse.click(panelBox.x + panelBox.width + 20, 400);
    await expect(drawer).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(page).toHaveURL(/\/dashboard\/orders$/);

    // The browser's Back closes it too, on the page it goes back to.
    await toggle.click();
    await expect(drawer).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(drawer).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('the dashboard sidebar on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('stays below the navbar when the page is scrolled, and its first item can be clicked', async ({
    page,
    baseURL,
  }) => {
    await signInAsNewCustomer(page, origin(baseURL));
    await page.goto('/dashboard/profile');
    await expect(page.getByTestId('profile-card')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dashboard menu' })).toBeHidden();
    await page.evaluate(() =>
      window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }),
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

    const firstItem = page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'My Orders' });
    const navbar = (await mainNav(page).boundingBox())!;
    const item = (await firstItem.boundingBox())!;
    expect(item.y).toBeGreaterThanOrEqual(navbar.y + navbar.height);
    await expectNotCovered(firstItem);
    await expectAccessible(page, 'any');

    await firstItem.click();
    await expect(page).toHaveURL(/\/dashboard\/orders$/);
  });
});

test('the skip link shows above the header when focused and moves focus to the main content', async ({
  page,
}) => {
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport({ ratio: 1 });
  await expectNotCovered(skip);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab goes on from the main content, past the navbar.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() =>
    document.querySelector('main')?.contains(document.activeElement),
  );
  expect(inMain).toBe(true);
});

test('Home is marked active in the navbar on "/" and on "/home"', async ({ page }) => {
  for (const path of ['/', '/home']) {
    await page.goto(path);
    await expect(mainNav(page).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
  await page.goto('/blogs');
  await expect(mainNav(page).getByRole('link', { name: 'Home' })).not.toHaveAttribute(
    'aria-current',
  );
});
