/**
 * The site chrome of issue #16 in the demo store: each feature's module lists its pages (path →
 * renderer) and answers its own admin-ajax actions; site.ts and handlers.ts ask here.
 */
import type { PageContext } from '../layout';
import { ATTRIBUTION_PAGES } from './attribution';
import { CONTACT_AJAX, CONTACT_PAGES } from './contact';
import { MENU_PAGES } from './menus';
import { POPUP_PAGES } from './popups';
import { SLIDER_PAGES } from './sliders';

export type ChromePage = (ctx: PageContext) => string;

/** An admin-ajax action of a chrome feature: its answer, or null when it is not this module's. */
export type ChromeAjax = (
  action: string,
  fields: URLSearchParams,
  request: Request,
) => Response | Promise<Response> | null;

export const CHROME_PAGES: Readonly<Record<string, ChromePage>> = {
  ...ATTRIBUTION_PAGES,
  ...POPUP_PAGES,
  ...MENU_PAGES,
  ...CONTACT_PAGES,
  ...SLIDER_PAGES,
};

/** The chrome page at `path`, if any (own keys only: a path is not a prototype property). */
export const chromePage = (path: string): ChromePage | null =>
  Object.hasOwn(CHROME_PAGES, path) ? CHROME_PAGES[path]! : null;

const AJAX: readonly ChromeAjax[] = [CONTACT_AJAX];

/** The answer of a chrome feature's admin-ajax action, or null. */
export function chromeAdminAjax(
  action: string,
  fields: URLSearchParams,
  request: Request,
): Response | Promise<Response> | null {
  for (const answer of AJAX) {
    const response = answer(action, fields, request);
    if (response) return response;
  }
  return null;
}
