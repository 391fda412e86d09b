/**
 * No add the shopper clicked is lost when they leave the page (issue #11). Five quick adds then a
 * click on a link: the adds go one at a time (storefront.md §4 "Cart request queue"), so the last
 * ones are still queued when the link is followed, and a page being left sends nothing more.
 *
 * While adds are queued or in flight, a click on a link of the page, or a form submission, that
 * would replace this page is held: it goes on once the queue is empty (each add ends with its
 * answer or its timeout, so the wait is bounded). The browser's own navigations cannot be held (a
 * typed URL, the back button, closing the tab): the cart store sends the adds still waiting with
 * `keepalive` on `pagehide` instead.
 *
 * Not held: clicks another handler prevented (an island's own), modified clicks and links opening
 * another tab or window (this page stays, so does its queue), downloads, in-page anchors, and
 * non-http(s) links.
 */
import { httpUrl } from '../security/url';
import { isModifiedClick, navigation } from '../navigation';

export interface HoldOptions {
  /** Adds queued or in flight now. */
  pending(): number;
  /** Resolves once none is. */
  settled(): Promise<void>;
}

const opensElsewhere = (target: string): boolean => target !== '' && target.toLowerCase() !== '_self';

/** Whether following `url` only moves within this document (`#section` of the same page). */
function inPage(url: URL): boolean {
  return (
    url.hash !== '' &&
    url.origin === location.origin &&
    url.pathname === location.pathname &&
    url.search === location.search
  );
}

/** Holds the page's links and forms while adds are pending; returns the function that stops it. */
export function holdNavigation({ pending, settled }: HoldOptions): () => void {
  /** The latest held navigation: an earlier one is dropped when the shopper clicks something else. */
  let latest: object | null = null;

  const after = (go: () => void) => {
    const token = {};
    latest = token;
    void settled().then(() => {
      if (latest !== token) return;
      latest = null;
      go();
    });
  };

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || pending() === 0 || isModifiedClick(event)) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || opensElsewhere(link.target) || link.hasAttribute('download'))
      return;
    const url = httpUrl(link.getAttribute('href'));
    if (!url || inPage(url)) return;
    event.preventDefault();
    after(() => navigation.assign(url.href));
  };

  const onSubmit = (event: SubmitEvent) => {
    if (event.defaultPrevented || pending() === 0) return;
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || opensElsewhere(form.target)) return;
    event.preventDefault();
    const submitter = event.submitter;
    after(() => navigation.submit(form, submitter));
  };

  document.addEventListener('click', onClick);
  document.addEventListener('submit', onSubmit);
  return () => {
    latest = null;
    document.removeEventListener('click', onClick);
    document.removeEventListener('submit', onSubmit);
  };
}
