/**
 * The tracker in a page (jsdom): the cookies it writes, the inputs it fills (also those printed
 * later), the event, tracking disallowed, refused props and hostile cookies.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import sample from '../../../shared/woocommerce-samples/params/checkout.wc_order_attribution.json';
import type { MountResult } from '../../src/islands/types';
import { detect } from './attribution-source';
import island from './island';
import { ATTRIBUTION_EVENT } from './model';

// The source detection (the lazy chunk the tracker imports when a page view may name a source),
// watched: the ordinary internal page view must do without it.
vi.mock('./attribution-source', async (original) => {
  const actual = await original<typeof import('./attribution-source')>();
  return { detect: vi.fn(actual.detect) };
});

const NOW = Date.UTC(2026, 10, 27, 9, 5, 7);
const PREFIX = 'wc_order_attribution_';
const FIELDS = Object.keys(sample.fields);
const cookieProperty = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

/** Every `document.cookie` write, passed through to jsdom. */
let writes: string[] = [];
const unmounts: (() => void)[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  writes = [];
  vi.mocked(detect).mockClear();
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => cookieProperty.get!.call(document) as string,
    set: (value: string) => {
      writes.push(value);
      cookieProperty.set!.call(document, value);
    },
  });
});

afterEach(() => {
  unmounts.splice(0).forEach((unmount) => unmount());
  for (const pair of document.cookie.split('; ')) {
    if (pair) cookieProperty.set!.call(document, `${pair.split('=')[0]}=; Path=/; Max-Age=0`);
  }
  // @ts-expect-error: the own property shadowing the prototype's accessor goes.
  delete document.cookie;
  // @ts-expect-error: the same for the referrer.
  delete document.referrer;
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
  vi.useRealTimers();
});

/** A page at `path` reached from `referrer`, holding a checkout form with the hidden inputs. */
function page(path: string, referrer = '') {
  history.replaceState(null, '', path);
  Object.defineProperty(document, 'referrer', { configurable: true, value: referrer });
  document.body.innerHTML =
    '<form class="checkout">' +
    FIELDS.map((field) => `<input type="hidden" name="${PREFIX}${field}" value="">`).join('') +
    '<input name="billing_first_name" value="Aoife"></form><div data-island="order-attribution" hidden></div>';
}

/** Mounts the tracker; resolves with its result and the event's detail (null: no event). */
async function mount(props: unknown = sample) {
  let detail: Record<string, string> | null = null;
  const listener = (event: Event) => {
    detail = (event as CustomEvent<Record<string, string>>).detail;
  };
  document.addEventListener(ATTRIBUTION_EVENT, listener);
  const container = document.querySelector<HTMLElement>('[data-island]')!;
  const result: MountResult = await island.mount(container, props, {
    name: 'order-attribution',
    locate: { locatorOf: vi.fn(), resolve: vi.fn() },
  });
  document.removeEventListener(ATTRIBUTION_EVENT, listener);
  if (result.ok) unmounts.push(result.unmount);
  return { result, detail: detail as Record<string, string> | null };
}

/** The page's attribution inputs, field → value. */
const inputs = (root: ParentNode = document) =>
  Object.fromEntries(
    [...root.querySelectorAll<HTMLInputElement>(`input[name^="${PREFIX}"]`)].map((i) => [
      i.name.slice(PREFIX.length),
      i.value,
    ]),
  );

const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

const decoded = (name: string) => decodeURIComponent(cookie(name) ?? '');

