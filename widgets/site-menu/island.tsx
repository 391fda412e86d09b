/**
 * The site menu (storefront.md §2.10 "Mobile menu drawer", "Mega-menu with an overlay; touch
 * behaviour applies above 992 px"), a non-React island (no React, no zod) over Storefront's
 * `nav#site-navigation.main-navigation` (chrome-contracts.md `site-menu`).
 *
 * Without JavaScript the server's menu works alone: every item is a link, sub-menus show on hover
 * and keyboard focus (CSS), and below 768 px the handheld list is shown as a plain list. Mounted:
 * - up to 767 px the Menu toggle opens the handheld menu as a drawer: `aria-expanded` on the toggle,
 *   a 'Close menu' button, Tab kept inside, Escape, the close button or a click outside close it and
 *   focus returns to the toggle; the page behind does not scroll. Each parent item gets a
 *   disclosure button ('Show submenu for Shop', `aria-expanded`);
 * - from 768 px, WAI-ARIA disclosure navigation: a button beside each top-level parent link opens
 *   its sub-menu or mega-menu; a mouse hovering opens it too (closing after a short delay, so a
 *   diagonal move reaches the panel); Escape closes it and focus returns to its button; focus or a
 *   click leaving the menu closes it. A mega-menu dims the page below the header (the overlay: a
 *   click on it closes);
 * - above 992 px a touch's first tap on a parent link opens its sub-menu, the second follows the
 *   link; at 992 px or less touches use the buttons.
 * It also does what Storefront's navigation.js (which the plugin leaves out) did for the header cart
 * (`ul.site-header-cart`, outside the nav), by delegation on the document: while focus is inside it,
 * the cart and its item holding the focus have the class `focus` (Storefront's CSS shows the mini-cart
 * on `.site-header-cart.focus`; its script set it on the item only); above 992 px a touch's first tap
 * on the cart link opens the mini-cart, the second follows the link.
 * Unmounted, every change is undone: the server's markup is as it was.
 */
import type { FocusTrap } from '../../src/a11y/focus-trap';
import type { IslandModule, MountResult } from '../../src/islands/types';
import {
  checkProps,
  formatLabel,
  HOVER_CLOSE_DELAY_MS,
  itemName,
  linkClickAction,
  viewportMode,
  type SiteMenuProps,
} from './model';
import './site-menu.css';

/** An open top-level item of the primary menu (and Storefront's class for it: its CSS shows the sub-menu). */
const OPEN = 'site-menu-open';
const FOCUS = 'focus';
/** Storefront's classes: the nav while the handheld menu is open, an expanded handheld item. */
const TOGGLED = 'toggled';
const TOGGLED_ON = 'toggled-on';
/** On <html> while a mega-menu is open: the header sits above the overlay (the drawer does itself). */
const ACTIVE = 'site-menu-active';

let mounts = 0;

