import { defineIsland } from '../../src/islands/define';
import { ShippingCalculatorPropsSchema } from './schema';
import { ShippingCalculator } from './ShippingCalculator';
import stylesheet from './shipping-calculator.css?url';

/*
 * The island keeps WooCommerce's cart totals (and every extension's rows and buttons in them):
 * `adopt`. Its container is around `div.cart_totals`, which each answer replaces.
 *
 * Hydration (island.json): `visible`, not `interaction`. The container holds the whole of the cart
 * totals, the page's main call to action: with `interaction`, the shopper's first click anywhere in
 * them ('Proceed to checkout', a shipping method) would start the import and be held until the island
 * mounted, so the way to the checkout would wait for a chunk. `visible` mounts it as the totals come
 * near the viewport (200 px ahead), before the shopper can reach them: no click is ever held. It
 * costs little: the calculator's chunk is small (React is the cart's quantity steppers' already,
 * and the pickers and address rules are the checkout's, cached for the next page), and WooCommerce
 * prints the calculator closed, so mounting it changes nothing the shopper sees (no layout shift).
 */
export default defineIsland(ShippingCalculatorPropsSchema, ShippingCalculator, { stylesheet, adopt: true });
