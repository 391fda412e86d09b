import { describe, expect, it } from 'vitest';
import { isFollowableLink, isPageUrl } from './link';

describe('links an island falls back to', () => {
  it.each([
    '?add-to-cart=13',
    '/product/ball/',
    'https://shop.example/cart/',
    '//cdn.example/x',
    'page#reviews',
  ])('%s is followable', (href) => {
    expect(isFollowableLink(href)).toBe(true);
    expect(isPageUrl(href)).toBe(true);
  });

  it.each([
    '',
    '  ',
    '#',
    '#reviews',
    'javascript:void 0',
    ' JavaScript:alert(1)',
    'java\nscript:x',
    'data:text/html,x',
    'http://[::1',
  ])('%j is not followable', (href) => {
    expect(isFollowableLink(href)).toBe(false);
  });

  it('a form action may be "#…" (the form posts to its own page), not blank or a script', () => {
    expect(isPageUrl('#')).toBe(true);
    expect(isPageUrl(' ')).toBe(false);
    expect(isPageUrl('javascript:x')).toBe(false);
  });
});
