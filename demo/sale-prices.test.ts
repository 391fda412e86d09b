// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createHandlers } from './handlers';
import { percentLabel, percentOff, salePricesResponse, variationPercentLabel } from './sale-prices';
import { findProduct, type VariationFixture } from './fixtures';

const fields = (entries: Record<string, string>) => new URLSearchParams(entries);

describe('the percent label (Shoptimizer’s "-{n}%")', () => {
  it.each([
    [39.99, 29.99, 25],
    [28, 21, 25],
    [100, 99.5, 1], // 0.5 rounds up, as PHP's round() does
    [100, 99.6, 0],
    [10, 0, 100],
    [10, 10, 0],
    [10, 12, 0],
    [0, 0, 0],
  ])('regular %d, sale %d → %d %', (regular, sale, percent) => {
    expect(percentOff(regular, sale)).toBe(percent);
  });
  it('prints a hyphen-minus, the whole percent and "%", no space', () => {
    expect(percentLabel(25)).toBe('-25%');
  });
  it('no label for a variation at full price, an inactive one, or a saving that rounds to 0', () => {
    const base: VariationFixture = {
      id: 1,
      attributes: {},
      sku: 'X',
      regularPrice: 40,
      salePrice: 30,
      stockStatus: 'instock',
      active: true,
      image: { id: 1, src: '', alt: '', title: '', caption: '' },
      weight: '',
    };
    expect(variationPercentLabel(base)).toBe('-25%');
    expect(variationPercentLabel({ ...base, salePrice: null })).toBeNull();
    expect(variationPercentLabel({ ...base, active: false })).toBeNull();
    expect(variationPercentLabel({ ...base, salePrice: 39.9 })).toBeNull();
  });
});

describe('salePricesResponse', () => {
  it('Junior Football Boots: only UK 2 / Blue (22) is on sale, 29.99 of 39.99 → "-25%"', () => {
    expect(salePricesResponse(fields({ product_id: '18' }))).toEqual({ percents: { 22: '-25%' } });
  });
  it('Training Jersey: every active variation on sale, and only those, labelled from its prices', () => {
    const jersey = findProduct(40);
    if (jersey?.type !== 'variable') throw new Error('the jersey is a variable product');
    const onSale = jersey.variations.filter((v) => v.active && v.salePrice !== null);
    expect(onSale.length).toBeGreaterThan(0);
    const expected = Object.fromEntries(
      onSale.map((v) => [
        String(v.id),
        `-${Math.round(((v.regularPrice - v.salePrice!) / v.regularPrice) * 100)}%`,
      ]),
    );
    expect(salePricesResponse(fields({ product_id: '40' }))).toEqual({ percents: expected });
  });
  it.each([
    ['a variable product with no sale variation (armband)', { product_id: '80' }],
    ['a simple product, even on sale (training ball)', { product_id: '16' }],
    ['an unknown product', { product_id: '9999' }],
    ['product_id 0', { product_id: '0' }],
    ['a missing product_id (PHP reads (int) 0)', {}],
    ['a non-numeric product_id', { product_id: 'boots' }],
  ])('%s → { percents: [] }', (_case, body) => {
    expect(salePricesResponse(fields(body))).toEqual({ percents: [] });
  });
});

describe('admin-ajax action shoptimizer_get_sale_prices (demo handlers)', () => {
  const handler = createHandlers();
  async function post(body: Record<string, string>) {
    const request = new Request('http://shop.test/wp-admin/admin-ajax.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });
    const { getResponse } = await import('msw');
    return (await getResponse(handler, request))!;
  }

  it('answers JSON with HTTP 200', async () => {
    const response = await post({ action: 'shoptimizer_get_sale_prices', product_id: '18' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ percents: { 22: '-25%' } });
  });

  it('a missing product_id: `{"percents":[]}`, HTTP 200 (not admin-ajax’s "0")', async () => {
    const response = await post({ action: 'shoptimizer_get_sale_prices' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"percents":[]}');
  });
});
