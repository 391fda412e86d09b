import * as z from 'zod/mini';
import { HttpUrl } from '../../src/contract/url';
import { fromPhp, optionalFromPhp } from '../../src/contract/props';

/**
 * Props of the back-in-stock waitlist form (storefront.md §2.5, §3 "Waitlist entry", §4 "Waitlist
 * form", §5 "Waitlist"): printed on an out-of-stock product (or variation) page. The container holds
 * the same form working without JavaScript (it posts to `action`).
 */
export const WaitlistFormPropsSchema = z.object({
  /** The out-of-stock product's (or variation's) id, sent as `product_id`. */
  productId: fromPhp(z.int().check(z.positive())),
  /** Prefix of the form's element ids, unique on the page (the fallback uses the same ids). */
  idPrefix: z.string().check(z.regex(/^[A-Za-z][\w-]*$/, 'a letter, then letters, digits, "_" or "-"')),
  /** Where the no-JS form posts (the island keeps it so its markup is the fallback's). */
  action: HttpUrl,
  /** The no-JS form's nonce, kept as its hidden field. */
  nonce: optionalFromPhp(z._default(z.string(), '')),
  /** The line above the form. */
  intro: optionalFromPhp(z._default(z.string(), 'Notify me when the item is back in stock.')),
  /** The e-mail field's label. */
  emailLabel: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Email address')),
  /** The e-mail field's placeholder. */
  placeholder: optionalFromPhp(z._default(z.string(), 'Enter your email address...')),
  /** The consent checkbox's label. */
  consentLabel: optionalFromPhp(
    z._default(z.string().check(z.minLength(1)), 'I consent to being contacted by the store owner'),
  ),
  /** The submit button's text. */
  buttonLabel: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Join waiting list')),
  /** Milliseconds before the request counts as failed. */
  timeout: optionalFromPhp(z._default(z.number().check(z.positive()), 20_000)),
});
export type WaitlistFormProps = z.input<typeof WaitlistFormPropsSchema>;
