/**
 * The contact page (demo/chrome/contact.ts): the callback form as the plugin prints it, the share
 * buttons, and the form's admin-ajax action answered as a WordPress plugin would. Runs in jsdom to
 * read the page with DOMParser.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { CallbackModalPropsSchema } from '../../widgets/callback-modal/schema';
import { checkProps, shareUrl } from '../../widgets/share-buttons/model';
import { createSite } from '../site';
import { resetStore, store } from '../store';
import { cookieClient } from '../test-client';
import {
  CALLBACK_ACTION,
  callbackRequests,
  CONTACT_AJAX,
  CONTACT_PAGES,
  MISSING_CONSENT_MESSAGE,
  MISSING_FIELDS_MESSAGE,
  resetCallbackRequests,
  shareButtonsMarkup,
} from './contact';

const site = createSite({ store });
const ORIGIN = 'http://demo.localhost';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

beforeEach(() => {
  resetStore();
  resetCallbackRequests();
});

/** A shopper with a session: the contact page, and the callback form's fields as printed. */
async function shopper() {
  const client = cookieClient(ORIGIN, site);
  const response = await client.send('/contact/');
  expect(response.status).toBe(200);
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  const form = doc.querySelector<HTMLFormElement>('#callback-request form')!;
  const printed = new URLSearchParams();
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')) {
    printed.append(input.name, input.value);
  }
  /** Posts the form's hidden fields plus `fields` to the action's handler, as admin-ajax would. */
  const post = async (fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const body = new URLSearchParams(printed);
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    const request = new Request(`${ORIGIN}/wp-admin/admin-ajax.php`, {
      method: 'POST',
      headers: { ...FORM, Cookie: client.cookieHeader(), ...headers },
      body: body.toString(),
    });
    return CONTACT_AJAX(body.get('action') ?? '', body, request)!;
  };
  return { client, doc, form, post };
}

const props = (doc: Document, name: string): unknown =>
  JSON.parse(doc.querySelector(`[data-island="${name}"] > script[data-island-props]`)!.textContent!);

const FILLED = { name: 'Ada Lovelace', phone: '+44 20 7946 0000', preferred_time: 'morning', consent: 'yes' };

describe('the contact page', () => {
  it('is listed at /contact/', () => {
    expect(Object.keys(CONTACT_PAGES)).toEqual(['/contact/']);
  });

  it('prints the callback trigger and the plugin’s form in the callback-modal island', async () => {
    const { doc, form } = await shopper();
    const container = doc.querySelector('[data-island="callback-modal"]')!;
    expect(container.getAttribute('data-hydrate')).toBe('interaction');
    expect(CallbackModalPropsSchema.safeParse(props(doc, 'callback-modal')).success).toBe(true);
    const trigger = container.querySelector('a.callback-trigger')!;
    expect(trigger.getAttribute('href')).toBe('#callback-request');
    expect(trigger.textContent).toBe('Request a callback');
    expect(container.contains(form)).toBe(true);
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/wp-admin/admin-ajax.php');
    const names = [...form.elements].map((el) => (el as HTMLInputElement).name).filter(Boolean);
    expect(names).toEqual([
      'name',
      'phone',
      'preferred_time',
      'consent',
      'action',
      '_wpnonce',
      '_wp_http_referer',
    ]);
    expect(form.querySelector<HTMLInputElement>('[name="phone"]')!.type).toBe('tel');
    expect(form.querySelector<HTMLInputElement>('[name="action"]')!.value).toBe(CALLBACK_ACTION);
    expect(form.querySelector<HTMLInputElement>('[name="_wpnonce"]')!.value).toMatch(/^[0-9a-f]{10}$/);
    expect(form.querySelector<HTMLInputElement>('[name="_wp_http_referer"]')!.value).toBe('/contact/');
    // Every field has its label.
    for (const field of form.querySelectorAll('input:not([type="hidden"]), select')) {
      expect(form.querySelector(`label[for="${field.id}"]`), field.id).not.toBeNull();
    }
  });

  it('prints a working share link per network (print: a hidden button) for the page', async () => {
    const { doc } = await shopper();
    const container = doc.querySelector('[data-island="share-buttons"]')!;
    expect(container.getAttribute('data-hydrate')).toBe('idle');
    const checked = checkProps(props(doc, 'share-buttons'));
    expect(checked.ok).toBe(true);
    const page = { url: `${ORIGIN}/contact/`, title: 'Contact us – Shop Islands Demo' };
    expect(props(doc, 'share-buttons')).toMatchObject(page);
    const links = [...container.querySelectorAll('a[data-network]')].map((a) => [
      a.getAttribute('data-network'),
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['facebook', 'Share on Facebook', shareUrl('facebook', page)],
      ['x', 'Share on X', shareUrl('x', page)],
      ['linkedin', 'Share on LinkedIn', shareUrl('linkedin', page)],
      ['pinterest', 'Share on Pinterest', shareUrl('pinterest', page)],
      ['whatsapp', 'Share on WhatsApp', shareUrl('whatsapp', page)],
      ['telegram', 'Share on Telegram', shareUrl('telegram', page)],
      ['reddit', 'Share on Reddit', shareUrl('reddit', page)],
      ['email', 'Share by email', shareUrl('email', page)],
    ]);
    expect(new URL(links[0]![2]!).searchParams.get('u')).toBe(page.url);
    const print = container.querySelector('[data-network="print"]')!;
    expect(print.tagName).toBe('BUTTON');
    expect(print.closest('li')!.hidden).toBe(true);
  });

  it('prints no share list for a page URL that is not http(s)', () => {
    expect(shareButtonsMarkup({ url: 'javascript:alert(1)', title: 'x' }, ['facebook'])).toBe('');
  });
});

