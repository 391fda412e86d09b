/**
 * §2.1, §2.3: a `theme_template_id` query argument scrolls the page to that Elementor template
 * (`[data-elementor-id="{id}"]`), as Elementor Pro does on load. Checked once per page, by the
 * first listing island to mount, and not when the shopper has already scrolled (or the browser
 * restored a position); the scrolling itself (./scroll-to-template) is fetched only when asked.
 */
import { templateIdOf } from './model';

let done = false;

export function scrollToTemplateOnce(): void {
  if (done) return;
  done = true;
  const id = templateIdOf(location.search);
  if (id !== null && window.scrollY === 0)
    void import('./scroll-to-template').then((m) => m.scrollToTemplate(id));
}

/** Tests only. */
export function resetTemplateScroll(): void {
  done = false;
}
