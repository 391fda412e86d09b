import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import { useCart } from '../../src/cart';
import { getSettings } from '../../src/contract/read-settings';
import { on } from '../../src/events/bus';
import { MiniCartContent, miniCartHtml } from '../../src/ui/MiniCartContent';
import { isMiniCartHidden } from './model';
import type { MiniCartPropsSchema } from './schema';

type Props = z.output<typeof MiniCartPropsSchema>;

/**
 * The header mini-cart on every page (storefront.md §2.8, §4 "Mini-cart visibility", "Page
 * fragments", §8). It starts the cart store and renders the `div.widget_shopping_cart_content`
 * fragment from it (the store leaves regions inside mounted islands to them), the server's markup
 * until the store has one. Remove links are handled in the page; the widget is dimmed (0.6) while
 * the cart updates, and hidden while the cart is empty when the site says so, except after an add
 * started.
 */
export function MiniCart({ serverHtml, className }: Props) {
  const { fragments, hasItems, updating } = useCart();
  const [addStarted, setAddStarted] = useState(false);

  useEffect(() => {
    const stops = [
      on('adding_to_cart', () => setAddStarted(true)),
      on('removed_from_cart', () => setAddStarted(false)),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);

  const hidden = isMiniCartHidden({
    hideIfEmpty: getSettings().hide_mini_cart_if_empty,
    hasItems,
    addStarted,
  });
  return (
    <MiniCartContent
      className={className}
      html={miniCartHtml(fragments, serverHtml)}
      updating={updating}
      hidden={hidden}
    />
  );
}
