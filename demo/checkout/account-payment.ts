/**
 * My Account's payment-method pages of the demo store (checkout.md §2 "Account pages", §6) with the
 * card gateway of the WooCommerce Stripe Gateway 9.x (demo/checkout/stripe.ts):
 *
 * - /my-account/payment-methods/: `myaccount/payment-methods.php`, the customer's saved cards in
 *   `table.woocommerce-MyAccount-paymentMethods` (or "No saved methods found.") and the
 *   "Add payment method" button.
 * - /my-account/add-payment-method/: `myaccount/form-add-payment-method.php`, `form#add_payment_method`
 *   with the gateway's `payment_fields()`, as the fallback of the `add-payment-method` island's
 *   container (widgets/add-payment-method/), its props the gateway's settings for this page.
 * - The form's POST: `WC_Form_Handler::add_payment_method_action()` and the gateway's
 *   `add_payment_method()`: the setup intent the browser confirmed becomes a saved card.
 * - admin-ajax `wc_stripe_create_and_confirm_setup_intent` (§7 "Admin endpoint"): the intent
 *   controller's `create_and_confirm_setup_intent_ajax()`, for a logged-in customer only
 *   (a `wp_ajax_` action: admin-ajax answers a guest its "0").
 *
 * A guest gets the login form on both pages, as WooCommerce's My Account shortcode prints it on any
 * endpoint. The setup intents are Stripe's for its test cards, by the last 4 digits the double's
 * payment method ids carry (`pm_double_{last4}_{n}`): 0002 and 9995 are refused, 3220 asks for
 * 3-D Secure (`requires_action`, confirmed by Stripe.js in the browser), any other succeeds.
 *
 * The server never hears how a 3-D Secure confirmation ended (Stripe would tell the gateway when it
 * fetches the intent): a `requires_action` intent of the session is taken by the form's POST as
 * Stripe would then report it, succeeded. Each intent keeps at most one card: a second POST of the
 * same intent is refused. Every value that came from the request is escaped where it is printed.
 */
import { escapeHtml } from '../html';
import { noticesHtml, renderDocument, type PageContext } from '../layout';
import { renderMyAccount } from '../pages/account';
import { store as defaultStore, type DemoStore, type Session } from '../store';
import { CARD_GATEWAY_ID } from './orders';
import { subscriptionsMenuItem } from './subscription-change';
import {
  addSavedCard,
  CARD_TITLE,
  PROVIDER_MESSAGES,
  randomId,
  savedCards,
  STRIPE_NONCE,
  stripeDoubleScripts,
  stripeSettings,
  TEST_CARDS,
  testCardDigits,
  type SavedCard,
  type StripeParams,
} from './stripe';

/** The endpoints' paths (`wc_get_account_endpoint_url()`). */
export const PAYMENT_METHODS_PATH = '/my-account/payment-methods/';
export const ADD_PAYMENT_METHOD_PATH = '/my-account/add-payment-method/';

/** `wp_nonce_field( 'woocommerce-add-payment-method', 'woocommerce-add-payment-method-nonce' )`. */
export const ADD_PAYMENT_METHOD_NONCE_ACTION = 'woocommerce-add-payment-method';
export const ADD_PAYMENT_METHOD_NONCE_FIELD = 'woocommerce-add-payment-method-nonce';

/** The admin-ajax action of the gateway's intent controller. */
export const SETUP_INTENT_ACTION = `wc_${CARD_GATEWAY_ID}_create_and_confirm_setup_intent`;

/** The island whose container holds the add-payment-method form. */
export const ADD_PAYMENT_METHOD_ISLAND = 'add-payment-method';

