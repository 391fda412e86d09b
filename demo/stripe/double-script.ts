/**
 * The demo store's Stripe.js: the test double of src/test/stripe-double.ts as `window.Stripe`, the
 * way Stripe's own script defines it. demo/server.ts bundles this file (an IIFE) and serves it as
 * /demo-assets/stripe-double.js; the checkout and order-pay pages print it before the island loader,
 * so `loadStripe()` finds `window.Stripe` and never fetches Stripe's servers.
 */
import { stripeFactory } from '../../src/test/stripe-double';

Object.assign(window, { Stripe: stripeFactory() });
