/**
 * CommerceKit's answer made fit for the popup (DOM work, done once per answer: the answers are
 * cached prepared). Each suggestion's `data` is display HTML from the server: it is sanitised
 * (src/security/html.ts: no script, handler or `javascript:` URL survives; CommerceKit's own
 * `<img onload="ckAdjustSuggestionsHeight(this)">` loses its handler), then made listbox-option
 * content: an option is one control, so nothing inside may be focusable or carry a role of its own.
 * Its first link is where choosing it goes (a page of this site only), and links lose their href.
 */
import type { LiveSearchResponse } from '../../src/contract/live-search';
import { sanitizedFragment } from '../../src/security/html';
import { sameOriginUrl } from '../../src/security/url';
import { productsOnly, type Answer, type Suggestion } from './model';

/** Focusable or form content an option must not hold (a nested form control, a disclosure). */
const CONTROLS = 'button,input,select,textarea,summary';

export function prepareSuggestion(data: string): Suggestion {
  const holder = document.createElement('div');
  holder.append(sanitizedFragment(data));
  const link = holder.querySelector('a[href]');
  const href = sameOriginUrl(link?.getAttribute('href'))?.href ?? null;
  holder.querySelectorAll(CONTROLS).forEach((el) => el.remove());
  holder.querySelectorAll('*').forEach((el) => {
    for (const name of ['href', 'target', 'download', 'tabindex', 'id', 'role', 'for'])
      el.removeAttribute(name);
    // A thumbnail says nothing the title does not: decorative unless the server named it.
    if (el.localName === 'img' && !el.hasAttribute('alt')) el.setAttribute('alt', '');
  });
  return { html: holder.innerHTML, href };
}

/** The 'view all' link: CommerceKit's `<a href>` (its text kept), or a bare URL (`label`). */
function viewAllOf(value: string, label: string): Answer['viewAll'] {
  let href: string | null | undefined = value;
  if (value.trim().startsWith('<')) {
    const link = sanitizedFragment(value).querySelector('a[href]');
    href = link?.getAttribute('href');
    label = link?.textContent?.replace(/\s+/g, ' ').trim() || label;
  }
  const url = sameOriginUrl(href);
  return url ? { href: productsOnly(url), label } : null;
}

export function prepareAnswer(response: LiveSearchResponse, viewAllLabel: string): Answer {
  return {
    suggestions: response.suggestions.map((s) => prepareSuggestion(s.data)),
    viewAll: response.view_all_link ? viewAllOf(response.view_all_link, viewAllLabel) : null,
  };
}