/** WooCommerce's and the gateway's words (plain text). */
export const ACCOUNT_PAYMENT_TEXT = {
  /** `WC_Query::get_endpoint_title()`. */
  paymentMethodsTitle: 'Payment methods',
  addPaymentMethodTitle: 'Add payment method',
  /** `myaccount/payment-methods.php` without saved methods. */
  noMethods: 'No saved methods found.',
  /** The button of both pages. */
  addButton: 'Add payment method',
  /** `add_payment_method_action()`. */
  added: 'Payment method successfully added.',
  unable: 'Unable to add payment method to your account.',
  /** `create_and_confirm_setup_intent_ajax()`: `check_ajax_referer()` failed. */
  invalidNonce: 'Unable to verify your request. Please refresh the page and try again.',
  /** The same, without a payment method (the demo also says it for one Stripe would not know). */
  noPaymentMethod: "We're not able to add this payment method. Please refresh the page and try again.",
} as const;

// -- the setup intents ------------------------------------------------------------------------------

interface SetupIntent {
  id: string;
  clientSecret: string;
  status: 'succeeded' | 'requires_action';
  paymentMethodId: string;
  last4: string;
  /** A card was kept from it (the form's POST took it). */
  used: boolean;
}

/** The setup intents each session made, by id (a WeakMap: `resetStore()` forgets them). */
const intentsBySession = new WeakMap<Session, Map<string, SetupIntent>>();

function intentsOf(session: Session): Map<string, SetupIntent> {
  let intents = intentsBySession.get(session);
  if (!intents) {
    intents = new Map();
    intentsBySession.set(session, intents);
  }
  return intents;
}

/** `wp_send_json_success()` / `wp_send_json_error()` of the action (HTTP 200 either way). */
export type SetupIntentAnswer =
  | {
      success: true;
      data: {
        status: 'succeeded' | 'requires_action';
        id: string;
        client_secret: string;
        /** Stripe's `next_action`: null once succeeded; Stripe.js' own step for 3-D Secure. */
        next_action: { type: 'use_stripe_sdk' } | null;
        payment_type: 'card';
        /** `rawurlencode()`d: the payment-methods page. */
        return_url: string;
      };
    }
  | { success: false; data: { error: { message: string } } };

const refusal = (message: string): SetupIntentAnswer => ({ success: false, data: { error: { message } } });

/** PHP's `rawurlencode()`. */
function rawUrlEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** PHP's `empty()` of a posted value. */
const empty = (value: string | null): boolean => value === null || value === '' || value === '0';

/**
 * `wc_stripe_create_and_confirm_setup_intent` (admin-ajax): a setup intent for the posted payment
 * method (`wc-stripe-payment-method`), created and confirmed. Null for a visitor without a logged-in
 * session: the action is only registered for logged-in users, admin-ajax answers "0" (HTTP 400).
 */
export function createAndConfirmSetupIntent(
  store: DemoStore,
  session: Session | null,
  fields: URLSearchParams,
  origin: string,
): SetupIntentAnswer | null {
  if (!session || session.loggedIn === null) return null;
  // `check_ajax_referer( …, false, false )`: `_ajax_nonce`, else `_wpnonce`.
  const nonce = fields.get('_ajax_nonce') ?? fields.get('_wpnonce');
  if (!store.verifyNonce(session, STRIPE_NONCE.createAndConfirmSetupIntent, nonce)) {
    return refusal(ACCOUNT_PAYMENT_TEXT.invalidNonce);
  }
  const id = CARD_GATEWAY_ID;
  const paymentMethodId = (fields.get(`wc-${id}-payment-method`) ?? '').trim();
  const paymentType = (fields.get(`wc-${id}-payment-type`) ?? 'card').trim();
  if (paymentMethodId === '') return refusal(ACCOUNT_PAYMENT_TEXT.noPaymentMethod);
  // The card is the only method the demo's gateway has; Stripe knows only the double's methods.
  const last4 = testCardDigits(paymentMethodId);
  if (paymentType !== 'card' || last4 === '') return refusal(ACCOUNT_PAYMENT_TEXT.noPaymentMethod);

  const outcome = Object.hasOwn(TEST_CARDS, last4) ? TEST_CARDS[last4] : undefined;
  if (outcome && outcome !== 'action') return refusal(PROVIDER_MESSAGES[outcome]);

  const intentId = `seti_${randomId(24)}`;
  const intent: SetupIntent = {
    id: intentId,
    clientSecret: `${intentId}_secret_${randomId(24)}`,
    status: outcome === 'action' ? 'requires_action' : 'succeeded',
    paymentMethodId,
    last4,
    used: false,
  };
  intentsOf(session).set(intent.id, intent);

  let returnUrl = `${origin}${PAYMENT_METHODS_PATH}`;
  if (!empty(fields.get('update_all_subscription_payment_methods'))) {
    returnUrl += `?wc-${id}-${paymentType}-update-all-subscription-payment-methods=true`;
  }
  return {
    success: true,
    data: {
      status: intent.status,
      id: intent.id,
      client_secret: intent.clientSecret,
      next_action: intent.status === 'requires_action' ? { type: 'use_stripe_sdk' } : null,
      payment_type: 'card',
      return_url: rawUrlEncode(returnUrl),
    },
  };
}

