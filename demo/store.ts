/**
 * The demo store's state: one in-memory object holding a cart, notices, flags and nonces per session,
 * keyed by the session cookie, like WooCommerce's `wp_woocommerce_session_{hash}` (step 01 sets it on
 * the first page view, step 58 on the first add to cart). Seeded from fixtures.ts, which it never
 * mutates. No `node:` imports: Storybook runs the same handlers (and this store) in the browser.
 */
import { deleteCookie, parseCookies, serializeCookie } from './cookies';
import {
  activePrice,
  findProduct,
  findVariation,
  productUrl,
  type Product,
  type VariableProduct,
  type VariationFixture,
  variationName,
} from './fixtures';
import { escapeHtml } from './html';
import { md5 } from './md5';

/** The demo's session cookie (WooCommerce appends a hash of the site URL; the demo uses `demo`). */
export const SESSION_COOKIE = 'wp_woocommerce_session_demo';
/** WooCommerce's guest session lifetime: 48 hours (`Max-Age=172800` in step 01). */
const SESSION_TTL_SECONDS = 172800;
/** Signs session cookies, like WordPress's auth salts; the demo's is public. */
const SESSION_SECRET = 'shop-islands-demo';

export interface CartItem {
  /** WooCommerce's cart item key: md5 of the id parts (`md5("13")` for product 13, step 07). */
  key: string;
  productId: number;
  variationId: number;
  /** The chosen attributes of a variation (`attribute_pa_size` → `uk-2`). */
  variation: Record<string, string>;
  quantity: number;
}

export interface Notice {
  type: 'success' | 'error' | 'notice';
  /** Trusted HTML, as WooCommerce stores it. */
  html: string;
}

export interface Session {
  /** WooCommerce's customer id for guests: `t_` + 30 hex characters. */
  id: string;
  cart: CartItem[];
  /** Items removed from the cart page, for its "Undo?" link. */
  removed: CartItem[];
  /** WooCommerce's session notices, printed (and cleared) by the next page. */
  notices: Notice[];
  /** Meta `coming_soon_banner_dismissed` of the demo user. */
  comingSoonDismissed: boolean;
  wishlist: number[];
  /** Back-in-stock sign-ups of this shopper (CommerceKit's waitlist table). */
  waitlist: WaitlistEntry[];
  /** The username logged in through /my-account/, or null. */
  loggedIn: string | null;
  /** Changes when nonces are rotated (WordPress's nonce tick). */
  nonceSecret: string;
  lastOrderId: number | null;
}

export interface WaitlistEntry {
  /** A product or variation id. */
  productId: number;
  email: string;
}

export interface CartLine {
  item: CartItem;
  product: Product;
  variation: VariationFixture | undefined;
  /** "Junior Football Boots - UK 2, Blue" for a variation. */
  name: string;
  sku: string;
  unitPrice: number;
  lineTotal: number;
  /** Permalink, with the chosen attributes for a variation (step 19). */
  url: string;
  imageSrc: string;
  imageAlt: string;
}

export type AddToCartResult = { ok: true; key: string } | { ok: false; productUrl: string | false };

export interface AddToCartInput {
  productId: number;
  quantity?: number;
  variationId?: number;
  /** `attribute_*` fields of the form. */
  attributes?: Record<string, string>;
}

function randomHex(length: number): string {
  const bytes = new Uint8Array(Math.ceil(length / 2));
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, length);
}

function quoted(name: string): string {
  return `&quot;${escapeHtml(name)}&quot;`;
}

/** WooCommerce's `wc_format_list_of_items()`: "A", "A and B", "A, B and C". */
function listOfItems(items: string[]): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function viewCartButton(): string {
  return '<a href="/cart/" class="button wc-forward">View cart</a>';
}

export class DemoStore {
  private sessions = new Map<string, Session>();
  private nextOrderId = 100;

  /** Forgets every session (tests). */
  reset(): void {
    this.sessions.clear();
    this.nextOrderId = 100;
  }

  // -- sessions ------------------------------------------------------------------------------

  private newSession(id: string): Session {
    const session: Session = {
      id,
      cart: [],
      removed: [],
      notices: [],
      comingSoonDismissed: false,
      wishlist: [13, 18],
      waitlist: [],
      loggedIn: null,
      nonceSecret: randomHex(16),
      lastOrderId: null,
    };
    this.sessions.set(id, session);
    return session;
  }

