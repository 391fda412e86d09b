/**
 * Links and form actions that an island falls back to (an add-to-cart button's `href`, the sticky
 * bar's button, the variation form's `action`): the way things keep working without JavaScript and
 * when an in-page request fails. Props whose link leads nowhere cannot work and are refused (the
 * island is not mounted, its fallback stays).
 */

/** Why a link is refused, after the field's name in the runtime's console error. */
export const UNFOLLOWABLE_LINK_PROBLEM =
  'must be a link the browser can follow: not empty, not only "#…", not "javascript:" or "data:"';

/** Why a form's action is refused. */
export const UNUSABLE_ACTION_PROBLEM =
  'must be the URL the form posts to: not empty, not "javascript:" or "data:"';

/**
 * Whether `url` names a page to load: not blank, not a script or data URL (browsers run, or refuse
 * to load, those; React blocks `javascript:` in `href` and `action`).
 */
export function isPageUrl(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed === '') return false;
  let parsed: URL;
  try {
    // The URL parser drops the tabs and newlines browsers ignore in a scheme ("java\tscript:").
    parsed = new URL(trimmed, 'https://shop.invalid/');
  } catch {
    return false;
  }
  return parsed.protocol !== 'javascript:' && parsed.protocol !== 'data:';
}

/**
 * Whether following the link `href` can lead somewhere: a page URL ({@link isPageUrl}) that is not
 * only a fragment of the page it is on (following that loads nothing).
 */
export const isFollowableLink = (href: string): boolean => !href.trim().startsWith('#') && isPageUrl(href);
