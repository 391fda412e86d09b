/**
 * The demo's CommerceKit live search: the island over WooCommerce's product search form, and the
 * `commercekit_ajax_search` answer (checked against the island's own contract and preparation).
 */
import { describe, expect, it } from 'vitest';
import { LiveSearchResponseSchema } from '../../src/contract/live-search';
import { LiveSearchPropsSchema } from '../../widgets/live-search/schema';
import { prepareAnswer } from '../../widgets/live-search/prepare';
import { IslandCollector } from '../islands';
import { searchCatalogue } from './catalogue';
import { LIVE_SEARCH_ID, LIVE_SEARCH_PRODUCTS, liveSearchAnswer, liveSearchIsland } from './live-search';

const ORIGIN = 'http://localhost:3000';

const answer = (query: string) => liveSearchAnswer(query, ORIGIN);

function container(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div.firstElementChild as HTMLElement;
}

describe('liveSearchIsland', () => {
  it('prints WooCommerce’s product search form in the live-search island, with valid props', () => {
    const islands = new IslandCollector();
    const island = container(liveSearchIsland(islands));
    expect(islands.names).toEqual(new Set(['live-search']));
    expect(island.dataset.island).toBe('live-search');
    const props = JSON.parse(island.querySelector('script[data-island-props]')!.textContent!) as unknown;
    expect(LiveSearchPropsSchema.parse(props)).toMatchObject({
      idPrefix: LIVE_SEARCH_ID,
      action: '/',
      ajaxUrl: '/wp-admin/admin-ajax.php',
      query: '',
    });

    const form = island.querySelector('form')!;
    expect(form).toHaveClass('woocommerce-product-search');
    expect(form).toHaveAttribute('role', 'search');
    expect(form.method).toBe('get');
    expect(form.getAttribute('action')).toBe('/');
    const field = form.querySelector<HTMLInputElement>(`input#${LIVE_SEARCH_ID}`)!;
    expect(field).toHaveAttribute('type', 'search');
    expect(field).toHaveAttribute('name', 's');
    expect(field.placeholder).toBe('Search products\u2026');
    expect(form.querySelector(`label[for="${LIVE_SEARCH_ID}"]`)).toHaveTextContent('Search for:');
    expect(form.querySelector('button[type="submit"]')).toHaveTextContent('Search');
    expect(form.querySelector('input[type="hidden"][name="post_type"]')).toHaveValue('product');
  });

  it('keeps the current search in the field, escaped, and takes another id', () => {
    const island = container(
      liveSearchIsland(new IslandCollector(), { query: '"><script>x</script>', idPrefix: 'search-2' }),
    );
    expect(island.querySelector('script:not([data-island-props])')).toBeNull();
    expect(island.querySelector<HTMLInputElement>('input#search-2')!.value).toBe('"><script>x</script>');
    const props = JSON.parse(island.querySelector('script[data-island-props]')!.textContent!) as {
      query: string;
    };
    expect(props.query).toBe('"><script>x</script>');
  });
});

