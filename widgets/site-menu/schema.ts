import * as z from 'zod/mini';
import { DEFAULT_PROPS } from './model';

/**
 * An optional prop whose `null` means "left out" (its default applies), as the island's checker
 * reads it; `false` and `[]` stay what they are, and are refused.
 */
function nullAsAbsent<T extends z.core.SomeType>(schema: T): T {
  return z.pipe(
    z.transform((value: unknown): unknown => (value === null ? undefined : value)),
    schema as unknown as z.core.$ZodType<z.output<T>, unknown>,
  ) as unknown as T;
}

/** Text that is not empty nor only white space. */
const Label = z.string().check(z.regex(/\S/));

/**
 * Props of the site menu (storefront.md §2.10, §9 "Layout"; chrome-contracts.md `site-menu`):
 * Storefront's primary navigation, `nav#site-navigation.main-navigation`, enhanced. Up to 767 px the
 * Menu toggle opens the handheld menu as a drawer (focus kept in it; Escape, its close button or a
 * click outside close it); from 768 px each top-level parent link gets a disclosure button for its
 * sub-menu or mega-menu (hover opens it too, and above 992 px a touch's first tap on a parent link
 * opens it, the second follows it).
 *
 * The island is not React and carries no zod: `model.ts` `checkProps` checks the props by hand, and
 * this schema is the same rule for the integrators' guide, held to it by `schema.test.ts`. The three
 * labels are optional: left out or `null`, the default applies; `false` and `[]` (which PHP prints
 * for "nothing" elsewhere) are refused here, as a blank label is.
 */
export const SiteMenuPropsSchema = z.object({
  /**
   * The Menu toggle's text (Storefront's `storefront_menu_toggle_text`, as printed: the plugin passes
   * it); the toggle's printed text is replaced when they differ.
   */
  toggleLabel: nullAsAbsent(z._default(Label, DEFAULT_PROPS.toggleLabel)),
  /** The handheld drawer's close button. */
  closeLabel: nullAsAbsent(z._default(Label, DEFAULT_PROPS.closeLabel)),
  /** Each sub-menu button's accessible name: `%s` is the parent item's text (WordPress's `sprintf` placeholder). */
  subMenuLabel: nullAsAbsent(z._default(z.string().check(z.regex(/%s/)), DEFAULT_PROPS.subMenuLabel)),
});
export type SiteMenuProps = z.input<typeof SiteMenuPropsSchema>;