function startMenu(nav: HTMLElement, toggle: HTMLButtonElement, props: SiteMenuProps): () => void {
  const doc = nav.ownerDocument;
  const win = doc.defaultView ?? window;
  const handheld = nav.querySelector<HTMLElement>('.handheld-navigation');
  const undo: (() => void)[] = [];
  const prefix = `site-menu-${(mounts += 1)}-`;
  let ids = 0;

  const on = <E extends Event>(
    target: EventTarget,
    type: string,
    listener: (event: E) => void,
    capture?: boolean,
  ): void => {
    target.addEventListener(type, listener as EventListener, capture);
    undo.push(() => target.removeEventListener(type, listener as EventListener, capture));
  };
  const create = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string) => {
    const el = doc.createElement(tag);
    el.className = className;
    undo.push(() => el.remove());
    return el;
  };
  const expand = (button: HTMLElement, open: boolean) => button.setAttribute('aria-expanded', String(open));
  const hide = (el: HTMLElement, hidden: boolean) => {
    el.hidden = hidden;
  };

  /** Sub-menu of `li` (hidden from now on) with a disclosure button after its link. */
  const disclose = (li: Element): HTMLButtonElement | null => {
    const link = li.querySelector(':scope > a');
    const sub = li.querySelector<HTMLElement>(':scope > .sub-menu');
    if (!link || !sub) return null;
    if (!sub.id) {
      sub.id = prefix + (ids += 1);
      undo.push(() => sub.removeAttribute('id'));
    }
    const was = sub.hidden;
    undo.push(() => {
      hide(sub, was);
      sub.classList.remove(TOGGLED_ON);
    });
    hide(sub, true);
    const button = create('button', 'dropdown-toggle');
    button.type = 'button';
    expand(button, false);
    button.setAttribute('aria-controls', sub.id);
    const label = doc.createElement('span');
    label.className = 'screen-reader-text';
    label.textContent = formatLabel(props.subMenuLabel, itemName(link.textContent ?? ''));
    button.append(label);
    link.after(button);
    return button;
  };

  // The page overlay: under the header for a mega-menu, under the drawer (over the header) for the
  // drawer. A click on it is a click outside.
  const overlay = create('div', 'site-menu-overlay');
  overlay.hidden = true;
  doc.body.append(overlay);
  const dim = (on: boolean, header = false) => {
    overlay.hidden = !on;
    doc.documentElement.classList.toggle(ACTIVE, header);
  };
  undo.push(() => doc.documentElement.classList.remove(ACTIVE));

  // --- Primary menu (768 px and wider): disclosure buttons, hover, touch ---
  const items = new Map<Element, HTMLButtonElement>();
  for (const li of nav.querySelectorAll('.primary-navigation > ul > li.menu-item-has-children')) {
    const button = disclose(li);
    if (button) items.set(li, button);
  }
  let openItem: Element | null = null;
  let byHover = false;
  let hoverTimer: ReturnType<typeof setTimeout> | undefined;
  let pointer = '';

  const setOpen = (li: Element | null, hover = false): void => {
    clearTimeout(hoverTimer);
    if (openItem && openItem !== li) {
      openItem.classList.remove(OPEN, FOCUS);
      expand(items.get(openItem)!, false);
      hide(openItem.querySelector(':scope > .sub-menu')!, true);
    }
    openItem = li;
    byHover = hover;
    if (li) {
      li.classList.add(OPEN, FOCUS);
      expand(items.get(li)!, true);
      hide(li.querySelector(':scope > .sub-menu')!, false);
    }
    const mega = !!li?.classList.contains('mega-menu');
    if (!drawerOpen) dim(mega, mega);
  };
  undo.push(() => {
    clearTimeout(hoverTimer);
    setOpen(null);
  });

  for (const li of items.keys()) {
    on<PointerEvent>(li, 'pointerenter', (event) => {
      if (event.pointerType === 'touch') return;
      if (openItem === li) clearTimeout(hoverTimer);
      else setOpen(li, true);
    });
    on<PointerEvent>(li, 'pointerleave', (event) => {
      if (event.pointerType === 'touch' || openItem !== li || !byHover) return;
      clearTimeout(hoverTimer);
      hoverTimer = setTimeout(() => setOpen(null), HOVER_CLOSE_DELAY_MS);
    });
  }

  // --- Handheld menu (up to 767 px): the drawer ---
  let drawerOpen = false;
  let unlock: (() => void) | null = null;
  const close = create('button', 'site-menu-close');
  close.type = 'button';
  close.textContent = props.closeLabel;
  handheld?.prepend(close);
  const handheldButtons = new Set<HTMLButtonElement>();
  for (const li of handheld?.querySelectorAll('li.menu-item-has-children') ?? []) {
    const button = disclose(li);
    if (button) handheldButtons.add(button);
  }
  // The focus trap (shared with the other islands' dialogs) is fetched when the drawer first opens:
  // on a computer it is never needed. Until it is there, focus is on 'Close menu' and Escape is ours.
  let trap: FocusTrap | null = null;
  let trapped = false;
  const trapFocus = (): void => {
    if (!handheld) return;
    import('../../src/a11y/focus-trap').then(
      ({ createFocusTrap }) => {
        trap ??= createFocusTrap(handheld, {
          initialFocus: close,
          returnFocus: false,
          onEscape: () => closeDrawer(),
        });
        if (drawerOpen && !trapped) {
          trap.activate();
          trapped = true;
        }
      },
      // Not fetched (offline): the drawer works on, without keeping Tab inside.
      () => undefined,
    );
  };

  const lockScroll = (): (() => void) => {
    const root = doc.documentElement;
    const body = doc.body;
    const before = [root.style.overflow, body.style.paddingRight] as const;
    const gap = Math.max(0, win.innerWidth - root.clientWidth);
    if (gap)
      body.style.paddingRight = `${(parseFloat(win.getComputedStyle(body).paddingRight) || 0) + gap}px`;
    root.style.overflow = 'hidden';
    return () => {
      [root.style.overflow, body.style.paddingRight] = before;
    };
  };

  const openDrawer = (): void => {
    if (drawerOpen || !handheld) return;
    setOpen(null);
    drawerOpen = true;
    nav.classList.add(TOGGLED);
    expand(toggle, true);
    dim(true);
    unlock = lockScroll();
    close.focus();
    trapFocus();
  };
  function closeDrawer(returnFocus = true): void {
    if (!drawerOpen) return;
    drawerOpen = false;
    trap?.deactivate();
    trapped = false;
    nav.classList.remove(TOGGLED);
    expand(toggle, false);
    dim(false);
    unlock?.();
    unlock = null;
    if (returnFocus) toggle.focus();
  }
  const toggleLabel = toggle.querySelector('span') ?? toggle;
  const printedLabel = toggleLabel.textContent;
  if (printedLabel !== props.toggleLabel) {
    toggleLabel.textContent = props.toggleLabel;
    undo.push(() => (toggleLabel.textContent = printedLabel));
  }
  const printedExpanded = toggle.getAttribute('aria-expanded');
  undo.push(() =>
    printedExpanded === null
      ? toggle.removeAttribute('aria-expanded')
      : toggle.setAttribute('aria-expanded', printedExpanded),
  );
  undo.push(() => closeDrawer(false));

  // --- The header cart (`ul.site-header-cart`, outside the nav), as Storefront's navigation.js did ---
  // While focus is inside it (or a touch's first tap opened it) the cart and the item holding the
  // focus have the class `focus`: Storefront's CSS shows the mini-cart on `.site-header-cart.focus`.
  let cart: Element | null = null;
  let cartItem: Element | null = null;
  let tapped: Element | null = null;
  const markCart = (next: Element | null, item: Element | null = null): void => {
    if (next !== cart) tapped = null;
    cart?.classList.remove(FOCUS);
    cartItem?.classList.remove(FOCUS);
    cart = next;
    cartItem = item;
    next?.classList.add(FOCUS);
    item?.classList.add(FOCUS);
  };
  undo.push(() => markCart(null));
  /** The header cart holding `target`, and its item (`li`) that does. */
  const cartOf = (target: EventTarget | null): [Element | null, Element | null | undefined] => {
    const found = target instanceof Element ? target.closest('.site-header-cart') : null;
    return [found, found && [...found.children].find((li) => li.contains(target as Node))];
  };
  on<FocusEvent>(doc, 'focusin', (event) => markCart(...cartOf(event.target)));
  on<FocusEvent>(doc, 'focusout', (event) => {
    if (!cartOf(event.relatedTarget)[0]) markCart(null);
  });
  // A touch's first tap on the cart link opens the mini-cart, the second follows the link (the
  // capture phase: before the cart drawer's own click handler). An empty dropdown (WooCommerce prints
  // none on the cart and checkout pages) is not opened.
  on<MouseEvent>(
    doc,
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a.cart-contents') : null;
      const [found, item] = cartOf(link);
      const touch = pointer;
      if (!found || event.defaultPrevented || !item?.nextElementSibling?.textContent?.trim()) return;
      pointer = '';
      if (linkClickAction({ width: win.innerWidth, pointerType: touch, open: tapped === link }) === 'open') {
        event.preventDefault();
        markCart(found, item);
        tapped = link;
      }
    },
    true,
  );

  // --- Events ---
  on<PointerEvent>(doc, 'pointerdown', (event) => (pointer = event.pointerType), true);
  on<KeyboardEvent>(doc, 'keydown', () => (pointer = ''), true);

  on<MouseEvent>(nav, 'click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest('button');
    if (button === toggle) return drawerOpen ? closeDrawer() : openDrawer();
    if (button === close) return closeDrawer();
    if (button && handheldButtons.has(button)) {
      const open = button.getAttribute('aria-expanded') !== 'true';
      expand(button, open);
      button.classList.toggle(TOGGLED_ON, open);
      const sub = doc.getElementById(button.getAttribute('aria-controls') ?? '');
      if (sub) {
        hide(sub, !open);
        sub.classList.toggle(TOGGLED_ON, open);
      }
      return;
    }
    const li = button?.parentElement ?? target?.closest('a')?.parentElement;
    if (!li || !items.has(li)) {
      // A link of the drawer: the page changes (or scrolls to an anchor): the drawer closes.
      if (target?.closest('.handheld-navigation a')) closeDrawer(false);
      return;
    }
    // A sub-menu the pointer opened is kept open by its button (a click does not undo the hover).
    if (button) return setOpen(openItem === li && !byHover ? null : li);
    const touch = pointer;
    pointer = '';
    if (linkClickAction({ width: win.innerWidth, pointerType: touch, open: openItem === li }) === 'open') {
      event.preventDefault();
      setOpen(li);
    }
  });

  // Escape: the open sub-menu closes and its button takes the focus. The drawer's trap handles its
  // own (it knows whether a dialog above it took the key); until it is there, the drawer closes.
  on<KeyboardEvent>(doc, 'keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (drawerOpen && !trapped) return closeDrawer();
    if (drawerOpen || !openItem) return;
    const button = items.get(openItem)!;
    const inside = openItem.contains(doc.activeElement);
    setOpen(null);
    if (inside) button.focus();
  });
  // Focus leaving the menu closes what is open.
  on<FocusEvent>(nav, 'focusout', (event) => {
    const next = event.relatedTarget;
    if (openItem && next instanceof Node && !openItem.contains(next)) setOpen(null);
  });
  // A click (or tap) outside the menu closes what is open.
  on<MouseEvent>(doc, 'click', (event) => {
    const target = event.target;
    if (!cartOf(target)[0]) markCart(null);
    if (target instanceof Node && nav.contains(target)) return;
    if (drawerOpen) closeDrawer();
    else if (openItem) setOpen(null);
  });
  // The other layout takes over: what was open in this one closes.
  on(win, 'resize', () => {
    const mode = viewportMode(win.innerWidth);
    if (mode === 'desktop') closeDrawer(false);
    else setOpen(null);
  });

  return () => undo.reverse().forEach((step) => step());
}

const island: IslandModule = {
  mount(container, rawProps): MountResult {
    const checked = checkProps(rawProps);
    if (!checked.ok) return checked;
    const nav = container.querySelector<HTMLElement>('nav.main-navigation');
    const toggle = nav?.querySelector<HTMLButtonElement>('button.menu-toggle');
    if (!nav || !toggle) {
      return { ok: false, field: '(markup)', problem: 'no nav.main-navigation with a button.menu-toggle' };
    }
    let stop: (() => void) | null = startMenu(nav, toggle, checked.props);
    return {
      ok: true,
      unmount: () => {
        stop?.();
        stop = null;
      },
    };
  },
};

export default island;
