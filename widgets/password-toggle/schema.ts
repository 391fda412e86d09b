import * as z from 'zod/mini';

/**
 * Props of the password show/hide toggle (storefront.md §2.10). The container wraps the password
 * input (WooCommerce's `<span class="password-input">`); the island renders the same input plus
 * the toggle button, keeping whatever was typed before it mounted.
 */
export const PasswordTogglePropsSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  autocomplete: z._default(z.string(), 'current-password'),
  required: z._default(z.boolean(), false),
  /** Extra classes of the input (WooCommerce: `woocommerce-Input woocommerce-Input--text input-text`). */
  className: z._default(z.string(), 'input-text'),
  /** Accessible name of the input when no <label for> points at it. */
  ariaLabel: z.optional(z.string()),
});
export type PasswordToggleProps = z.input<typeof PasswordTogglePropsSchema>;