describe('a typed-in visit', () => {
  it('writes the sourcebuster cookies: source, when it started, the session, the visits', async () => {
    page('/shop/');
    const { result } = await mount();
    expect(result.ok).toBe(true);
    expect(decoded('sbjs_current')).toBe(
      'typ=typein|||src=(direct)|||mdm=(none)|||cmp=(none)|||cnt=(none)|||trm=(none)|||id=(none)|||plt=(none)|||fmt=(none)|||tct=(none)',
    );
    expect(decoded('sbjs_first')).toBe(decoded('sbjs_current'));
    expect(decoded('sbjs_current_add')).toBe(
      `fd=2026-11-27 09:05:07|||ep=${location.origin}/shop/|||rf=(none)`,
    );
    expect(decoded('sbjs_first_add')).toBe(decoded('sbjs_current_add'));
    expect(decoded('sbjs_session')).toBe(`pgs=1|||cpg=${location.origin}/shop/`);
    expect(decoded('sbjs_udata')).toBe(`vst=1|||uip=(none)|||uag=${navigator.userAgent}`);
  });

  it('cookies for the whole site, SameSite=Lax, encoded; 0.00001 months: until the browser closes; a 30-minute session', async () => {
    page('/shop/');
    await mount();
    expect(writes).toHaveLength(6);
    for (const write of writes) {
      const [pair, ...attributes] = write.split('; ');
      expect(pair).toMatch(/^sbjs_\w+=[^;, ]+$/);
      expect(attributes).toContain('Path=/');
      expect(attributes).toContain('SameSite=Lax');
      // sourcebuster's whole minutes: 0.00001 months is 0, no expiry.
      expect(attributes.filter((a) => a.startsWith('Max-Age='))).toEqual(
        pair!.startsWith('sbjs_session=') ? ['Max-Age=1800'] : [],
      );
    }
  });

  it('the library default lifetime (6 months of 30 days) sets an expiry', async () => {
    page('/shop/');
    await mount({ ...sample, params: { ...sample.params, lifetime: 6, session: 45 } });
    expect(writes.find((w) => w.startsWith('sbjs_current='))).toMatch(/; Max-Age=15552000$/);
    expect(writes.find((w) => w.startsWith('sbjs_udata='))).toMatch(/; Max-Age=15552000$/);
    expect(writes.find((w) => w.startsWith('sbjs_session='))).toMatch(/; Max-Age=2700$/);
  });

  it('fills the checkout’s inputs and tells the page', async () => {
    page('/checkout/');
    const { detail } = await mount();
    const expected = {
      source_type: 'typein',
      referrer: '(none)',
      utm_campaign: '(none)',
      utm_source: '(direct)',
      utm_medium: '(none)',
      utm_content: '(none)',
      utm_id: '(none)',
      utm_term: '(none)',
      utm_source_platform: '(none)',
      utm_creative_format: '(none)',
      utm_marketing_tactic: '(none)',
      session_entry: `${location.origin}/checkout/`,
      session_start_time: '2026-11-27 09:05:07',
      session_pages: '1',
      session_count: '1',
      user_agent: navigator.userAgent,
    };
    expect(inputs()).toEqual(expected);
    expect(detail).toEqual(expected);
    // Other fields untouched.
    expect(document.querySelector<HTMLInputElement>('[name="billing_first_name"]')!.value).toBe('Aoife');
  });
});

describe('a campaign visit, then the shop', () => {
  it('keeps the utm source on internal pages and counts the pages', async () => {
    page('/landing/?utm_source=news&utm_medium=email&utm_campaign=spring');
    await mount();
    unmounts.splice(0).forEach((unmount) => unmount());

    vi.setSystemTime(NOW + 5000);
    page('/shop/', `${location.origin}/landing/?utm_source=news&utm_medium=email&utm_campaign=spring`);
    await mount();
    unmounts.splice(0).forEach((unmount) => unmount());

    page('/checkout/', `${location.origin}/shop/`);
    const { detail } = await mount();
    expect(detail).toMatchObject({
      source_type: 'utm',
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'spring',
      referrer: '(none)',
      session_entry: `${location.origin}/landing/?utm_source=news&utm_medium=email&utm_campaign=spring`,
      session_start_time: '2026-11-27 09:05:07',
      session_pages: '3',
      session_count: '1',
    });
    expect(inputs()).toEqual(detail);
  });
});

