import type { Variation } from '../../src/contract/variation';
import { __ } from '../../src/i18n';
import type { Check } from './model';
import { TEXT } from './text';
import { sanitizeHtml } from '../../src/security/html';

interface Props {
  panel: { variation: Variation | null; open: boolean };
  check: Check;
  onRetry(): void;
}

/**
 * WooCommerce's `.single_variation` panel (description, price, availability of the match; a live
 * region, filled when it opens), the no-match notice below it, and our get_variation fault with
 * 'Try again'.
 */
export function VariationPanel({ panel, check, onRetry }: Props) {
  const shown = panel.variation;
  return (
    <>
      <div
        className={`woocommerce-variation single_variation shop-islands-vf__panel${panel.open ? ' is-open' : ''}`}
        role="alert"
        aria-relevant="additions"
      >
        <div className="shop-islands-vf__panel-inner">
          {shown &&
            (shown.variation_is_visible ? (
              <>
                <div
                  className="woocommerce-variation-description"
                  // The store's own HTML (WooCommerce prints it unescaped too), trusted like the page.
                  dangerouslySetInnerHTML={{ __html: sanitizeHtml(shown.variation_description) }}
                />
                <div
                  className="woocommerce-variation-price"
                  dangerouslySetInnerHTML={{ __html: sanitizeHtml(shown.price_html) }}
                />
                <div
                  className="woocommerce-variation-availability"
                  dangerouslySetInnerHTML={{ __html: sanitizeHtml(shown.availability_html) }}
                />
              </>
            ) : (
              <p>{__(TEXT.unavailable)}</p>
            ))}
        </div>
      </div>
      {check.kind === 'none' && (
        <p className="wc-no-matching-variations woocommerce-info shop-islands-vf__slide">
          {__(TEXT.noMatch)}
        </p>
      )}
      {check.kind === 'error' && (
        <div className="woocommerce-error shop-islands-vf__fault" role="alert">
          <p>{__(TEXT.fault)}</p>
          <button type="button" className="button shop-islands-vf__retry" onClick={onRetry}>
            {__(TEXT.retry)}
          </button>
        </div>
      )}
    </>
  );
}
