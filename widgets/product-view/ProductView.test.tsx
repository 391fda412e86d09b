import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findProduct } from '../../demo/fixtures';
import { productViewProps } from '../../demo/product/extras';
import { setSettings } from '../../src/contract/read-settings';
import { startIslands } from '../../src/islands/runtime';
import { islandSrc, testRuntime } from '../../src/test/islands';
import { TEST_SETTINGS } from '../../src/test/server';
import island from './island';
import { PRODUCT_VIEW_EVENT, dataLayerEntry, isDataLayer, productViewDetail } from './model';
import { ProductView, resetProductViewsForTesting } from './ProductView';
import { ProductViewPropsSchema } from './schema';

type Win = Window & { dataLayer?: unknown };

const BOOTS = productViewProps(findProduct(18)!);
const BALL = productViewProps(findProduct(13)!);

let events: CustomEvent[] = [];
const listener = (event: Event) => events.push(event as CustomEvent);

beforeEach(() => {
  events = [];
  resetProductViewsForTesting();
  setSettings({ ...TEST_SETTINGS, is_guest: true });
  document.addEventListener(PRODUCT_VIEW_EVENT, listener);
});
afterEach(() => {
  document.removeEventListener(PRODUCT_VIEW_EVENT, listener);
  delete (window as Win).dataLayer;
  setSettings(null);
});

const renderView = (props = BOOTS) => render(<ProductView {...ProductViewPropsSchema.parse(props)} />);

describe('ProductView', () => {
  it('dispatches shop-islands:product-view on document with §3’s fields; renders nothing', () => {
    const { container } = renderView();
    expect(container).toBeEmptyDOMElement();
    expect(events).toHaveLength(1);
    expect(events[0]!.target).toBe(document);
    expect(events[0]!.detail).toEqual({
      store_currency: 'EUR',
      is_guest: true,
      product_id: 18,
      name: 'Junior Football Boots',
      category: 'Junior Boots',
      price: 29.99,
      type: 'variable',
    });
  });

  it('a logged-in shopper and another currency come from the settings', () => {
    setSettings({
      ...TEST_SETTINGS,
      is_guest: false,
      currency: { code: 'GBP', symbol: '£' },
    });
    renderView(BALL);
    expect(events[0]!.detail).toMatchObject({
      store_currency: 'GBP',
      is_guest: false,
      product_id: 13,
      price: 49.99,
      type: 'simple',
      category: 'Balls',
    });
  });

  it('pushes the same to a dataLayer the page has, with GTM’s event key', () => {
    const dataLayer: unknown[] = [{ 'gtm.start': 1 }];
    (window as Win).dataLayer = dataLayer;
    renderView();
    expect(dataLayer).toHaveLength(2);
    expect(dataLayer[1]).toEqual({ event: PRODUCT_VIEW_EVENT, ...events[0]!.detail });
  });

  it('never creates a dataLayer', () => {
    renderView();
    expect('dataLayer' in window).toBe(false);
    expect(events).toHaveLength(1);
  });

  it('ignores a dataLayer without push, and a push that throws (said in the console)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    (window as Win).dataLayer = { length: 0 };
    const { unmount } = renderView();
    unmount();
    expect(events).toHaveLength(1);
    resetProductViewsForTesting();
    (window as Win).dataLayer = {
      push() {
        throw new Error('broken');
      },
    };
    renderView();
    expect(events).toHaveLength(2);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('dataLayer.push failed'), expect.any(Error));
  });

  it('once per page view: a re-mount sends nothing more', () => {
    const dataLayer: unknown[] = [];
    (window as Win).dataLayer = dataLayer;
    const first = renderView();
    first.unmount();
    renderView();
    expect(events).toHaveLength(1);
    expect(dataLayer).toHaveLength(1);
  });

  it('a restore from the back/forward cache is a new page view: sent again, once', () => {
    renderView();
    renderView(); // two islands of the same product: still one event per page view
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(events).toHaveLength(2);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(events).toHaveLength(2);
  });

  it('no settings: no event, the console says why', () => {
    setSettings(null);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderView();
    expect(events).toHaveLength(0);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('product-view: no settings'),
      expect.anything(),
    );
  });
});

describe('the model', () => {
  it('builds the detail and the dataLayer entry', () => {
    const detail = productViewDetail(
      { productId: 1, name: 'N', category: 'C', price: 2, type: 'simple' },
      { currency: { code: 'EUR' }, is_guest: false },
    );
    expect(detail).toEqual({
      store_currency: 'EUR',
      is_guest: false,
      product_id: 1,
      name: 'N',
      category: 'C',
      price: 2,
      type: 'simple',
    });
    expect(dataLayerEntry(detail)).toEqual({ event: 'shop-islands:product-view', ...detail });
  });
  it.each([
    [[], true],
    [{ push: () => 1 }, true],
    [{}, false],
    [null, false],
    ['x', false],
  ])('isDataLayer(%j) → %s', (value, expected) => {
    expect(isDataLayer(value)).toBe(expected);
  });
});

describe('product-view island', () => {
  const locate = { locatorOf: () => null, resolve: () => null } as never;
  it.each([
    [{ ...BOOTS, price: -1 }, 'price'],
    [{ ...BOOTS, price: '29,99' }, 'price'],
    [{ ...BOOTS, productId: 0 }, 'productId'],
    [{ ...BOOTS, name: '' }, 'name'],
    [{ ...BOOTS, type: 'Variable product' }, 'type'],
  ])('refuses bad props (%#), naming the field', async (props, field) => {
    const result = await island.mount(document.createElement('div'), props, { name: 'product-view', locate });
    expect(result).toMatchObject({ ok: false, field });
  });

  it('through the runtime: bad props → no event and one console.error naming the island and the field', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.innerHTML =
      `<div data-island="product-view" data-island-src="${islandSrc('product-view')}" data-hydrate="load"><script type="application/json" data-island-props>` +
      `${JSON.stringify({ ...BOOTS, price: 'free' })}</script></div>`;
    const stop = startIslands(testRuntime({ 'product-view': async () => ({ default: island }) }));
    const container = document.querySelector('[data-island]')!;
    await waitFor(() => expect(container).toHaveAttribute('data-island-state', 'failed'));
    stop();
    expect(events).toHaveLength(0);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatch(/island "product-view" was not mounted: invalid props: "price"/);
  });

  it('through the runtime: good props → one event', async () => {
    document.body.innerHTML =
      `<div data-island="product-view" data-island-src="${islandSrc('product-view')}" data-hydrate="load"><script type="application/json" data-island-props>` +
      `${JSON.stringify(BOOTS)}</script></div>`;
    const stop = startIslands(testRuntime({ 'product-view': async () => ({ default: island }) }));
    await waitFor(() => expect(events).toHaveLength(1));
    stop();
  });
});
