import { forgetAppearanceSent } from '../../src/payments/stripe/appearance';
import { forgetStripeObjects } from '../../src/payments/stripe/load';
import { StripeDouble, type StripeDoubleOptions } from '../../src/test/stripe-double';

/**
 * Stripe.js cannot load here: the card boxes' `loadStripe()` finds this double as `window.Stripe`.
 * `loadStripe()` keeps the first `window.Stripe` it finds, so one trampoline serves every story of
 * every file; a story sets `stripeDouble.options` in its beforeEach and reads what was made.
 */
export const stripeDouble: { options: StripeDoubleOptions; made: StripeDouble[] } = { options: {}, made: [] };

const page = window as unknown as { Stripe?: unknown };
page.Stripe ??= Object.assign(
  (key: string) => {
    const stripe = new StripeDouble(key, stripeDouble.options);
    stripeDouble.made.push(stripe);
    return stripe;
  },
  { version: 'endive' },
);

/** A story's beforeEach: its own double (new options), no Stripe object of an earlier story kept. */
export function freshStripe(options: StripeDoubleOptions = {}): void {
  forgetStripeObjects();
  forgetAppearanceSent();
  stripeDouble.options = options;
  stripeDouble.made.length = 0;
}

/** Payment Element mounts over every Stripe object the stories made. */
export const elementMounts = (): number => stripeDouble.made.reduce((n, s) => n + s.log.mounts, 0);
