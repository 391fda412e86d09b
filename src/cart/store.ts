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
  | { kind: 'vetoed' }
  | { kind: 'failed'; error: TransportError };

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
  return queue.run(async (): Promise<AddOutcome> => {
    const done = beginUpdate();
    try {
      const started = generation;
      const response = await endpoints.addToCart(data);
      if ('error' in response) return { kind: 'redirect', url: response.product_url };
      // Like add-to-cart.js: straight to the cart page, before any fragment or event.
      const settings = getSettings();
      if (settings.cart_redirect_after_add === 'yes') return { kind: 'redirect', url: settings.cart_url };
      if (started !== generation) return { kind: 'failed', error: new TransportError('abort', 'reset') };
      store(response.fragments, response.cart_hash);
      emit('added_to_cart', [response.fragments, response.cart_hash, button]);
      return { kind: 'added', fragments: response.fragments, hash: response.cart_hash };
    } catch (error) {
      return { kind: 'failed', error: toTransportError(error) };
    } finally {
      done();
    }
  });
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
  clearTimeout(expiryTimer);
  stop.forEach((unlisten) => unlisten());
  stop = [];
  started = false;
  refreshing = null;
  busy = 0;
  snapshot = { fragments: {}, hash: '', hasItems: false, updating: false, failed: false };
}
