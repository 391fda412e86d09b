import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import { getSalePercents } from '../../src/endpoints/commercekit';
import { on } from '../../src/events/bus';
import { isAbort } from '../../src/transport/errors';
import { badgeView, percentsOf, variationKey, type Percents } from './model';
import type { SaleBadgePropsSchema } from './schema';

type Props = z.output<typeof SaleBadgePropsSchema>;

/** The variation already chosen when the badge mounts (a preselection, or a choice made before). */
function chosenOnPage(productId: number): string | null {
  const input = document.querySelector<HTMLInputElement>(
    `form.variations_form[data-product_id="${productId}"] input.variation_id`,
  );
  return variationKey(input?.value);
}

/**
 * Shoptimizer's sale badge on a variable product (storefront.md §2.5, §3 "Sale badge data", §4
 * "Variation selection", §7): over the server's `<span class="onsale">Sale!</span>`, it asks
 * `admin-ajax.php` `shoptimizer_get_sale_prices` for the percent label of each variation once, then
 * follows the variations form: on `found_variation` it shows the chosen variation's label ("-25%"),
 * or hides itself when that variation is not on sale (as Shoptimizer does: only a sale variation's
 * percent is shown); on `reset_data` (reset, incomplete selection, no match) the server's badge is back.
 *
 * Should the request fail (HTTP error, timeout, an answer that is not the contract), the server's
 * badge simply stays: the shopper sees no error, the console says why.
 *
 * The badge is not a live region: its text changes with the shopper's own choice, which the
 * variation panel's price already tells screen readers ("Original price was … Current price is …");
 * announcing it too would repeat it on every change. It is read where it stands, like the server's.
 * One badge per product page, like Shoptimizer: the events are followed on the whole document.
 */
export function SaleBadge({ productId, label, timeout }: Props) {
  const [percents, setPercents] = useState<Percents | null>(null);
  const [chosen, setChosen] = useState<string | null>(() => chosenOnPage(productId));

  useEffect(() => {
    const controller = new AbortController();
    getSalePercents(productId, { signal: controller.signal, timeout }).then(
      (response) => setPercents(percentsOf(response)),
      (error: unknown) => {
        if (isAbort(error)) return;
        console.error(
          '[shop-islands] sale-badge: the sale percents could not be loaded; the badge stays as the server printed it.',
          error,
        );
      },
    );
    return () => controller.abort();
  }, [productId, timeout]);

  useEffect(() => {
    const stopFound = on('found_variation', (variation) =>
      setChosen(variationKey((variation as { variation_id?: unknown } | undefined)?.variation_id)),
    );
    const stopReset = on('reset_data', () => setChosen(null));
    return () => {
      stopFound();
      stopReset();
    };
  }, []);

  const view = badgeView({ percents, chosen }, label);
  return (
    <span
      className="onsale"
      style={view.hidden ? { visibility: 'hidden' } : undefined}
      aria-hidden={view.hidden || undefined}
    >
      {view.text}
    </span>
  );
}