  /** The session a request's Cookie header names, or null (nothing is created). */
  peekSession(cookieHeader: string | null | undefined): Session | null {
    const value = parseCookies(cookieHeader)[SESSION_COOKIE];
    if (!value) return null;
    // `{customer_id}||{expiration}||{expiring}||{hash}`, like WooCommerce's cookie.
    const [id, expiration, , hash] = value.split('||');
    if (!id || !expiration || !/^t_[0-9a-f]{30}$/.test(id)) return null;
    if (hash !== md5(`${id}|${expiration}|${SESSION_SECRET}`)) return null;
    if (Number(expiration) * 1000 < Date.now()) return null;
    // A valid cookie for a session this process does not know (restart, resetStore): WooCommerce
    // also keeps the customer id from the cookie and starts with empty session data.
    return this.sessions.get(id) ?? this.newSession(id);
  }

  /** The request's session, created when missing; `setCookie` then holds the new session cookie. */
  ensureSession(cookieHeader: string | null | undefined): { session: Session; setCookie: string[] } {
    const existing = this.peekSession(cookieHeader);
    if (existing) return { session: existing, setCookie: [] };
    const id = `t_${randomHex(30)}`;
    const now = Math.floor(Date.now() / 1000);
    const expiration = now + SESSION_TTL_SECONDS;
    const expiring = expiration - 3600;
    const value = `${id}||${expiration}||${expiring}||${md5(`${id}|${expiration}|${SESSION_SECRET}`)}`;
    return {
      session: this.newSession(id),
      setCookie: [serializeCookie(SESSION_COOKIE, value, { maxAge: SESSION_TTL_SECONDS, httpOnly: true })],
    };
  }

  /** Every session (tests and debugging). */
  get sessionCount(): number {
    return this.sessions.size;
  }

  // -- nonces --------------------------------------------------------------------------------

  /** A WordPress-like nonce: 10 hex characters, per session and action (`wp_rest`, `woocommerce-cart` …). */
  nonce(session: Session, action: string): string {
    return md5(`${session.nonceSecret}|${action}`).slice(-12, -2);
  }

  verifyNonce(session: Session | null, action: string, value: string | null | undefined): boolean {
    return !!session && !!value && value === this.nonce(session, action);
  }

  /** Expires every nonce of the session (what a nonce tick or a new login does). */
  rotateNonces(session: Session): void {
    session.nonceSecret = randomHex(16);
  }

  // -- notices -------------------------------------------------------------------------------

  addNotice(session: Session, type: Notice['type'], html: string): void {
    session.notices.push({ type, html });
  }

  takeNotices(session: Session): Notice[] {
    const notices = session.notices;
    session.notices = [];
    return notices;
  }

  // -- cart ----------------------------------------------------------------------------------

  cartLines(session: Session | null): CartLine[] {
    if (!session) return [];
    const lines: CartLine[] = [];
    for (const item of session.cart) {
      const product = findProduct(item.productId);
      if (!product) continue;
      const variation =
        product.type === 'variable' ? product.variations.find((v) => v.id === item.variationId) : undefined;
      const priced = variation ?? (product.type === 'simple' ? product : undefined);
      if (!priced) continue;
      const unitPrice = activePrice(priced);
      const query = variation
        ? '?' +
          Object.entries(item.variation)
            .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
            .join('&')
        : '';
      lines.push({
        item,
        product,
        variation,
        name: variation ? variationName(product as VariableProduct, variation, item.variation) : product.name,
        sku: variation?.sku ?? product.sku,
        unitPrice,
        lineTotal: Math.round(unitPrice * item.quantity * 100) / 100,
        url: productUrl(product) + query,
        imageSrc: (variation?.image ?? product.image).src,
        imageAlt: (variation?.image ?? product.image).alt,
      });
    }
    return lines;
  }

  cartCount(session: Session | null): number {
    return this.cartLines(session).reduce((n, l) => n + l.item.quantity, 0);
  }

  cartSubtotal(session: Session | null): number {
    return Math.round(this.cartLines(session).reduce((sum, l) => sum + l.lineTotal, 0) * 100) / 100;
  }

  /** WooCommerce's `get_cart_hash()`: md5 of the cart and its total; '' for an empty cart (step 06). */
  cartHash(session: Session | null): string {
    const lines = this.cartLines(session);
    if (lines.length === 0) return '';
    const cart = lines.map((l) => [l.item.key, l.item.productId, l.item.variationId, l.item.quantity]);
    return md5(JSON.stringify(cart) + this.cartSubtotal(session).toFixed(2));
  }