describe('the source detection (a lazy chunk)', () => {
  it('is loaded by a first visit and a campaign link, not by the internal pages between', async () => {
    page('/shop/');
    await mount();
    expect(detect).toHaveBeenCalledTimes(1);
    unmounts.splice(0).forEach((unmount) => unmount());

    page('/product/boots/', `${location.origin}/shop/`);
    const internal = await mount();
    expect(detect).toHaveBeenCalledTimes(1);
    expect(internal.detail).toMatchObject({ source_type: 'typein', session_pages: '2' });
    unmounts.splice(0).forEach((unmount) => unmount());

    page('/landing/?utm_source=news', `${location.origin}/product/boots/`);
    const campaign = await mount();
    expect(detect).toHaveBeenCalledTimes(2);
    expect(campaign.detail).toMatchObject({ source_type: 'utm', utm_source: 'news', session_pages: '3' });
  });

  it('is loaded for a referrer from another site, even during a session', async () => {
    page('/shop/');
    await mount();
    unmounts.splice(0).forEach((unmount) => unmount());
    page('/shop/', 'https://mail.example/inbox');
    const { detail } = await mount();
    expect(detect).toHaveBeenCalledTimes(2);
    // A click in a webmail during a visit is not a new source.
    expect(detail).toMatchObject({ source_type: 'typein', session_pages: '2' });
  });

  it('is not loaded when tracking is disallowed or the props are refused', async () => {
    page('/landing/?utm_source=news', 'https://www.google.com/');
    await mount({ ...sample, params: { ...sample.params, allowTracking: false } });
    await mount({ fields: sample.fields });
    expect(detect).not.toHaveBeenCalled();
  });
});

describe('an organic visit', () => {
  it('a search engine referrer: organic, the engine, its medium', async () => {
    page('/', 'https://www.google.com/');
    const { detail } = await mount();
    expect(detail).toMatchObject({
      source_type: 'organic',
      utm_source: 'google',
      utm_medium: 'organic',
      referrer: 'https://www.google.com/',
    });
  });

  it('another site: a referral', async () => {
    page('/', 'https://www.blog.example/post');
    const { detail } = await mount();
    expect(detail).toMatchObject({
      source_type: 'referral',
      utm_source: 'blog.example',
      utm_medium: 'referral',
    });
  });
});

describe('inputs printed later', () => {
  it('are filled as soon as they are in the page (fragments, express checkout)', async () => {
    page('/checkout/?utm_source=news');
    await mount();
    // A fragment replaces the form, its inputs empty again, as the server prints them.
    const form = document.querySelector('form')!;
    form.outerHTML = `<form class="checkout"><input type="hidden" name="${PREFIX}utm_source" value=""></form>`;
    const express = document.createElement('div');
    express.innerHTML = `<input type="hidden" name="${PREFIX}source_type"><input type="hidden" name="${PREFIX}session_pages">`;
    document.body.append(express);
    await vi.waitFor(() =>
      expect(inputs()).toEqual({ utm_source: 'news', source_type: 'utm', session_pages: '1' }),
    );
  });

  it('a gateway’s <wc-order-attribution-inputs> gets one hidden input a field, filled', async () => {
    page('/product/boots/?utm_source=news');
    document.body.insertAdjacentHTML(
      'beforeend',
      '<wc-order-attribution-inputs id="express"></wc-order-attribution-inputs>',
    );
    await mount();
    const host = document.getElementById('express')!;
    expect([...host.querySelectorAll('input')].map((i) => [i.type, i.name])).toEqual(
      FIELDS.map((field) => ['hidden', `${PREFIX}${field}`]),
    );
    expect(inputs(host)).toMatchObject({ source_type: 'utm', utm_source: 'news' });
    // One printed later (the express buttons drawn after the tracker ran), once.
    document.body.insertAdjacentHTML(
      'beforeend',
      '<wc-order-attribution-inputs id="later"></wc-order-attribution-inputs>',
    );
    await vi.waitFor(() =>
      expect(inputs(document.getElementById('later')!)).toMatchObject({ utm_source: 'news' }),
    );
    await Promise.resolve();
    expect(document.querySelectorAll('#later input')).toHaveLength(FIELDS.length);
  });

  it('an input for a field the props do not name stays as it is', async () => {
    page('/checkout/');
    document.body.insertAdjacentHTML('beforeend', `<input type="hidden" name="${PREFIX}other" value="x">`);
    await mount();
    expect(inputs().other).toBe('x');
  });

  it('after unmount nothing more is filled', async () => {
    page('/checkout/');
    const { result } = await mount();
    if (result.ok) result.unmount();
    document.body.insertAdjacentHTML(
      'beforeend',
      `<input type="hidden" name="${PREFIX}source_type" value="">`,
    );
    await Promise.resolve();
    expect(document.querySelectorAll<HTMLInputElement>(`[name="${PREFIX}source_type"]`)[1]!.value).toBe('');
  });
});

