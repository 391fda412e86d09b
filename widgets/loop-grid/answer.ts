/**
 * What the loop grid does with an answer's `data` (fetched with the request, so that it never waits
 * for it): the widget's `.elementor-widget-container` replaced by the answer's, sanitised with its
 * islands kept (src/security/island-html), the focus moved onto it when asked, and the words that
 * say what it now shows.
 */
import { __ } from '../../src/i18n';
import { sanitizedIslandFragment } from '../../src/security/island-html';

/** The part each answer replaces: the widget's `.elementor-widget-container`. */
const regionOf = (widget: Element | null): HTMLElement | null =>
  widget?.querySelector<HTMLElement>(':scope > .elementor-widget-container') ?? null;

/** What an answer's `data` becomes: its `.elementor-widget-container`, sanitised, islands kept. */
function regionFrom(html: string): HTMLElement {
  const fragment = sanitizedIslandFragment(html);
  const first = fragment.firstElementChild;
  if (
    first instanceof HTMLElement &&
    fragment.childElementCount === 1 &&
    first.matches('.elementor-widget-container')
  ) {
    return first;
  }
  const region = document.createElement('div');
  region.className = 'elementor-widget-container';
  region.append(fragment);
  return region;
}

/** What the screen reader hears once a grid is shown: its result count, else how many products. */
function summaryOf(region: Element): string {
  const count = region.querySelector('.woocommerce-result-count')?.textContent?.replace(/\s+/g, ' ').trim();
  if (count) return count;
  const items = region.querySelectorAll('.e-loop-item, li.product').length;
  if (items === 0) return __('No products were found matching your selection.');
  return items === 1 ? __('1 product') : __('%d products').replace('%d', String(items));
}

/**
 * Puts the answer into the grid widget `widget`; moves the focus onto the new grid when `focus`
 * (a page change) or when it was in the grid replaced. Returns what to announce.
 */
export function showAnswer(widget: HTMLElement, html: string, focus: boolean): string {
  const old = regionOf(widget);
  const active = document.activeElement;
  const focusWasInside = !!old && !!active && old.contains(active);
  const region = regionFrom(html);
  if (old) old.replaceWith(region);
  else widget.append(region);
  if (focus || focusWasInside) {
    region.setAttribute('tabindex', '-1');
    region.focus({ preventScroll: true });
    if (region.getBoundingClientRect().top < 0) {
      const reduce = !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      region.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    }
  }
  return summaryOf(region);
}
