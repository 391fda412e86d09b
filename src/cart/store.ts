/**
 * The cart store (ARCHITECTURE.md §3): one per page, shared by every island through
 * useSyncExternalStore. It does what WooCommerce's cart-fragments.js and add-to-cart.js do
 * (storefront.md §4 "Add-to-cart button", "Cart request queue", "Page fragments"; §7 "Cart"):
 *
 * - Fragments and the cart hash are kept in sessionStorage (the hash also in localStorage, so other
 *   tabs notice), with `wc_cart_created`; keys from the settings (`fragment_name`, `cart_hash_key`).
 * - On start, stored fragments are used when present, younger than 24 h and their hash equals the
 *   `woocommerce_cart_hash` cookie; otherwise one refresh (POST get_refreshed_fragments, body `time`,
 *   5000 ms). No request otherwise.
 * - Refreshes also when another tab changes the hash, on a back/forward-cache restore, at the moment
 *   the stored fragments expire, and when anyone triggers `wc_fragment_refresh` / `updated_wc_div`.
 * - Adds and removes go through one queue: one at a time, in order, none dropped.
 * - WooCommerce's events fire with their classic arguments (through the jQuery bridge when present).
 */
import { getSettings } from '../contract/read-settings';
import { FragmentsSchema } from '../contract/cart';
import { readCookie } from '../cookies';
import { emit, on, vetoed } from '../events/bus';
import * as endpoints from '../endpoints/cart';
import { TransportError } from '../transport/errors';
import { createQueue } from '../transport/queue';
import { applyFragments, dimRegions, type Fragments } from './fragments';
import { sameOriginUrl } from '../security/url';
import { holdNavigation } from './leave';
import { storage } from './storage';

/** Lifetime of stored fragments (storefront.md §9: 24 hours). */
export const FRAGMENTS_LIFETIME = 86_400_000;
export const CREATED_KEY = 'wc_cart_created';
export const HASH_COOKIE = 'woocommerce_cart_hash';
export const ITEMS_COOKIE = 'woocommerce_items_in_cart';

export interface CartSnapshot {
  /** The latest fragments (empty until the first load or refresh). */
  fragments: Fragments;
  /** The cart hash ('' for an empty cart). */
  hash: string;
  /** WooCommerce's `woocommerce_items_in_cart` cookie: true while the cart has items. */
  hasItems: boolean;
  /** A request that changes the fragments is in flight (regions are dimmed meanwhile). */
  updating: boolean;
  /** The last refresh failed (the `wc_fragments_ajax_error` event was raised). */
  failed: boolean;
}

export type AddOutcome =
  | { kind: 'added'; fragments: Fragments; hash: string }
  /** The browser should go there: the product page (WooCommerce refused) or the cart page. */
  | { kind: 'redirect'; url: string }
  /** The answer named a page that is not of this store (or not http): not followed. */
  | { kind: 'refused'; url: string }
  | { kind: 'vetoed' }
  /** Not added: the cart is as it was before. */
  | { kind: 'failed'; error: TransportError }
  /** No answer, and the cart could not be read either: it may have been added. Nothing is re-sent. */
  | { kind: 'unknown'; error: TransportError };

export type RemoveOutcome = { kind: 'removed' } | { kind: 'failed'; error?: TransportError };

type Listener = () => void;

let snapshot: CartSnapshot = { fragments: {}, hash: '', hasItems: false, updating: false, failed: false };
const listeners = new Set<Listener>();
let queue = createQueue();
/** Bumped by a reset: answers to requests started before it are ignored. */
let generation = 0;
let started = false;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<void> | null = null;
let busy = 0;
let stop: (() => void)[] = [];

function set(patch: Partial<CartSnapshot>): void {
  snapshot = { ...snapshot, ...patch };
  listeners.forEach((listener) => listener());
}

const keys = () => {
  const { cart_hash_key, fragment_name } = getSettings();
  return { hashKey: cart_hash_key, fragmentsKey: fragment_name };
};

/** Marks a request that changes the fragments; dims the regions until it ends. */
function beginUpdate(): () => void {
  const started = generation;
  busy += 1;
  const undim = dimRegions(Object.keys(snapshot.fragments));
  set({ updating: true });
  return () => {
    undim();
    if (started !== generation) return;
    busy -= 1;
    set({
      updating: busy > 0,
      hasItems: readCookie(ITEMS_COOKIE) !== null && readCookie(ITEMS_COOKIE) !== '0',
    });
  };
}

