/**
 * Stripe.js for a publishable key: the real one, loaded once (`loadStripe` from @stripe/stripe-js),
 * and one Stripe object per key and options for the page's life. React may render a component's
 * first render again before it commits (an update that interrupts it), running a `useState`
 * initializer twice: making the object here, once, keeps that from making two.
 */
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const made = new Map<string, Promise<Stripe | null>>();

/** The Stripe object for `key`, or null when Stripe.js cannot load (never a rejection). */
export function stripeFor(
  key: string,
  options: { apiVersion?: string; locale?: string },
): Promise<Stripe | null> {
  const id = JSON.stringify([key, options.apiVersion ?? '', options.locale ?? '']);
  let stripe = made.get(id);
  if (!stripe) {
    stripe = loadStripe(key, {
      ...(options.apiVersion ? { apiVersion: options.apiVersion } : {}),
      ...(options.locale ? { locale: options.locale as 'auto' } : {}),
    }).catch(() => null);
    made.set(id, stripe);
  }
  return stripe;
}

/**
 * Forgets the Stripe objects made so far: for tests and stories, each of which gives `window.Stripe`
 * a double of its own (a page keeps its objects for its life).
 */
export function forgetStripeObjects(): void {
  made.clear();
}
