/**
 * Cookies blocked (issue #11). WooCommerce finds a shopper's cart through a session cookie
 * (`wp_woocommerce_session_*`, with `woocommerce_items_in_cart` and `woocommerce_cart_hash`): a
 * browser that refuses cookies gets a new, empty cart on every page, however often it adds. The
 * shopper is told so where they look after an add (the cart drawer, the header mini-cart), rather
 * than meeting an empty cart with no word why.
 *
 * Detected once per page: `navigator.cookieEnabled === false` (cookies switched off), or a test
 * cookie that cannot be written and read back (blocked for this site, a sandboxed frame, a
 * third-party frame).
 */
import { __ } from '../i18n';

/**
 * What the shopper is told. WooCommerce (9.9) has no wording for this: its sources say nothing
 * about blocked cookies (its checkout only has 'Sorry, your session has expired.'), so this is
 * ours, translated through `__()` like the rest of our strings.
 */
export const COOKIES_BLOCKED_MESSAGE =
  'Your browser is blocking cookies, so your cart cannot be kept. Please allow cookies for this site to shop here.';

/** {@link COOKIES_BLOCKED_MESSAGE} in the site's language. */
export const cookiesBlockedMessage = (): string => __(COOKIES_BLOCKED_MESSAGE);

/** The name of the cookie written (and deleted at once) to find out. */
export const TEST_COOKIE = 'shop_islands_cookie_test';

/** The parts of `document` and `navigator` the check uses (tests hand in their own). */
export interface CookieJar {
  cookie: string;
}
export interface CookieSwitch {
  readonly cookieEnabled: boolean;
}

/** Whether `cookies` (a `document.cookie` string) holds `name` with exactly `value`. */
const holds = (cookies: string, name: string, value: string): boolean =>
  cookies.split(';').some((part) => part.trim() === `${name}=${value}`);

/**
 * Whether this browser refuses this site's cookies: switched off, or a test cookie (a session
 * cookie for the whole site) that does not come back. The test cookie is deleted again.
 */
export function detectCookiesBlocked(
  doc: CookieJar = document,
  nav: CookieSwitch | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): boolean {
  if (nav?.cookieEnabled === false) return true;
  // A fresh value each time: a test cookie left from an earlier page must not answer for this one.
  const value = Math.random().toString(36).slice(2, 10) || '1';
  try {
    doc.cookie = `${TEST_COOKIE}=${value}; path=/; SameSite=Lax`;
    const kept = holds(doc.cookie, TEST_COOKIE, value);
    if (kept) doc.cookie = `${TEST_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
    return !kept;
  } catch {
    // A sandboxed document without allow-same-origin throws on document.cookie: no cookies at all.
    return true;
  }
}

let detected: boolean | undefined;
let forced: boolean | null = null;
let announced = false;

/** Whether this page's browser refuses cookies (checked on first use, then remembered). */
export function cookiesBlocked(): boolean {
  if (forced !== null) return forced;
  detected ??= typeof document === 'undefined' ? false : detectCookiesBlocked();
  return detected;
}

/**
 * True the first time it is asked on this page, false afterwards: the islands that could each
 * announce the problem to screen readers (the cart drawer opening, an add-to-cart button's add)
 * announce it once between them.
 */
export function claimCookiesBlockedAnnouncement(): boolean {
  if (announced) return false;
  announced = true;
  return true;
}

/**
 * Tests and stories: `true` / `false` decides what {@link cookiesBlocked} answers; `null` checks
 * the browser again. Either way the announcement may be made again.
 */
export function setCookiesBlockedForTesting(value: boolean | null): void {
  forced = value;
  detected = undefined;
  announced = false;
}
