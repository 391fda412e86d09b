import * as z from 'zod/mini';
import { absoluteHttpUrl, DEFAULT_NATIVE_LABEL, NETWORKS } from './model';

/**
 * An optional prop whose `null` and `false` mean "left out" (its default applies), as the island's
 * checker reads them; `[]` stays what it is, and is refused.
 */
function nullOrFalseAsAbsent<T extends z.core.SomeType>(schema: T): T {
  return z.pipe(
    z.transform((value: unknown): unknown => (value === null || value === false ? undefined : value)),
    schema as unknown as z.core.$ZodType<z.output<T>, unknown>,
  ) as unknown as T;
}

/**
 * Props of the share buttons (storefront.md §2.10 "Share buttons for many social networks plus email
 * and print"; chrome-contracts.md `share-buttons`). The container holds the server's
 * `ul.share-buttons`, each control marked `data-network`. Mounted, the island opens the listed
 * networks' links in a popup window (600×500, `noopener`; the share URL rebuilt from `url` and
 * `title`), leaves email to its `mailto:`, shows the print button, and where the browser has the Web
 * Share API adds a button opening the system's share sheet.
 *
 * The island is not React and carries no zod: `model.ts` `checkProps` checks the props by hand, and
 * this schema is the same rule for the integrators' guide, held to it by `schema.test.ts`. `url` is
 * checked as an absolute URL (a relative one is refused, unlike the "URL, http(s)" props of other
 * islands, which resolve against the page); repeated networks count once.
 */
export const ShareButtonsPropsSchema = z.object({
  /** The page shared: an absolute http(s) URL (the post's permalink). */
  url: z
    .string()
    .check(z.refine((value) => absoluteHttpUrl(value) !== null, 'must be an absolute http(s) URL')),
  /** Its title, as text (entities decoded): the share text of X, Pinterest, WhatsApp, Telegram, Reddit and email. */
  title: z.string(),
  /**
   * The networks the island enhances, of those the list prints (`data-network`); a control whose
   * network is not listed is left as the server printed it.
   */
  networks: z.array(z.enum(NETWORKS)),
  /** The text of the Web Share API button (only where the browser has `navigator.share`). */
  nativeLabel: nullOrFalseAsAbsent(z._default(z.string().check(z.regex(/\S/)), DEFAULT_NATIVE_LABEL)),
});
export type ShareButtonsProps = z.input<typeof ShareButtonsPropsSchema>;