// -- the form's POST: WC_Form_Handler::add_payment_method_action() ------------------------------------

export type AddPaymentMethodOutcome =
  /** Not this form's POST, or one WooCommerce drops without a word (bad nonce, another gateway). */
  | { kind: 'ignored' }
  /** The gateway refused: the error notice is in the session; the page is printed again. */
  | { kind: 'refused' }
  /** Kept: the success notice is in the session; the shopper goes to `location`. */
  | { kind: 'added'; location: string };

/**
 * The add-payment-method form's POST (`fields`: `$_POST`; `query`: `$_GET`): the nonce, the chosen
 * gateway (the card gateway is the only one on the page), then the gateway's `add_payment_method()`:
 * a logged-in customer and `wc-stripe-setup-intent` naming a setup intent this session created
 * (and confirmed) through {@link createAndConfirmSetupIntent}, not used before.
 */
export function addPaymentMethodAction(
  store: DemoStore,
  session: Session,
  fields: URLSearchParams,
  query: URLSearchParams = new URLSearchParams(),
): AddPaymentMethodOutcome {
  if (!fields.has('woocommerce_add_payment_method') || !fields.has('payment_method')) {
    return { kind: 'ignored' };
  }
  // `$_REQUEST`: the body, then the query string.
  const request = (name: string) => fields.get(name) ?? query.get(name);
  const nonce = request(ADD_PAYMENT_METHOD_NONCE_FIELD) ?? request('_wpnonce');
  if (!store.verifyNonce(session, ADD_PAYMENT_METHOD_NONCE_ACTION, nonce)) return { kind: 'ignored' };
  // Not an available gateway of this page: nothing is done.
  if ((fields.get('payment_method') ?? '').trim() !== CARD_GATEWAY_ID) return { kind: 'ignored' };

  const intentId = (fields.get(`wc-${CARD_GATEWAY_ID}-setup-intent`) ?? '').trim();
  const intent = session.loggedIn === null ? undefined : intentsOf(session).get(intentId);
  const kept = intent && !intent.used ? addSavedCard(session, intent.paymentMethodId, intent.last4) : null;
  if (!intent || !kept) {
    store.addNotice(session, 'error', escapeHtml(ACCOUNT_PAYMENT_TEXT.unable));
    return { kind: 'refused' };
  }
  intent.used = true;
  store.addNotice(session, 'success', escapeHtml(ACCOUNT_PAYMENT_TEXT.added));
  return { kind: 'added', location: PAYMENT_METHODS_PATH };
}

// -- the pages ----------------------------------------------------------------------------------------