function scheduleExpiry(createdAt: number): void {
  clearTimeout(expiryTimer);
  const left = createdAt + FRAGMENTS_LIFETIME - Date.now();
  expiryTimer = setTimeout(() => void refresh(), Math.max(0, left));
}

/** Stores fragments and hash, as WooCommerce does after an add, a remove or a refresh. */
function store(fragments: Fragments, hash: string, { fresh = false } = {}): void {
  const { hashKey, fragmentsKey } = keys();
  const previous = storage.session.get(hashKey);
  // A new cart (no hash before) starts its 24 h; a refresh restarts it whenever the cart has a hash.
  if (!previous || (fresh && hash)) {
    const now = Date.now();
    storage.session.set(CREATED_KEY, String(now));
    scheduleExpiry(now);
  }
  storage.session.set(fragmentsKey, JSON.stringify(fragments));
  storage.session.set(hashKey, hash);
  storage.local.set(hashKey, hash);
  applyFragments(fragments);
  set({ fragments, hash });
}

/** POST get_refreshed_fragments; concurrent calls share one request. */
export function refresh(): Promise<void> {
  refreshing ??= (async () => {
    const started = generation;
    const done = beginUpdate();
    try {
      const { fragments, cart_hash } = await endpoints.refreshFragments({
        timeout: getSettings().request_timeout,
      });
      if (started !== generation) return;
      store(fragments, cart_hash, { fresh: true });
      set({ failed: false });
      emit('wc_fragments_refreshed', []);
    } catch (error) {
      console.error('[shop-islands] cart fragments could not be refreshed.', error);
      set({ failed: true });
      emit('wc_fragments_ajax_error', []);
    } finally {
      done();
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Uses the stored fragments when they are valid; refreshes otherwise (cart-fragments.js on load). */
function loadStored(): void {
  const { hashKey, fragmentsKey } = keys();
  try {
    const hash = storage.session.get(hashKey) ?? '';
    const cookieHash = readCookie(HASH_COOKIE) ?? '';
    const created = Number(storage.session.get(CREATED_KEY));
    if (hash && !created) throw new Error('no creation time');
    if (created) {
      if (created + FRAGMENTS_LIFETIME < Date.now()) throw new Error('expired');
      scheduleExpiry(created);
    }
    const fragments = JSON.parse(storage.session.get(fragmentsKey) ?? 'null') as unknown;
    const parsed = FragmentsSchema.safeParse(fragments);
    if (!parsed.success || !parsed.data['div.widget_shopping_cart_content'] || hash !== cookieHash) {
      throw new Error('no usable fragments');
    }
    applyFragments(parsed.data);
    set({ fragments: parsed.data, hash });
    emit('wc_fragments_loaded', []);
  } catch {
    void refresh();
  }
}

/** Starts the store once per page: the first island that needs the cart calls it. */
export function startCart(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const items = readCookie(ITEMS_COOKIE);
  set({ hasItems: items !== null && items !== '0' });
  // Another tab changed the cart: its hash differs from ours.
  const onStorage = (event: StorageEvent) => {
    const { hashKey } = keys();
    if (event.key === hashKey && storage.local.get(hashKey) !== storage.session.get(hashKey)) void refresh();
  };
  // Restored from the back/forward cache: the page may show an old cart.
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) void refresh();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('pageshow', onPageShow);
  stop = [
    on('wc_fragment_refresh', () => void refresh()),
    on('updated_wc_div', () => void refresh()),
    () => window.removeEventListener('storage', onStorage),
    () => window.removeEventListener('pageshow', onPageShow),
  ];
  if (storage.available) loadStored();
  else void refresh();
}

/** An add the shopper asked for: queued until its turn, then sent. */
interface PendingAdd {
  data: Record<string, string>;
  /** Sent with `keepalive` as the page was left (pagehide): its turn in the queue sends nothing. */
  handedOff: boolean;
}

/** Adds queued and not sent yet, oldest first. */
const waiting: PendingAdd[] = [];
/** Adds queued or in flight (the navigation hold of `holdNavigation` waits for them). */
let addsInFlight = 0;
const idleWaiters: (() => void)[] = [];

function addSettled(): void {
  addsInFlight -= 1;
  if (addsInFlight > 0) return;
  idleWaiters.splice(0).forEach((resolve) => resolve());
}

/** Adds queued or in flight now. */
export const pendingAdds = (): number => addsInFlight;

/** Resolves once no add is queued or in flight (at once when none is). */
export function whenAddsSettled(): Promise<void> {
  if (addsInFlight === 0) return Promise.resolve();
  return new Promise((resolve) => idleWaiters.push(resolve));
}

/**
 * The page is being left (a typed URL, the back button, the tab closing) with adds still waiting
 * for their turn: they are sent now with `keepalive`, so the browser delivers them after the page
 * is gone. No page is left to wait for answers, so they cannot go one at a time; and WooCommerce
 * keeps a cart by reading the whole session at the start of a request and writing it back at the
 * end, so adds that reach it side by side overwrite each other (four parallel adds of one product
 * left 2, 3 or 4 in the cart of a real 9.9.5 store). Adds of the same product and options are
 * therefore sent as one add of their summed quantity: the usual case (quick clicks on one button)
 * is a single request. Links and forms of the page do not come here: they wait for the queue
 * (`holdNavigation`).
 */
function sendWaitingAdds(): void {
  const merged = new Map<string, Record<string, string>>();
  for (const add of waiting) {
    if (add.handedOff) continue;
    add.handedOff = true;
    const { quantity, ...options } = add.data;
    const key = JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const before = merged.get(key);
    merged.set(key, {
      ...add.data,
      quantity: String((before ? addQuantity(before.quantity) : 0) + addQuantity(quantity)),
    });
  }
  for (const data of merged.values())
    void endpoints.addToCart(data, { keepalive: true, background: true }).catch(() => undefined);
}

/** The quantity WooCommerce reads from an add: `empty($_POST['quantity']) ? 1 : …` (whole items). */
function addQuantity(value: string | undefined): number {
  const quantity = Math.trunc(Number(value));
  return Number.isFinite(quantity) && quantity > 0 ? quantity : 1;
}

/** Removes the guards of `guardLeaving` (set once the first add is asked for). */
let unguard: (() => void) | null = null;

/** From the first add on: adds still queued are not lost when the shopper leaves the page. */
function guardLeaving(): void {
  if (unguard || typeof window === 'undefined') return;
  const release = holdNavigation({ pending: pendingAdds, settled: whenAddsSettled });
  window.addEventListener('pagehide', sendWaitingAdds);
  unguard = () => {
    release();
    window.removeEventListener('pagehide', sendWaitingAdds);
  };
}

/**
 * What an add that failed really did: an answer that is malformed, an error page or no answer at
 * all may come after WooCommerce added the product. The fragments are refreshed and the cart hash
 * compared with the one before the add: changed → it was added (the fallback must not add it a
 * second time); unchanged → it was not; no answer either → unknown, and nothing is sent again.
 */
async function learnOutcome(error: TransportError, hashBefore: string, started: number): Promise<AddOutcome> {
  // Aborted, or refused outright (a 4xx: a security rule, a missing endpoint): WooCommerce did not
  // run the add, so the fallback may.
  const status = error.details.status ?? 0;
  if (error.kind === 'abort' || (status >= 400 && status < 500)) return { kind: 'failed', error };
  // A refresh already under way may have been asked before this add reached the server.
  if (refreshing) await refreshing;
  await refresh();
  if (started !== generation) return { kind: 'failed', error };
  if (snapshot.failed) return { kind: 'unknown', error };
  if (snapshot.hash === hashBefore) return { kind: 'failed', error };
  console.error(
    '[shop-islands] the add-to-cart answer was not readable, but the cart changed: added.',
    error,
  );
  emit('added_to_cart', [snapshot.fragments, snapshot.hash, null]);
  return { kind: 'added', fragments: snapshot.fragments, hash: snapshot.hash };
}

/** An add sent with keepalive as the page was left, when the page comes back: the cart as it is now. */
async function sentOnLeaving(started: number): Promise<AddOutcome> {
  if (refreshing) await refreshing;
  await refresh();
  const error = new TransportError('abort', 'sent with keepalive as the page was left');
  if (started !== generation) return { kind: 'failed', error };
  if (snapshot.failed) return { kind: 'unknown', error };
  return { kind: 'added', fragments: snapshot.fragments, hash: snapshot.hash };
}

/**
 * Adds to the cart (queued). `data` is the add-to-cart button's data attributes (product_id,
 * quantity…). The caller navigates on a redirect outcome and follows its link on failure.
 */
export function addToCart(data: Record<string, string>, button: Element | null = null): Promise<AddOutcome> {
  // The classic veto: a listener of should_send_ajax_request.adding_to_cart returning false.
  if (vetoed('should_send_ajax_request.adding_to_cart', [button], document.body)) {
    emit('ajax_request_not_sent.adding_to_cart', [false, false, button]);
    return Promise.resolve({ kind: 'vetoed' });
  }
  emit('adding_to_cart', [button, data]);
  guardLeaving();
  const pending: PendingAdd = { data, handedOff: false };
  waiting.push(pending);
  addsInFlight += 1;
  const task = queue.run(async (): Promise<AddOutcome> => {
    waiting.splice(waiting.indexOf(pending), 1);
    const started = generation;
    // Before anything else runs: the hash the cart had before this add (the cookie is what the
    // server says; the stored hash when cookies are not readable).
    const hashBefore = readCookie(HASH_COOKIE) ?? snapshot.hash;
    // Sent with keepalive when the page was left, and the page came back (back/forward cache): it
    // was sent, so it is not sent twice; the fragments show the cart as it is now.
    if (pending.handedOff) return sentOnLeaving(started);
    const done = beginUpdate();
    let response: Awaited<ReturnType<typeof endpoints.addToCart>>;
    try {
      response = await endpoints.addToCart(data);
    } catch (error) {
      done();
      return learnOutcome(toTransportError(error), hashBefore, started);
    }
    try {
      if ('error' in response) {
        return sameOriginUrl(response.product_url)
          ? { kind: 'redirect', url: response.product_url }
          : { kind: 'refused', url: response.product_url };
      }
      // Like add-to-cart.js: straight to the cart page, before any fragment or event.
      const settings = getSettings();
      if (settings.cart_redirect_after_add === 'yes') {
        return sameOriginUrl(settings.cart_url)
          ? { kind: 'redirect', url: settings.cart_url }
          : { kind: 'refused', url: settings.cart_url };
      }
      if (started !== generation) return { kind: 'failed', error: new TransportError('abort', 'reset') };
      store(response.fragments, response.cart_hash);
      emit('added_to_cart', [response.fragments, response.cart_hash, button]);
      return { kind: 'added', fragments: response.fragments, hash: response.cart_hash };
    } finally {
      done();
    }
  });
  void task.then(addSettled, addSettled);
  return task;
}

/** Removes a cart line (queued). On failure, or an answer without fragments, follow the link. */
export function removeFromCart(cartItemKey: string, button: Element | null = null): Promise<RemoveOutcome> {
  return queue.run(async (): Promise<RemoveOutcome> => {
    const started = generation;
    const done = beginUpdate();
    try {
      const response = await endpoints.removeFromCart(cartItemKey);
      if (!('fragments' in response)) return { kind: 'failed' };
      if (started !== generation) return { kind: 'failed', error: new TransportError('abort', 'reset') };
      store(response.fragments, response.cart_hash);
      emit('removed_from_cart', [response.fragments, response.cart_hash, button]);
      return { kind: 'removed' };
    } catch (error) {
      return { kind: 'failed', error: toTransportError(error) };
    } finally {
      done();
    }
  });
}

const toTransportError = (error: unknown): TransportError =>
  error instanceof TransportError ? error : new TransportError('network', String(error), { cause: error });

export const cart = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): CartSnapshot => snapshot,
};

/** Tests and stories: forget everything, as on a new page. */
export function resetCartForTesting(): void {
  generation += 1;
  queue = createQueue();
  waiting.length = 0;
  addsInFlight = 0;
  unguard?.();
  unguard = null;
  idleWaiters.splice(0).forEach((resolve) => resolve());
  clearTimeout(expiryTimer);
  stop.forEach((unlisten) => unlisten());
  stop = [];
  started = false;
  refreshing = null;
  busy = 0;
  snapshot = { fragments: {}, hash: '', hasItems: false, updating: false, failed: false };
}
