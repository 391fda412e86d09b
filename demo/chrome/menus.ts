/**
 * The site menu in the demo store (issue #16, storefront.md §2.10 "Mobile menu drawer", "Mega-menu
 * with an overlay; touch behaviour applies above 992 px"). The menu itself is the header's, on
 * every page (demo/layout.ts `siteNavigationHtml` inside the site-menu island); `/menus/` says what
 * to try with it.
 */
import { escapeHtml } from '../html';
import { NAV_ITEMS, renderDocument, type PageContext } from '../layout';
import type { ChromePage } from './index';

export const MENUS_PATH = '/menus/';
export const MENUS_TITLE = 'Menus';

/** What to try, by device: [heading, items]. */
export const MENU_TRIES: readonly (readonly [string, readonly string[]])[] = [
  [
    'On a computer (768 px and wider)',
    [
      'Point at Shop: its mega-menu opens with the Running, Tennis and Football columns, and the page below the header dims. Move the pointer away and it closes a moment later.',
      'With the keyboard, Tab to the button after Shop (“Show submenu for Shop”) and press Enter or Space: the mega-menu opens and Tab goes through its links.',
      'Press Escape: the menu closes and the focus is back on its button. Tabbing out of the menu closes it too.',
      'Click the dimmed page: the mega-menu closes.',
      'Accessories opens a plain sub-menu (Bags, Goalkeeping), without dimming the page.',
    ],
  ],
  [
    'On a touch screen wider than 992 px',
    [
      'Tap Shop once: its mega-menu opens. Tap Shop again: the shop opens.',
      'Tap anywhere else: the menu closes.',
      'At 992 px or narrower, tap the button beside the link to open a sub-menu; a tap on the link follows it.',
    ],
  ],
  [
    'On a phone (767 px and narrower)',
    [
      'Tap Menu: the menu slides in as a drawer from the left and the page behind stops scrolling.',
      'Each item with a sub-menu has its own button (“Show submenu for Shop”); the columns of Shop have theirs too.',
      'Close the drawer with Close menu, Escape or a tap outside it: the focus returns to Menu. While it is open, Tab stays inside it.',
    ],
  ],
  [
    'Without JavaScript',
    [
      'Every item is a link. On a computer the sub-menus show while pointed at or focused; on a phone the whole menu is shown as a list instead of the Menu button.',
    ],
  ],
];

function menusPage(ctx: PageContext): string {
  const parents = NAV_ITEMS.filter((item) => item.children).map((item) => escapeHtml(item.label));
  return renderDocument(ctx, {
    title: MENUS_TITLE,
    bodyClass: 'page menus-page',
    main:
      '<article class="page type-page"><header class="entry-header">' +
      `<h1 class="entry-title">${escapeHtml(MENUS_TITLE)}</h1></header>` +
      '<div class="entry-content">' +
      `<p>The header’s menu is on every page. ${parents.join(' and ')} have sub-menus: ` +
      'here is what to try with them.</p>' +
      MENU_TRIES.map(
        ([heading, tries]) =>
          `<h2>${escapeHtml(heading)}</h2><ul>${tries.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`,
      ).join('') +
      '</div></article>',
  });
}

export const MENU_PAGES: Record<string, ChromePage> = {
  [MENUS_PATH]: menusPage,
};
