import { useEffect, useEffectEvent, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { visuallyHiddenStyle } from '../../src/a11y/announce';
import { useAnnounce } from '../../src/a11y/useAnnounce';
import { __ } from '../../src/i18n';
import { useIslandContainer } from '../../src/islands/container';
import {
  canMoveNext,
  canMovePrevious,
  clampStart,
  isCarousel,
  isSlideVisible,
  moveStart,
  slideAtScroll,
  slideLabel,
  slidesPerView,
  swipeDirection,
  visibleSlidesText,
} from '../../src/ui/carousel-model';
import type { CarouselOptions } from './schema';
import { createUndo, listIdOf, scrollbarHeight, serverSlides } from '../../src/ui/slides-dom';

const subscribeResize = (onChange: () => void): (() => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
/** The viewport's width, as the stylesheet's media queries read it (§9 "Layout" breakpoints). */
const viewportWidth = (): number => window.innerWidth;
const desktopWidth = (): number => Number.POSITIVE_INFINITY;

/**
 * The carousel (storefront.md §9 "Carousel defaults"; WAI-ARIA APG carousel pattern, without
 * rotation: it never moves on its own). It keeps the server's `<ul class="slides">` and works on
 * it: `slidesToShow` side by side (3; 2 up to 1024 px, 1 up to 767 px, recomputed when the window
 * is resized), moved `slidesToScroll` (1) at a time in `animationSpeed` ms by 'Previous' / 'Next'
 * (disabled at the ends: no looping) or a swipe with a finger or a pen. The slides out of view are
 * `inert` (out of the Tab order and the accessibility tree); a move announces the slides now in
 * view. With fewer than 2 slides (§9: "at least 2 slides needed to start") nothing changes: the
 * server's list stays as it is, without buttons.
 */
export function Carousel(props: CarouselOptions) {
  const container = useIslandContainer();
  const [found] = useState(() => serverSlides(container));
  if (!found || !isCarousel(found.slides.length)) return null;
  return <Track {...props} container={container} list={found.list} slides={found.slides} />;
}

interface TrackProps extends CarouselOptions {
  container: HTMLElement;
  list: HTMLUListElement;
  slides: HTMLLIElement[];
}

function Track({ label, slidesToShow, slidesToScroll, animationSpeed, container, list, slides }: TrackProps) {
  const count = slides.length;
  const announce = useAnnounce();
  const width = useSyncExternalStore(subscribeResize, viewportWidth, desktopWidth);
  const perView = slidesPerView(width, slidesToShow);
  const [listId] = useState(() => listIdOf(list, 'shop-islands-carousel'));
  // Where the shopper had scrolled the no-JS list to, if anywhere: those slides stay in view.
  const [start, setStart] = useState(() =>
    slideAtScroll(list.scrollLeft, slides[0]?.offsetWidth ?? 0, count),
  );
  const [controls] = useState(() => {
    const div = document.createElement('div');
    div.className = 'carousel-controls';
    return div;
  });
  const first = clampStart(start, count, perView);

  const move = (direction: -1 | 1) => {
    const next = moveStart(first, direction, count, perView, slidesToScroll);
    if (next === first) return;
    setStart(next);
    announce(visibleSlidesText(next, count, perView));
  };

  // The server's nodes become the carousel; all of it is put back on unmount.
  useLayoutEffect(() => {
    const undo = createUndo();
    const gutter = scrollbarHeight(list);
    undo.attr(container, 'role', 'region');
    undo.attr(container, 'aria-roledescription', __('carousel'));
    undo.attr(container, 'aria-label', label);
    undo.attr(container, 'data-carousel-on', '');
    undo.style(container, '--carousel-desktop', String(slidesToShow.desktop));
    undo.style(container, '--carousel-tablet', String(slidesToShow.tablet));
    undo.style(container, '--carousel-mobile', String(slidesToShow.mobile));
    undo.style(container, '--carousel-speed', `${animationSpeed}ms`);
    undo.attr(list, 'id', listId);
    undo.style(list, '--carousel-gutter', `${gutter}px`);
    slides.forEach((slide, i) => {
      undo.attr(slide, 'aria-roledescription', __('slide'));
      undo.attr(slide, 'aria-label', slideLabel(i, count));
    });
    // Slides move by a transform, not by scrolling the list: keep it at its start (a browser
    // scrolls a clipped box to show what gets the focus).
    const unscroll = () => {
      if (list.scrollLeft !== 0) list.scrollTo({ left: 0, behavior: 'instant' });
    };
    unscroll();
    list.addEventListener('scroll', unscroll);
    container.insertBefore(controls, container.firstChild);
    return () => {
      list.removeEventListener('scroll', unscroll);
      controls.remove();
      undo.run();
    };
  }, [animationSpeed, container, controls, count, label, list, listId, slides, slidesToShow]);

  // The slides in view are reachable; the others are not.
  useLayoutEffect(() => {
    container.style.setProperty('--carousel-start', String(first));
    slides.forEach((slide, i) => {
      if (isSlideVisible(i, first, count, perView)) slide.removeAttribute('inert');
      else slide.setAttribute('inert', '');
    });
    return () => {
      container.style.removeProperty('--carousel-start');
      slides.forEach((slide) => slide.removeAttribute('inert'));
    };
  }, [container, count, first, perView, slides]);

  const onSwipe = useEffectEvent((direction: -1 | 1) => move(direction));

  // Swipes with a finger or a pen (a mouse drags nothing: it selects text, as usual).
  useEffect(() => {
    let from: { x: number; y: number; id: number } | null = null;
    const down = (event: PointerEvent) => {
      from =
        event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY, id: event.pointerId };
    };
    const up = (event: PointerEvent) => {
      const started = from;
      from = null;
      if (!started || started.id !== event.pointerId) return;
      const rtl = getComputedStyle(list).direction === 'rtl';
      const direction = swipeDirection(event.clientX - started.x, event.clientY - started.y, rtl);
      if (direction !== 0) onSwipe(direction);
    };
    const cancel = () => {
      from = null;
    };
    list.addEventListener('pointerdown', down);
    list.addEventListener('pointerup', up);
    list.addEventListener('pointercancel', cancel);
    return () => {
      list.removeEventListener('pointerdown', down);
      list.removeEventListener('pointerup', up);
      list.removeEventListener('pointercancel', cancel);
    };
  }, [list]);

  const previous = canMovePrevious(first, count, perView);
  const next = canMoveNext(first, count, perView);
  return createPortal(
    <>
      <button
        type="button"
        className="carousel-control carousel-control--previous"
        aria-controls={listId}
        aria-disabled={!previous}
        onClick={() => move(-1)}
      >
        <span aria-hidden="true">‹</span>
        <span style={visuallyHiddenStyle}>{__('Previous')}</span>
      </button>
      <button
        type="button"
        className="carousel-control carousel-control--next"
        aria-controls={listId}
        aria-disabled={!next}
        onClick={() => move(1)}
      >
        <span aria-hidden="true">›</span>
        <span style={visuallyHiddenStyle}>{__('Next')}</span>
      </button>
    </>,
    controls,
  );
}
