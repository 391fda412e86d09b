/**
 * Links and form actions that an island falls back to (an add-to-cart button's `href`, the sticky
 * bar's button, the variation form's `action`): the way things keep working without JavaScript and
 * when an in-page request fails. Props whose link leads nowhere cannot work and are refused (the
 * island is not mounted, its fallback stays).
 */
import { httpUrl } from '../security/url';

/** Why a link is refused, after the field's name in the runtime's console error. */
export const UNFOLLOWABLE_LINK_PROBLEM =
  'must be a link the browser can follow: an http(s) URL, not empty, not only "#…"';

/** Why a form's action is refused. */
export const UNUSABLE_ACTION_PROBLEM = 'must be the URL the form posts to: an http(s) URL, not empty';

/** Whether `url` names a page to load: an http(s) URL, relative ones resolved to the page (src/security/url). */
export const isPageUrl = (url: string): boolean => url.trim() !== '' && httpUrl(url) !== null;

/**
 * Whether following the link `href` can lead somewhere: a page URL ({@link isPageUrl}) that is not
 * only a fragment of the page it is on (following that loads nothing).
 */
export const isFollowableLink = (href: string): boolean => !href.trim().startsWith('#') && isPageUrl(href);
