/**
 * What the slider and the carousel share to work on the server's own `<ul class="slides">` (they
 * adopt it: the images are not loaded twice): its slides, an id for `aria-controls`, the no-JS
 * list's scrollbar space, and an undo log putting every attribute and inline style back on unmount.
 */

/** The server's slides: the container's `<ul class="slides">` and its own `<li>`s. */
export function serverSlides(
  container: HTMLElement,
): { list: HTMLUListElement; slides: HTMLLIElement[] } | null {
  const list = container.querySelector<HTMLUListElement>(':scope > ul.slides');
  if (!list) return null;
  return { list, slides: Array.from(list.children).filter((el) => el instanceof HTMLLIElement) };
}

let ids = 0;
/** The list's id for the buttons' `aria-controls` (the server's own id, if it printed one). */
export const listIdOf = (list: HTMLElement, prefix: string): string => list.id || `${prefix}-${(ids += 1)}`;

/** The horizontal scrollbar of the no-JS list (px): kept as space once mounted, so nothing moves. */
export function scrollbarHeight(list: HTMLElement): number {
  const style = getComputedStyle(list);
  const borders = (parseFloat(style.borderTopWidth) || 0) + (parseFloat(style.borderBottomWidth) || 0);
  return Math.max(0, list.offsetHeight - list.clientHeight - borders);
}

/** Attributes (null: removed) and inline styles set on the server's nodes, put back as they were by `run()`. */
export function createUndo() {
  const steps: (() => void)[] = [];
  const styled = new Set<HTMLElement>();
  return {
    attr(el: Element, name: string, value: string | null) {
      const before = el.getAttribute(name);
      if (value === null) el.removeAttribute(name);
      else el.setAttribute(name, value);
      steps.push(() => (before === null ? el.removeAttribute(name) : el.setAttribute(name, before)));
    },
    style(el: HTMLElement, name: string, value: string) {
      if (!styled.has(el)) {
        const before = el.getAttribute('style');
        styled.add(el);
        steps.push(() => (before === null ? el.removeAttribute('style') : el.setAttribute('style', before)));
      }
      el.style.setProperty(name, value);
    },
    run() {
      steps
        .splice(0)
        .reverse()
        .forEach((step) => step());
    },
  };
}
