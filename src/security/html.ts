/**
 * HTML from a server answer, props or storage is put into the page only through here (issue #11):
 * cart fragments, price and availability HTML, notices, wishlist and waitlist messages. WooCommerce
 * escapes what it prints, but a plugin, a compromised product name or a tampered sessionStorage
 * entry may not, and an `<img onerror>` runs the moment it enters the document.
 *
 * What such HTML needs is text formatting, links, images, lists, tables and WooCommerce's small
 * forms (the mini-cart's remove links, a wishlist row's add-to-cart form). So:
 * - elements outside that list are unwrapped (their text kept), and the ones whose content is code
 *   or that change the page (`script`, `style`, `iframe`, `object`, `svg`, `math`, `template`,
 *   `base`, `link`, `meta`…) are removed with their content;
 * - attributes outside a list are removed: every `on*` handler, `srcdoc`, `formaction`, `xlink:href`…;
 * - URL attributes (`href`, `src`, `srcset`, `action`, `cite`) stay only when http(s) (relative
 *   ones resolve to the page); `target="_blank"` links get `rel="noopener noreferrer"`;
 * - `id`/`name` values that would shadow a property of `document` or of a form (DOM clobbering,
 *   `<img name="cookie">`) are removed; inline styles that load anything (`url(`) are removed.
 *
 * Parsing happens in an inert `<template>` (no image loads, no handler runs), and the result is
 * either moved into the page as nodes (`sanitizedFragment`) or serialised for React's
 * `dangerouslySetInnerHTML` (`sanitizeHtml`); since no `svg`, `math`, `noscript` or raw-text
 * element survives, serialising and parsing again gives the same tree.
 */
import { httpUrl, isSafeSrcset } from './url';

const ALLOWED = new Set(
  (
    'a abbr address b bdi bdo blockquote br button caption cite code col colgroup dd del details dfn div dl dt em fieldset legend ' +
    'figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr i img input ins kbd label li main mark nav ol ' +
    'optgroup option p picture pre q s samp section select small source span strong sub summary sup table tbody ' +
    'td textarea tfoot th thead time tr u ul var wbr'
  ).split(' '),
);

/** Removed with everything inside them. */
const DROPPED = new Set(
  (
    'script style template iframe frame frameset object embed applet base link meta noscript noembed noframes ' +
    'svg math title xmp plaintext audio video canvas portal dialog'
  ).split(' '),
);

const GLOBAL_ATTRIBUTES = new Set([
  'class',
  'id',
  'title',
  'lang',
  'dir',
  'role',
  'tabindex',
  'hidden',
  'style',
]);

const ELEMENT_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'target', 'rel', 'hreflang', 'download'],
  img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
  source: ['srcset', 'sizes', 'media', 'type'],
  td: ['colspan', 'rowspan', 'headers'],
  th: ['colspan', 'rowspan', 'headers', 'scope', 'abbr'],
  col: ['span'],
  colgroup: ['span'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  time: ['datetime'],
  q: ['cite'],
  blockquote: ['cite'],
  del: ['cite', 'datetime'],
  ins: ['cite', 'datetime'],
  details: ['open'],
  form: ['action', 'method', 'enctype', 'name'],
  input: [
    'type',
    'name',
    'value',
    'checked',
    'min',
    'max',
    'step',
    'placeholder',
    'required',
    'readonly',
    'disabled',
    'size',
    'maxlength',
    'autocomplete',
    'inputmode',
    'pattern',
  ],
  button: ['type', 'name', 'value', 'disabled'],
  select: ['name', 'multiple', 'required', 'disabled'],
  option: ['value', 'selected', 'disabled', 'label'],
  optgroup: ['label', 'disabled'],
  textarea: ['name', 'rows', 'cols', 'placeholder', 'required', 'readonly', 'maxlength'],
  label: ['for'],
};

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'cite']);

/** Our own globals and WooCommerce's, which an element id must not shadow either (`window[id]`). */
const GLOBALS = new Set([
  'jQuery',
  '$',
  'wp',
  'wc_add_to_cart_params',
  'wc_cart_fragments_params',
  'woocommerce_params',
]);

function clobbers(doc: Document, value: string): boolean {
  return value in doc || value in HTMLFormElement.prototype || GLOBALS.has(value);
}

function cleanAttributes(el: Element, tag: string, doc: Document): void {
  const allowed = ELEMENT_ATTRIBUTES[tag] ?? [];
  for (const { name, value } of Array.from(el.attributes)) {
    const keep =
      (GLOBAL_ATTRIBUTES.has(name) ||
        allowed.includes(name) ||
        name.startsWith('data-') ||
        name.startsWith('aria-')) &&
      !(URL_ATTRIBUTES.has(name) && httpUrl(value) === null) &&
      !(name === 'srcset' && !isSafeSrcset(value)) &&
      !((name === 'id' || name === 'name') && clobbers(doc, value)) &&
      !(name === 'style' && /url\s*\(|expression\s*\(|@import|javascript:/i.test(value));
    if (!keep) el.removeAttribute(name);
  }
  if (tag === 'a' && el.getAttribute('target') === '_blank') el.setAttribute('rel', 'noopener noreferrer');
}

function clean(parent: ParentNode, doc: Document): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.COMMENT_NODE || node.nodeType === Node.PROCESSING_INSTRUCTION_NODE) {
      node.remove();
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const el = node as Element;
    const tag = el.localName;
    if (DROPPED.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      el.remove();
      continue;
    }
    clean(el, doc);
    if (!ALLOWED.has(tag)) {
      el.replaceWith(...Array.from(el.childNodes));
      continue;
    }
    cleanAttributes(el, tag, doc);
  }
}

/** The HTML as nodes to put into `doc`, with what it must not carry removed. */
export function sanitizedFragment(html: string, doc: Document = document): DocumentFragment {
  const template = doc.createElement('template');
  template.innerHTML = html;
  clean(template.content, doc);
  return template.content;
}

const cache = new Map<string, string>();

/** The HTML as a string, sanitised (for `dangerouslySetInnerHTML`). The last 100 results are kept. */
export function sanitizeHtml(html: string): string {
  if (typeof document === 'undefined') return '';
  const known = cache.get(html);
  if (known !== undefined) return known;
  const template = document.createElement('template');
  template.content.append(sanitizedFragment(html));
  const safe = template.innerHTML;
  if (cache.size >= 100) cache.delete(cache.keys().next().value as string);
  cache.set(html, safe);
  return safe;
}
