/**
 * The header's menu (demo/layout.ts) as the site-menu island's fallback, and the `/menus/` page
 * (demo/chrome/menus.ts). Runs in jsdom to read the pages with DOMParser.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { checkProps } from '../../widgets/site-menu/model';
import { categoryUrl } from '../fixtures';
import { createSite } from '../site';
import { resetStore, store } from '../store';
import { cookieClient } from '../test-client';
import { MENU_PAGES, MENUS_PATH, MENUS_TITLE } from './menus';

const site = createSite({ store });
const ORIGIN = 'http://demo.localhost';

beforeEach(() => resetStore());

async function page(path: string) {
  const client = cookieClient(ORIGIN, site);
  const response = await client.send(path);
  expect(response.status, path).toBe(200);
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  return { client, doc };
}

const texts = (els: Iterable<Element>) => [...els].map((el) => el.textContent);

describe('the header’s menu (site-menu fallback)', () => {
  it('is Storefront’s navigation inside the site-menu island, mounted when idle', async () => {
    const { doc } = await page('/');
    const container = doc.querySelector('#masthead [data-island="site-menu"]')!;
    expect(container.getAttribute('data-hydrate')).toBe('idle');
    const props: unknown = JSON.parse(
      container.querySelector(':scope > script[data-island-props]')!.textContent!,
    );
    expect(props).toEqual({
      toggleLabel: 'Menu',
      closeLabel: 'Close menu',
      subMenuLabel: 'Show submenu for %s',
    });
    expect(checkProps(props).ok).toBe(true);

    const nav = container.querySelector(':scope > nav#site-navigation.main-navigation')!;
    expect(nav.getAttribute('aria-label')).toBe('Primary navigation');
    const toggle = nav.querySelector(':scope > button.menu-toggle')!;
    expect(toggle.getAttribute('aria-controls')).toBe('site-navigation');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.querySelector('span')?.textContent).toBe('Menu');
    expect(nav.querySelector(':scope > div.primary-navigation > ul#menu-main.menu')).not.toBeNull();
    expect(nav.querySelector(':scope > div.handheld-navigation > ul#menu-main-1.menu')).not.toBeNull();
    // One island container per page.
    expect(doc.querySelectorAll('[data-island="site-menu"]')).toHaveLength(1);
  });

  it('lists Shop (a mega-menu of Running, Tennis and Football), Boots, Balls, Accessories (a sub-menu) …', async () => {
    const { doc } = await page('/');
    const menu = doc.querySelector('#menu-main')!;
    expect(texts(menu.querySelectorAll(':scope > li > a'))).toEqual([
      'Shop',
      'Boots',
      'Balls',
      'Accessories',
      'Wishlist',
      'My account',
      'Checkout',
    ]);
    const shop = menu.querySelector(':scope > li.menu-item-has-children.mega-menu')!;
    expect(shop.querySelector(':scope > a')?.getAttribute('href')).toBe('/shop/');
    const columns = shop.querySelectorAll(':scope > ul.sub-menu > li.menu-item-has-children');
    expect(texts([...columns].map((c) => c.querySelector(':scope > a')!))).toEqual([
      'Running',
      'Tennis',
      'Football',
    ]);
    const running = columns[0]!;
    expect(running.querySelector(':scope > a')?.getAttribute('href')).toBe(categoryUrl(30));
    expect(texts(running.querySelectorAll(':scope > ul.sub-menu > li > a'))).toEqual([
      'Running Shoes',
      'Apparel',
    ]);
    expect(texts(columns[1]!.querySelectorAll(':scope > ul.sub-menu > li > a'))).toEqual([
      'Rackets',
      'Tennis Balls',
    ]);
    expect(texts(columns[2]!.querySelectorAll(':scope > ul.sub-menu > li > a'))).toEqual([
      'Boots',
      'Balls',
      'Accessories',
    ]);
    const accessories = [...menu.querySelectorAll(':scope > li')][3]!;
    expect(accessories.classList.contains('menu-item-has-children')).toBe(true);
    expect(accessories.classList.contains('mega-menu')).toBe(false);
    expect(texts(accessories.querySelectorAll('.sub-menu a'))).toEqual(['Bags', 'Goalkeeping']);
    expect(accessories.querySelector('.sub-menu a')?.getAttribute('href')).toBe(
      '/product-category/football/accessories/bags/',
    );
  });

  it('the handheld menu is the same menu, without the item ids', async () => {
    const { doc } = await page('/');
    const primary = doc.querySelector('#menu-main')!;
    const handheld = doc.querySelector('#menu-main-1')!;
    const links = (list: Element) =>
      [...list.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links(handheld)).toEqual(links(primary));
    expect(primary.querySelectorAll('li[id^="menu-item-"]').length).toBe(
      primary.querySelectorAll('li').length,
    );
    expect(handheld.querySelectorAll('li[id]')).toHaveLength(0);
    const ids = [...doc.querySelectorAll('[id]')].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    ['/shop/', 'Shop'],
    ['/wishlist/', 'Wishlist'],
    [categoryUrl(40), 'Tennis'],
  ])('marks the current page (%s) in both menus', async (path, name) => {
    const { doc } = await page(path);
    for (const list of ['#menu-main', '#menu-main-1']) {
      const current = doc.querySelectorAll(`${list} a[aria-current="page"]`);
      expect(texts(current), list).toEqual([name]);
      expect(current[0]!.parentElement!.classList.contains('current-menu-item')).toBe(true);
    }
  });

  it('every link of the menu leads to a page of the store (it works without JavaScript)', async () => {
    const { client, doc } = await page('/');
    const hrefs = [
      ...new Set([...doc.querySelectorAll('#site-navigation a')].map((a) => a.getAttribute('href')!)),
    ];
    expect(hrefs.length).toBeGreaterThan(15);
    for (const href of hrefs) {
      const response = await client.send(href);
      // The checkout with an empty cart sends the shopper to the cart, as WooCommerce does.
      expect([200, 302], href).toContain(response.status);
    }
  });
});

describe('/menus/', () => {
  it('is a page of the store saying what to try with the menu', async () => {
    expect(Object.keys(MENU_PAGES)).toEqual([MENUS_PATH]);
    const { doc } = await page(MENUS_PATH);
    expect(doc.title).toBe(`${MENUS_TITLE} – Shop Islands Demo`);
    const main = doc.querySelector('main')!;
    expect(main.querySelector('h1')?.textContent).toBe('Menus');
    expect(texts(main.querySelectorAll('h2'))).toEqual([
      'On a computer (768 px and wider)',
      'On a touch screen wider than 992 px',
      'On a phone (767 px and narrower)',
      'Without JavaScript',
    ]);
    expect(main.textContent).toContain('Shop and Accessories have sub-menus');
    expect(doc.querySelector('#masthead [data-island="site-menu"]')).not.toBeNull();
  });
});
