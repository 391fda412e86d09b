/**
 * CommerceKit's back-in-stock waitlist in the demo store (storefront.md §2.5, §3 "Waitlist entry",
 * §7): the form printed on an out-of-stock product (Goalkeeper Gloves) and for each out-of-stock
 * variation of a variable product (Junior Football Boots UK 3 / Blue), as an island whose fallback
 * is the same form posting to the product page without JavaScript (handled by site.ts). Pure strings.
 */
import { productUrl, type Product, type VariableProduct, type VariationFixture } from './fixtures';
import { attrs, escapeHtml } from './html';
import type { IslandCollector } from './islands';
import { store, type Session } from './store';

/** The nonce action of the no-JS form. */
export const WAITLIST_NONCE_ACTION = 'commercekit-waitlist';

/** CommerceKit's texts (its defaults) and the demo's answers. */
export const WAITLIST_TEXT = {
  intro: 'Notify me when the item is back in stock.',
  emailLabel: 'Email address',
  placeholder: 'Enter your email address...',
  consentLabel: 'I consent to being contacted by the store owner',
  buttonLabel: 'Join waiting list',
  success: 'You have been added to the waiting list for this product!',
  error: 'Error on submitting for waiting list.',
  /** The no-JS form's errors (the island shows its own before anything is sent). */
  invalidEmail: 'Please enter a valid email address.',
  noConsent: 'Please give your consent to be contacted.',
} as const;

/** A lenient check, like WordPress's `is_email()`: the island applies the spec's stricter pattern. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value) && value.length <= 254;
}

export interface WaitlistFormOptions {
  productId: number;
  /** Where the no-JS form posts: the product page it is on. */
  action: string;
  nonce: string;
  intro?: string;
}

/** The props of the island; its fallback below prints the same form. */
export function waitlistProps(o: WaitlistFormOptions) {
  return {
    productId: o.productId,
    idPrefix: `ckwtl-${o.productId}`,
    action: o.action,
    nonce: o.nonce,
    intro: o.intro ?? WAITLIST_TEXT.intro,
    emailLabel: WAITLIST_TEXT.emailLabel,
    placeholder: WAITLIST_TEXT.placeholder,
    consentLabel: WAITLIST_TEXT.consentLabel,
    buttonLabel: WAITLIST_TEXT.buttonLabel,
  };
}

/**
 * The form as widgets/waitlist-form renders it before any input (same elements, classes and ids:
 * nothing moves when it mounts), working without JavaScript: the browser checks the required
 * fields, the product page takes the post.
 */
export function waitlistFormHtml(o: WaitlistFormOptions): string {
  const p = waitlistProps(o);
  const id = (suffix: string) => `${p.idPrefix}-${suffix}`;
  return (
    `<div class="commercekit-waitlist" id="${p.idPrefix}">` +
    `<form class="commercekit-waitlist-form" method="post" action="${escapeHtml(p.action)}">` +
    `<p class="commercekit-waitlist-intro">${escapeHtml(p.intro)}</p>` +
    `<p class="commercekit-waitlist-field"><label for="${id('email')}">${escapeHtml(p.emailLabel)}</label>` +
    `<input type="email"${attrs({
      id: id('email'),
      name: 'ckwtl_email',
      class: 'input-text',
      placeholder: p.placeholder,
      autocomplete: 'email',
      required: true,
    })}></p>` +
    '<p class="commercekit-waitlist-field commercekit-waitlist-consent">' +
    `<label for="${id('consent')}"><input type="checkbox" id="${id('consent')}" name="ckwtl_consent" value="1" required> ` +
    `${escapeHtml(p.consentLabel)}</label></p>` +
    `<input type="hidden" name="ckwtl_pid" value="${p.productId}">` +
    `<input type="hidden" name="_wpnonce" value="${escapeHtml(p.nonce)}">` +
    `<button type="submit" class="button commercekit-waitlist-button">${escapeHtml(p.buttonLabel)}</button>` +
    '</form></div>'
  );
}

export function waitlistIsland(islands: IslandCollector, o: WaitlistFormOptions): string {
  return islands.render('waitlist-form', waitlistProps(o), waitlistFormHtml(o));
}

/** The out-of-stock variations a shopper can wait for (active ones; inactive ones are not sold). */
export function soldOutVariations(product: VariableProduct): VariationFixture[] {
  return product.variations.filter((v) => v.active && v.stockStatus === 'outofstock');
}

/**
 * The waitlist of a product page: one form for an out-of-stock simple product; for a variable
 * product one per out-of-stock variation, each naming its options. '' when nothing is sold out.
 */
export function productWaitlistHtml(islands: IslandCollector, session: Session, product: Product): string {
  const nonce = store.nonce(session, WAITLIST_NONCE_ACTION);
  const action = productUrl(product);
  if (product.type === 'simple') {
    return product.stockStatus === 'outofstock'
      ? waitlistIsland(islands, { productId: product.id, action, nonce })
      : '';
  }
  const forms = soldOutVariations(product).map((variation) => {
    const options = Object.entries(variation.attributes)
      .map(([key, value]) => {
        const attribute = product.attributes.find((a) => `attribute_${a.name}` === key);
        return attribute?.options.find((o) => o.value === value)?.label ?? value;
      })
      .join(', ');
    return waitlistIsland(islands, {
      productId: variation.id,
      action,
      nonce,
      intro: `${options} is out of stock. Notify me when it is back in stock.`,
    });
  });
  if (forms.length === 0) return '';
  return (
    '<section class="commercekit-waitlist-variations" aria-labelledby="waitlist-variations-title">' +
    '<h2 id="waitlist-variations-title" class="commercekit-waitlist-variations__title">Sold out options</h2>' +
    `${forms.join('')}</section>`
  );
}
