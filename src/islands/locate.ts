/**
 * Finds "the same" element in a container after its fallback was replaced by the island: by id,
 * then by name, then by position among elements of the same tag. Used to move focus, restore what
 * was typed and replay clicks made before the island mounted.
 */
const INTERACTIVE = 'a,button,input,select,textarea,summary,[role="button"],[tabindex]';

export type Locator = { id: string } | { name: string; tag: string } | { tag: string; index: number };

export function locatorOf(target: Element, container: Element): Locator | null {
  const el = target.closest(INTERACTIVE);
  if (!el || !container.contains(el)) return null;
  if (el.id) return { id: el.id };
  const tag = el.tagName.toLowerCase();
  const name = el.getAttribute('name');
  if (name) return { name, tag };
  return { tag, index: Array.from(container.querySelectorAll(tag)).indexOf(el) };
}

export function resolve(locator: Locator, container: Element): HTMLElement | null {
  let found: Element | null | undefined;
  if ('id' in locator) {
    found = Array.from(container.querySelectorAll('[id]')).find((el) => el.id === locator.id);
  } else if ('name' in locator) {
    found = Array.from(container.querySelectorAll(locator.tag)).find(
      (el) => el.getAttribute('name') === locator.name,
    );
  } else {
    found = container.querySelectorAll(locator.tag)[locator.index];
  }
  return found instanceof HTMLElement ? found : null;
}
