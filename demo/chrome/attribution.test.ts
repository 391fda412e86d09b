/**
 * Order attribution in the demo (demo/chrome/attribution.ts): the campaign landing page whose only
 * island is the tracker, and the tracker WooCommerce prints on every page with the same props.
 * Runs in jsdom to read the pages with DOMParser.
 */
import { describe, expect, it } from 'vitest';
import sample from '../../../shared/woocommerce-samples/params/checkout.wc_order_attribution.json';
import { checkProps } from '../../widgets/order-attribution/model';
import { ORDER_ATTRIBUTION_FIELDS } from '../checkout/page';
import { assetsFromManifest, DIST_BASE_URL, type PageAssets } from '../manifest';
import { createSite } from '../site';
import { store } from '../store';
import { cookieClient } from '../test-client';
import { ATTRIBUTION_PAGES, LANDING_PATH, LANDING_TITLE, orderAttributionProps } from './attribution';

const ORIGIN = 'http://demo.localhost';

async function page(path: string, assets?: PageAssets): Promise<Document> {
  const response = await cookieClient(ORIGIN, createSite({ store, assets })).send(path);
  expect(response.status).toBe(200);
  return new DOMParser().parseFromString(await response.text(), 'text/html');
}

const propsOf = (container: Element) =>
  JSON.parse(container.querySelector(':scope > script[data-island-props]')!.textContent) as unknown;

describe('the tracker’s props', () => {
  it('are what WooCommerce 9.9 prints, admin-ajax on the request’s origin', () => {
    expect(orderAttributionProps('http://127.0.0.1:8089')).toEqual(sample);
    expect(orderAttributionProps(ORIGIN).params.ajaxurl).toBe(`${ORIGIN}/wp-admin/admin-ajax.php`);
  });

  it('name the fields the classic checkout prints inputs for, and the tracker accepts them', () => {
    expect(Object.keys(orderAttributionProps(ORIGIN).fields)).toEqual([...ORDER_ATTRIBUTION_FIELDS]);
    expect(checkProps(orderAttributionProps(ORIGIN))).toBe('');
  });
});

describe('/landing/', () => {
  it('is the attribution chrome page', () => {
    expect(Object.keys(ATTRIBUTION_PAGES)).toEqual([LANDING_PATH]);
  });

  it('has exactly one island: the tracker, empty and hidden, mounting when idle', async () => {
    const doc = await page(LANDING_PATH);
    const islands = [...doc.querySelectorAll('[data-island]')];
    expect(islands.map((el) => el.getAttribute('data-island'))).toEqual(['order-attribution']);
    const tracker = islands[0]!;
    expect(tracker.hasAttribute('hidden')).toBe(true);
    expect(tracker.getAttribute('data-hydrate')).toBe('idle');
    expect(tracker.children).toHaveLength(1); // the props only
    expect(propsOf(tracker)).toEqual(orderAttributionProps(ORIGIN));
    // At the end of the body.
    expect(doc.body.lastElementChild).toBe(tracker);
  });

  it('is a campaign page: heading, copy, a plain link to the shop; no header islands', async () => {
    const doc = await page(LANDING_PATH);
    expect(doc.querySelector('h1')!.textContent).toBe(LANDING_TITLE);
    expect(doc.querySelector('main p')!.textContent).toMatch(/junior football boots/);
    expect(doc.querySelector('main a[href="/shop/"]')!.textContent).toBe('Shop the boots');
    expect(doc.querySelector('header a[href="/shop/"]')).not.toBeNull();
    expect(doc.querySelector('.site-search, #site-header-cart, .woocommerce-store-notice')).toBeNull();
  });
});

describe('every page', () => {
  it.each(['/', '/shop/', '/cart/'])('%s prints the tracker once, at the end of the body', async (path) => {
    const doc = await page(path);
    const trackers = doc.querySelectorAll('[data-island="order-attribution"]');
    expect(trackers).toHaveLength(1);
    expect(doc.body.lastElementChild).toBe(trackers[0]);
    expect(propsOf(trackers[0]!)).toEqual(orderAttributionProps(ORIGIN));
    // Not bare: the header islands are there.
    expect(doc.querySelector('[data-island="mini-cart"]')).not.toBeNull();
  });
});

describe('the page script', () => {
  const assets = assetsFromManifest(
    {
      'src/islands/loader.ts': { file: 'assets/loader-1.js', isEntry: true },
      'widgets/order-attribution/island.tsx': { file: 'assets/order-attribution-2.js', isEntry: true },
      'widgets/order-attribution/standalone.ts': {
        file: 'assets/order-attribution-standalone-3.js',
        isEntry: true,
        dynamicImports: ['widgets/order-attribution/island.tsx'],
      },
    },
    DIST_BASE_URL,
    { 'order-attribution': { hydrate: 'idle' } },
  );
  const scripts = (doc: Document) =>
    [...doc.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src'));
  const preloads = (doc: Document) =>
    [...doc.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

  it('of /landing/ (only the tracker): the tracker’s standalone entry, no loader; its chunk preloaded', async () => {
    const doc = await page(LANDING_PATH, assets);
    expect(scripts(doc)).toEqual([`${DIST_BASE_URL}assets/order-attribution-standalone-3.js`]);
    expect(preloads(doc)).toEqual([`${DIST_BASE_URL}assets/order-attribution-2.js`]);
  });

  it('of a page with other islands: the loader', async () => {
    expect(scripts(await page('/', assets))).toEqual([`${DIST_BASE_URL}assets/loader-1.js`]);
  });
});
