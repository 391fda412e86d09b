/**
 * HTML from a server answer that replaces a part of the page holding islands of its own (the loop
 * grid's answer: products with their add-to-cart buttons), so that those islands work at once.
 *
 * `sanitizedFragment` (./html.ts) drops every `<script>`, and with it the JSON props an island
 * container carries (`<script type="application/json" data-island-props>`, ARCHITECTURE.md §1):
 * the container would mount with no props, fail, and leave its fallback. Here, before the
 * sanitiser runs, each such props script is turned into the container's `data-props` attribute
 * (which the runtime reads when there is no script, src/islands/props.ts):
 *
 * - only a `<script type="application/json" data-island-props>` that is a direct child of an
 *   element carrying `data-island` (where the runtime looks), the first such child;
 * - its text is parsed as JSON and written back with `JSON.stringify` (text invalid as JSON is
 *   kept as it is: the runtime then refuses the island, which keeps its fallback, and says so);
 * - then the whole answer goes through `sanitizedFragment` as any answer does: every script
 *   (those included), handler, `javascript:` URL and so on is removed. An attribute cannot run.
 *
 * What an island so added may do is what its props schema allows, and its code comes only from the
 * plugin's asset folder (the runtime refuses any other `data-island-src`): a hostile answer gains
 * nothing it could not already print as plain markup.
 */
import { sanitizedFragment } from './html';

/** The answer as nodes to put into `doc`, island containers keeping their props. */
export function sanitizedIslandFragment(html: string, doc: Document = document): DocumentFragment {
  const template = doc.createElement('template');
  template.innerHTML = html;
  for (const container of Array.from(template.content.querySelectorAll('[data-island]'))) {
    // A state is the runtime's own: an answer's container starts afresh (a copied page would say "mounted").
    container.removeAttribute('data-island-state');
    const script = Array.from(container.children).find(
      (child) =>
        child.localName === 'script' &&
        child.hasAttribute('data-island-props') &&
        (child.getAttribute('type') ?? '').trim().toLowerCase() === 'application/json',
    );
    if (!script) continue;
    const text = script.textContent ?? '';
    let props = text;
    try {
      props = JSON.stringify(JSON.parse(text));
    } catch {
      // Kept as it is: the runtime reports the invalid JSON and the fallback stays.
    }
    container.setAttribute('data-props', props);
    script.remove();
  }
  return sanitizedFragment(template.innerHTML, doc);
}
