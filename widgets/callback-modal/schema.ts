import * as z from 'zod/mini';
import { optionalFromPhp } from '../../src/contract/props';

const Text = z.string().check(z.trim(), z.minLength(1));

/**
 * Props of the callback-request modal (storefront.md §2.10; chrome-contracts.md `callback-modal`).
 * The container holds the server's trigger link and its `#callback-request` form; these props are
 * only the words the island adds.
 */
export const CallbackModalPropsSchema = z.object({
  /** The dialog's title (its accessible name). */
  title: Text,
  /** The trigger's text, once it opens the dialog. */
  triggerLabel: Text,
  /**
   * Shown when the request is accepted; absent: the server's `data.message` (as text), else
   * 'Thank you. We will call you back soon.'
   */
  successMessage: optionalFromPhp(z.optional(Text)),
});
export type CallbackModalProps = z.input<typeof CallbackModalPropsSchema>;
