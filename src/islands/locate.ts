/**
 * Finds "the same" element in a container after its fallback was replaced by the island: by id,
 * then by name, then by position among elements of the same tag. Used to move focus, restore what
 * was typed and replay clicks made before the island mounted.
 */
const INTERACTIVE = 'a,button,input,select,textarea,summary,[role="button"],[tabindex]';

/** The element's tag, and its id, else its name, else its position among the container's `tag`s. */
export interface Locator {
  tag: string;
  id?: string;
  name?: string;
  index?: number;
}

export function locatorOf(target: Element, container: Element): Locator | null {
  const el = target.closest(INTERACTIVE);
  if (!el || !container.contains(el)) return null;
  const tag = el.tagName;
  const name = el.getAttribute('name');
  if (el.id) return { tag, id: el.id };
  if (name) return { tag, name };
  return { tag, index: Array.from(container.querySelectorAll(tag)).indexOf(el) };
}

export function resolve({ tag, id, name, index }: Locator, container: Element): HTMLElement | null {
  const found = Array.from(container.querySelectorAll(tag)).find((el, i) =>
    id ? el.id === id : name ? el.getAttribute('name') === name : i === index,
  );
  return found instanceof HTMLElement ? found : null;
}
