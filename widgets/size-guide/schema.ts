import * as z from 'zod/mini';
import { optionalFromPhp } from '../../src/contract/props';

/** A size table: a caption, the column headers, and one row per size (its first cell, a row header). */
export const SizeTableSchema = z
  .object({
    caption: z.string().check(z.minLength(1)),
    /** Every column's header, the size column's included. */
    columns: z.array(z.string().check(z.minLength(1))).check(z.minLength(2)),
    rows: z
      .array(z.object({ size: z.string().check(z.minLength(1)), cells: z.array(z.string()) }))
      .check(z.minLength(1)),
  })
  .check(
    z.refine((table) => table.rows.every((row) => row.cells.length === table.columns.length - 1), {
      message: 'each row needs one cell per column after the size',
      path: ['rows'],
    }),
  );
export type SizeTable = z.infer<typeof SizeTableSchema>;

/**
 * Props of CommerceKit's size-guide button (storefront.md §2.5 "A size-guide button may be
 * present"): printed on products with a size attribute, as a link to the in-page section with the
 * same table (`#sectionId`), which works without JavaScript.
 */
export const SizeGuidePropsSchema = z.object({
  /** The dialog's title. */
  title: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Size guide')),
  /** The button's text (the fallback link's too). */
  buttonLabel: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Size guide')),
  /** The dialog's close button's accessible name. */
  closeLabel: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Close size guide')),
  /** The id of the no-JS section the fallback link goes to. */
  sectionId: z
    .string()
    .check(z.regex(/^[A-Za-z_][\w-]*$/, 'a valid id (a letter or "_", then word characters or "-")')),
  /** The size table (the no-JS section's). */
  table: SizeTableSchema,
  /** A line under the table (how to measure), or ''. */
  note: optionalFromPhp(z._default(z.string(), '')),
});
export type SizeGuideProps = z.input<typeof SizeGuidePropsSchema>;
