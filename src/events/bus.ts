/**
 * A tiny typed event bus for islands that speaks WooCommerce's classic body events.
 *
 * Every event is a DOM `CustomEvent` whose `detail` is the argument tuple WooCommerce's jQuery
 * scripts pass (`$( document.body ).trigger( 'added_to_cart', [ fragments, cart_hash, $button ] )`).
 * When jQuery is on the page the same event is also triggered through jQuery, with Elements wrapped
 * as jQuery objects, so cart-fragments.js and third-party plugins keep working unchanged.
 *
 * Nothing here touches the DOM at import time (SSR-safe); without a document every call is a no-op.
 */

import type { Variation } from '../contract/variation';

/** Event name → argument tuple (the CustomEvent `detail`, and the extra arguments of jQuery handlers). */
export type ShopEvents = {
  /** An add starts: the button (a jQuery object for jQuery listeners) and the data posted. */
  adding_to_cart: [button: Element | null, data: Record<string, string>];
  added_to_cart: [fragments: Record<string, string>, cartHash: string, button: Element | null];
  removed_from_cart: [fragments: Record<string, string>, cartHash: string, button: Element | null];
  wc_fragments_loaded: [];
  wc_fragments_refreshed: [];
  wc_fragments_ajax_error: [];
  wc_cart_button_updated: [button: Element | null];
  /** Asks cart-fragments (ours or WooCommerce's) to refresh the fragments from the server. */
  wc_fragment_refresh: [];
  updated_wc_div: [];
  /** The cart page's totals (`div.cart_totals`) were replaced with the server's (cart.js). */
  updated_cart_totals: [];
  /**
   * WooCommerce's cancelable pre-send hook (ask with `vetoed`): a listener returning `false`
   * (jQuery) or calling `preventDefault()` (DOM) cancels the add. The dot is a jQuery namespace.
   */
  'should_send_ajax_request.adding_to_cart': [button: Element | null];
  /** Fired after a veto, with WooCommerce's `[ false, false, $button ]`. */
  'ajax_request_not_sent.adding_to_cart': [fragments: false, cartHash: false, button: Element | null];

  /*
   * The variations form's events (add-to-cart-variation.js), fired on the `form.variations_form`
   * element and bubbling to the document, so the gallery, the sale badge and other plugins can follow
   * the chosen variation (`$form.on( 'found_variation', … )` or `$( document ).on( …, '.variations_form', … )`).
   */
  /** A variation matches the complete selection. */
  found_variation: [variation: Variation];
  /** The matched variation's panel is shown; `purchasable` is false in the 'unavailable' state. */
  show_variation: [variation: Variation, purchasable: boolean];
  /** The panel is hidden (selection incomplete, no match, or reset). */
  hide_variation: [];
  /** SKU, weight, dimensions restored to the product's own. */
  reset_data: [];
  /** The gallery goes back to the product's own image. */
  reset_image: [];
  /** The selection changed (after each check). */
  woocommerce_variation_has_changed: [];

  /*
   * The classic checkout's events (checkout.js, country-select.js), on `document.body` unless said.
   */
  /** Asks for an order review recalculation (anyone may trigger it; the checkout listens). */
  update_checkout: [];
  /** The review's fragments replaced their regions: the answer's data. */
  updated_checkout: [data: unknown];
  /** The place-order answer's error messages (HTML) are shown. */
  checkout_error: [messages: string];
  applied_coupon_in_checkout: [code: string];
  removed_coupon_in_checkout: [code: string];
  /** The chosen payment method changed (`[ method ]`). */
  payment_method_selected: [method: string];
  /** A country change redrew its address fields: the country and the fields' wrapper. */
  country_to_state_changed: [country: string, wrapper: Element | null];
  /**
   * Cancelable, on the checkout form (ask with `vetoed`): a listener returning `false` stops the
   * submit; `checkout_place_order_{method}` is asked for the chosen method only.
   */
  checkout_place_order: [form: Element];
  [method: `checkout_place_order_${string}`]: [form: Element];
};

export type ShopEventName = keyof ShopEvents;
export type ShopEventHandler<K extends ShopEventName> = (...args: ShopEvents[K]) => void;
export type BusTarget = Element | Document | Window;

/* ---- the bit of jQuery we use (typed locally: no @types/jquery) ---- */

interface JQueryEventLike {
  /** Set when jQuery wraps a native event (dispatchEvent); absent for `trigger`ed events. */
  originalEvent?: Event;
}
export type JQueryListener = (event: JQueryEventLike, ...args: unknown[]) => unknown;
export interface JQueryCollectionLike {
  readonly jquery: string;
  readonly length: number;
  readonly [index: number]: Element | undefined;
  on(events: string, handler: JQueryListener): unknown;
  off(events: string, handler?: JQueryListener): unknown;
  trigger(event: string, data?: unknown[]): unknown;
  triggerHandler(event: string, data?: unknown[]): unknown;
}
export interface JQueryLike {
  (target?: BusTarget): JQueryCollectionLike;
  /** jQuery's own guard: its native listeners ignore events whose type equals this. */
  event?: { triggered?: string | undefined };
}

function getJQuery(): JQueryLike | undefined {
  if (typeof window === 'undefined') return undefined;
  const jq = (window as Window & { jQuery?: unknown }).jQuery;
  return typeof jq === 'function' ? (jq as JQueryLike) : undefined;
}

function defaultTarget(target: BusTarget | undefined): BusTarget | undefined {
  return target ?? (typeof document === 'undefined' ? undefined : (document.body ?? undefined));
}

