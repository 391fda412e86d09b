import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect } from 'react';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { renderIsland } from '../demo/html';
import { SITE_MENU_PROPS, siteNavigationHtml } from '../demo/layout';
import { islandSrc } from '../src/test/islands';
import { islandRuntime } from './support/server-markup';
import { silenceConsoleError } from './support/console';

/**
 * The site menu (a non-React island) over Storefront's navigation as the demo prints it
 * (demo/layout.ts): the header's markup is rendered, then the island runtime starts, as on the page.
 * The island reads the viewport's width (`innerWidth`): each story sets the one it shows.
 */
const { start: startRuntime, stop: stopIslands } = islandRuntime({
  'site-menu': () => import('../widgets/site-menu/island'),
});
const LOAD = { timeout: 5000 };

interface MenuArgs {
  /** Props as printed (default: the demo's). */
  props?: unknown;
  /** The viewport's width the island sees, and the story's width. */
  width: number;
}

/** Storefront's header cart beside the nav (demo/layout.ts): its link and the mini-cart dropdown. */
const HEADER_CART =
  '<ul id="site-header-cart" class="site-header-cart menu">' +
  '<li class=""><a class="cart-contents" href="/cart/" title="View your shopping cart">£0.00 <span class="count">0 items</span></a></li>' +
  '<li><div class="widget woocommerce widget_shopping_cart"><div class="widget_shopping_cart_content">' +
  '<p class="woocommerce-mini-cart__empty-message">No products in the cart.</p>' +
  '<a class="button" href="/shop/">Return to shop</a></div></div></li></ul>';

function MenuPage({ props, width }: MenuArgs) {
  useLayoutEffect(() => {
    startRuntime();
  }, []);
  const html = renderIsland('site-menu', props ?? SITE_MENU_PROPS, siteNavigationHtml('/shop/'), {
    hydrate: 'load',
    src: islandSrc('site-menu'),
  });
  return (
    <div style={{ width, maxWidth: '100%' }}>
      <header id="masthead" className="site-header">
        <div className="col-full" dangerouslySetInnerHTML={{ __html: html + HEADER_CART }} />
      </header>
      <main id="main">
        <h1>Shop</h1>
        <p>The page below the header.</p>
      </main>
    </div>
  );
}

const container = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('[data-island]')!;
const mounted = (canvas: HTMLElement) =>
  waitFor(() => expect(container(canvas)).toHaveAttribute('data-island-state', 'mounted'), LOAD);
const primary = (canvas: HTMLElement) => within(canvas.querySelector<HTMLElement>('.primary-navigation')!);
const handheld = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('.handheld-navigation')!;
const overlay = () => document.querySelector<HTMLElement>('.site-menu-overlay')!;

/** Opens the drawer with the Menu toggle; the focus is on 'Close menu'. */
async function openDrawer(canvas: HTMLElement) {
  await mounted(canvas);
  const toggle = within(canvas).getByRole('button', { name: 'Menu' });
  await userEvent.click(toggle);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(within(handheld(canvas)).getByRole('button', { name: 'Close menu' })).toHaveFocus();
}

let width: PropertyDescriptor | undefined;

const meta = {
  title: 'Chrome/Site menu',
  component: MenuPage,
  args: { width: 1280 },
  beforeEach: ({ args }) => {
    width = Object.getOwnPropertyDescriptor(window, 'innerWidth');
    Object.defineProperty(window, 'innerWidth', { value: args.width, configurable: true });
    return () => {
      stopIslands();
      if (width) Object.defineProperty(window, 'innerWidth', width);
      else Reflect.deleteProperty(window, 'innerWidth');
    };
  },
} satisfies Meta<typeof MenuPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  name: 'Closed (desktop): a disclosure button beside each parent link',
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    const menu = primary(canvasElement);
    for (const name of ['Shop', 'Accessories']) {
      await expect(menu.getByRole('button', { name: `Show submenu for ${name}` })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    }
    await expect(menu.queryByRole('link', { name: 'Running' })).toBeNull(); // in the closed mega-menu
    await expect(menu.getByRole('link', { name: 'Shop' })).toHaveAttribute('aria-current', 'page');
    await expect(overlay()).not.toBeVisible();
  },
};

export const MegaMenuOpen: Story = {
  name: 'Desktop: the Shop mega-menu open, the page dimmed',
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    const menu = primary(canvasElement);
    const button = menu.getByRole('button', { name: 'Show submenu for Shop' });
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    for (const column of ['Running', 'Tennis', 'Football']) {
      await expect(menu.getByRole('link', { name: column })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Tennis Balls' })).toHaveAttribute(
      'href',
      '/product-category/tennis/tennis-balls/',
    );
    await expect(overlay()).toBeVisible();
  },
};