/** `myaccount/navigation.php` with the demo's endpoints (the dashboard, these pages, log out). */
export function accountNavigation(store: DemoStore, session: Session, current: string): string {
  // WooCommerce Subscriptions' item, where its "Orders" would be (demo/checkout/subscription-change.ts).
  const subscriptions = subscriptionsMenuItem(store, session);
  const items: [string, string, string][] = [
    ['dashboard', 'Dashboard', '/my-account/'],
    ...(subscriptions ? [subscriptions] : []),
    ['payment-methods', 'Payment methods', PAYMENT_METHODS_PATH],
    [
      'customer-logout',
      'Log out',
      `/my-account/customer-logout/?_wpnonce=${store.nonce(session, 'log-out')}`,
    ],
  ];
  const links = items
    .map(([endpoint, label, href]) => {
      const active = endpoint === current;
      return (
        `\t\t\t<li class="woocommerce-MyAccount-navigation-link woocommerce-MyAccount-navigation-link--${endpoint}${active ? ' is-active' : ''}">\n` +
        `\t\t\t\t<a href="${escapeHtml(href)}" ${active ? 'aria-current="page"' : ''}>\n` +
        `\t\t\t\t\t${label}\t\t\t\t</a>\n\t\t\t</li>\n`
      );
    })
    .join('');
  return (
    '<nav class="woocommerce-MyAccount-navigation" aria-label="Account pages">\n' +
    `\t<ul>\n${links}\t</ul>\n</nav>\n\n`
  );
}

/**
 * `myaccount/my-account.php` around an endpoint's content, the notices at its top. `menu`: the
 * navigation item shown active, when it is not the endpoint's own (a subscription's page).
 */
export function accountPage(
  ctx: PageContext,
  store: DemoStore,
  page: { title: string; endpoint: string; content: string; scripts?: string[]; menu?: string },
): string {
  const main =
    '<article class="page type-page status-publish hentry"><header class="entry-header">' +
    `<h1 class="entry-title">${escapeHtml(page.title)}</h1></header>` +
    '<div class="entry-content"><div class="woocommerce">' +
    accountNavigation(store, ctx.session, page.menu ?? page.endpoint) +
    '<div class="woocommerce-MyAccount-content">\n' +
    // `woocommerce_output_all_notices` at `woocommerce_account_content`, priority 5.
    noticesHtml(ctx.notices) +
    `${page.content}</div>\n</div></div></article>`;
  return renderDocument(
    { ...ctx, notices: [] },
    {
      title: page.title,
      bodyClass: `page woocommerce-account woocommerce-${page.endpoint}`,
      main,
      scripts: page.scripts,
    },
  );
}

/** One row of the table (`wc_get_account_saved_payment_methods_list()` for a card). */
function methodRow(card: SavedCard): string {
  const cell = (column: string, title: string, html: string) =>
    `\t\t\t\t\t\t<td class="woocommerce-PaymentMethod woocommerce-PaymentMethod--${column} payment-method-${column}" data-title="${title}">\n` +
    `\t\t\t\t\t\t\t${html}\t\t\t\t\t\t</td>\n`;
  return (
    `\t\t\t\t<tr class="payment-method${card.isDefault ? ' default-payment-method' : ''}">\n` +
    cell('method', 'Method', `${escapeHtml(card.brand)} ending in ${escapeHtml(card.last4)}`) +
    cell('expires', 'Expires', escapeHtml(card.expires)) +
    // The demo has no delete-payment-method / set-default-payment-method endpoints: no actions.
    cell('actions', '&nbsp;', '') +
    '\t\t\t\t</tr>\n'
  );
}

