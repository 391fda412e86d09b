/**
 * The lookbook (issue #16, storefront.md §9 "Sliders and carousels", §5 "Anchors"): a hero slider of
 * 5 slides, a carousel of 8 products, a carousel of one slide (which stays a plain list: "at least
 * 2 slides needed to start"), and a table of contents of in-page links scrolled to with the 80 px
 * sticky offset, one of them (`#1-top`) not a valid anchor and so left to the browser.
 *
 * Every part works without JavaScript: the slides and products are lists that scroll sideways, the
 * links jump. The island containers print exactly what the PHP plugin prints (demo/html.ts).
 */
import { CATALOGUE, categoryUrl, productUrl, type Product } from '../fixtures';
import { escapeHtml } from '../html';
import type { PageContext } from '../layout';
import { renderDocument } from '../layout';
import { productPriceHtml } from '../product/common';
import type { ChromePage } from './index';

export const LOOKBOOK_PATH = '/lookbook/';

export interface LookbookSlide {
  /** Image key of the demo's placeholders (`/demo-assets/img/{key}.svg`). */
  image: string;
  title: string;
  text: string;
  link: { href: string; text: string };
}

/** The hero slider's slides: existing demo images, each with a caption and a link. */
export const LOOKBOOK_SLIDES: readonly LookbookSlide[] = [
  {
    image: 'running-shoe',
    title: 'Road to trail',
    text: 'Cushioned shoes for tarmac, grip for mud and rock.',
    link: { href: categoryUrl(30), text: 'Shop running' },
  },
  {
    image: 'tennis-racket',
    title: 'Game, set, match',
    text: 'Rackets for every level, and balls that keep their bounce.',
    link: { href: categoryUrl(40), text: 'Shop tennis' },
  },
  {
    image: 'pro-match-football',
    title: 'Match day',
    text: 'Thermo-bonded match balls and junior boots for firm ground.',
    link: { href: categoryUrl(16), text: 'Shop football' },
  },
  {
    image: 'running-apparel',
    title: 'Light layers',
    text: 'Tees, shorts and jackets that dry as you run.',
    link: { href: categoryUrl(34), text: 'Shop running kit' },
  },
  {
    image: 'goalkeeper-gloves',
    title: 'Safe hands',
    text: 'Goalkeeper gloves with a latex palm and finger protection.',
    link: { href: categoryUrl(22), text: 'Shop goalkeeping' },
  },
];

/** The slider's server markup: `<ul class="slides">`, one `<li>` per slide (image, caption, link). */
export function sliderSlidesHtml(slides: readonly LookbookSlide[] = LOOKBOOK_SLIDES): string {
  const items = slides.map(
    (slide, i) =>
      '<li>' +
      `<img src="/demo-assets/img/${escapeHtml(slide.image)}.svg" alt="" width="600" height="600" ` +
      // The first slide is the page's largest image: not lazy.
      `decoding="async"${i === 0 ? ' fetchpriority="high"' : ' loading="lazy"'}>` +
      '<div class="slide-caption">' +
      `<p class="slide-title">${escapeHtml(slide.title)}</p>` +
      `<p>${escapeHtml(slide.text)}</p>` +
      `<p><a class="button" href="${escapeHtml(slide.link.href)}">${escapeHtml(slide.link.text)}</a></p>` +
      '</div></li>',
  );
  return `<ul class="slides">${items.join('')}</ul>`;
}

/** The products shown by the carousel: the first 8 of the catalogue. */
export const lookbookProducts = (): Product[] => CATALOGUE.slice(0, 8);

/** The carousel's server markup: `<ul class="slides">` of product cards (image, name, price, link). */
export function productSlidesHtml(products: readonly Product[] = lookbookProducts()): string {
  const items = products.map(
    (product) =>
      '<li class="carousel-product">' +
      `<a class="carousel-product__link" href="${escapeHtml(productUrl(product))}">` +
      `<img src="${escapeHtml(product.image.src)}" alt="" width="324" height="324" loading="lazy" decoding="async">` +
      `<span class="carousel-product__name">${escapeHtml(product.name)}</span></a>` +
      productPriceHtml(product) +
      '</li>',
  );
  return `<ul class="slides">${items.join('')}</ul>`;
}

/** A carousel of one slide: it does not start (§9), the list stays as the server printed it. */
export const GIFT_CARD_SLIDES_HTML =
  '<ul class="slides"><li class="carousel-note"><p><strong>Gift cards</strong> from €10, ' +
  'sent by email the same day.</p><p><a href="/shop/">Browse the shop</a></p></li></ul>';

