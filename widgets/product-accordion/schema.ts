import * as z from 'zod/mini';
import { TrustedHtml, optionalFromPhp } from '../../src/contract/props';

const ID = z.string().check(z.regex(/^[A-Za-z][\w-]*$/, 'a letter, then letters, digits, "_" or "-"'));

/**
 * Props of the product details accordion in the summary (storefront.md §2.5 "Details and
 * options", §4 "Accordion and tabs", §9 "Accordion animates in 200 ms"). The fallback is the same
 * sections as `<details>` elements grouped by `name` (one open at a time where the browser supports
 * it, all working without JavaScript).
 */
export const ProductAccordionPropsSchema = z.object({
  /** Prefix of the element ids, unique on the page (also the `<details name>` of the fallback). */
  idPrefix: optionalFromPhp(z._default(ID, 'product-details')),
  /** The sections in order: an id (unique after `idPrefix`), the title, the content. */
  sections: z
    .array(
      z.object({
        id: ID,
        title: z.string().check(z.minLength(1)),
        /** The section's content: trusted server HTML, as the fallback prints it. */
        html: TrustedHtml,
      }),
    )
    .check(z.minLength(1)),
  /** Index of the section open on load, or null for none. */
  open: optionalFromPhp(z._default(z.nullable(z.int().check(z.nonnegative())), null)),
  /** Level of the headings around the section buttons (WAI-ARIA accordion pattern). */
  headingLevel: optionalFromPhp(z._default(z.int().check(z.gte(2), z.lte(6)), 3)),
});
export type ProductAccordionProps = z.input<typeof ProductAccordionPropsSchema>;