/** `myaccount/payment-methods.php`. */
export function paymentMethodsContent(session: Session): string {
  const cards = savedCards(session);
  const head = [
    ['method', 'Method'],
    ['expires', 'Expires'],
    ['actions', '&nbsp;'],
  ]
    .map(
      ([column, name]) =>
        `\t\t\t\t\t<th class="woocommerce-PaymentMethod woocommerce-PaymentMethod--${column} payment-method-${column}"><span class="nobr">${name}</span></th>\n`,
    )
    .join('');
  const list =
    cards.length > 0
      ? '\t<table class="woocommerce-MyAccount-paymentMethods shop_table shop_table_responsive account-payment-methods-table">\n' +
        `\t\t<thead>\n\t\t\t<tr>\n${head}\t\t\t\t\t</tr>\n\t\t</thead>\n` +
        cards.map(methodRow).join('') +
        '\t\t\t</table>\n\n'
      : `\t<div class="woocommerce-info">\n\t\t${ACCOUNT_PAYMENT_TEXT.noMethods}\t</div>\n\n`;
  return (
    `\n${list}\n` +
    `\t<a class="button" href="${ADD_PAYMENT_METHOD_PATH}">${ACCOUNT_PAYMENT_TEXT.addButton}</a>\n`
  );
}

/** /my-account/payment-methods/: the table, or the login form for a guest. */
export function renderPaymentMethods(ctx: PageContext, store: DemoStore = defaultStore): string {
  if (ctx.session.loggedIn === null) return renderMyAccount(ctx);
  return accountPage(ctx, store, {
    title: ACCOUNT_PAYMENT_TEXT.paymentMethodsTitle,
    endpoint: 'payment-methods',
    content: paymentMethodsContent(ctx.session),
  });
}

/**
 * The gateway's `payment_fields()` on this page: no description, no test-mode text, no saved methods
 * (`is_checkout()` is false), the element's fieldset, and its save checkbox forced on and hidden
 * (`is_add_payment_method_page()`).
 */
function cardFields(): string {
  const id = CARD_GATEWAY_ID;
  const save = `wc-${id}-new-payment-method`;
  return (
    '\n\t\t\t\n\t\t\t\n\t\t\t\n' +
    `\t\t\t<fieldset id="wc-${id}-upe-form" class="wc-upe-form wc-payment-form">\n` +
    `\t\t\t\t<div class="wc-${id}-upe-element" data-payment-method-type="card"></div>\n` +
    `\t\t\t\t<div id="wc-${id}-upe-errors" role="alert"></div>\n` +
    `\t\t\t\t<input id="wc-${id}-payment-method-upe" type="hidden" name="wc-${id}-payment-method-upe" />\n` +
    `\t\t\t\t<input id="wc_${id}_selected_upe_payment_type" type="hidden" name="wc_${id}_selected_upe_payment_type" />\n` +
    `\t\t\t\t<input type="hidden" class="wc-${id}-is-deferred-intent" name="wc-${id}-is-deferred-intent" value="1" />\n` +
    '\t\t\t</fieldset>\n' +
    '\t\t\t\t<fieldset style="display:none;">\n' +
    '\t\t\t<p class="form-row woocommerce-SavedPaymentMethods-saveNew">\n' +
    `\t\t\t\t<input id="${save}" name="${save}" type="checkbox" value="true" style="width:auto;" checked />\n` +
    `\t\t\t\t<label for="${save}" style="display:inline;">\n` +
    '\t\t\t\t\tSave payment information to my account for future purchases.\t\t\t\t</label>\n' +
    '\t\t\t</p>\n\t\t</fieldset>\n\t\t'
  );
}

/**
 * `myaccount/form-add-payment-method.php` with the card gateway, the only one that can add a method
 * (chosen, its box printed hidden as the template does: the page's script shows it). `requestUri`:
 * `$_SERVER['REQUEST_URI']`, the nonce field's `_wp_http_referer`.
 */
