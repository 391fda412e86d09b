import { useLayoutEffect, useRef } from 'react';
import { __ } from '../../src/i18n';
import { sanitizedFragment } from '../../src/security/html';
import { REFUSED_NAVIGATION_MESSAGE, safeHref } from '../../src/security/url';
import { wrapAlertLists } from './form';
import { GENERIC_CHECKOUT_ERROR } from './model';

/** §8 "Payment": the default message. */
const PAYMENT_FAILED = 'Payment failed. Please try again.';

/** What the notice group at the top of the checkout shows. `id` makes a repeated notice new. */
export type Notice = { id?: number } & (
  | { kind: 'server'; html: string; revalidate?: boolean }
  | { kind: 'generic' }
  | { kind: 'refused'; url: string }
  | { kind: 'review-failed'; expired: boolean }
  | { kind: 'coupon-failed'; expired: boolean }
  /** A payment that could not go on (§8 "Payment"): a dismissible notice. */
  | { kind: 'payment'; message: string }
);

/*
 * WooCommerce's classic checkout says nothing when the review or a coupon call fails on the network
 * (its totals simply stay); these two lines are ours, so the shopper knows the totals are stale.
 */
const REVIEW_FAILED = 'The order totals could not be updated.';
const PAGE_EXPIRED = 'This page has expired. Reload it to continue: what you entered is kept.';
const COUPON_FAILED = 'The coupon could not be applied. Please try again.';

/** Server HTML, sanitised; messages about a field (`data-id`) become links to it (§5). */
function ServerMessages({ html, onRendered }: { html: string; onRendered(el: HTMLElement): void }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.replaceChildren(sanitizedFragment(html));
    wrapAlertLists(el);
    el.querySelectorAll<HTMLElement>('li[data-id]').forEach((li) => {
      const id = li.dataset.id ?? '';
      if (!/^[A-Za-z][\w-]*$/.test(id) || li.querySelector('a')) return;
      const link = document.createElement('a');
      link.href = `#${id}`;
      link.append(...Array.from(li.childNodes));
      link.addEventListener('click', (event) => {
        event.preventDefault();
        document.getElementById(id)?.focus();
      });
      li.replaceChildren(link);
    });
    el.querySelectorAll<HTMLElement>('.woocommerce-error, .woocommerce-message, .woocommerce-info').forEach(
      (n) => {
        n.tabIndex = -1;
      },
    );
    onRendered(el);
    // Once per notice: `html` changes make a new one (the parent keys it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [html]);
  return <div ref={ref} />;
}

export interface CheckoutNoticesProps {
  notice: Notice | null;
  ordersUrl: string;
  onRendered(el: HTMLElement): void;
  onRetry(): void;
  onDismiss(): void;
}

/** The notice group's content (checkout.md §8 "Checkout"). */
export function CheckoutNotices({ notice, ordersUrl, onRendered, onRetry, onDismiss }: CheckoutNoticesProps) {
  if (!notice) return null;
  const generic = (
    <li>
      {__(GENERIC_CHECKOUT_ERROR.before)}
      <a href={safeHref(ordersUrl)}>{__(GENERIC_CHECKOUT_ERROR.link)}</a>
      {__(GENERIC_CHECKOUT_ERROR.after)}
    </li>
  );
  switch (notice.kind) {
    case 'server':
      return <ServerMessages key={notice.id} html={notice.html} onRendered={onRendered} />;
    case 'generic':
      return (
        <div key={notice.id} role="alert">
          <ul className="woocommerce-error" tabIndex={-1}>
            {generic}
          </ul>
        </div>
      );
    case 'refused':
      return (
        <div key={notice.id} role="alert">
          <ul className="woocommerce-error" tabIndex={-1}>
            <li>{__(REFUSED_NAVIGATION_MESSAGE)}</li>
            {generic}
          </ul>
        </div>
      );
    case 'payment':
      return (
        <div key={notice.id} role="alert" className="shop-islands-payment-notice">
          <ul className="woocommerce-error" tabIndex={-1}>
            <li>
              {notice.message || __(PAYMENT_FAILED)}{' '}
              <button type="button" className="shop-islands-notice-dismiss" onClick={onDismiss}>
                {__('Dismiss this notice')}
              </button>
            </li>
          </ul>
        </div>
      );
    case 'review-failed':
    case 'coupon-failed': {
      const failed = notice.kind === 'review-failed' ? __(REVIEW_FAILED) : __(COUPON_FAILED);
      return (
        <div key={notice.id} role="alert">
          <ul className="woocommerce-error" tabIndex={-1}>
            <li>
              {notice.expired ? __(PAGE_EXPIRED) : failed}
              {notice.expired ? (
                <>
                  {' '}
                  <button type="button" className="button" onClick={() => window.location.reload()}>
                    {__('Reload')}
                  </button>
                </>
              ) : (
                notice.kind === 'review-failed' && (
                  <>
                    {' '}
                    <button type="button" className="button" onClick={onRetry}>
                      {__('Try again')}
                    </button>
                  </>
                )
              )}
            </li>
          </ul>
        </div>
      );
    }
  }
}
