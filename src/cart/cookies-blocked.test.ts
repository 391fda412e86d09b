import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  claimCookiesBlockedAnnouncement,
  COOKIES_BLOCKED_MESSAGE,
  cookiesBlocked,
  cookiesBlockedMessage,
  detectCookiesBlocked,
  setCookiesBlockedForTesting,
  TEST_COOKIE,
  type CookieJar,
} from './cookies-blocked';

afterEach(() => {
  setCookiesBlockedForTesting(null);
  delete window.wp;
});

/** A `document.cookie` stand-in: a browser that keeps cookies (`keeps`), or drops every write. */
function jar(
  keeps: boolean,
  initial: Record<string, string> = {},
): CookieJar & { store: Map<string, string> } {
  const store = new Map(Object.entries(initial));
  return {
    store,
    get cookie() {
      return Array.from(store, ([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      if (!keeps) return;
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      if (attributes.some((a) => a.trim() === 'max-age=0')) store.delete(name);
      else store.set(name, pair.slice(eq + 1));
    },
  };
}

const ON = { cookieEnabled: true };
const OFF = { cookieEnabled: false };

describe('detectCookiesBlocked', () => {
  it('cookies kept: not blocked, and the test cookie is deleted again', () => {
    const cookies = jar(true, { woocommerce_items_in_cart: '1' });
    expect(detectCookiesBlocked(cookies, ON)).toBe(false);
    expect(cookies.store.has(TEST_COOKIE)).toBe(false);
    expect(cookies.store.get('woocommerce_items_in_cart')).toBe('1');
  });

  it('cookies switched off (navigator.cookieEnabled false): blocked, without writing any', () => {
    const cookies = jar(true);
    const write = vi.spyOn(cookies, 'cookie', 'set');
    expect(detectCookiesBlocked(cookies, OFF)).toBe(true);
    expect(write).not.toHaveBeenCalled();
  });

  it('cookieEnabled says yes but writes are dropped (blocked for this site): blocked', () => {
    expect(detectCookiesBlocked(jar(false), ON)).toBe(true);
  });

  it('a test cookie left by an earlier page does not count as written now', () => {
    expect(detectCookiesBlocked(jar(false, { [TEST_COOKIE]: '1' }), ON)).toBe(true);
    expect(detectCookiesBlocked(jar(false, { [TEST_COOKIE]: 'abc' }), ON)).toBe(true);
  });

  it('document.cookie throws (a sandboxed frame): blocked', () => {
    const sandboxed: CookieJar = {
      get cookie(): string {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
      set cookie(_line: string) {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
    };
    expect(detectCookiesBlocked(sandboxed, ON)).toBe(true);
  });

  it('without navigator: decided by the test cookie alone', () => {
    expect(detectCookiesBlocked(jar(true), undefined)).toBe(false);
    expect(detectCookiesBlocked(jar(false), undefined)).toBe(true);
  });

  it("this page's jsdom keeps cookies: not blocked, no test cookie left", () => {
    expect(detectCookiesBlocked()).toBe(false);
    expect(document.cookie).not.toContain(TEST_COOKIE);
  });
});

describe('cookiesBlocked', () => {
  it('checks once per page and remembers the answer', () => {
    const write = vi.spyOn(Document.prototype, 'cookie', 'set');
    expect(cookiesBlocked()).toBe(false);
    expect(cookiesBlocked()).toBe(false);
    expect(write).toHaveBeenCalledTimes(2); // the test cookie, written then deleted, once
    write.mockRestore();
  });

  it('tests and stories can decide the answer', () => {
    setCookiesBlockedForTesting(true);
    expect(cookiesBlocked()).toBe(true);
    setCookiesBlockedForTesting(false);
    expect(cookiesBlocked()).toBe(false);
  });
});

describe('the message', () => {
  it('says why the cart cannot be kept and what to do', () => {
    expect(COOKIES_BLOCKED_MESSAGE).toBe(
      'Your browser is blocking cookies, so your cart cannot be kept. Please allow cookies for this site to shop here.',
    );
    expect(cookiesBlockedMessage()).toBe(COOKIES_BLOCKED_MESSAGE);
  });

  it("is translated through WordPress's wp.i18n, in our text domain", () => {
    const translate = vi.fn((text: string) => `«${text}»`);
    window.wp = { i18n: { __: translate } };
    expect(cookiesBlockedMessage()).toBe(`«${COOKIES_BLOCKED_MESSAGE}»`);
    expect(translate).toHaveBeenCalledWith(COOKIES_BLOCKED_MESSAGE, 'shop-islands');
  });

  it('is announced once per page, whichever island asks first', () => {
    expect(claimCookiesBlockedAnnouncement()).toBe(true);
    expect(claimCookiesBlockedAnnouncement()).toBe(false);
    setCookiesBlockedForTesting(null);
    expect(claimCookiesBlockedAnnouncement()).toBe(true);
  });
});
