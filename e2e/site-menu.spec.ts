/**
 * The site menu (storefront.md §2.10 "Mobile menu drawer", "Mega-menu with an overlay; touch
 * behaviour applies above 992 px"; §9 Layout) on the demo store's header: the desktop disclosure
 * navigation and mega-menu (hover, keyboard, overlay), touch taps above 992 px, the phone's drawer
 * (@mobile), 320 px, axe on each state, and the menu without JavaScript.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, gotoMounted, island, tabTo, test } from './fixtures';

const PATH = '/menus/';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoViolations(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = results.violations.map(
    (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, `axe violations (${state})`).toEqual([]);
}

const primary = (page: Page) => page.locator('.primary-navigation');
const handheld = (page: Page) => page.locator('.handheld-navigation');
const link = (scope: ReturnType<typeof primary>, name: string) =>
  scope.getByRole('link', { name, exact: true });
const subButton = (scope: ReturnType<typeof primary>, name: string) =>
  scope.getByRole('button', { name: `Show submenu for ${name}`, exact: true });
const overlay = (page: Page) => page.locator('.site-menu-overlay');
const toggle = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });

const isMobileProject = () => test.info().project.name === 'mobile';

/** Storefront's header cart (outside the nav): its link's item, the mini-cart dropdown, the cart drawer. */
const headerCart = (page: Page) => page.locator('#site-header-cart');
const cartLink = (page: Page) => headerCart(page).locator('a.cart-contents');
const cartLinkItem = (page: Page) =>
  headerCart(page).locator(':scope > li', { has: page.locator('a.cart-contents') });
const miniCart = (page: Page) => headerCart(page).locator('.widget_shopping_cart');
const cartDrawer = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const focusClass = /(^|\s)focus(\s|$)/;

