/**
 * The contact page of issue #16 (storefront.md §2.10): a callback-request form behind a trigger
 * (the `callback-modal` island) and share buttons for the page (the `share-buttons` island), and
 * the form's admin-ajax action, answered as a WordPress plugin would.
 *
 * The callback form (a plugin's, as the PHP plugin would find it): name, phone, preferred time,
 * consent, `wp_nonce_field( 'shop_islands_callback_request' )` (`_wpnonce` and `_wp_http_referer`),
 * `action=shop_islands_callback_request`, posted to /wp-admin/admin-ajax.php. The action's handler:
 * - `check_ajax_referer()`: a missing or wrong nonce dies with '-1', HTTP 403;
 * - name or phone missing: `wp_send_json_error( [ 'message' => … ] )` (HTTP 200);
 * - consent missing: the same, with its own message;
 * - else the request is recorded and `wp_send_json_success( [ 'message' => 'Thanks, NAME. … ' ] )`.
 *
 * Without JavaScript the browser posts the form to admin-ajax.php itself. A plugin answering JSON
 * then would leave the shopper on a page of JSON; this one does what a careful plugin does instead:
 * for a browser navigation (`Sec-Fetch-Mode: navigate`, which no script's request carries) it adds
 * the message as a notice to the shopper's session and redirects back to `_wp_http_referer` (this
 * site's path only), where the page prints the notice; fields are then empty, as after any no-JS
 * post. Scripts (the island) get the JSON.
 */
import { SITE_TITLE } from '../fixtures';
import { escapeHtml } from '../html';
import { renderDocument, type PageContext } from '../layout';
import { store } from '../store';
import { cleanText } from '../checkout/validation';
import { NETWORK_LABELS, NETWORKS, shareUrl, type Network } from '../../widgets/share-buttons/model';
import type { ChromeAjax, ChromePage } from './index';

export const CONTACT_PATH = '/contact/';
export const CALLBACK_ACTION = 'shop_islands_callback_request';
export const CALLBACK_TITLE = 'Request a callback';
export const MISSING_FIELDS_MESSAGE = 'Please enter your name and phone number.';
export const MISSING_CONSENT_MESSAGE = 'Please agree to be called about your request.';
export const callbackSuccessMessage = (name: string): string => `Thanks, ${name}. We will call you back.`;

/** The preferred times the form offers (value → label). */
export const CALLBACK_TIMES: readonly (readonly [string, string])[] = [
  ['any', 'Any time'],
  ['morning', 'Morning (9:00–12:00)'],
  ['afternoon', 'Afternoon (12:00–17:00)'],
  ['evening', 'Evening (17:00–19:00)'],
];

/** The networks of the contact page's share buttons: every one the island knows, in its order. */
export const CONTACT_NETWORKS: readonly Network[] = NETWORKS;

// -- the recorded requests (tests count them) -----------------------------------------------------

export interface CallbackRequest {
  session: string;
  name: string;
  phone: string;
  preferredTime: string;
}

const requests: CallbackRequest[] = [];

/** The callback requests accepted since the last reset, oldest first. */
export const callbackRequests = (): readonly CallbackRequest[] => [...requests];

export function resetCallbackRequests(): void {
  requests.length = 0;
}

// -- markup ---------------------------------------------------------------------------------------

/**
 * The server's share buttons (what the PHP plugin prints in the `share-buttons` container): one item
 * per network, each control marked `data-network`. Each share link works by itself without
 * JavaScript; print, which needs JavaScript, is a button in an item printed `hidden` (the island
 * shows it). An invalid page URL gives no list at all.
 */
export function shareButtonsMarkup(
  page: { url: string; title: string },
  networks: readonly Network[],
): string {
  const items = networks.map((network) => {
    const label = escapeHtml(NETWORK_LABELS[network]);
    if (network === 'print') {
      return (
        '<li class="share-buttons__item share-buttons__item--print" hidden>' +
        `<button type="button" class="share-buttons__link" data-network="print">${label}</button></li>`
      );
    }
    const href = shareUrl(network, page);
    if (!href) return '';
    return (
      `<li class="share-buttons__item share-buttons__item--${network}">` +
      `<a class="share-buttons__link" data-network="${network}" href="${escapeHtml(href)}">${label}</a></li>`
    );
  });
  if (items.includes('')) return '';
  return `<ul class="share-buttons" aria-label="Share this page">${items.join('')}</ul>`;
}

/** The share-buttons island for `page`. */
export function shareButtonsIsland(
  ctx: PageContext,
  page: { url: string; title: string },
  networks: readonly Network[] = CONTACT_NETWORKS,
): string {
  return ctx.islands.render(
    'share-buttons',
    { url: page.url, title: page.title, networks },
    shareButtonsMarkup(page, networks),
    { hydrate: 'idle' },
  );
}

