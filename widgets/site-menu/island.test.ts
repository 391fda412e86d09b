/**
 * The site-menu island in jsdom over the demo's Storefront navigation (demo/layout.ts): the drawer,
 * the disclosure buttons, hover, touch taps above 992 px, and unmounting back to the server's markup.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteNavigationHtml, SITE_MENU_PROPS } from '../../demo/layout';
import { locatorOf, resolve } from '../../src/islands/locate';
import type { MountResult } from '../../src/islands/types';
import island from './island';
import { HOVER_CLOSE_DELAY_MS } from './model';

const context = { name: 'site-menu', locate: { locatorOf, resolve } };

let container: HTMLElement;
let result: MountResult | null = null;
let printed = '';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
}

async function mount(props: unknown = SITE_MENU_PROPS, width = 1280) {
  setWidth(width);
  container = document.createElement('div');
  container.setAttribute('data-island', 'site-menu');
  container.innerHTML = siteNavigationHtml('/shop/');
  printed = container.innerHTML;
  document.body.append(container);
  const outside = document.createElement('p');
  outside.innerHTML = '<a href="#main">Outside link</a>';
  document.body.append(outside, headerCart());
  result = await island.mount(container, props, context);
  expect(result.ok).toBe(true);
  return result;
}

const nav = () => screen.getByRole('navigation', { name: 'Primary navigation' });
const primary = () => container.querySelector<HTMLElement>('.primary-navigation')!;
const handheld = () => container.querySelector<HTMLElement>('.handheld-navigation')!;
const toggle = () => screen.getByRole('button', { name: 'Menu' });
const overlay = () => document.querySelector<HTMLElement>('.site-menu-overlay')!;
/** The top-level item of the primary menu named `name`. */
const item = (name: string) =>
  [...primary().querySelectorAll<HTMLLIElement>(':scope > ul > li')].find(
    (li) => li.querySelector(':scope > a')?.textContent === name,
  )!;
const subMenu = (li: HTMLElement) => li.querySelector<HTMLElement>(':scope > .sub-menu')!;
const primaryButton = (name: string) =>
  within(primary()).getByRole('button', { name: `Show submenu for ${name}` });

/** Storefront's header cart (demo/layout.ts `headerHtml`), outside the nav: its link and the mini-cart. */
function headerCart(dropdown = '<span>No products in the cart.</span><a href="/cart/">View cart</a>') {
  const cart = document.createElement('ul');
  cart.id = 'site-header-cart';
  cart.className = 'site-header-cart menu';
  cart.innerHTML =
    '<li class=""><a class="cart-contents" href="/cart/">0 items</a></li>' +
    `<li><div class="widget woocommerce widget_shopping_cart">${dropdown}</div></li>`;
  return cart;
}
const cart = () => document.querySelector<HTMLElement>('#site-header-cart')!;
const cartLink = () => screen.getByRole('link', { name: '0 items' });
const cartItems = () => [...cart().children];
/** Where the class `focus` is in the header cart (Storefront's CSS shows the mini-cart on `.site-header-cart.focus`). */
const cartFocus = () => [cart(), ...cartItems()].map((el) => el.classList.contains('focus'));

/** Unmounts the island and empties the page (for a test that mounts again). */
function unmountAll() {
  if (result?.ok) result.unmount();
  result = null;
  document.body.innerHTML = '';
}

let originalWidth = 0;
beforeEach(() => {
  originalWidth = window.innerWidth;
});
afterEach(() => {
  if (result?.ok) result.unmount();
  result = null;
  document.body.innerHTML = '';
  setWidth(originalWidth);
  vi.useRealTimers();
});

