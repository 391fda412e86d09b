import { describe, expect, it } from 'vitest';
import { describeUrl, httpUrl, safeHref, sameOriginUrl } from './url';

describe('httpUrl / safeHref: what may be rendered', () => {
  it.each([
    ['https://shop.example/product/boots/', 'https://shop.example/product/boots/'],
    ['http://cdn.example/a.jpg', 'http://cdn.example/a.jpg'],
    ['/cart/', `${location.origin}/cart/`],
    ['?add-to-cart=12', `${location.origin}${location.pathname}?add-to-cart=12`],
  ])('%s is kept as %s', (value, href) => {
    expect(safeHref(value)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'blob:https://shop.example/1',
    'file:///etc/passwd',
    'mailto:a@b.example',
    'http://[::1',
  ])('%j is refused', (value) => {
    expect(httpUrl(value)).toBeNull();
    expect(safeHref(value)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, {}, ['https://a.example/']]) expect(httpUrl(value)).toBeNull();
  });
});

describe('sameOriginUrl: where the product may send the browser', () => {
  it('keeps a page of this site, absolute or relative', () => {
    expect(sameOriginUrl('/product/boots/')?.href).toBe(`${location.origin}/product/boots/`);
    expect(sameOriginUrl(`${location.origin}/cart/`)?.pathname).toBe('/cart/');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/cart/',
    '/\\evil.example/',
    `${location.protocol}//${location.host}.evil.example/`,
    'javascript:alert(1)',
    'data:text/html,x',
  ])('refuses %j', (value) => {
    expect(sameOriginUrl(value)).toBeNull();
  });
});

it('describeUrl quotes and shortens what the console says', () => {
  expect(describeUrl('javascript:"x"')).toBe('"javascript:\\"x\\""');
  expect(describeUrl('x'.repeat(500))).toHaveLength(202);
  expect(describeUrl(undefined)).toBe('"undefined"');
});
