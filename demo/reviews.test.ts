/**
 * Reviews in the demo store (reviews.ts, product/tabs.ts, site.ts): the product page's tabs,
 * threaded reviews, review form and details accordion as WooCommerce prints them, and
 * wp-comments-post.php as WordPress answers it. Runs in jsdom to read the pages with DOMParser.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createSite } from './site';
import { resetStore, store } from './store';
import { cookieClient } from './test-client';

const site = createSite({ store });
const ORIGIN = 'http://demo.localhost';
const BOOTS = '/product/junior-football-boots/';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

beforeEach(() => resetStore());

/** A shopper: keeps cookies, does not follow redirects. */
function shopper() {
  const { jar, cookieHeader, send } = cookieClient(ORIGIN, site);
  const page = async (path: string) => {
    const response = await send(path);
    expect(response.status).toBe(200);
    return new DOMParser().parseFromString(await response.text(), 'text/html');
  };
  const post = (fields: Record<string, string>) =>
    send('/wp-comments-post.php', {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams(fields).toString(),
    });
  return { send, page, post, jar, cookieHeader };
}

const props = (doc: Document, name: string) =>
  JSON.parse(
    doc.querySelector(`[data-island="${name}"] > script[data-island-props]`)!.textContent!,
  ) as Record<string, unknown>;

const REVIEW = {
  comment_post_ID: '18',
  comment_parent: '0',
  rating: '4',
  comment: 'Comfortable from the first match.',
  author: 'Aisling',
  email: 'aisling@example.com',
  submit: 'Submit',
};

