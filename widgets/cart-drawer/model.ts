/**
 * The cart drawer's rules (storefront.md §2.8, §4 "Cart drawer", §6): closed → open after an add to
 * cart (except in the page builder's editor) or on a click on the header cart; open → closed on an
 * outside click, the close button or Escape. No React, no DOM.
 */
export type DrawerEvent =
  { type: 'added' } | { type: 'opener-click' } | { type: 'close'; via: 'outside' | 'button' | 'escape' };

export function drawerOpen(open: boolean, event: DrawerEvent, { isEditor }: { isEditor: boolean }): boolean {
  switch (event.type) {
    case 'added':
      return open || !isEditor;
    case 'opener-click':
      return true;
    case 'close':
      return false;
  }
}