/** The sections the table of contents links to. */
export const LOOKBOOK_SECTIONS = [
  { id: 'running', title: 'Running' },
  { id: 'tennis', title: 'Tennis' },
  { id: 'football', title: 'Football' },
] as const;

/** `#1-top` starts with a digit: not a valid anchor (§5), so the browser jumps to it, unhandled. */
export const INVALID_ANCHOR_ID = '1-top';

/** The table of contents (no JavaScript: plain jump links). */
export function tableOfContentsHtml(): string {
  const links = LOOKBOOK_SECTIONS.map(
    (section) => `<li><a href="#${section.id}">${escapeHtml(section.title)}</a></li>`,
  );
  return (
    '<nav id="contents" class="lookbook-contents" aria-labelledby="contents-title">' +
    '<h2 id="contents-title">On this page</h2>' +
    `<ul>${links.join('')}<li><a href="#${INVALID_ANCHOR_ID}">Top of the page</a></li></ul></nav>`
  );
}

/** The sticky jump bar over the sections (the same links as the contents, shorter). */
export function jumpBarHtml(): string {
  const links = LOOKBOOK_SECTIONS.map(
    (section) => `<li><a href="#${section.id}">${escapeHtml(section.title)}</a></li>`,
  );
  return `<nav class="lookbook-jumpbar" aria-label="Sections"><ul>${links.join('')}</ul></nav>`;
}

const PARAGRAPHS = [
  'Pick the kit for the season ahead: what to wear, what to carry and what to play with.',
  'Every product here ships within two working days, and returns are free for thirty days.',
  'Sizes run true; the size guide on each product page gives the measurements in centimetres.',
  'Not sure? Our staff play too: ask for advice by email and get an answer the same day.',
  'Care labels are printed inside; most kit washes at 30 °C and dries overnight.',
  'Bundles of three or more items get free delivery, whatever their weight.',
];

function sectionHtml(section: (typeof LOOKBOOK_SECTIONS)[number]): string {
  const body = Array.from({ length: 4 }, () =>
    PARAGRAPHS.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
  ).join('');
  return (
    `<section id="${section.id}" class="lookbook-section" aria-labelledby="${section.id}-title">` +
    `<h2 id="${section.id}-title">${escapeHtml(section.title)}</h2>${body}` +
    '<p><a href="#contents">Back to the contents</a></p></section>'
  );
}

function lookbookPage(ctx: PageContext): string {
  const { islands } = ctx;
  const slider = islands.render('slider', { label: 'Lookbook highlights' }, sliderSlidesHtml(), {
    hydrate: 'visible',
  });
  const products = islands.render('carousel', { label: 'Featured products' }, productSlidesHtml(), {
    hydrate: 'visible',
  });
  const giftCards = islands.render('carousel', { label: 'Gift cards' }, GIFT_CARD_SLIDES_HTML, {
    hydrate: 'visible',
  });
  const contents = islands.render('anchor-scroll', { offset: 80 }, tableOfContentsHtml(), {
    hydrate: 'idle',
  });
  const main =
    '<article class="page type-page lookbook">' +
    `<header class="entry-header" id="${INVALID_ANCHOR_ID}"><h1 class="entry-title">Lookbook</h1></header>` +
    '<div class="entry-content">' +
    slider +
    '<p>This season’s picks for running, tennis and football.</p>' +
    contents +
    '<h2 id="featured-title">Featured products</h2>' +
    products +
    '<h2 id="gift-cards-title">Gift cards</h2>' +
    giftCards +
    // A jump bar that sticks at the top of the viewport over the sections (desktop and tablet; on
    // a phone it would cover too much of the screen): the anchor scroll's 80 px offset keeps a
    // section's heading clear of it.
    islands.render('sticky', { offset: 0, on: ['desktop', 'tablet'] }, jumpBarHtml(), { hydrate: 'idle' }) +
    LOOKBOOK_SECTIONS.map(sectionHtml).join('') +
    '</div></article>';
  return renderDocument(ctx, {
    title: 'Lookbook',
    main,
    bodyClass: 'page lookbook-page',
    stylesheets: ['lookbook.css'],
  });
}

export const SLIDER_PAGES: Record<string, ChromePage> = {
  [LOOKBOOK_PATH]: lookbookPage,
};
