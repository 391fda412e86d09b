/**
 * The lookbook page (demo/chrome/sliders.ts) through the site: the slider, the two carousels and the
 * anchor links as the PHP plugin prints them, working without JavaScript. Runs in jsdom to read the
 * page with DOMParser.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUE, productUrl } from '../fixtures';
import { createSite } from '../site';
import { store } from '../store';
import { cookieClient } from '../test-client';
import { isValidAnchor } from '../../widgets/anchor-scroll/model';
import { LOOKBOOK_PATH, LOOKBOOK_SLIDES, SLIDER_PAGES } from './sliders';

const ORIGIN = 'http://demo.localhost';

async function lookbook(): Promise<Document> {
  const response = await cookieClient(ORIGIN, createSite({ store })).send(LOOKBOOK_PATH);
  expect(response.status).toBe(200);
  return new DOMParser().parseFromString(await response.text(), 'text/html');
}

const propsOf = (container: Element) =>
  JSON.parse(container.querySelector(':scope > script[data-island-props]')!.textContent) as unknown;

describe('/lookbook/', () => {
  it('is one of the chrome pages', () => {
    expect(Object.keys(SLIDER_PAGES)).toEqual(['/lookbook/']);
  });

  it('prints the hero slider: 5 slides of image, caption and link, mounting when visible', async () => {
    const doc = await lookbook();
    const slider = doc.querySelector('[data-island="slider"]')!;
    expect(slider.getAttribute('data-hydrate')).toBe('visible');
    expect(propsOf(slider)).toEqual({ label: 'Lookbook highlights' });
    const slides = [...slider.querySelectorAll(':scope > ul.slides > li')];
    expect(slides).toHaveLength(5);
    slides.forEach((slide, i) => {
      const img = slide.querySelector('img')!;
      expect(img.getAttribute('src')).toBe(`/demo-assets/img/${LOOKBOOK_SLIDES[i]!.image}.svg`);
      expect(img.getAttribute('width')).toBe('600');
      expect(img.getAttribute('height')).toBe('600');
      expect(slide.querySelector('.slide-caption a')!.textContent).toBe(LOOKBOOK_SLIDES[i]!.link.text);
    });
    // The first image is not lazy (the page's largest); the others are.
    expect(slides[0]!.querySelector('img')!.hasAttribute('loading')).toBe(false);
    expect(slides[1]!.querySelector('img')!.getAttribute('loading')).toBe('lazy');
  });

  it('prints a carousel of 8 products with name, price and link, and a one-slide carousel', async () => {
    const doc = await lookbook();
    const [products, gifts] = [...doc.querySelectorAll('[data-island="carousel"]')];
    expect(propsOf(products!)).toEqual({ label: 'Featured products' });
    const cards = [...products!.querySelectorAll(':scope > ul.slides > li')];
    expect(cards).toHaveLength(8);
    expect(cards.map((card) => card.querySelector('a')!.getAttribute('href'))).toEqual(
      CATALOGUE.slice(0, 8).map(productUrl),
    );
    for (const card of cards) {
      expect(card.querySelector('.carousel-product__name')!.textContent).not.toBe('');
      expect(card.querySelector('.price')!.textContent).toMatch(/€\d/);
    }
    expect(propsOf(gifts!)).toEqual({ label: 'Gift cards' });
    expect(gifts!.querySelectorAll(':scope > ul.slides > li')).toHaveLength(1);
  });

  it('prints anchor links to present targets: valid ones and #1-top (left to the browser)', async () => {
    const doc = await lookbook();
    const anchors = doc.querySelector('[data-island="anchor-scroll"]')!;
    expect(anchors.getAttribute('data-hydrate')).toBe('idle');
    expect(propsOf(anchors)).toEqual({ offset: 80 });
    const hrefs = [...anchors.querySelectorAll('a')].map((a) => a.getAttribute('href')!);
    expect(hrefs).toEqual(['#running', '#tennis', '#football', '#1-top']);
    expect(hrefs.map(isValidAnchor)).toEqual([true, true, true, false]);
    for (const href of hrefs) expect(doc.getElementById(href.slice(1)), href).not.toBeNull();
  });

  it('has one h1 and unique ids', async () => {
    const doc = await lookbook();
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    const ids = [...doc.querySelectorAll('[id]')].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