describe('liveSearchAnswer', () => {
  it('answers in the contract’s shape, CommerceKit’s fields included', () => {
    const body = answer('trail');
    expect(LiveSearchResponseSchema.safeParse(body).success).toBe(true);
    expect(body.suggestions[0]).toEqual({
      value: expect.any(String),
      data: expect.stringContaining('class="commercekit-ajs-product"'),
      url: `${ORIGIN}/product/${searchCatalogue('trail')[0]!.slug}/`,
    });
  });

  it('lists the first 3 products WordPress’s search finds, and how many it found', () => {
    const found = searchCatalogue('trail');
    expect(found.length).toBeGreaterThan(LIVE_SEARCH_PRODUCTS);
    const body = answer('trail');
    expect(body.suggestions).toHaveLength(LIVE_SEARCH_PRODUCTS);
    expect(body.suggestions.map((s) => s.url)).toEqual(
      found.slice(0, 3).map((p) => `${ORIGIN}/product/${p.slug}/`),
    );
    expect(body.view_all_link).toBe(
      `<a class="commercekit-ajs-view-all" href="${ORIGIN}/?s=trail&amp;post_type=product">View all results (${found.length})</a>`,
    );
  });

  it('prints each product as CommerceKit does: link with the search word, thumbnail, marked title, price', () => {
    const { data } = answer('trail').suggestions[0]!;
    const product = searchCatalogue('trail')[0]!;
    expect(data).toContain(
      `<a href="${ORIGIN}/product/${product.slug}/?cgkit_search_word=trail" class="commercekit-ajs-product">`,
    );
    expect(data).toContain('<img onload="ckAdjustSuggestionsHeight(this);" width="150" height="150" ');
    expect(data).toContain(`src="${ORIGIN}${product.image.src}"`);
    expect(data).toContain(
      '<div class="commercekit-ajs-product-title">Apex Glide <span class="match-text">Trail</span> Shoes</div>',
    );
    expect(data).toMatch(
      /<div class="commercekit-ajs-product-price"><span class="woocommerce-Price-amount amount"><bdi>/,
    );
  });

  it('strips the tags of names and escapes them, as CommerceKit does (esc_html of wp_strip_all_tags)', () => {
    const gloves = answer('gloves pro').suggestions.find((s) => s.url.includes('keeper-gloves-pro-edition'));
    expect(gloves?.data).toContain(
      '<div class="commercekit-ajs-product-title">Keeper <span class="match-text">Gloves Pro</span> Edition</div>',
    );
    const storm = answer('storm').suggestions[0]!;
    expect(storm.data).toContain('Trail Shoes GTX &quot;<span class="match-text">Storm</span>&quot;');
    const coach = answer('tactics').suggestions[0]!;
    expect(coach.data).toContain('Coach&#039;s <span class="match-text">Tactics</span> Board &amp; Pen');
  });

  it('never carries the hostile product’s markup, and what the island shows of it is inert', () => {
    const body = answer('sweatband');
    expect(body.suggestions).toHaveLength(1);
    const { data } = body.suggestions[0]!;
    expect(data).not.toContain('onerror');
    expect(data).not.toContain('<img src=x');
    expect(data).toContain('<span class="match-text">Sweatband</span>');
    const [shown] = prepareAnswer(LiveSearchResponseSchema.parse(body), 'View all').suggestions;
    expect(shown!.html).not.toMatch(/onload|onerror|href=/);
    expect(shown!.href).toBe(`${ORIGIN}/product/sweatband/?cgkit_search_word=sweatband`);
  });

  it('marks a query with regex characters literally, and encodes it in the links', () => {
    const body = answer('(4-pack)');
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(body.suggestions[0]!.data).toContain('<span class="match-text">(4-pack)</span>');
    expect(body.suggestions[0]!.data).toContain('?cgkit_search_word=(4-pack)');
    expect(answer('trail shoes').view_all_link).toContain(
      'href="http://localhost:3000/?s=trail+shoes&amp;post_type=product"',
    );
  });

  it('answers nothing found with no suggestions, and a query of tags or spaces like an empty one', () => {
    expect(answer('zzzz')).toEqual({
      suggestions: [],
      view_all_link: `<a class="commercekit-ajs-view-all" href="${ORIGIN}/?s=zzzz&amp;post_type=product">View all results (0)</a>`,
    });
    expect(answer('  <b></b> ').suggestions).toEqual([]);
    expect(answer('').view_all_link).toContain('View all results (0)');
  });

  it('gives the island a view-all link it follows, on this site, for products', () => {
    const shown = prepareAnswer(
      LiveSearchResponseSchema.parse(liveSearchAnswer('trail', location.origin)),
      'View all',
    );
    expect(shown.viewAll).toEqual({
      href: `${location.origin}/?s=trail&post_type=product`,
      label: `View all results (${searchCatalogue('trail').length})`,
    });
    expect(shown.suggestions.every((s) => s.href?.startsWith(`${location.origin}/product/`))).toBe(true);
  });
});