/** The plugin's callback form, with a fresh nonce for the shopper's session. */
export function callbackFormMarkup(nonce: string, referer: string): string {
  const times = CALLBACK_TIMES.map(
    ([value, label]) => `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`,
  ).join('');
  return (
    '<div id="callback-request" class="callback-request">' +
    `<h2 class="callback-request__title">${escapeHtml(CALLBACK_TITLE)}</h2>` +
    '<form class="callback-request__form" method="post" action="/wp-admin/admin-ajax.php">' +
    '<p class="form-row"><label for="callback-name">Your name <abbr class="required" title="required">*</abbr></label>' +
    '<input type="text" class="input-text" id="callback-name" name="name" autocomplete="name" aria-required="true"></p>' +
    '<p class="form-row"><label for="callback-phone">Phone number <abbr class="required" title="required">*</abbr></label>' +
    '<input type="tel" class="input-text" id="callback-phone" name="phone" autocomplete="tel" aria-required="true"></p>' +
    `<p class="form-row"><label for="callback-time">Preferred time</label><select id="callback-time" name="preferred_time">${times}</select></p>` +
    '<p class="form-row"><input type="checkbox" id="callback-consent" name="consent" value="yes" required> ' +
    '<label for="callback-consent">I agree to be called about my request.</label></p>' +
    `<input type="hidden" name="action" value="${CALLBACK_ACTION}">` +
    `<input type="hidden" id="_wpnonce" name="_wpnonce" value="${escapeHtml(nonce)}">` +
    `<input type="hidden" name="_wp_http_referer" value="${escapeHtml(referer)}">` +
    '<p class="form-row"><button type="submit" class="button">Send request</button></p>' +
    '</form></div>'
  );
}

/** The callback-modal island: the trigger and the form (the island's props: its words). */
export function callbackIsland(ctx: PageContext, props: Record<string, unknown> = {}): string {
  const nonce = store.nonce(ctx.session, CALLBACK_ACTION);
  return ctx.islands.render(
    'callback-modal',
    { title: CALLBACK_TITLE, triggerLabel: CALLBACK_TITLE, ...props },
    `<p><a class="callback-trigger button" href="#callback-request">${escapeHtml(CALLBACK_TITLE)}</a></p>` +
      callbackFormMarkup(nonce, ctx.url.pathname),
    { hydrate: 'interaction' },
  );
}

const contactPage: ChromePage = (ctx) => {
  const page = { url: `${ctx.url.origin}${CONTACT_PATH}`, title: `Contact us – ${SITE_TITLE}` };
  return renderDocument(ctx, {
    title: 'Contact us',
    bodyClass: 'page contact-page',
    main:
      '<article class="page type-page"><header class="entry-header"><h1 class="entry-title">Contact us</h1></header>' +
      '<div class="entry-content">' +
      '<p>Questions about sizes, orders or deliveries? Our team answers the phone Monday to Friday, 9:00 to 19:00.</p>' +
      '<p>Rather we called you? Leave your name and number and choose a time.</p>' +
      callbackIsland(ctx) +
      '<h2>Share this page</h2>' +
      shareButtonsIsland(ctx, page) +
      '</div></article>',
  });
};

export const CONTACT_PAGES: Record<string, ChromePage> = { [CONTACT_PATH]: contactPage };

// -- admin-ajax -----------------------------------------------------------------------------------

const JSON_TYPE = 'application/json; charset=UTF-8';

/** A same-site path to go back to, or null (`wp_safe_redirect` would refuse another host). */
function safeReferer(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

function answer(
  request: Request,
  fields: URLSearchParams,
  result: { success: boolean; message: string },
): Response {
  const referer = safeReferer(fields.get('_wp_http_referer'));
  const session = store.peekSession(request.headers.get('cookie'));
  if (request.headers.get('sec-fetch-mode') === 'navigate' && referer && session) {
    // The no-JS post: back to the page, with the message as a notice.
    store.addNotice(session, result.success ? 'success' : 'error', escapeHtml(result.message));
    const location = result.success ? referer : `${referer}#callback-request`;
    return new Response(null, { status: 302, headers: { Location: location } });
  }
  return new Response(JSON.stringify({ success: result.success, data: { message: result.message } }), {
    status: 200,
    headers: { 'Content-Type': JSON_TYPE },
  });
}

/** `wp_ajax_nopriv_shop_islands_callback_request` (and `wp_ajax_`): the callback form's handler. */
export const CONTACT_AJAX: ChromeAjax = (action, fields, request) => {
  if (action !== CALLBACK_ACTION) return null;
  const session = store.peekSession(request.headers.get('cookie'));
  if (!store.verifyNonce(session, CALLBACK_ACTION, fields.get('_wpnonce') ?? fields.get('_ajax_nonce'))) {
    // check_ajax_referer(): `wp_die( '-1', 403 )`.
    return new Response('-1', { status: 403, headers: { 'Content-Type': 'text/html; charset=UTF-8' } });
  }
  const name = cleanText(fields.get('name') ?? '');
  const phone = cleanText(fields.get('phone') ?? '');
  if (!name || !phone) return answer(request, fields, { success: false, message: MISSING_FIELDS_MESSAGE });
  if (fields.get('consent') !== 'yes') {
    return answer(request, fields, { success: false, message: MISSING_CONSENT_MESSAGE });
  }
  const time = fields.get('preferred_time') ?? 'any';
  requests.push({
    session: session!.id,
    name,
    phone,
    preferredTime: CALLBACK_TIMES.some(([value]) => value === time) ? time : 'any',
  });
  return answer(request, fields, { success: true, message: callbackSuccessMessage(name) });
};
