/**
 * The card payment's own weight (issue #14: "npm run bench reports our payment island's own gzip
 * size beside the Stripe gateway plugin's classic scripts"): what a checkout that offers the card
 * fetches for it beyond the checkout island and the shared runtime: the Payment Element chunk
 * (src/payments/stripe/CardPayment.tsx: React Stripe.js, the Stripe.js loader, the intent flows) and
 * any chunk only it imports. Stripe.js itself (js.stripe.com) is the same for both and left out.
 *
 * The gateway's figures are those of WooCommerce Stripe Gateway 9.4.1 on the recorded WooCommerce
 * 9.9.5 store (issue #14): its classic checkout scripts ≈ 47 KB gzip, 192.6 KB with express checkout
 * (express_checkout.js, upe_classic.js, WordPress's React and lodash, …). They cannot be measured
 * here (CI has no gateway sources), so the table shows them as recorded.
 */
import { closure, readManifest, sizeOf } from '../scripts/sizes';
import type { Section } from './report';

const CARD_ENTRY = 'src/payments/stripe/CardPayment.tsx';
const CHECKOUT_ENTRY = 'widgets/checkout/island.tsx';
const EXPRESS_ENTRY = 'widgets/express-checkout/island.tsx';
/** What every island page loads anyway (a product page's add-to-cart island: React, zod, the runtime). */
const BASE_ENTRY = 'widgets/add-to-cart/island.tsx';
/** Issue #14's recorded figures for the Stripe gateway's classic scripts (gzip bytes). */
export const GATEWAY_CLASSIC = 47 * 1024;
export const GATEWAY_WITH_EXPRESS = Math.round(192.6 * 1024);

export interface PaymentWeight {
  /** The element chunk and the chunks only it needs (gzip bytes). */
  own: number;
  files: string[];
  /** The express buttons' island and what only it needs beyond an island page's shared runtime. */
  express: number;
  expressFiles: string[];
  /** Both on one page (the checkout): each chunk counted once. */
  both: number;
}

export function measurePaymentWeight(dist: string): PaymentWeight {
  const manifest = readManifest(dist);
  if (!manifest[CARD_ENTRY]) throw new Error(`The manifest has no ${CARD_ENTRY} chunk.`);
  const checkout = closure(manifest, CHECKOUT_ENTRY);
  const files = [...closure(manifest, CARD_ENTRY)].filter((file) => !checkout.has(file));
  const gzip = (list: string[]) => list.reduce((sum, file) => sum + sizeOf(file, dist).gzip, 0);
  const base = manifest[BASE_ENTRY] ? closure(manifest, BASE_ENTRY) : new Set<string>();
  const expressFiles = manifest[EXPRESS_ENTRY]
    ? [...closure(manifest, EXPRESS_ENTRY)].filter((file) => !base.has(file))
    : [];
  const both = gzip([...new Set([...files, ...expressFiles])]);
  return { own: gzip(files), files, express: gzip(expressFiles), expressFiles, both };
}

export function paymentSection(weight: PaymentWeight): Section {
  const row = (key: string, gzip: number, info: string) => ({
    key,
    info: { what: info },
    metrics: { gzip: { unit: 'bytes' as const, value: gzip } },
  });
  return {
    title: 'Card payment (gzip bytes, before Stripe.js itself): ours beside the Stripe gateway (issue 14)',
    columns: [
      { kind: 'key', header: 'scripts' },
      { kind: 'metric', metric: 'gzip', header: 'gzip B', format: 'int', delta: true },
      { kind: 'info', field: 'what', header: 'what' },
    ],
    rows: [
      row('Shop Islands card payment', weight.own, weight.files.join(', ')),
      row('Shop Islands express buttons', weight.express, weight.expressFiles.join(', ')),
      row('Shop Islands card + express', weight.both, 'both on one page (shared chunks once)'),
      row('Stripe gateway 9.4.1 classic', GATEWAY_CLASSIC, 'recorded (issue 14)'),
      row('Stripe gateway 9.4.1 + express', GATEWAY_WITH_EXPRESS, 'recorded (issue 14)'),
    ],
    notes: [
      'Ours: the Payment Element chunk and what only it imports, fetched when the checkout offers the card;',
      'the express buttons: their island and what only it imports beyond an island page’s React, zod and runtime.',
    ],
  };
}