function isJQueryObject(value: unknown): value is JQueryCollectionLike {
  return (
    typeof value === 'object' && value !== null && typeof (value as { jquery?: unknown }).jquery === 'string'
  );
}

/** jQuery objects → their first Element (or null when empty); other values unchanged. */
function unwrap(args: readonly unknown[]): unknown[] {
  return args.map((arg) => (isJQueryObject(arg) ? (arg[0] ?? null) : arg));
}

/**
 * Elements → jQuery objects. `null` only ever fills an `Element | null` slot in `ShopEvents`, so it
 * becomes an empty jQuery set: classic handlers call `$button.hasClass(…)` without checking.
 */
function wrap(jq: JQueryLike, args: readonly unknown[]): unknown[] {
  return args.map((arg) => (arg === null ? jq() : arg instanceof Element ? jq(arg) : arg));
}

/** Foreign CustomEvents may carry anything: an array is the tuple, nothing is `[]`, else `[detail]`. */
function detailArgs(event: Event): unknown[] {
  const detail: unknown = (event as CustomEvent<unknown>).detail;
  return unwrap(detail == null ? [] : Array.isArray(detail) ? detail : [detail]);
}

/** Like a listener error in the browser: reported, but never breaks the code that fired the event. */
function report(error: unknown): void {
  if (typeof reportError === 'function') reportError(error);
  else
    setTimeout(() => {
      throw error;
    });
}

/**
 * Names our own `emit`/`vetoed` are currently sending through jQuery (with a nesting count). Our
 * jQuery listeners skip these: the same event already reached them as a DOM event.
 */
const sendingThroughJQuery = new Map<string, number>();

function throughJQuery<T>(name: string, send: () => T): T | undefined {
  sendingThroughJQuery.set(name, (sendingThroughJQuery.get(name) ?? 0) + 1);
  try {
    return send();
  } catch (error) {
    report(error); // a third-party jQuery handler threw
    return undefined;
  } finally {
    const left = sendingThroughJQuery.get(name)! - 1;
    if (left) sendingThroughJQuery.set(name, left);
    else sendingThroughJQuery.delete(name);
  }
}

/**
 * Dispatches a DOM event that jQuery's handlers do not see. jQuery binds one native listener per
 * element and type, which would call every `$(…).on(name)` handler with no arguments before our
 * `trigger` calls it again with them. jQuery's own `trigger` hides its native calls the same way.
 */
function dispatchHiddenFromJQuery(jq: JQueryLike | undefined, target: BusTarget, event: Event): boolean {
  const guard = jq?.event;
  if (!guard) return target.dispatchEvent(event);
  const previous = guard.triggered;
  guard.triggered = event.type;
  try {
    return target.dispatchEvent(event);
  } finally {
    guard.triggered = previous;
  }
}

/** Tells the page (DOM listeners, and jQuery listeners when jQuery is present) that `name` happened. */
export function emit<K extends ShopEventName>(name: K, args: ShopEvents[K], target?: BusTarget): void {
  const to = defaultTarget(target);
  if (!to) return;
  const jq = getJQuery();
  dispatchHiddenFromJQuery(jq, to, new CustomEvent(name, { bubbles: true, detail: args }));
  if (jq) throughJQuery(name, () => jq(to).trigger(name, wrap(jq, args)));
}

/**
 * Listens for `name` on `target` from every source: our `emit`, DOM CustomEvents fired by others,
 * and (when jQuery is present) `jQuery(…).trigger(name, […])` calls, which dispatch no DOM event.
 * Each occurrence reaches `handler` once, with jQuery objects unwrapped to Elements.
 * Returns the unsubscribe function.
 */
export function on<K extends ShopEventName>(
  name: K,
  handler: ShopEventHandler<K>,
  target?: BusTarget,
): () => void {
  const from = defaultTarget(target);
  if (!from) return () => {};
  // Foreign events are trusted to carry the documented tuple; nothing checks it at run time.
  const deliver = (args: unknown[]): void => handler(...(args as ShopEvents[K]));

  const onDom = (event: Event): void => deliver(detailArgs(event));
  from.addEventListener(name, onDom);

  const jq = getJQuery();
  const onJQuery: JQueryListener = (event, ...args) => {
    // A wrapped native event was (or will be) delivered by `onDom`; ours came through `onDom` too.
    if (event.originalEvent || sendingThroughJQuery.has(name)) return;
    try {
      deliver(unwrap(args));
    } catch (error) {
      report(error); // never break the third-party code that called `trigger`
    }
  };
  jq?.(from).on(name, onJQuery);

  return () => {
    from.removeEventListener(name, onDom);
    jq?.(from).off(name, onJQuery);
  };
}

/**
 * Asks a cancelable hook such as `should_send_ajax_request.adding_to_cart`; true when a listener
 * vetoed. jQuery listeners veto by returning `false` from `triggerHandler` (which, like WooCommerce,
 * calls only `target`'s handlers); DOM listeners by `preventDefault()` on a cancelable, non-bubbling
 * CustomEvent. With jQuery present both are asked, so a DOM listener's veto counts on every page.
 */
export function vetoed<K extends ShopEventName>(name: K, args: ShopEvents[K], target?: BusTarget): boolean {
  const to = defaultTarget(target);
  if (!to) return false;
  const jq = getJQuery();
  const jqVeto = jq
    ? throughJQuery(name, () => jq(to).triggerHandler(name, wrap(jq, args))) === false
    : false;
  const event = new CustomEvent(name, { cancelable: true, detail: args });
  const domVeto = !dispatchHiddenFromJQuery(jq, to, event);
  return jqVeto || domVeto;
}