describe('shop_islands_callback_request (admin-ajax)', () => {
  it('accepts a filled form: JSON success with the message, one request recorded', async () => {
    const { post } = await shopper();
    const response = await post(FILLED);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      success: true,
      data: { message: 'Thanks, Ada Lovelace. We will call you back.' },
    });
    expect(callbackRequests()).toMatchObject([
      { name: 'Ada Lovelace', phone: '+44 20 7946 0000', preferredTime: 'morning' },
    ]);
  });

  it('cleans the name as sanitize_text_field does', async () => {
    const { post } = await shopper();
    const response = await post({ ...FILLED, name: '  <b>Ada</b>\n Lovelace ' });
    expect(await response.json()).toMatchObject({
      data: { message: 'Thanks, Ada Lovelace. We will call you back.' },
    });
  });

  it.each([
    [{ name: '' }, MISSING_FIELDS_MESSAGE],
    [{ phone: '   ' }, MISSING_FIELDS_MESSAGE],
    [{ consent: '' }, MISSING_CONSENT_MESSAGE],
  ])('refuses %j with HTTP 200 and the message; nothing recorded', async (change, message) => {
    const { post } = await shopper();
    const response = await post({ ...FILLED, ...change });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: false, data: { message } });
    expect(callbackRequests()).toEqual([]);
  });

  it('a wrong or missing nonce: "-1" with 403, as check_ajax_referer dies', async () => {
    const { post } = await shopper();
    for (const nonce of ['0123456789', '']) {
      const response = await post({ ...FILLED, _wpnonce: nonce });
      expect(response.status).toBe(403);
      expect(await response.text()).toBe('-1');
    }
    expect(callbackRequests()).toEqual([]);
  });

  it('another session’s nonce is refused', async () => {
    const first = await shopper();
    const second = await shopper();
    const nonce = first.form.querySelector<HTMLInputElement>('[name="_wpnonce"]')!.value;
    const response = await second.post({ ...FILLED, _wpnonce: nonce });
    expect(response.status).toBe(403);
  });

  it('is not this module’s business for other actions', () => {
    const request = new Request(`${ORIGIN}/wp-admin/admin-ajax.php`, { method: 'POST' });
    expect(CONTACT_AJAX('other', new URLSearchParams(), request)).toBeNull();
  });

  describe('without JavaScript (a browser navigation posts the form)', () => {
    const NAVIGATE = { 'Sec-Fetch-Mode': 'navigate' };

    it('success: back to the page, which prints the message as a notice', async () => {
      const { client, post } = await shopper();
      const response = await post(FILLED, NAVIGATE);
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe('/contact/');
      expect(callbackRequests()).toHaveLength(1);
      const page = await (await client.send('/contact/')).text();
      const doc = new DOMParser().parseFromString(page, 'text/html');
      expect(doc.querySelector('.woocommerce-message')!.textContent).toBe(
        'Thanks, Ada Lovelace. We will call you back.',
      );
    });

    it('refusal: back to the form with the message as an error notice', async () => {
      const { client, post } = await shopper();
      const response = await post({ ...FILLED, name: '' }, NAVIGATE);
      expect(response.headers.get('Location')).toBe('/contact/#callback-request');
      const doc = new DOMParser().parseFromString(await (await client.send('/contact/')).text(), 'text/html');
      expect(doc.querySelector('.woocommerce-error')!.textContent).toBe(MISSING_FIELDS_MESSAGE);
    });

    it('never redirects off the site: JSON instead', async () => {
      const { post } = await shopper();
      const response = await post({ ...FILLED, _wp_http_referer: '//evil.example/' }, NAVIGATE);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ success: true });
    });
  });
});
