import type { SmartSearchSuggestion } from '../../src/contract/search';
import { sanitizedFragment } from '../../src/security/html';

/**
 * A suggestion as the popup shows it: its `data` display HTML sanitised (src/security/html: no
 * script, handler or `javascript:` URL; images and markup kept), then made fit to be an option of a
 * listbox: an option is one thing to choose, so what would be a control of its own inside it (the
 * plugin wraps the whole suggestion in a link to the product) is unwrapped or dropped, and nothing
 * in it is focusable. Its name (the add-to-cart link's label) is the title's text.
 */
export interface SuggestionView {
  html: string;
  name: string;
}

const views = new WeakMap<SmartSearchSuggestion, SuggestionView>();

export function suggestionView(suggestion: SmartSearchSuggestion): SuggestionView {
  let view = views.get(suggestion);
  if (view) return view;
  // An inert template: nothing in it loads or runs while it is rearranged.
  const box = document.createElement('template');
  box.content.append(sanitizedFragment(suggestion.data));
  const root = box.content;
  root
    .querySelectorAll('a,button,label,details,summary,form')
    .forEach((el) => el.replaceWith(...el.childNodes));
  root.querySelectorAll('input,select,textarea').forEach((el) => el.remove());
  root.querySelectorAll('[tabindex]').forEach((el) => el.removeAttribute('tabindex'));
  // An image without a text alternative is decoration here: the option is named by its text.
  root.querySelectorAll('img:not([alt])').forEach((el) => el.setAttribute('alt', ''));
  const title = root.querySelector('.smart-search-post-title') ?? root;
  view = { html: box.innerHTML, name: (title.textContent ?? '').replace(/\s+/g, ' ').trim() };
  views.set(suggestion, view);
  return view;
}