export const KeyboardFocus: Story = {
  name: 'Keyboard: focus on the Shop sub-menu button',
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    const menu = primary(canvasElement);
    menu.getByRole('link', { name: 'Shop' }).focus();
    await userEvent.tab();
    const button = menu.getByRole('button', { name: 'Show submenu for Shop' });
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveFocus();
  },
};

export const TouchFirstTap: Story = {
  name: 'Touch above 992 px: the first tap on Shop opened its mega-menu',
  args: { width: 1200 },
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    const menu = primary(canvasElement);
    const link = menu.getByRole('link', { name: 'Shop' });
    fireEvent.pointerDown(link, { pointerType: 'touch' });
    fireEvent.pointerUp(link, { pointerType: 'touch' });
    // Not followed (default prevented): the mega-menu opened instead.
    await expect(fireEvent.click(link)).toBe(false);
    await expect(menu.getByRole('button', { name: 'Show submenu for Shop' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(menu.getByRole('link', { name: 'Running' })).toBeVisible();
  },
};

export const DrawerOpen: Story = {
  name: 'Phone: the menu drawer open',
  args: { width: 390 },
  play: async ({ canvasElement }) => {
    await openDrawer(canvasElement);
    const drawer = within(handheld(canvasElement));
    await expect(drawer.getByRole('link', { name: 'Checkout' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Show submenu for Shop' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(overlay()).toBeVisible();
  },
};

export const DrawerSubMenu: Story = {
  name: 'Phone: the Shop sub-menu open in the drawer',
  args: { width: 390 },
  play: async ({ canvasElement }) => {
    await openDrawer(canvasElement);
    const drawer = within(handheld(canvasElement));
    const shop = drawer.getByRole('button', { name: 'Show submenu for Shop' });
    await userEvent.click(shop);
    await expect(shop).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(drawer.getByRole('button', { name: 'Show submenu for Running' }));
    await expect(drawer.getByRole('link', { name: 'Running Shoes' })).toBeVisible();
  },
};

export const HeaderCartFocus: Story = {
  name: 'Header cart: focus inside gives it the class focus (Storefront’s CSS shows the mini-cart)',
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    const cart = canvasElement.querySelector<HTMLElement>('#site-header-cart')!;
    const link = within(cart).getByRole('link', { name: /0 items/ });
    link.focus();
    await expect(cart).toHaveClass('focus');
    await expect(link.parentElement).toHaveClass('focus');
    await userEvent.tab();
    await expect(within(cart).getByRole('link', { name: 'Return to shop' })).toHaveFocus();
    await expect(cart).toHaveClass('focus');
    await expect(link.parentElement).not.toHaveClass('focus');
    await userEvent.tab();
    await expect(cart).not.toHaveClass('focus');
  },
};

export const HeaderCartTouch: Story = {
  name: 'Header cart, touch above 992 px: the first tap opens the mini-cart, the second follows',
  args: { width: 1200 },
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    const cart = canvasElement.querySelector<HTMLElement>('#site-header-cart')!;
    const link = within(cart).getByRole('link', { name: /0 items/ });
    // Whether the island prevented each tap's click; then the story stops it (not to leave the page).
    const prevented: boolean[] = [];
    const record = (event: Event) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault();
    };
    link.addEventListener('click', record);
    try {
      fireEvent.pointerDown(link, { pointerType: 'touch' });
      fireEvent.click(link);
      await expect(cart).toHaveClass('focus');
      await expect(link.parentElement).toHaveClass('focus');
      fireEvent.pointerDown(link, { pointerType: 'touch' });
      fireEvent.click(link);
      await expect(prevented).toEqual([true, false]);
    } finally {
      link.removeEventListener('click', record);
    }
  },
};

export const Phone320: Story = {
  name: 'Phone width (320 px): drawer open, Escape closes it',
  args: { width: 320 },
  play: async ({ canvasElement }) => {
    await openDrawer(canvasElement);
    await userEvent.keyboard('{Escape}');
    const toggle = within(canvasElement).getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveFocus();
  },
};

export const InvalidProps: Story = {
  name: 'Invalid props: the server’s menu stays as printed',
  args: { props: { subMenuLabel: 'Show submenu' } },
  beforeEach: silenceConsoleError,
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(container(canvasElement)).toHaveAttribute('data-island-state', 'failed'),
      LOAD,
    );
    await expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/island "site-menu" was not mounted.*subMenuLabel/),
    );
    await expect(primary(canvasElement).queryByRole('button')).toBeNull();
    // Every link is the server's, working without the island.
    const links = primary(canvasElement).getAllByRole('link', { name: 'Accessories' });
    await expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/product-category/football/accessories/', // in the Shop mega-menu's Football column
      '/product-category/football/accessories/',
    ]);
    await expect(primary(canvasElement).getByRole('link', { name: 'Goalkeeping' })).toHaveAttribute(
      'href',
      '/product-category/football/accessories/goalkeeping/',
    );
  },
};
