import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { visuallyHiddenStyle } from '../../src/a11y/announce';
import { useAnnounce } from '../../src/a11y/useAnnounce';
import { __ } from '../../src/i18n';
import { useIslandContainer } from '../../src/islands/container';
import {
  canStep,
  slideAtScroll,
  slideLabel,
  slidePositionText,
  stepSlide,
  swipeDirection,
} from '../../src/ui/carousel-model';
import type { SliderOptions } from './schema';
import { createUndo, listIdOf, scrollbarHeight, serverSlides } from '../../src/ui/slides-dom';

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The slideshow (storefront.md §9 "Slider defaults"; WAI-ARIA APG "Auto-rotating carousel"). It
 * keeps the server's `<ul class="slides">` (the images are not loaded twice) and works on it: one
 * slide shows at a time (the others are `inert`: out of the Tab order and the accessibility tree),
 * they cross-fade in `animationSpeed` ms, and 'Pause' / 'Play' (one button whose label says what it
 * does), 'Previous' and 'Next' come first in the reading order (APG: rotation control first).
 *
 * Autoplay (WCAG 2.2.2: it lasts over 5 s, so it has a pause control) moves on every
 * `slideshowSpeed` ms; it is suspended while the pointer is over the slides or the focus is in one
 * (the shopper is reading or about to follow a link), and does not start when the shopper asked for
 * reduced motion: then 'Play' is offered and starts it (instantly changing slides). The position is
 * announced ('Slide 2 of 5') only when the shopper moves it, never when it moves by itself.
 *
 * With one slide (or no list) nothing changes: the server's markup stays as it is.
 */
export function Slider(props: SliderOptions) {
  const container = useIslandContainer();
  const [found] = useState(() => serverSlides(container));
  if (!found || found.slides.length < 2) return null;
  return <Slideshow {...props} container={container} list={found.list} slides={found.slides} />;
}

interface SlideshowProps extends SliderOptions {
  container: HTMLElement;
  list: HTMLUListElement;
  slides: HTMLLIElement[];
}

function Slideshow({
  label,
  slideshowSpeed,
  animationSpeed,
  autoplay,
  loop,
  container,
  list,
  slides,
}: SlideshowProps) {
  const count = slides.length;
  const announce = useAnnounce();
  const [listId] = useState(() => listIdOf(list, 'shop-islands-slides'));
  // Where the shopper had scrolled the no-JS list to, if anywhere: that slide stays.
  const [index, setIndex] = useState(() => slideAtScroll(list.scrollLeft, list.clientWidth, count));
  const [playing, setPlaying] = useState(() => autoplay && !prefersReducedMotion());
  const [pointerOver, setPointerOver] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  /** Where the controls are drawn: first in the container, before the slides. */
  const [controls] = useState(() => {
    const div = document.createElement('div');
    div.className = 'slider-controls';
    return div;
  });
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);

  const go = useCallback(
    (direction: -1 | 1) => {
      const next = stepSlide(index, direction, count, loop);
      if (next === index) return;
      setIndex(next);
      announce(slidePositionText(next, count));
    },
    [announce, count, index, loop],
  );

  // The server's nodes become the slideshow; all of it is put back on unmount.
  useLayoutEffect(() => {
    const undo = createUndo();
    const gutter = scrollbarHeight(list);
    undo.attr(container, 'role', 'region');
    undo.attr(container, 'aria-roledescription', __('carousel'));
    undo.attr(container, 'aria-label', label);
    undo.attr(container, 'data-slider-on', '');
    undo.style(container, '--slider-speed', `${animationSpeed}ms`);
    undo.attr(list, 'id', listId);
    undo.style(list, '--slider-gutter', `${gutter}px`);
    slides.forEach((slide, i) => {
      undo.attr(slide, 'aria-roledescription', __('slide'));
      undo.attr(slide, 'aria-label', slideLabel(i, count));
      undo.style(slide, '--slider-index', String(i));
    });
    // Slides change by moving them, not by scrolling the list: keep it at its start (a browser
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
  }, [animationSpeed, container, controls, count, label, list, listId, slides]);

  // One slide shows; the others are out of reach.
  useLayoutEffect(() => {
    slides.forEach((slide, i) => {
      if (i === index) slide.removeAttribute('inert');
      else slide.setAttribute('inert', '');
    });
    return () => slides.forEach((slide) => slide.removeAttribute('inert'));
  }, [index, slides]);

  // Suspended while the pointer is over the slides or the focus is in one; swipes.
  useEffect(() => {
    const enter = () => setPointerOver(true);
    const leave = () => setPointerOver(false);
    const focusIn = () => setFocusInside(true);
    const focusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && list.contains(event.relatedTarget))) setFocusInside(false);
    };
    const down = (event: PointerEvent) => {
      swipe.current =
        event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY, id: event.pointerId };
    };
    const up = (event: PointerEvent) => {
      const from = swipe.current;
      swipe.current = null;
      if (!from || from.id !== event.pointerId) return;
      const rtl = getComputedStyle(list).direction === 'rtl';
      const direction = swipeDirection(event.clientX - from.x, event.clientY - from.y, rtl);
      if (direction !== 0) go(direction);
    };
    const cancel = () => {
      swipe.current = null;
    };
    list.addEventListener('pointerenter', enter);
    list.addEventListener('pointerleave', leave);
    list.addEventListener('focusin', focusIn);
    list.addEventListener('focusout', focusOut);
    list.addEventListener('pointerdown', down);
    list.addEventListener('pointerup', up);
    list.addEventListener('pointercancel', cancel);
    return () => {
      list.removeEventListener('pointerenter', enter);
      list.removeEventListener('pointerleave', leave);
      list.removeEventListener('focusin', focusIn);
      list.removeEventListener('focusout', focusOut);
      list.removeEventListener('pointerdown', down);
      list.removeEventListener('pointerup', up);
      list.removeEventListener('pointercancel', cancel);
    };
  }, [go, list]);

  // Autoplay: the next slide after `slideshowSpeed` ms (counted again after every change).
  const rotating = playing && !pointerOver && !focusInside;
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => {
      const next = stepSlide(index, 1, count, loop);
      setIndex(next);
      // Without looping, the show ends on the last slide: 'Play' starts it again from there.
      if (!canStep(next, 1, count, loop)) setPlaying(false);
    }, slideshowSpeed);
    return () => clearTimeout(timer);
  }, [count, index, loop, rotating, slideshowSpeed]);

  const previous = canStep(index, -1, count, loop);
  const next = canStep(index, 1, count, loop);
  return createPortal(
    <>
      <button
        type="button"
        className={`slider-control slider-control--${playing ? 'pause' : 'play'}`}
        aria-controls={listId}
        onClick={() => setPlaying((on) => !on)}
      >
        <span className="slider-control__icon" aria-hidden="true">
          {playing ? '❚❚' : '►'}
        </span>
        <span className="slider-control__text">{playing ? __('Pause') : __('Play')}</span>
      </button>
      <button
        type="button"
        className="slider-control slider-control--previous"
        aria-controls={listId}
        aria-disabled={!previous}
        onClick={() => previous && go(-1)}
      >
        <span aria-hidden="true">‹</span>
        <span style={visuallyHiddenStyle}>{__('Previous')}</span>
      </button>
      <button
        type="button"
        className="slider-control slider-control--next"
        aria-controls={listId}
        aria-disabled={!next}
        onClick={() => next && go(1)}
      >
        <span aria-hidden="true">›</span>
        <span style={visuallyHiddenStyle}>{__('Next')}</span>
      </button>
    </>,
    controls,
  );
}