describe('tracking disallowed', () => {
  const disallowed = { ...sample, params: { ...sample.params, allowTracking: false } };

  it('deletes every sbjs_* cookie, leaves the fields empty, tells the page with empty values', async () => {
    for (const name of ['current', 'current_add', 'first', 'first_add', 'session', 'udata', 'migrations']) {
      cookieProperty.set!.call(document, `sbjs_${name}=x; Path=/`);
    }
    cookieProperty.set!.call(document, 'other=kept; Path=/');
    page('/checkout/?utm_source=news', 'https://www.google.com/');
    // Values a former page view left in the form.
    document.querySelector<HTMLInputElement>(`[name="${PREFIX}source_type"]`)!.value = 'utm';
    const { result, detail } = await mount(disallowed);
    expect(result.ok).toBe(true);
    expect(document.cookie).toBe('other=kept');
    expect(Object.values(inputs()).every((value) => value === '')).toBe(true);
    expect(Object.keys(inputs())).toEqual(FIELDS);
    expect(detail).toEqual(Object.fromEntries(FIELDS.map((field) => [field, ''])));
    // Deleted as set: Path=/, and for the site's domain as sourcebuster sets them.
    expect(writes.filter((w) => w.startsWith('sbjs_current=;'))).toEqual([
      'sbjs_current=; Path=/; SameSite=Lax; Max-Age=0',
      `sbjs_current=; Path=/; SameSite=Lax; Max-Age=0; Domain=${location.hostname}`,
    ]);
  });
});

describe('invalid props', () => {
  it.each<[string, unknown, string]>([
    ['no params', { fields: sample.fields }, 'params'],
    [
      'tracking not a boolean',
      { ...sample, params: { ...sample.params, allowTracking: 'no' } },
      'params.allowTracking',
    ],
    ['a hostile prefix', { ...sample, params: { ...sample.params, prefix: '"]' } }, 'params.prefix'],
    ['a field from elsewhere', { ...sample, fields: { source_type: 'window.name' } }, 'fields'],
  ])('%s: refused, nothing touched', async (_, props, field) => {
    page('/checkout/?utm_source=news');
    const { result, detail } = await mount(props);
    expect(result).toEqual({ ok: false, field, problem: 'invalid value' });
    expect(writes).toEqual([]);
    expect(document.cookie).toBe('');
    expect(Object.values(inputs()).every((value) => value === '')).toBe(true);
    expect(detail).toBeNull();
  });
});

describe('hostile cookies', () => {
  it('a source cookie holding markup is read as text only', async () => {
    const markup = '<img src=x onerror="window.hacked=1">';
    cookieProperty.set!.call(
      document,
      `sbjs_current=${encodeURIComponent(`typ=${markup}|||src=a;b|||__proto__=x|||constructor=y`)}; Path=/`,
    );
    cookieProperty.set!.call(document, `sbjs_session=${encodeURIComponent('pgs=NaN|||cpg=x')}; Path=/`);
    cookieProperty.set!.call(document, `sbjs_udata=${encodeURIComponent('vst=-|||uag=x')}; Path=/`);
    page('/checkout/', `${location.origin}/shop/`);
    const { detail } = await mount();
    expect(detail).toMatchObject({
      source_type: markup,
      utm_source: 'a;b',
      session_pages: '1',
      session_count: '1',
    });
    expect(inputs().source_type).toBe(markup);
    expect(document.querySelector('img')).toBeNull();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    // Written back encoded: the `;` cannot end the cookie.
    expect(cookie('sbjs_current')).not.toMatch(/[;<> ]/);
  });

  it('a cookie that cannot be decoded counts as absent', async () => {
    cookieProperty.set!.call(document, 'sbjs_current=%E0%A4%A; Path=/');
    page('/checkout/', `${location.origin}/shop/`);
    const { detail } = await mount();
    expect(detail).toMatchObject({ source_type: 'typein', utm_source: '(direct)' });
  });
});
