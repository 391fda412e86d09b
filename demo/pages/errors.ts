/** The error pages: not found (404) and WordPress's expired link (403). */
import { childCategories } from '../fixtures';
import { escapeHtml } from '../html';
import { renderDocument, type PageContext } from '../layout';
import { categoryLinks } from './parts';

export function renderNotFound(ctx: PageContext): string {
  return renderDocument(ctx, {
    title: 'Page not found',
    bodyClass: 'error404',
    main:
      '<div class="error-404 not-found"><h1 class="page-title">Oops! That page can’t be found.</h1>' +
      '<p>Nothing was found at this location. Try the <a href="/shop/">shop</a> or one of these categories:</p>' +
      `${categoryLinks(childCategories(16), 'Categories')}</div>`,
  });
}

/** WordPress's `wp_nonce_ays()` answer to a stale form (HTTP 403). */
export function renderLinkExpired(ctx: PageContext, backTo: string): string {
  return renderDocument(ctx, {
    title: 'Something went wrong',
    bodyClass: 'wp-die-message',
    main:
      '<h1 class="entry-title">Something went wrong</h1><p>The link you followed has expired.</p>' +
      `<p><a href="${escapeHtml(backTo)}">Please try again.</a></p>`,
  });
}