test.describe('desktop (1280 px)', () => {
  test.beforeEach(() => test.skip(isMobileProject(), 'the desktop menu: the chromium project'));

  test('hovering Shop opens its mega-menu over a dimmed page; a diagonal move reaches a link; leaving closes it', async ({
    page,
  }) => {
    await gotoMounted(page, PATH);
    const menu = primary(page);
    await expect(link(menu, 'Running')).toBeHidden();
    await expectNoViolations(page, 'closed');

    await link(menu, 'Shop').hover();
    await expect(link(menu, 'Running')).toBeVisible();
    await expect(subButton(menu, 'Shop')).toHaveAttribute('aria-expanded', 'true');
    await expect(overlay(page)).toBeVisible();
    await expectNoViolations(page, 'mega-menu open');

    // Down and across to a link of the last column, through the gap below the header.
    const target = link(menu, 'Tennis Balls');
    const box = (await target.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
    await expect(target).toBeVisible();
    await target.click();
    await expect(page).toHaveURL(/\/product-category\/tennis\/tennis-balls\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tennis Balls');
  });

  test('the pointer leaving the menu closes the mega-menu a moment later', async ({ page }) => {
    await gotoMounted(page, PATH);
    const menu = primary(page);
    await link(menu, 'Shop').hover();
    await expect(link(menu, 'Running')).toBeVisible();
    await page.mouse.move(640, 760, { steps: 4 });
    await expect(link(menu, 'Running')).toBeHidden();
    await expect(overlay(page)).toBeHidden();
  });

  test('keyboard: the button beside Shop opens the mega-menu; Escape closes it and focus returns to the button', async ({
    page,
  }) => {
    await gotoMounted(page, PATH);
    const menu = primary(page);
    const button = subButton(menu, 'Shop');
    await tabTo(page, button);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expectNoViolations(page, 'focus on the sub-menu button');
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(link(menu, 'Running')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(link(menu, 'Running')).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    // Tabbing out of an open sub-menu closes it.
    const accessories = subButton(menu, 'Accessories');
    await accessories.focus();
    await page.keyboard.press('Space');
    await expect(link(menu, 'Goalkeeping')).toBeVisible();
    await expect(overlay(page)).toBeHidden(); // a plain sub-menu does not dim the page
    await tabTo(page, link(menu, 'Wishlist'), 5);
    await expect(link(menu, 'Goalkeeping')).toBeHidden();
    await expect(accessories).toHaveAttribute('aria-expanded', 'false');
  });

  test('keyboard: Tab to the header cart link shows the mini-cart (its item has the class focus); Tab out hides it', async ({
    page,
  }) => {
    await gotoMounted(page, PATH);
    await expect(miniCart(page)).toBeHidden();
    await tabTo(page, cartLink(page));
    await expect(cartLinkItem(page)).toHaveClass(focusClass);
    await expect(headerCart(page)).toHaveClass(focusClass);
    await expect(miniCart(page)).toBeVisible();
    await expectNoViolations(page, 'header cart focused');
    // Through the mini-cart's links (if any) and out: it stays shown while focus is inside.
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      if (!(await headerCart(page).evaluate((el) => el.contains(document.activeElement)))) break;
      await expect(miniCart(page)).toBeVisible();
    }
    expect(await headerCart(page).evaluate((el) => el.contains(document.activeElement))).toBe(false);
    await expect(cartLinkItem(page)).not.toHaveClass(focusClass);
    await expect(headerCart(page)).not.toHaveClass(focusClass);
    await expect(miniCart(page)).toBeHidden();
    // Back in (Shift+Tab) and out the other way.
    for (
      let i = 0;
      i < 12 && !(await cartLink(page).evaluate((el) => el === document.activeElement));
      i += 1
    ) {
      await page.keyboard.press('Shift+Tab');
    }
    await expect(cartLink(page)).toBeFocused();
    await expect(miniCart(page)).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(cartLinkItem(page)).not.toHaveClass(focusClass);
    await expect(miniCart(page)).toBeHidden();
  });

  test('a click on the overlay closes the mega-menu; the sub-menu links work', async ({ page }) => {
    await gotoMounted(page, PATH);
    const menu = primary(page);
    await subButton(menu, 'Shop').click();
    await expect(overlay(page)).toBeVisible();
    await page.mouse.click(640, 760);
    await expect(link(menu, 'Running')).toBeHidden();
    await expect(overlay(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));

    await subButton(menu, 'Accessories').click();
    await link(menu, 'Bags').click();
    await expect(page).toHaveURL(/\/product-category\/football\/accessories\/bags\/$/);
  });
});

test.describe('touch above 992 px (1200 px)', () => {
  test.use({ viewport: { width: 1200, height: 800 }, hasTouch: true });
  test.beforeEach(() => test.skip(isMobileProject(), 'a touch screen at 1200 px: the chromium project'));

  test('the first tap on Shop opens its mega-menu, the second follows the link', async ({ page }) => {
    await gotoMounted(page, PATH);
    const menu = primary(page);
    await link(menu, 'Shop').tap();
    await expect(link(menu, 'Running')).toBeVisible();
    await expect(subButton(menu, 'Shop')).toHaveAttribute('aria-expanded', 'true');
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    await expectNoViolations(page, 'touch: mega-menu open');
    await link(menu, 'Shop').tap();
    await expect(page).toHaveURL(/\/shop\/$/);
  });

  test('a tap elsewhere closes what the first tap opened; a sub-menu link is followed at once', async ({
    page,
  }) => {
    await gotoMounted(page, PATH);
    const menu = primary(page);
    await link(menu, 'Accessories').tap();
    await expect(link(menu, 'Bags')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).tap();
    await expect(link(menu, 'Bags')).toBeHidden();
    await link(menu, 'Accessories').tap();
    await link(menu, 'Goalkeeping').tap();
    await expect(page).toHaveURL(/\/accessories\/goalkeeping\/$/);
  });
});

test.describe('the header cart on a touch screen above 992 px (1200 px)', () => {
  test.use({ viewport: { width: 1200, height: 800 }, hasTouch: true });
  test.beforeEach(() => test.skip(isMobileProject(), 'a touch screen at 1200 px: the chromium project'));

  test('the first tap on the cart link opens the mini-cart, the second follows the link (the cart drawer)', async ({
    page,
  }) => {
    await gotoMounted(page, PATH);
    await expect(miniCart(page)).toBeHidden();
    await cartLink(page).tap();
    await expect(miniCart(page)).toBeVisible();
    await expect(headerCart(page)).toHaveClass(focusClass);
    await expect(cartDrawer(page)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));

    // A tap elsewhere closes it; the next first tap opens it again.
    await page.getByRole('heading', { level: 1 }).tap();
    await expect(miniCart(page)).toBeHidden();
    await cartLink(page).tap();
    await expect(miniCart(page)).toBeVisible();
    await expect(cartDrawer(page)).toHaveCount(0);

    await cartLink(page).tap();
    await expect(cartDrawer(page)).toBeVisible();
  });
});

test.describe('touch at 992 px or less (900 px)', () => {
  test.use({ viewport: { width: 900, height: 800 }, hasTouch: true });
  test.beforeEach(() => test.skip(isMobileProject(), 'a touch screen at 900 px: the chromium project'));

  test('a tap on Shop follows it; the button beside it opens the mega-menu', async ({ page }) => {
    await gotoMounted(page, PATH);
    const menu = primary(page);
    await subButton(menu, 'Shop').tap();
    await expect(link(menu, 'Running')).toBeVisible();
    await subButton(menu, 'Shop').tap();
    await expect(link(menu, 'Running')).toBeHidden();
    await link(menu, 'Shop').tap();
    await expect(page).toHaveURL(/\/shop\/$/);
  });
});

test.describe('phone', () => {
  test.beforeEach(() => test.skip(!isMobileProject(), 'the phone layout: the mobile project'));

  test('@mobile the Menu toggle opens the drawer: Tab stays inside, Escape closes it and focus returns', async ({
    page,
  }) => {
    await gotoMounted(page, PATH);
    await expect(primary(page)).toBeHidden();
    await expect(handheld(page)).toBeHidden();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expectNoViolations(page, 'phone: closed');

    await toggle(page).tap();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    const drawer = handheld(page);
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expect(overlay(page)).toBeVisible();
    await expectNoViolations(page, 'phone: drawer open');
    // The page behind does not scroll.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer).toBeHidden();
    await expect(toggle(page)).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('@mobile sub-menus open with their buttons; a link of the drawer navigates', async ({ page }) => {
    await gotoMounted(page, PATH);
    await toggle(page).tap();
    const drawer = handheld(page);
    const shop = subButton(drawer, 'Shop');
    await expect(shop).toHaveAttribute('aria-expanded', 'false');
    await expect(link(drawer, 'Running')).toBeHidden();
    await shop.tap();
    await expect(shop).toHaveAttribute('aria-expanded', 'true');
    await expect(link(drawer, 'Running')).toBeVisible();
    await subButton(drawer, 'Tennis').tap();
    await expect(link(drawer, 'Rackets')).toBeVisible();
    await expectNoViolations(page, 'phone: sub-menu open in the drawer');
    await link(drawer, 'Rackets').tap();
    await expect(page).toHaveURL(/\/product-category\/tennis\/rackets\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rackets');
  });

  test('@mobile the close button and a tap outside the drawer close it', async ({ page }) => {
    await gotoMounted(page, PATH);
    await toggle(page).tap();
    await handheld(page).getByRole('button', { name: 'Close menu' }).tap();
    await expect(handheld(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();

    await toggle(page).tap();
    await expect(handheld(page)).toBeVisible();
    const width = page.viewportSize()!.width;
    await page.touchscreen.tap(width - 10, 600); // the overlay, right of the drawer
    await expect(handheld(page)).toBeHidden();
    await expect(overlay(page)).toBeHidden();
  });

  test('@mobile at 320 px the drawer fits and every top-level link is reachable', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await gotoMounted(page, PATH);
    await toggle(page).tap();
    const drawer = handheld(page);
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    for (const name of ['Shop', 'Boots', 'Balls', 'Accessories', 'Wishlist', 'My account', 'Checkout']) {
      await expect(link(drawer, name)).toBeInViewport();
    }
    await expectNoViolations(page, '320 px: drawer open');
    await link(drawer, 'Checkout').tap();
    // With an empty cart WooCommerce sends the shopper from the checkout to the cart.
    await expect(page).toHaveURL(/\/(checkout|cart)\/$/);
  });
});

/** Layout shifts not caused by input, from the first paint (recorded before the page's scripts). */
async function layoutShifts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) sum += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 100);
      }),
  );
}