describe('site-menu island: props and markup', () => {
  it.each([
    [null, '(root)'],
    [{ subMenuLabel: 'no placeholder' }, 'subMenuLabel'],
    [{ closeLabel: '' }, 'closeLabel'],
  ])('refuses %j and leaves the markup untouched', async (props, field) => {
    container = document.createElement('div');
    container.innerHTML = siteNavigationHtml('/');
    const before = container.innerHTML;
    document.body.append(container);
    expect(await island.mount(container, props, context)).toMatchObject({ ok: false, field });
    expect(container.innerHTML).toBe(before);
    expect(document.querySelector('.site-menu-overlay')).toBeNull();
  });

  it('refuses a container without the navigation', async () => {
    container = document.createElement('div');
    container.innerHTML = '<ul class="menu"><li><a href="/">Shop</a></li></ul>';
    expect(await island.mount(container, {}, context)).toMatchObject({ ok: false, field: '(markup)' });
  });

  it('unmounting restores the server’s markup exactly, even with a menu open', async () => {
    const mounted = await mount(SITE_MENU_PROPS, 390);
    await userEvent.click(toggle());
    await userEvent.click(within(handheld()).getByRole('button', { name: 'Show submenu for Shop' }));
    if (mounted.ok) mounted.unmount();
    result = null;
    expect(container.innerHTML).toBe(printed);
    expect(document.querySelector('.site-menu-overlay')).toBeNull();
    expect(document.documentElement.className).toBe('');
    expect(document.documentElement.style.overflow).toBe('');
    // Its listeners are gone too: the toggle does nothing now.
    fireEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('prints the given labels', async () => {
    await mount({ toggleLabel: 'Menü', closeLabel: 'Schließen', subMenuLabel: 'Untermenü für %s' }, 390);
    expect(screen.getByRole('button', { name: 'Menü' })).toBeInTheDocument();
    expect(within(handheld()).getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
    expect(within(handheld()).getByRole('button', { name: 'Untermenü für Shop' })).toBeInTheDocument();
    if (result?.ok) result.unmount();
    result = null;
    expect(container.innerHTML).toBe(printed);
  });
});

describe('site-menu island: the mobile drawer', () => {
  it('the toggle opens the drawer; Escape closes it and focus returns to the toggle', async () => {
    await mount(SITE_MENU_PROPS, 390);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(nav()).toHaveClass('toggled');
    expect(overlay()).toBeVisible();
    expect(document.documentElement.style.overflow).toBe('hidden');
    const close = within(handheld()).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(nav()).not.toHaveClass('toggled');
    expect(overlay()).not.toBeVisible();
    expect(document.documentElement.style.overflow).toBe('');
    expect(toggle()).toHaveFocus();
  });

  it('Tab stays inside the open drawer', async () => {
    await mount(SITE_MENU_PROPS, 390);
    await userEvent.click(toggle());
    for (let i = 0; i < 30; i += 1) {
      await userEvent.tab();
      expect(handheld().contains(document.activeElement)).toBe(true);
    }
    await userEvent.tab({ shift: true });
    expect(handheld().contains(document.activeElement)).toBe(true);
  });

  it('the close button and a click outside close it', async () => {
    await mount(SITE_MENU_PROPS, 390);
    await userEvent.click(toggle());
    await userEvent.click(within(handheld()).getByRole('button', { name: 'Close menu' }));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();

    await userEvent.click(toggle());
    await userEvent.click(overlay());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(overlay()).not.toBeVisible();
  });

  it('each parent item has a disclosure button for its sub-menu', async () => {
    await mount(SITE_MENU_PROPS, 390);
    await userEvent.click(toggle());
    const drawer = within(handheld());
    const expandable = ['Shop', 'Running', 'Tennis', 'Football', 'Accessories'];
    const buttons = drawer.getAllByRole('button', { name: /^Show submenu for /, hidden: true });
    expect(buttons.map((b) => b.textContent)).toEqual(expandable.map((name) => `Show submenu for ${name}`));
    for (const button of buttons) expect(button).toHaveAttribute('aria-expanded', 'false');
    const shop = drawer.getByRole('button', { name: 'Show submenu for Shop' });
    const sub = document.getElementById(shop.getAttribute('aria-controls')!)!;
    expect(sub).not.toBeVisible();
    await userEvent.click(shop);
    expect(shop).toHaveAttribute('aria-expanded', 'true');
    expect(sub).toBeVisible();
    expect(within(sub).getByRole('link', { name: 'Running' })).toHaveAttribute(
      'href',
      '/product-category/running/',
    );
    // A column's own sub-menu opens with its own button.
    const running = drawer.getByRole('button', { name: 'Show submenu for Running' });
    await userEvent.click(running);
    expect(within(sub).getByRole('link', { name: 'Running Shoes' })).toBeVisible();
    await userEvent.click(shop);
    expect(shop).toHaveAttribute('aria-expanded', 'false');
    expect(sub).not.toBeVisible();
    // The drawer stays open meanwhile.
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  });

  it('a link of the drawer closes it (the page changes)', async () => {
    await mount(SITE_MENU_PROPS, 390);
    await userEvent.click(toggle());
    const link = within(handheld()).getByRole('link', { name: 'Wishlist' });
    link.addEventListener('click', (event) => event.preventDefault()); // jsdom does not navigate
    await userEvent.click(link);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('growing to the desktop layout closes the drawer', async () => {
    await mount(SITE_MENU_PROPS, 390);
    await userEvent.click(toggle());
    setWidth(1024);
    fireEvent(window, new Event('resize'));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(overlay()).not.toBeVisible();
  });
});

describe('site-menu island: desktop disclosure navigation', () => {
  it('a button beside each top-level parent link opens its sub-menu; Escape closes it and focus returns', async () => {
    await mount();
    const shop = primaryButton('Shop');
    expect(shop).toHaveAttribute('aria-controls', subMenu(item('Shop')).id);
    expect(primaryButton('Accessories')).toHaveAttribute('aria-expanded', 'false');
    // The columns of the mega-menu are not separate disclosures.
    expect(within(primary()).queryByRole('button', { name: 'Show submenu for Running' })).toBeNull();
    expect(subMenu(item('Shop'))).not.toBeVisible();

    await userEvent.click(shop);
    expect(shop).toHaveAttribute('aria-expanded', 'true');
    expect(subMenu(item('Shop'))).toBeVisible();
    expect(overlay()).toBeVisible(); // a mega-menu dims the page
    await userEvent.tab();
    expect(within(subMenu(item('Shop'))).getByRole('link', { name: 'Running' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(shop).toHaveAttribute('aria-expanded', 'false');
    expect(subMenu(item('Shop'))).not.toBeVisible();
    expect(overlay()).not.toBeVisible();
    expect(shop).toHaveFocus();
  });

  it('a plain sub-menu opens without the overlay; opening another closes it', async () => {
    await mount();
    await userEvent.click(primaryButton('Accessories'));
    expect(subMenu(item('Accessories'))).toBeVisible();
    expect(overlay()).not.toBeVisible();
    await userEvent.click(primaryButton('Shop'));
    expect(primaryButton('Accessories')).toHaveAttribute('aria-expanded', 'false');
    expect(subMenu(item('Accessories'))).not.toBeVisible();
    expect(subMenu(item('Shop'))).toBeVisible();
    await userEvent.click(primaryButton('Shop'));
    expect(subMenu(item('Shop'))).not.toBeVisible();
  });

  it('focus leaving the menu closes it; so does a click outside or on the overlay', async () => {
    await mount();
    await userEvent.click(primaryButton('Accessories'));
    screen.getByRole('link', { name: 'Outside link' }).focus();
    expect(primaryButton('Accessories')).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(primaryButton('Shop'));
    await userEvent.click(overlay());
    expect(primaryButton('Shop')).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(primaryButton('Accessories'));
    await userEvent.click(document.body);
    expect(primaryButton('Accessories')).toHaveAttribute('aria-expanded', 'false');
  });

  it('a mouse hovering opens the sub-menu; it closes a moment after the pointer left', async () => {
    vi.useFakeTimers();
    await mount();
    const shop = item('Shop');
    fireEvent.pointerEnter(shop, { pointerType: 'mouse' });
    expect(primaryButton('Shop')).toHaveAttribute('aria-expanded', 'true');
    expect(overlay()).toBeVisible();
    fireEvent.pointerLeave(shop, { pointerType: 'mouse' });
    vi.advanceTimersByTime(HOVER_CLOSE_DELAY_MS - 1);
    expect(subMenu(shop)).toBeVisible();
    // Back in time (a diagonal move to the panel): it stays.
    fireEvent.pointerEnter(shop, { pointerType: 'mouse' });
    vi.advanceTimersByTime(HOVER_CLOSE_DELAY_MS * 2);
    expect(subMenu(shop)).toBeVisible();
    fireEvent.pointerLeave(shop, { pointerType: 'mouse' });
    vi.advanceTimersByTime(HOVER_CLOSE_DELAY_MS);
    expect(subMenu(shop)).not.toBeVisible();
    expect(overlay()).not.toBeVisible();
  });

  it('a sub-menu opened with its button stays open when the pointer leaves', async () => {
    vi.useFakeTimers();
    await mount();
    const shop = item('Shop');
    fireEvent.click(primaryButton('Shop'));
    fireEvent.pointerLeave(shop, { pointerType: 'mouse' });
    vi.advanceTimersByTime(HOVER_CLOSE_DELAY_MS * 2);
    expect(subMenu(shop)).toBeVisible();
  });

  it('a mouse click on a parent link follows it', async () => {
    await mount();
    const link = within(primary()).getByRole('link', { name: 'Shop' });
    fireEvent.pointerDown(link, { pointerType: 'mouse' });
    expect(fireEvent.click(link)).toBe(true); // not prevented: the browser follows it
  });
});

describe('site-menu island: touch above 992 px', () => {
  const tap = (el: Element) => {
    fireEvent.pointerDown(el, { pointerType: 'touch' });
    fireEvent.pointerUp(el, { pointerType: 'touch' });
    return fireEvent.click(el);
  };

  it('the first tap on a parent link opens its sub-menu, the second follows the link', async () => {
    await mount(SITE_MENU_PROPS, 1200);
    const link = within(primary()).getByRole('link', { name: 'Shop' });
    // Touches do not hover.
    fireEvent.pointerEnter(item('Shop'), { pointerType: 'touch' });
    expect(subMenu(item('Shop'))).not.toBeVisible();

    expect(tap(link)).toBe(false); // prevented: the page stays
    expect(subMenu(item('Shop'))).toBeVisible();
    expect(primaryButton('Shop')).toHaveAttribute('aria-expanded', 'true');
    expect(tap(link)).toBe(true); // followed
  });

  it('a tap outside closes what the first tap opened', async () => {
    await mount(SITE_MENU_PROPS, 1200);
    tap(within(primary()).getByRole('link', { name: 'Accessories' }));
    expect(subMenu(item('Accessories'))).toBeVisible();
    tap(screen.getByRole('paragraph') ?? document.body);
    expect(subMenu(item('Accessories'))).not.toBeVisible();
  });

  it('at 992 px or less a tap follows the link (touches use the buttons)', async () => {
    await mount(SITE_MENU_PROPS, 992);
    expect(tap(within(primary()).getByRole('link', { name: 'Shop' }))).toBe(true);
    expect(subMenu(item('Shop'))).not.toBeVisible();
    tap(primaryButton('Shop'));
    expect(subMenu(item('Shop'))).toBeVisible();
  });

  it('the keyboard follows a parent link whatever the last pointer was', async () => {
    await mount(SITE_MENU_PROPS, 1200);
    const link = within(primary()).getByRole('link', { name: 'Shop' });
    fireEvent.pointerDown(link, { pointerType: 'touch' });
    fireEvent.keyDown(link, { key: 'Enter' });
    expect(fireEvent.click(link)).toBe(true);
  });
});

describe('site-menu island: the header cart (Storefront’s navigation.js)', () => {
  const tap = (el: Element) => {
    fireEvent.pointerDown(el, { pointerType: 'touch' });
    fireEvent.pointerUp(el, { pointerType: 'touch' });
    return fireEvent.click(el);
  };

  it('keyboard: the cart and the item holding the focus have the class focus while focus is inside', async () => {
    await mount();
    const user = userEvent.setup();
    expect(cartFocus()).toEqual([false, false, false]);
    cartLink().focus();
    expect(cartFocus()).toEqual([true, true, false]);
    await user.tab(); // into the mini-cart: View cart
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveFocus();
    expect(cartFocus()).toEqual([true, false, true]);
    await user.tab({ shift: true });
    expect(cartFocus()).toEqual([true, true, false]);
    screen.getByRole('link', { name: 'Outside link' }).focus();
    expect(cartFocus()).toEqual([false, false, false]);
    cartLink().focus();
    cartLink().blur(); // focus to nowhere (the page)
    expect(cartFocus()).toEqual([false, false, false]);
  });

  it('the menu’s items are not touched by the cart, nor the cart by the menu', async () => {
    await mount();
    cartLink().focus();
    expect(item('Shop')).not.toHaveClass('focus');
    within(primary()).getByRole('link', { name: 'Shop' }).focus();
    expect(cartFocus()).toEqual([false, false, false]);
  });

  it('touch above 992 px: the first tap on the cart link opens the mini-cart, the second follows it', async () => {
    await mount(SITE_MENU_PROPS, 1200);
    // The cart drawer listens on the document too: it sees the first tap prevented.
    const seen: boolean[] = [];
    const drawer = (event: Event) => seen.push(event.defaultPrevented);
    document.addEventListener('click', drawer);
    try {
      expect(tap(cartLink())).toBe(false); // prevented: the page stays
      expect(cartFocus()).toEqual([true, true, false]);
      expect(tap(cartLink())).toBe(true); // followed
      expect(seen).toEqual([true, false]);
    } finally {
      document.removeEventListener('click', drawer);
    }
  });

  it('touch: a tap outside closes what the first tap opened; the next tap on the link opens it again', async () => {
    await mount(SITE_MENU_PROPS, 1200);
    tap(cartLink());
    tap(screen.getByRole('paragraph'));
    expect(cartFocus()).toEqual([false, false, false]);
    expect(tap(cartLink())).toBe(false);
    expect(cartFocus()).toEqual([true, true, false]);
  });

  it('mouse, keyboard, touch at 992 px or less, and an empty mini-cart: the cart link is followed', async () => {
    await mount(SITE_MENU_PROPS, 1200);
    fireEvent.pointerDown(cartLink(), { pointerType: 'mouse' });
    expect(fireEvent.click(cartLink())).toBe(true);
    fireEvent.pointerDown(cartLink(), { pointerType: 'touch' });
    fireEvent.keyDown(cartLink(), { key: 'Enter' });
    expect(fireEvent.click(cartLink())).toBe(true);
    unmountAll();

    await mount(SITE_MENU_PROPS, 992);
    expect(tap(cartLink())).toBe(true);
    unmountAll();

    await mount(SITE_MENU_PROPS, 1200);
    cart().replaceWith(headerCart(''));
    expect(tap(cartLink())).toBe(true); // nothing to show (WooCommerce prints none on the cart page)
  });

  it('unmounted, the cart is as printed and left alone', async () => {
    const mounted = await mount(SITE_MENU_PROPS, 1200);
    tap(cartLink());
    if (mounted.ok) mounted.unmount();
    result = null;
    expect(cart().outerHTML).toBe(headerCart().outerHTML);
    cartLink().focus();
    expect(cartFocus()).toEqual([false, false, false]);
    expect(tap(cartLink())).toBe(true);
  });
});
