import { useEffect } from 'react';
import type * as z from 'zod/mini';
import type { Settings } from '../../src/contract/settings';
import { getSettings } from '../../src/contract/read-settings';
import type { LightboxSlide } from '../../src/lightbox/open';
import { followLink } from '../../src/navigation';
import {
  isElementorActionHref,
  lightboxActionSettings,
  lightboxImageOf,
  parseElementorAction,
  startIndex,
  type LinkInfo,
} from './model';
import type { LightboxPropsSchema } from './schema';

type Props = z.output<typeof LightboxPropsSchema>;
type Switches = Settings['lightbox'];

const ALL_ON: Switches = { enabled: true, counter: true, fullscreen: true, zoom: true, share: true };

/** Links and elements another viewer owns: WooCommerce's product gallery, the viewer itself. */
const OWNED = '.woocommerce-product-gallery, .pswp';

function linkInfo(element: Element): LinkInfo {
  const tag = element.tagName.toLowerCase();
  const img = tag === 'img' ? element : element.querySelector('img');
  return {
    tag,
    href: tag === 'a' ? element.getAttribute('href') : null,
    openLightbox: element.getAttribute('data-elementor-open-lightbox'),
    download: element.hasAttribute('download'),
    imageSrc: img?.getAttribute('src') ?? null,
  };
}

/** The element a click is about: the closest link, else the closest marked element. */
function clickable(target: EventTarget | null): Element | null {
  if (!(target instanceof Element)) return null;
  return target.closest('a[href]') ?? target.closest('[data-elementor-open-lightbox]');
}

/** Title and description (§2.6): Elementor's data attributes, else the image's title attribute. */
function slideOf(element: Element, src: string): LightboxSlide {
  const img = element.tagName === 'IMG' ? element : element.querySelector('img');
  return {
    src,
    width: 0,
    height: 0,
    alt: img?.getAttribute('alt') ?? '',
    title: element.getAttribute('data-elementor-lightbox-title') ?? img?.getAttribute('title') ?? '',
    description: element.getAttribute('data-elementor-lightbox-description') ?? '',
  };
}

/** The images of slideshow `id` in document order (the links and marked elements that qualify). */
function slideshow(id: string, base: string): { slides: LightboxSlide[]; urls: string[] } {
  const slides: LightboxSlide[] = [];
  const urls: string[] = [];
  document.querySelectorAll('[data-elementor-lightbox-slideshow]').forEach((element) => {
    if (element.getAttribute('data-elementor-lightbox-slideshow') !== id || element.closest(OWNED)) return;
    const src = lightboxImageOf(linkInfo(element), base);
    if (!src) return;
    slides.push(slideOf(element, src));
    urls.push(src);
  });
  return { slides, urls };
}

/**
 * The site-wide lightbox (storefront.md §2.6): a click on a link to an image file (png, jpg, jpeg,
 * gif, svg, webp, avif) or on an element marked `data-elementor-open-lightbox="yes"` opens it, with
 * the images of the same `data-elementor-lightbox-slideshow`; `="no"` opts a link out. Links to
 * `#elementor-action:action=lightbox&settings={base64 JSON}` open the image their settings name
 * (and so does such a hash when the page opens, as Elementor does); settings that do not decode are
 * ignored with one console error. Counter, fullscreen, zoom and share follow the settings block.
 * Renders nothing: the viewer is PhotoSwipe, loaded on first use.
 */
export function SiteLightbox({ label }: Props) {
  useEffect(() => {
    let switches: Switches;
    try {
      switches = getSettings().lightbox;
    } catch {
      switches = ALL_ON;
    }
    if (!switches.enabled) return;
    const base = () => document.baseURI;
    // Unmounted: a viewer still loading does not open, and the one this island opened closes.
    const unmounted = new AbortController();
    let opening = false;

    const show = async (slides: LightboxSlide[], index: number, fallbackUrl: string | null) => {
      if (opening || !slides.length) return;
      opening = true;
      try {
        // The viewer's code comes with the first image opened: a page that never opens one (most
        // pages) loads only this island's click listener.
        const { isLightboxOpen, openLightbox } = await import('../../src/lightbox/open');
        if (isLightboxOpen()) return;
        await openLightbox(slides, index, {
          label,
          counter: switches.counter,
          fullscreen: switches.fullscreen,
          zoom: switches.zoom,
          share: switches.share,
          signal: unmounted.signal,
        });
      } catch (error) {
        if (unmounted.signal.aborted) return;
        console.error('[shop-islands] lightbox: the image viewer could not be loaded.', error);
        // What the link does without JavaScript.
        if (fallbackUrl) followLink(fallbackUrl);
      } finally {
        opening = false;
      }
    };

    /** Runs an Elementor action link; true when it was ours (the click is then handled). */
    const runAction = (href: string): boolean => {
      const parsed = parseElementorAction(href);
      if (!parsed) return false;
      if (!parsed.ok) {
        if (parsed.action !== null && parsed.action !== 'lightbox') return false;
        console.error(`[shop-islands] lightbox: ignored an #elementor-action link: ${parsed.problem}.`);
        return true;
      }
      if (parsed.action !== 'lightbox') return false; // another script's action
      const settings = lightboxActionSettings(parsed.settings, base());
      if (!settings) {
        console.error(
          '[shop-islands] lightbox: ignored an #elementor-action link: its settings have no image url.',
        );
        return true;
      }
      if (settings.slideshow) {
        const { slides, urls } = slideshow(settings.slideshow, base());
        if (slides.length) {
          void show(slides, startIndex(urls, settings.url), null);
          return true;
        }
      }
      void show(
        [
          {
            src: settings.url,
            width: 0,
            height: 0,
            alt: '',
            title: settings.title,
            description: settings.description,
          },
        ],
        0,
        null,
      );
      return true;
    };

    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      const element = clickable(event.target);
      if (!element || element.closest(OWNED)) return;
      const href = element.tagName === 'A' ? (element.getAttribute('href') ?? '') : '';
      if (href && isElementorActionHref(href)) {
        if (runAction(href)) event.preventDefault();
        return;
      }
      const src = lightboxImageOf(linkInfo(element), base());
      if (!src) return;
      event.preventDefault();
      const id = element.getAttribute('data-elementor-lightbox-slideshow');
      if (id) {
        const { slides, urls } = slideshow(id, base());
        if (slides.length) return void show(slides, startIndex(urls, src), src);
      }
      void show([slideOf(element, src)], 0, src);
    };

    document.addEventListener('click', onClick);
    // Elementor runs an action hash the page was opened with.
    if (isElementorActionHref(window.location.hash)) runAction(window.location.hash);
    return () => {
      document.removeEventListener('click', onClick);
      unmounted.abort();
    };
  }, [label]);

  return null;
}