  /**
   * WooCommerce's `WC_Cart_Session::set_cart_cookies()`: `woocommerce_items_in_cart=1` (always "1",
   * whatever the count: step 07 adds 2 items and sends 1) and `woocommerce_cart_hash`, each only when
   * the request's cookie differs (step 08 sends only the hash); when the cart is empty, both are
   * deleted if the request had them (step 54).
   */
  cartCookies(session: Session | null, cookieHeader: string | null | undefined): string[] {
    const cookies = parseCookies(cookieHeader);
    const out: string[] = [];
    if (this.cartLines(session).length > 0) {
      const wanted: [string, string][] = [
        ['woocommerce_items_in_cart', '1'],
        ['woocommerce_cart_hash', this.cartHash(session)],
      ];
      for (const [name, value] of wanted) {
        if (cookies[name] !== value) out.push(serializeCookie(name, value));
      }
    } else {
      for (const name of ['woocommerce_items_in_cart', 'woocommerce_cart_hash']) {
        if (name in cookies) out.push(deleteCookie(name));
      }
    }
    return out;
  }

  /**
   * `WC_Cart::add_to_cart()` with the checks and messages of WooCommerce 9.9 (steps 09-12, and the
   * refusals tried on the real 9.9.5 and 7.8.2 stores). On failure a notice is left in the session
   * (step 10's note; none when the product or variation does not exist, as WooCommerce) and
   * `productUrl` is where the AJAX caller sends the shopper. `input.productId` may be a variation id
   * (step 17). A variable product needs a `variationId` (or a variation's own id): WooCommerce never
   * matches the posted attributes to a variation; it checks them against the variation it is given.
   */
  addToCart(session: Session, input: AddToCartInput): AddToCartResult {
    let productId = input.productId;
    let variationId = input.variationId ?? 0;
    const asVariation = findVariation(productId);
    if (asVariation) {
      productId = asVariation.parent.id;
      variationId = asVariation.variation.id;
    }
    const product = findProduct(productId);
    let quantity =
      input.quantity === undefined || Number.isNaN(input.quantity) ? 1 : Math.floor(input.quantity);
    if (!product) return { ok: false, productUrl: false };
    const url = productUrl(product);
    // What WooCommerce adds: the variation when an id is given, else the product itself.
    const given = variationId ? findVariation(variationId) : undefined;
    if (quantity <= 0 || (variationId && !given && !findProduct(variationId)))
      return { ok: false, productUrl: url };

    const fail = (html: string): AddToCartResult => {
      this.addNotice(session, 'error', html);
      return { ok: false, productUrl: url };
    };
    const chooseOptions = (): string =>
      `Please choose product options by visiting <a href="${url}" title="${escapeHtml(product.name)}">` +
      `${escapeHtml(product.name)}</a>.`;

    let variation: VariationFixture | undefined;
    const attributes: Record<string, string> = {};
    // Step 11/12: the variable parent alone cannot be added.
    if (!variationId && product.type === 'variable') return fail(chooseOptions());
    if (given) {
      const parent = given.parent;
      variation = given.variation;
      // The posted values (empty ones ignored) over the variation's own, each checked against it.
      const posted = input.attributes ?? {};
      const missing: string[] = [];
      for (const attribute of parent.attributes) {
        const key = `attribute_${attribute.name}`;
        const valid = variation.attributes[key] ?? '';
        const value = posted[key] || valid;
        if (value) {
          const allowed = valid === '' ? attribute.options.some((o) => o.value === value) : value === valid;
          if (!allowed) return fail(`Invalid value posted for ${escapeHtml(attribute.label)}`);
          attributes[key] = value;
        } else {
          missing.push(attribute.label);
        }
      }
      if (missing.length > 0) {
        return fail(
          escapeHtml(listOfItems(missing)) +
            (missing.length > 1 ? ' are required fields' : ' is a required field'),
        );
      }
    }
    if (variationId && given?.parent.id !== product.id) {
      // A variation id of another product, or of no variation at all.
      return fail(
        `The selected product isn't a variation of ${escapeHtml(product.name)}, please choose product options by visiting <a href="${url}" title="${escapeHtml(product.name)}">${escapeHtml(product.name)}</a>.`,
      );
    }

    const name = variation ? variationName(product as VariableProduct, variation, attributes) : product.name;
    const idParts = [String(product.id)];
    if (variationId) idParts.push(String(variationId));
    if (Object.keys(attributes).length > 0) {
      idParts.push(
        Object.entries(attributes)
          .map(([k, v]) => `${k.trim()}=${v.trim()}`)
          .join(''),
      );
    }
    const key = md5(idParts.join('_'));
    const existing = session.cart.find((i) => i.key === key);

    if (product.soldIndividually) {
      quantity = 1;
      if (existing) return fail(`${viewCartButton()} You cannot add another ${quoted(name)} to your cart.`);
    }
    if (variation && !variation.active) return fail('Sorry, this product cannot be purchased.');
    const stockStatus =
      variation?.stockStatus ?? (product.type === 'simple' ? product.stockStatus : 'instock');
    if (stockStatus === 'outofstock') {
      return fail(`You cannot add ${quoted(name)} to the cart because the product is out of stock.`);
    }
    const stock = product.type === 'simple' ? product.stockQuantity : null;
    if (stock !== null) {
      if (quantity > stock) {
        return fail(
          `You cannot add that amount of ${quoted(name)} to the cart because there is not enough stock ` +
            `(${stock} remaining).`,
        );
      }
      const inCart = existing?.quantity ?? 0;
      if (inCart + quantity > stock) {
        return fail(
          `${viewCartButton()} You cannot add that amount to the cart &mdash; we have ${stock} in stock and ` +
            `you already have ${inCart} in your cart.`,
        );
      }
    }

    if (existing) existing.quantity += quantity;
    else session.cart.push({ key, productId: product.id, variationId, variation: attributes, quantity });
    return { ok: true, key };
  }