export function addPaymentMethodForm(store: DemoStore, session: Session, requestUri: string): string {
  const id = CARD_GATEWAY_ID;
  const button = ACCOUNT_PAYMENT_TEXT.addButton;
  return (
    '<form id="add_payment_method" method="post">\n' +
    '\t\t<div id="payment" class="woocommerce-Payment">\n' +
    '\t\t\t<ul class="woocommerce-PaymentMethods payment_methods methods">\n' +
    `\t\t\t\t\t\t\t\t\t<li class="woocommerce-PaymentMethod woocommerce-PaymentMethod--${id} payment_method_${id}">\n` +
    `\t\t\t\t\t\t<input id="payment_method_${id}" type="radio" class="input-radio" name="payment_method" value="${id}"  checked='checked' />\n` +
    `\t\t\t\t\t\t<label for="payment_method_${id}">${escapeHtml(CARD_TITLE)} </label>\n` +
    `\t\t\t\t\t\t<div class="woocommerce-PaymentBox woocommerce-PaymentBox--${id} payment_box payment_method_${id}" style="display: none;">` +
    cardFields() +
    '</div>\t\t\t\t\t</li>\n' +
    '\t\t\t\t\t\t\t</ul>\n\n\t\t\t\n\n' +
    '\t\t\t<div class="form-row">\n' +
    `\t\t\t\t<input type="hidden" id="${ADD_PAYMENT_METHOD_NONCE_FIELD}" name="${ADD_PAYMENT_METHOD_NONCE_FIELD}" value="${escapeHtml(store.nonce(session, ADD_PAYMENT_METHOD_NONCE_ACTION))}" />` +
    `<input type="hidden" name="_wp_http_referer" value="${escapeHtml(requestUri)}" />` +
    `\t\t\t\t<button type="submit" class="woocommerce-Button woocommerce-Button--alt button alt" id="place_order" value="${button}">${button}</button>\n` +
    '\t\t\t\t<input type="hidden" name="woocommerce_add_payment_method" id="woocommerce_add_payment_method" value="1" />\n' +
    '\t\t\t</div>\n\t\t</div>\n\t</form>\n'
  );
}

/** The island's props: the gateway's settings for this page (widgets/add-payment-method/schema.ts). */
export interface AddPaymentMethodIslandProps {
  stripe: StripeParams;
}

export function addPaymentMethodIslandProps(
  store: DemoStore,
  session: Session,
  origin: string,
): AddPaymentMethodIslandProps {
  return { stripe: stripeSettings(store, session, origin, { addPaymentMethod: true }) };
}

/**
 * /my-account/add-payment-method/: the form in the island's container, Stripe.js (the demo's double)
 * before the loader; the login form for a guest.
 */
export function renderAddPaymentMethod(ctx: PageContext, store: DemoStore = defaultStore): string {
  if (ctx.session.loggedIn === null) return renderMyAccount(ctx);
  const form = addPaymentMethodForm(store, ctx.session, ctx.url.pathname + ctx.url.search);
  const props = addPaymentMethodIslandProps(store, ctx.session, ctx.url.origin);
  return accountPage(ctx, store, {
    title: ACCOUNT_PAYMENT_TEXT.addPaymentMethodTitle,
    endpoint: 'add-payment-method',
    content: ctx.islands.render(ADD_PAYMENT_METHOD_ISLAND, props, form, { hydrate: 'load' }),
    scripts: stripeDoubleScripts(ctx.url),
  });
}

// -- routing (demo/site.ts) ---------------------------------------------------------------------------

export type AccountPaymentOutcome = { location: string } | { page: (ctx: PageContext) => string };

/**
 * The two endpoints for demo/site.ts, or null for another path: the add-payment-method form's POST
 * first (added: to the payment-methods page), then the page.
 */
export function handleAccountPayment(
  store: DemoStore,
  session: Session,
  request: { method: string; url: URL; fields: URLSearchParams },
): AccountPaymentOutcome | null {
  const path = request.url.pathname;
  if (path === PAYMENT_METHODS_PATH) return { page: (ctx) => renderPaymentMethods(ctx, store) };
  if (path !== ADD_PAYMENT_METHOD_PATH) return null;
  if (request.method === 'POST') {
    const outcome = addPaymentMethodAction(store, session, request.fields, request.url.searchParams);
    if (outcome.kind === 'added') return { location: outcome.location };
  }
  return { page: (ctx) => renderAddPaymentMethod(ctx, store) };
}
