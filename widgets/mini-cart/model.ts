/**
 * The mini-cart's visibility rule (storefront.md §4 "Mini-cart visibility"): when the site hides it
 * while the cart is empty, it is shown when `woocommerce_items_in_cart` says the cart has items, and
 * whenever an add-to-cart starts (until a removal: an emptied cart hides it again); otherwise hidden.
 */
export function isMiniCartHidden({
  hideIfEmpty,
  hasItems,
  addStarted,
}: {
  hideIfEmpty: boolean;
  hasItems: boolean;
  addStarted: boolean;
}): boolean {
  return hideIfEmpty && !hasItems && !addStarted;
}
