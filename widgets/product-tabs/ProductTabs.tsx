import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { flushSync } from 'react-dom';
import type * as z from 'zod/mini';
import { initialTab, panelId, REVIEWS_TAB, tabAfterHashChange, tabIndexForKey, titleId } from './model';
import type { ProductTabsPropsSchema } from './schema';

type Props = z.output<typeof ProductTabsPropsSchema>;

/** Links elsewhere on the page that lead to the reviews (WooCommerce's rating summary link). */
const REVIEW_LINKS = 'a.woocommerce-review-link, a[href="#reviews"]';

const here = () => ({ hash: window.location.hash, href: window.location.href });

/** True in a right-to-left layout: the computed direction, or the nearest `dir` attribute. */
function isRtl(el: HTMLElement): boolean {
  if (getComputedStyle(el).direction === 'rtl') return true;
  return el.closest('[dir]')?.getAttribute('dir')?.toLowerCase() === 'rtl';
}

/**
 * WooCommerce's product tabs (storefront.md §2.5 "Tabs", §4 "Accordion and tabs") as the WAI-ARIA
 * tabs pattern: a tablist of links, exactly one tab open, the open one in the tab order (roving
 * tabindex), arrows move and open (mirrored right-to-left), Home/End go to the first/last tab.
 *
 * Only the tab list is rendered here. The panels are the server's nodes, next to the island's
 * container in `.woocommerce-tabs`: they are never re-created, only given their tabpanel role and
 * shown or hidden (`hidden`), because the variation form writes into the additional-information
 * table, as WooCommerce's add-to-cart-variation.js does, and other plugins hook into that markup.
 * Unmounting gives the panels back as the server printed them (all shown).
 */
export function ProductTabs({ tabs, open: serverChoice }: Props) {
  const keys = tabs.map((t) => t.key);
  const list = useRef<HTMLUListElement>(null);
  const links = useRef(new Map<string, HTMLAnchorElement>());
  // The opening rules of §2.5 read the URL once, as the page loads (WooCommerce: on ready).
  const [active, setActive] = useState<string>(() => initialTab(keys, here(), serverChoice) ?? tabs[0]!.key);
  const keysKey = keys.join(' ');

  // The server's panels: in the same `.woocommerce-tabs` as the tab list (the whole document when
  // the list stands alone). Keys are letters, digits, '_' and '-' (schema): safe in the selector.
  const panels = useCallback((): Map<string, HTMLElement> => {
    const scope: ParentNode = list.current?.closest('.woocommerce-tabs') ?? document;
    const found = new Map<string, HTMLElement>();
    for (const key of keysKey.split(' ')) {
      const panel = scope.querySelector<HTMLElement>(`[id="${panelId(key)}"]`);
      if (panel) found.set(key, panel);
    }
    return found;
  }, [keysKey]);

  // The panels become tabpanels labelled by their tab, focusable (some hold no focusable content);
  // given back untouched on unmount.
  useLayoutEffect(() => {
    const found = panels();
    const added: [HTMLElement, string, string | null][] = [];
    const set = (el: HTMLElement, name: string, value: string) => {
      added.push([el, name, el.getAttribute(name)]);
      el.setAttribute(name, value);
    };
    for (const [key, panel] of found) {
      set(panel, 'role', 'tabpanel');
      set(panel, 'aria-labelledby', titleId(key));
      set(panel, 'tabindex', '0');
    }
    return () => {
      for (const [el, name, before] of added.reverse()) {
        if (before === null) el.removeAttribute(name);
        else el.setAttribute(name, before);
      }
      for (const panel of found.values()) panel.hidden = false;
    };
  }, [panels]);

  // Exactly one panel shown: before the first paint, so the mounted tabs look like the fallback.
  useLayoutEffect(() => {
    for (const [key, panel] of panels()) panel.hidden = key !== active;
  }, [active, panels]);

  // A hash change follows the opening rules; a review link elsewhere on the page opens the reviews
  // before the browser follows it to #reviews, so it scrolls to a shown panel.
  useEffect(() => {
    const onHashChange = () =>
      setActive((current) => tabAfterHashChange(keysKey.split(' '), current, here()));
    const onClick = (event: Event) => {
      const target = event.target instanceof Element ? event.target.closest(REVIEW_LINKS) : null;
      if (!target || list.current?.contains(target) || !keysKey.split(' ').includes(REVIEWS_TAB)) return;
      flushSync(() => setActive(REVIEWS_TAB));
    };
    window.addEventListener('hashchange', onHashChange);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('hashchange', onHashChange);
      document.removeEventListener('click', onClick);
    };
  }, [keysKey]);

  const open = (key: string, focus: boolean) => {
    setActive(key);
    if (focus) links.current.get(key)?.focus();
  };

  const onClick = (event: MouseEvent<HTMLAnchorElement>, key: string) => {
    // A tab opens in place (WooCommerce prevents the jump to the panel too).
    event.preventDefault();
    open(key, false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === ' ') {
      // A link has no Space activation of its own; a tab has.
      event.preventDefault();
      open(tabs[index]!.key, false);
      return;
    }
    const to = tabIndexForKey(event.key, index, tabs.length, isRtl(event.currentTarget));
    if (to === null) return;
    event.preventDefault();
    open(tabs[to]!.key, true);
  };

  return (
    <ul ref={list} className="tabs wc-tabs" role="tablist">
      {tabs.map((tab, index) => {
        const selected = tab.key === active;
        return (
          <li
            key={tab.key}
            role="presentation"
            id={titleId(tab.key)}
            className={`${tab.key}_tab${selected ? ' active' : ''}`}
          >
            <a
              ref={(el) => {
                if (el) links.current.set(tab.key, el);
                else links.current.delete(tab.key);
              }}
              href={`#${panelId(tab.key)}`}
              role="tab"
              aria-controls={panelId(tab.key)}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              onClick={(event) => onClick(event, tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.title}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
