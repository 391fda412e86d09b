/**
 * Which submissions the callback modal sends itself (storefront.md §7 general admin call): only a
 * form posting to this site's admin-ajax.php with an `action` field; anything else — another site,
 * a `javascript:` URL, another page, a file field — is left to the browser (or refused by it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ajaxTarget } from './model';

const ORIGIN = location.origin;

function form(action: string | null, fields = '<input name="action" value="shop_islands_callback_request">') {
  const el = document.createElement('form');
  if (action !== null) el.setAttribute('action', action);
  el.innerHTML = `<input name="name" value="Ann">${fields}<button type="submit">Send</button>`;
  document.body.append(el);
  return el;
}
afterEach(() => document.body.replaceChildren());

describe('ajaxTarget', () => {
  it('sends a form posting to this site’s admin-ajax.php with its fields', () => {
    const target = ajaxTarget(form('/wp-admin/admin-ajax.php'), null);
    expect(target?.url).toBe(`${ORIGIN}/wp-admin/admin-ajax.php`);
    expect(target?.action).toBe('shop_islands_callback_request');
    expect(target?.fields.get('name')).toBe('Ann');
  });

  it.each([
    ['another site’s admin-ajax.php', 'https://evil.example/wp-admin/admin-ajax.php'],
    ['a protocol-relative URL to another site', '//evil.example/wp-admin/admin-ajax.php'],
    ['a javascript: URL', 'javascript:alert(1)//admin-ajax.php'],
    ['a data: URL', 'data:text/html,admin-ajax.php'],
    ['another page of this site', '/contact/'],
    ['no action attribute (the page itself)', null],
  ])('leaves %s to the browser', (_name, action) => {
    expect(ajaxTarget(form(action), null)).toBeNull();
  });

  it('a submitter’s formaction wins, and is checked the same way', () => {
    const el = form('/wp-admin/admin-ajax.php');
    const button = el.querySelector('button')!;
    button.setAttribute('formaction', 'https://evil.example/wp-admin/admin-ajax.php');
    expect(ajaxTarget(el, button)).toBeNull();
  });

  it('leaves a form without an action field, or with a file field, to the browser', () => {
    expect(ajaxTarget(form('/wp-admin/admin-ajax.php', ''), null)).toBeNull();
    const withFile = form('/wp-admin/admin-ajax.php');
    const file = Object.assign(document.createElement('input'), { type: 'file', name: 'cv' });
    withFile.append(file);
    // A file input posts a File (even empty): only the browser can send it.
    expect(ajaxTarget(withFile, null)).toBeNull();
  });
});