test('@mobile the menu mounting moves nothing (CLS 0) at this width and at 390 px', async ({ page }) => {
  for (const width of [page.viewportSize()!.width, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await gotoMounted(page, PATH);
    await expect(island(page, 'site-menu')).toHaveAttribute('data-island-state', 'mounted');
    expect(await layoutShifts(page), `CLS at ${width} px`).toBe(0);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('@mobile every link is reachable: hover and focus show the sub-menus; on a phone the menu is a list', async ({
    page,
  }) => {
    await page.goto(PATH);
    await expect(island(page, 'site-menu')).not.toHaveAttribute('data-island-state');
    if (isMobileProject()) {
      await expect(toggle(page)).toBeHidden(); // it could do nothing
      const list = handheld(page);
      await expect(list).toBeVisible();
      for (const name of ['Shop', 'Running', 'Rackets', 'Bags', 'Goalkeeping', 'Checkout']) {
        await expect(link(list, name)).toBeVisible();
      }
      await link(list, 'Goalkeeping').tap();
      await expect(page).toHaveURL(/\/accessories\/goalkeeping\/$/);
      return;
    }
    const menu = primary(page);
    await expect(link(menu, 'Running')).toBeHidden();
    await link(menu, 'Shop').hover();
    await expect(link(menu, 'Running')).toBeVisible();
    // Keyboard: focus inside shows the sub-menu.
    await page.mouse.move(640, 760);
    await expect(link(menu, 'Bags')).toBeHidden();
    await tabTo(page, link(menu, 'Accessories'));
    await page.keyboard.press('Tab');
    await expect(link(menu, 'Bags')).toBeFocused();
    await expect(link(menu, 'Bags')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/accessories\/bags\/$/);
  });
});