describe('the product page', () => {
  it('prints the tab list in the tabs island and the panels beside it, as WooCommerce does', async () => {
    const doc = await shopper().page(BOOTS);
    const wrapper = doc.querySelector('.woocommerce-tabs.wc-tabs-wrapper')!;
    const container = wrapper.querySelector(':scope > [data-island="product-tabs"]')!;
    expect(container.getAttribute('data-hydrate')).toBe('idle');
    expect([...container.querySelectorAll('ul.tabs a')].map((a) => a.getAttribute('href'))).toEqual([
      '#tab-description',
      '#tab-additional_information',
      '#tab-reviews',
    ]);
    expect(props(doc, 'product-tabs')).toEqual({
      tabs: [
        { key: 'description', title: 'Description' },
        { key: 'additional_information', title: 'Additional information' },
        { key: 'reviews', title: 'Reviews (3)' },
      ],
      open: null,
    });
    const panels = [...wrapper.querySelectorAll(':scope > .wc-tab')];
    expect(panels.map((p) => p.id)).toEqual(['tab-description', 'tab-additional_information', 'tab-reviews']);
    expect(panels.filter((p) => p.classList.contains('wc-tab--initial')).map((p) => p.id)).toEqual([
      'tab-description',
    ]);
    // The cells the variation form writes into.
    expect(
      wrapper.querySelector(
        '.woocommerce-product-attributes-item--weight .woocommerce-product-attributes-item__value',
      ),
    ).not.toBeNull();
    expect(
      wrapper.querySelector(
        '.woocommerce-product-attributes-item--dimensions .woocommerce-product-attributes-item__value',
      ),
    ).not.toBeNull();
  });

  it.each([
    ['?cpage=2', 'tab-reviews', null],
    ['comment-page-2/', 'tab-reviews', null],
    ['?replytocom=11', 'tab-reviews', 'reviews'],
  ])('%s: the server marks the reviews as the panel to show first', async (rest, initial, open) => {
    const doc = await shopper().page(`${BOOTS}${rest}`);
    expect(doc.querySelector('.wc-tab--initial')!.id).toBe(initial);
    expect(props(doc, 'product-tabs').open).toBe(open);
  });

  it('lists reviews with star ratings and threaded replies with reply links', async () => {
    const doc = await shopper().page(BOOTS);
    const review = doc.querySelector('ol.commentlist > #li-comment-12')!;
    expect(review.querySelector('.star-rating')!.getAttribute('aria-label')).toBe('Rated 1 out of 5');
    const reply = review.querySelector(':scope > ul.children > #li-comment-13')!;
    expect(reply.classList.contains('bypostauthor')).toBe(true);
    expect(reply.querySelector('.star-rating')).toBeNull();
    expect(reply.querySelector('.woocommerce-review__author')!.textContent).toBe('Demo Shop Manager');
    expect(reply.querySelector(':scope > ul.children > #li-comment-14')).not.toBeNull();
    const link = review.querySelector<HTMLAnchorElement>('#comment-12 a.comment-reply-link')!;
    expect(link.getAttribute('href')).toBe(`${BOOTS}?replytocom=12#respond`);
    expect({ ...link.dataset }).toEqual({
      commentid: '12',
      postid: '18',
      belowelement: 'comment-12',
      respondelement: 'respond',
      replyto: 'Reply to Oisín',
    });
    expect(link.getAttribute('aria-label')).toBe('Reply to Oisín');
    expect(doc.querySelector('.woocommerce-Reviews-title')!.textContent).toBe(
      '3 reviews for Junior Football Boots',
    );
  });

  it('prints the review form with WooCommerce’s rating select inside the reviews island', async () => {
    const doc = await shopper().page(BOOTS);
    const container = doc.querySelector('#review_form > [data-island="product-reviews"]')!;
    const form = container.querySelector<HTMLFormElement>('#respond form#commentform')!;
    expect(form.getAttribute('action')).toBe('/wp-comments-post.php');
    expect(form.getAttribute('method')).toBe('post');
    const select = form.querySelector<HTMLSelectElement>('select#rating[name=rating][required]')!;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Rate…'],
      ['5', 'Perfect'],
      ['4', 'Good'],
      ['3', 'Average'],
      ['2', 'Not that bad'],
      ['1', 'Very poor'],
    ]);
    expect(form.querySelector<HTMLInputElement>('#comment_post_ID')!.value).toBe('18');
    expect(form.querySelector<HTMLInputElement>('#comment_parent')!.value).toBe('0');
    expect(doc.getElementById('cancel-comment-reply-link')!.getAttribute('style')).toBe('display:none;');
    expect(doc.getElementById('reply-title')!.textContent).toContain('Add a review');
    expect(props(doc, 'product-reviews')).toMatchObject({
      postId: 18,
      titleReply: 'Add a review',
      replyTo: null,
    });
  });

  it('?replytocom=11 (a reply link without JavaScript): the form answers that review', async () => {
    const doc = await shopper().page(`${BOOTS}?replytocom=11`);
    expect(doc.querySelector<HTMLInputElement>('#comment_parent')!.value).toBe('11');
    expect(doc.getElementById('reply-title')!.textContent).toContain('Leave a Reply to Grace');
    expect(doc.getElementById('cancel-comment-reply-link')!.hasAttribute('style')).toBe(false);
    expect(props(doc, 'product-reviews').replyTo).toEqual({ id: 11, title: 'Leave a Reply to Grace' });
  });

  it('prints the product details accordion as <details> sections', async () => {
    const doc = await shopper().page(BOOTS);
    const container = doc.querySelector('.summary [data-island="product-accordion"]')!;
    const sections = [...container.querySelectorAll('details.product-accordion__section')];
    expect(sections.map((d) => d.querySelector('summary')!.textContent)).toEqual([
      'Delivery & returns',
      'Size & fit',
      'Care',
    ]);
    expect(
      sections.every((d) => d.getAttribute('name') === 'product-details' && !d.hasAttribute('open')),
    ).toBe(true);
    expect(props(doc, 'product-accordion')).toMatchObject({ idPrefix: 'product-details', open: null });
  });
});

