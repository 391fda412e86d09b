import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLink, leaveFor, navigation } from './navigation';

afterEach(() => vi.restoreAllMocks());

describe('leaveFor: where an island sends the browser by itself', () => {
  it('goes to a page of this store', () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    expect(leaveFor('/product/boots/')).toBe(true);
    expect(assign).toHaveBeenCalledWith('/product/boots/');
  });

  it.each(['https://evil.example/cart/', '//evil.example/', 'javascript:alert(1)', 'data:text/html,x'])(
    'refuses %j: not followed, one console error',
    (url) => {
      const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(leaveFor(url)).toBe(false);
      expect(assign).not.toHaveBeenCalled();
      expect(error).toHaveBeenCalledTimes(1);
      expect(String(error.mock.calls[0]?.[0])).toMatch(
        /^\[shop-islands\] refused to go to ".*": not a page of this store\.$/,
      );
    },
  );
});

describe('followLink: a link the shopper clicked, followed later', () => {
  it('follows http(s) on another origin too (an image on a CDN)', () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    expect(followLink('https://cdn.example/boots.jpg')).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://cdn.example/boots.jpg');
  });

  it('never javascript: or data:', () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(followLink('javascript:alert(1)')).toBe(false);
    expect(followLink('data:text/html,x')).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
