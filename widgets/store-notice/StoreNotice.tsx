import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { readCookie, writeCookie } from '../../src/cookies';
import { __ } from '../../src/i18n';
import { dismissalCookie } from './model';
import type { StoreNoticePropsSchema } from './schema';
import type * as z from 'zod/mini';
import { sanitizeHtml } from '../../src/security/html';

type Props = z.output<typeof StoreNoticePropsSchema>;

/**
 * WooCommerce's store notice (storefront.md §4 "Store notice"): hidden while the cookie
 * `store_notice{noticeId}` is 'hidden'; the dismiss link sets it (path '/') and hides the notice.
 * Same markup and classes as WooCommerce prints, so themes style it unchanged.
 */
export function StoreNotice({ noticeId, message, dismissLabel }: Props) {
  const cookie = dismissalCookie(noticeId);
  const [hidden, setHidden] = useState(() => readCookie(cookie) === 'hidden');
  if (hidden) return null;

  const dismiss = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    writeCookie(cookie, 'hidden');
    setHidden(true);
  };
  return (
    <p
      role="complementary"
      aria-label={__('Store notice')}
      className="woocommerce-store-notice demo_store"
      data-notice-id={noticeId}
    >
      {/* The server's notice HTML, filtered by WordPress (wp_kses_post) before it was printed. */}
      <span dangerouslySetInnerHTML={{ __html: sanitizeHtml(message) }} />{' '}
      <a
        role="button"
        href="#"
        className="woocommerce-store-notice__dismiss-link"
        onClick={dismiss}
        // role=button: Space activates it too, as it would a <button>.
        onKeyDown={(event) => event.key === ' ' && dismiss(event)}
      >
        {dismissLabel}
      </a>
    </p>
  );
}