describe('wp-comments-post.php', () => {
  it('stores a review held for moderation and redirects (302) to it with the moderation arguments', async () => {
    const me = shopper();
    await me.page(BOOTS);
    const response = await me.post(REVIEW);
    expect(response.status).toBe(302);
    const location = response.headers.get('location')!;
    const match =
      /^\/product\/junior-football-boots\/\?unapproved=(\d+)&moderation-hash=[0-9a-f]{32}#comment-(\d+)$/.exec(
        location,
      );
    expect(match?.[1]).toBe(match?.[2]);
    const doc = await me.page(location.replace(/#.*/, ''));
    const mine = doc.getElementById(`li-comment-${match![1]}`)!;
    expect(mine.textContent).toContain('Your review is awaiting approval');
    expect(mine.textContent).toContain(REVIEW.comment);
    expect(mine.querySelector('.star-rating')!.getAttribute('aria-label')).toBe('Rated 4 out of 5');
    expect(mine.querySelector('.comment-reply-link')).toBeNull();
    // Held for moderation: not counted, and nobody else sees it.
    expect(doc.querySelector('#tab-title-reviews')!.textContent).toBe('Reviews (3)');
    const other = await shopper().page(BOOTS);
    expect(other.getElementById(`li-comment-${match![1]}`)).toBeNull();
  });

  it('with cookie consent: the comment cookies are set, the redirect has no arguments, the form is filled in', async () => {
    const me = shopper();
    await me.page(BOOTS);
    const response = await me.post({ ...REVIEW, 'wp-comment-cookies-consent': 'yes' });
    expect(response.headers.get('location')).toMatch(/^\/product\/junior-football-boots\/#comment-\d+$/);
    expect(me.jar.get('comment_author_demo')).toBe('Aisling');
    const doc = await me.page(BOOTS);
    expect(props(doc, 'product-reviews').commenter).toEqual({
      author: 'Aisling',
      email: 'aisling@example.com',
      consent: true,
    });
    expect(doc.querySelector<HTMLInputElement>('#author')!.value).toBe('Aisling');
  });

  it('a reply is listed under its review', async () => {
    const me = shopper();
    await me.page(BOOTS);
    const response = await me.post({ ...REVIEW, comment_parent: '11', comment: 'Same here.' });
    const id = /#comment-(\d+)$/.exec(response.headers.get('location')!)![1];
    const doc = await me.page(BOOTS);
    expect(doc.querySelector(`#li-comment-11 > ul.children > #li-comment-${id}`)).not.toBeNull();
  });

  it.each([
    [{ author: '' }, 200, '<strong>Error:</strong> Please fill the required fields.'],
    [{ email: '' }, 200, '<strong>Error:</strong> Please fill the required fields.'],
    [{ email: 'not-an-email' }, 200, '<strong>Error:</strong> Please enter a valid email address.'],
    [{ comment: '   ' }, 200, '<strong>Error:</strong> Please type your comment text.'],
    [{ rating: '' }, 500, 'Please rate the product.'],
  ])('%j → wp_die %i "%s"', async (change, status, message) => {
    const me = shopper();
    const response = await me.post({ ...REVIEW, ...change });
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(html).toContain(message);
    if (status === 200) {
      expect(html).toContain('<title>Comment Submission Failure</title>');
      expect(html).toContain("<a href='javascript:history.back()'>&laquo; Back</a>");
    }
  });

  it('a duplicate is refused (409); an unknown product is a bare exit; GET is 405', async () => {
    const me = shopper();
    expect((await me.post(REVIEW)).status).toBe(302);
    const duplicate = await me.post(REVIEW);
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain('Duplicate comment detected');
    const unknown = await me.post({ ...REVIEW, comment_post_ID: '999' });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toBe('');
    const get = await me.send('/wp-comments-post.php');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('a rating outside 1-5 is ignored (WooCommerce); a reply to a comment of another product becomes a review', async () => {
    const me = shopper();
    await me.page(BOOTS);
    const response = await me.post({ ...REVIEW, rating: '9', comment_parent: '1' });
    const id = /#comment-(\d+)$/.exec(response.headers.get('location')!)![1];
    const doc = await me.page(BOOTS);
    const mine = doc.querySelector(`ol.commentlist > #li-comment-${id}`)!;
    expect(mine).not.toBeNull();
    expect(mine.querySelector('.star-rating')).toBeNull();
  });

  it('a logged-in user posts under their name', async () => {
    const me = shopper();
    await me.page(BOOTS);
    const { session } = store.ensureSession(me.cookieHeader());
    session.loggedIn = 'demo';
    const response = await me.post({
      comment_post_ID: '18',
      comment_parent: '0',
      rating: '5',
      comment: 'Shop note.',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/product\/junior-football-boots\/#comment-\d+$/);
    const doc = await me.page(BOOTS);
    expect(doc.querySelector('#commentform #author')).toBeNull();
    expect(doc.querySelector('.logged-in-as')!.textContent).toContain('Logged in as Demo Shop Manager.');
  });
});
