import * as z from 'zod/mini';
import { optionalFromPhp, WpFlag } from '../../src/contract/props';
import { ALL_TERMS, TAXONOMY, TERM_SLUG, WIDGET_ID } from '../../src/listing/model';

const ElementId = z
  .string()
  .check(z.regex(WIDGET_ID, '7 lower-case letters or digits (an Elementor element id)'));
const Text = z.string().check(z.minLength(1));

/** One term of the taxonomy, as the filter shows it. */
const TermSchema = z.object({
  /** The term's slug: the value written into the query string (no white space, '+', '~' or '!'; not '__all'). */
  slug: z.string().check(
    z.regex(TERM_SLUG, 'a term slug (no white space, "+", "~" or "!")'),
    z.refine((slug) => slug !== ALL_TERMS, `"${ALL_TERMS}" is the 'All' button's`),
  ),
  /** The term's name, as text. */
  label: Text,
  /** How many products the term holds, shown after its name; left out: not shown. */
  count: optionalFromPhp(z.optional(z.int().check(z.nonnegative()))),
});

/**
 * Props of Elementor Pro's taxonomy filter (storefront.md §2.3, §3 "Loop filter", §5, §9 "Listing
 * filters"), one filter widget over one loop grid. The container holds the filter as links carrying
 * the filtered page's query string (what works without JavaScript); the island makes them toggle
 * buttons that refresh the grid in place (widgets/loop-grid) and write the same query string.
 */
export const LoopFilterPropsSchema = z.object({
  /** This filter widget's Elementor id (7 lower-case letters or digits): its element ids. */
  widgetId: ElementId,
  /** The loop grid's widget id: the grid it filters, and the key of its filters in the URL (`e-filter-{targetWidgetId}-{taxonomy}`). */
  targetWidgetId: ElementId,
  /** The taxonomy filtered (`product_cat`, `product_tag`…: a-z, 0-9 and `_`), Elementor Pro's `selectedTaxonomy`. */
  taxonomy: z.string().check(z.regex(TAXONOMY, 'a taxonomy name (a-z, 0-9 and _, at most 32)')),
  /** The terms offered, in the order shown (at least one: Elementor Pro prints no filter without terms). */
  terms: z.array(TermSchema).check(z.minLength(1)),
  /** The filter's visible name, which names its group of buttons. */
  label: optionalFromPhp(z._default(Text, 'Filter')),
  /** Several terms may be selected at once (Elementor Pro's `multiple_selection`: true, 'yes', '1'). */
  multiple: optionalFromPhp(z._default(WpFlag, false)),
  /**
   * How several selected terms combine: 'AND' (products with every term) or 'OR' (with any). Any
   * other value, or `multiple` off, disables the join: one term at a time (§5).
   */
  logicalJoin: optionalFromPhp(z._default(z.string(), 'AND')),
  /** The first button, which clears the taxonomy's terms; '' for none. */
  allLabel: optionalFromPhp(z._default(z.string(), 'All')),
  /**
   * This filter carries the mobile 'Filters' button (one filter of the grid: the first): below 768 px
   * every filter of the grid moves into a drawer that it opens.
   */
  drawer: optionalFromPhp(z._default(WpFlag, false)),
  /** The drawer button's text and the drawer's title. */
  drawerLabel: optionalFromPhp(z._default(Text, 'Filters')),
  /** The drawer's close button's accessible name. */
  drawerCloseLabel: optionalFromPhp(z._default(Text, 'Close filters')),
  /** The button at the foot of the drawer that closes it, the grid refreshed behind. */
  drawerDoneLabel: optionalFromPhp(z._default(Text, 'Show results')),
});
export type LoopFilterProps = z.input<typeof LoopFilterPropsSchema>;
export type LoopFilterConfig = z.output<typeof LoopFilterPropsSchema>;
