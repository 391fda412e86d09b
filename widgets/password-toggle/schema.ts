import * as z from 'zod/mini';
import { optionalFromPhp } from '../../src/contract/props';

/**
 * Props of the password show/hide toggle (storefront.md §2.10). The container wraps the password
 * input (WooCommerce's `<span class="password-input">`); the island renders the same input plus
 * the toggle button, keeping whatever was typed before it mounted.
 */
export const PasswordTogglePropsSchema = z.object({
  /** The input's id (its `<label for>`). */
  id: z.string().check(z.minLength(1)),
  /** The input's name: what the form posts (`password`, `account_password`…). */
  name: z.string().check(z.minLength(1)),
  /** The input's `autocomplete`: `current-password` or `new-password`. */
  autocomplete: optionalFromPhp(z._default(z.string(), 'current-password')),
  /** The input's `required`. */
  required: optionalFromPhp(z._default(z.boolean(), false)),
  /** Extra classes of the input (WooCommerce: `woocommerce-Input woocommerce-Input--text input-text`). */
  className: optionalFromPhp(z._default(z.string(), 'input-text')),
  /** Accessible name of the input when no <label for> points at it. */
  ariaLabel: optionalFromPhp(z.optional(z.string())),
});
export type PasswordToggleProps = z.input<typeof PasswordTogglePropsSchema>;
