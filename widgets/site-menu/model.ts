/**
 * The site menu's decisions as pure functions (no DOM): the viewport mode, what a click on a
 * parent link does, label formatting and the props check. storefront.md §2.10 and §9 "Layout":
 * mobile up to 767 px; menu touch behaviour above 992 px.
 */

/** The widest viewport of the mobile layout (§9: mobile up to 767 px): the handheld drawer. */
export const MOBILE_MAX_WIDTH = 767;
/** Touch behaviour (first tap opens, second follows) applies above this width (§9). */
export const TOUCH_MIN_WIDTH = 992;
/** How long a sub-menu opened by hover stays open once the pointer left it (diagonal moves). */
export const HOVER_CLOSE_DELAY_MS = 300;

export type ViewportMode = 'mobile' | 'desktop';

/** The handheld drawer up to 767 px, the primary (disclosure) menu above. */
export const viewportMode = (width: number): ViewportMode =>
  width <= MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';

export type LinkAction = 'open' | 'follow';

export interface LinkClick {
  /** The viewport's width (CSS px). */
  width: number;
  /** `pointerType` of the pointer that pressed the link ('' for a keyboard). */
  pointerType: string;
  /** Whether the link's sub-menu is open already. */
  open: boolean;
}

/**
 * A click on a parent link of the primary menu: above 992 px a touch's first tap opens the sub-menu
 * (the link is not followed), the second tap follows it. Mice, pens, keyboards and touches at
 * 992 px or less (which use the disclosure buttons) always follow.
 */
export const linkClickAction = ({ width, pointerType, open }: LinkClick): LinkAction =>
  pointerType === 'touch' && width > TOUCH_MIN_WIDTH && !open ? 'open' : 'follow';

/** A menu item's name as the shopper reads it: its text with white space collapsed. */
export const itemName = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** `template` with its `%s` replaced by `name` (WordPress's sprintf placeholder; `$` kept as is). */
export const formatLabel = (template: string, name: string): string => template.split('%s').join(name);

export interface SiteMenuProps {
  toggleLabel: string;
  closeLabel: string;
  subMenuLabel: string;
}

export const DEFAULT_PROPS: Readonly<SiteMenuProps> = {
  toggleLabel: 'Menu',
  closeLabel: 'Close menu',
  subMenuLabel: 'Show submenu for %s',
};

export type PropsCheck = { ok: true; props: SiteMenuProps } | { ok: false; field: string; problem: string };

/** The contract's props (`chrome-contracts.md` `site-menu`): three optional non-empty labels. */
export function checkProps(raw: unknown): PropsCheck {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, field: '(root)', problem: 'expected an object' };
  }
  const props = { ...DEFAULT_PROPS };
  for (const key of Object.keys(DEFAULT_PROPS) as (keyof SiteMenuProps)[]) {
    const value = (raw as Record<string, unknown>)[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || !value.trim()) {
      return { ok: false, field: key, problem: 'expected a non-empty string' };
    }
    if (key === 'subMenuLabel' && !value.includes('%s')) {
      return { ok: false, field: key, problem: 'expected a %s for the item’s name' };
    }
    props[key] = value;
  }
  return { ok: true, props };
}
