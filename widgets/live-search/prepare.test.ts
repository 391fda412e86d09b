import { describe, expect, it } from 'vitest';
import { prepareAnswer, prepareSuggestion } from './prepare';

const ORIGIN = location.origin;

/** CommerceKit's markup for one product, its stray `</div>` and its `onload` included. */
const COMMERCEKIT =
  `<a href="${ORIGIN}/product/trail-shoes/?cgkit_search_word=trail" class="commercekit-ajs-product">` +
  '<div class="commercekit-ajs-product-image"><img onload="ckAdjustSuggestionsHeight(this);" width="150" height="150" ' +
  `src="${ORIGIN}/img/trail.svg" class="wp-post-image" alt="" loading="lazy" /></div>` +
  '<div class="commercekit-ajs-product-desc"><div class="commercekit-ajs-product-title">' +
  '<span class="match-text">Trail</span> Shoes</div><div class="commercekit-ajs-product-price">' +
  '<span class="woocommerce-Price-amount amount"><bdi>&euro;89.00</bdi></span></div></div></div></a>';

const holder = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
};

describe('prepareSuggestion', () => {
  it('keeps the display markup, takes its first link as the target, and leaves nothing focusable', () => {
    const { html, href } = prepareSuggestion(COMMERCEKIT);
    expect(href).toBe(`${ORIGIN}/product/trail-shoes/?cgkit_search_word=trail`);
    const div = holder(html);
    expect(div.querySelector('a.commercekit-ajs-product')).not.toBeNull();
    expect(div.querySelector('[href]')).toBeNull();
    expect(div.querySelector('img')?.getAttribute('onload')).toBeNull();
    expect(div.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(div.querySelector('.match-text')?.textContent).toBe('Trail');
    expect(div.textContent).toBe('Trail Shoes€89.00');
  });

  it('never lets scripts, handlers or javascript: URLs through', () => {
    const { html, href } = prepareSuggestion(
      '<a href="javascript:alert(1)"><img src=x onerror="alert(1)">Sweatband<script>alert(2)</script></a>' +
        '<svg onload="alert(3)"></svg><iframe src="https://evil.test/"></iframe>',
    );
    expect(href).toBeNull();
    expect(html).not.toMatch(/onerror|javascript:|script|svg|iframe|alert\(/i);
    expect(holder(html).textContent).toBe('Sweatband');
  });

  it('takes only a link to this site as the target', () => {
    expect(prepareSuggestion('<a href="https://evil.test/p/">Phish</a>').href).toBeNull();
    expect(prepareSuggestion('<a href="/product/a/">A</a><a href="/product/b/">B</a>').href).toBe(
      `${ORIGIN}/product/a/`,
    );
    expect(prepareSuggestion('<div>No link</div>').href).toBeNull();
  });

  it('removes controls, roles, ids and tab stops, and names unnamed images as decorative', () => {
    const { html } = prepareSuggestion(
      '<div role="option" id="cart" tabindex="0"><button>Buy</button><input name="q"><img src="/a.png">' +
        '<details><summary>More</summary>Text</details><label for="x">L</label></div>',
    );
    const div = holder(html);
    expect(div.querySelector('button,input,select,textarea,summary')).toBeNull();
    expect(div.querySelector('[role],[id],[tabindex],[for]')).toBeNull();
    expect(div.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(div.textContent).toBe('TextL');
  });

  it('keeps an image’s own alt text', () => {
    expect(
      holder(prepareSuggestion('<img src="/a.png" alt="Trail shoe">').html).querySelector('img'),
    ).toHaveAttribute('alt', 'Trail shoe');
  });
});

describe('prepareAnswer', () => {
  it('reads CommerceKit’s view-all link, with its text', () => {
    const answer = prepareAnswer(
      {
        suggestions: [{ data: COMMERCEKIT }],
        view_all_link: `<a class="commercekit-ajs-view-all" href="${ORIGIN}/?s=trail&post_type=product">View all results (12)</a>`,
      },
      'View all',
    );
    expect(answer.suggestions).toHaveLength(1);
    expect(answer.viewAll).toEqual({
      href: `${ORIGIN}/?s=trail&post_type=product`,
      label: 'View all results (12)',
    });
  });

  it('reads a bare URL with the configured text, and keeps the search on products', () => {
    expect(prepareAnswer({ suggestions: [], view_all_link: '/?s=trail' }, 'View all').viewAll).toEqual({
      href: `${ORIGIN}/?s=trail&post_type=product`,
      label: 'View all',
    });
  });

  it('has no view-all link for a missing, empty, off-site or javascript: one', () => {
    for (const link of [
      undefined,
      null,
      '',
      'https://evil.test/?s=a',
      'javascript:alert(1)',
      '<a>View all</a>',
    ]) {
      expect(prepareAnswer({ suggestions: [], view_all_link: link }, 'View all').viewAll).toBeNull();
    }
    expect(
      prepareAnswer({ suggestions: [], view_all_link: '<a href="javascript:alert(1)">All</a>' }, 'View all')
        .viewAll,
    ).toBeNull();
  });

  it('uses the configured text when CommerceKit’s link has none', () => {
    expect(
      prepareAnswer({ suggestions: [], view_all_link: '<a href="/?s=abc"> </a>' }, 'View all').viewAll,
    ).toEqual({ href: `${ORIGIN}/?s=abc&post_type=product`, label: 'View all' });
  });
});