  /** Removes a line; false when the key is not in the cart (step 35). */
  removeCartItem(session: Session | null, key: string): boolean {
    if (!session) return false;
    const index = session.cart.findIndex((i) => i.key === key);
    if (index < 0) return false;
    const [removed] = session.cart.splice(index, 1);
    if (removed) session.removed = [removed, ...session.removed.filter((i) => i.key !== key)].slice(0, 10);
    return true;
  }

  /** The cart page's "Undo?" link. */
  restoreCartItem(session: Session, key: string): CartItem | undefined {
    const item = session.removed.find((i) => i.key === key);
    if (!item) return undefined;
    session.removed = session.removed.filter((i) => i.key !== key);
    if (!session.cart.some((i) => i.key === key)) session.cart.push(item);
    return item;
  }

  /**
   * The cart form's quantities (`cart[{key}][qty]`). 0 removes the line; stock and sold-individually
   * limits leave an error notice and keep the old quantity, as WooCommerce's cart validation does.
   */
  updateQuantities(session: Session, quantities: Record<string, number>): boolean {
    let changed = false;
    for (const line of this.cartLines(session)) {
      const wanted = quantities[line.item.key];
      if (wanted === undefined || Number.isNaN(wanted) || wanted === line.item.quantity) continue;
      if (wanted <= 0) {
        this.removeCartItem(session, line.item.key);
        changed = true;
        continue;
      }
      if (line.product.soldIndividually && wanted > 1) {
        this.addNotice(session, 'error', `You can only have 1 ${escapeHtml(line.name)} in your cart.`);
        continue;
      }
      const stock = line.product.type === 'simple' ? line.product.stockQuantity : null;
      if (stock !== null && wanted > stock) {
        this.addNotice(
          session,
          'error',
          `Sorry, we do not have enough ${quoted(line.name)} in stock to fulfill your order (${stock} available). ` +
            'We apologize for any inconvenience caused.',
        );
        continue;
      }
      line.item.quantity = Math.floor(wanted);
      changed = true;
    }
    return changed;
  }

  // -- wishlist and waitlist (CommerceKit) -------------------------------------------------------

  /** Adds a product to the wishlist (once; the newest last). */
  addToWishlist(session: Session, productId: number): void {
    if (!session.wishlist.includes(productId)) session.wishlist = [...session.wishlist, productId];
  }

  removeFromWishlist(session: Session, productId: number): void {
    session.wishlist = session.wishlist.filter((id) => id !== productId);
  }

  /** Signs `email` up for `productId` coming back in stock (once per address and product). */
  joinWaitlist(session: Session, productId: number, email: string): void {
    const known = session.waitlist.some((e) => e.productId === productId && e.email === email);
    if (!known) session.waitlist.push({ productId, email });
  }

  emptyCart(session: Session): void {
    session.cart = [];
  }

  /** A demo order: empties the cart and returns its number (no order is stored or fulfilled). */
  placeOrder(session: Session): number {
    const id = this.nextOrderId++;
    session.lastOrderId = id;
    this.emptyCart(session);
    return id;
  }
}

/** The one store every handler and page uses. */
export const store = new DemoStore();

/** Forgets every session: call in `beforeEach` of tests. */
export function resetStore(): void {
  store.reset();
}
