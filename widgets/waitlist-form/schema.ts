import * as z from 'zod/mini';

/**
 * Props of the back-in-stock waitlist form (storefront.md §2.5, §3 "Waitlist entry", §4 "Waitlist
 * form", §5 "Waitlist"): printed on an out-of-stock product (or variation) page. The container holds
 * the same form working without JavaScript (it posts to `action`).
 */
export const WaitlistFormPropsSchema = z.object({
  /** The out-of-stock product's (or variation's) id, sent as `product_id`. */
  productId: z.int().check(z.positive()),
  /** Prefix of the form's element ids, unique on the page (the fallback uses the same ids). */
  idPrefix: z.string().check(z.regex(/^[A-Za-z][\w-]*$/, 'a letter, then letters, digits, "_" or "-"')),
  /** Where the no-JS form posts (the island keeps it so its markup is the fallback's). */
  action: z.string().check(z.minLength(1)),
  /** The no-JS form's nonce, kept as its hidden field. */
  nonce: z._default(z.string(), ''),
  intro: z._default(z.string(), 'Notify me when the item is back in stock.'),
  emailLabel: z._default(z.string().check(z.minLength(1)), 'Email address'),
  placeholder: z._default(z.string(), 'Enter your email address...'),
  consentLabel: z._default(
    z.string().check(z.minLength(1)),
    'I consent to being contacted by the store owner',
  ),
  buttonLabel: z._default(z.string().check(z.minLength(1)), 'Join waiting list'),
  /** Milliseconds before the request counts as failed. */
  timeout: z._default(z.number().check(z.positive()), 20_000),
});
export type WaitlistFormProps = z.input<typeof WaitlistFormPropsSchema>;
