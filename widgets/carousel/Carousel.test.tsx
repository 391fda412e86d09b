import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REGION_IDS } from '../../src/a11y/announce';
import { IslandContainerContext } from '../../src/islands/container';
import { Carousel } from './Carousel';
import { CarouselPropsSchema, type CarouselProps } from './schema';

const PRODUCTS = ['Ball', 'Pads', 'Gloves', 'Bag', 'Boots', 'Jersey', 'Armband', 'Racket'];

/** The server's markup: `<ul class="slides">` of product cards. */
function serverContainer(names: readonly string[] = PRODUCTS): HTMLElement {
  const container = document.createElement('div');
  container.setAttribute('data-island', 'carousel');
  container.innerHTML =
    '<ul class="slides">' +
    names
      .map((name, i) => `<li><a href="/product/${i}/">${name}</a> <span>€${i + 10}.00</span></li>`)
      .join('') +
    '</ul>';
  document.body.append(container);
  return container;
}

function mount(container: HTMLElement, props: Partial<CarouselProps> = {}) {
  const host = document.createElement('div');
  host.setAttribute('data-island-root', '');
  container.append(host);
  const options = CarouselPropsSchema.parse({ label: 'Featured products', ...props });
  return render(
    <IslandContainerContext value={container}>
      <Carousel {...options} />
    </IslandContainerContext>,
    { container: host },
  );
}

const slides = (container: HTMLElement) => Array.from(container.querySelectorAll('.slides > li'));
/** The indexes of the slides in reach (not inert). */
const inView = (container: HTMLElement) =>
  slides(container).flatMap((li, i) => (li.hasAttribute('inert') ? [] : [i]));
const button = (name: string) => screen.getByRole('button', { name });
const liveText = () => document.getElementById(LIVE_REGION_IDS.polite)?.textContent ?? '';

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

const initialWidth = window.innerWidth;
beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(() => {
  window.innerWidth = initialWidth;
  vi.useRealTimers();
});

describe('Carousel', () => {
  it('shows 3 on a desktop, 2 on a tablet, 1 on a phone, recomputed on resize', () => {
    const container = serverContainer();
    mount(container);
    expect(inView(container)).toEqual([0, 1, 2]);
    resizeTo(900);
    expect(inView(container)).toEqual([0, 1]);
    resizeTo(390);
    expect(inView(container)).toEqual([0]);
    resizeTo(1025);
    expect(inView(container)).toEqual([0, 1, 2]);
  });

  it('is a named carousel region of slides "N of M"', () => {
    const container = serverContainer();
    mount(container);
    const region = screen.getByRole('region', { name: 'Featured products' });
    expect(region).toBe(container);
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(slides(container)[7]).toHaveAttribute('aria-label', '8 of 8');
    expect(slides(container)[7]).toHaveAttribute('aria-roledescription', 'slide');
    expect(container.style.getPropertyValue('--carousel-desktop')).toBe('3');
  });

  it("moves 1 at a time with 'Next' / 'Previous', disabled at the ends, announcing what is in view", () => {
    vi.useFakeTimers();
    const container = serverContainer();
    mount(container);
    expect(button('Previous')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Next')).toHaveAttribute('aria-disabled', 'false');
    fireEvent.click(button('Next'));
    expect(inView(container)).toEqual([1, 2, 3]);
    expect(container.style.getPropertyValue('--carousel-start')).toBe('1');
    act(() => vi.advanceTimersByTime(100));
    expect(liveText()).toBe('Slides 2 to 4 of 8');
    for (let i = 0; i < 10; i += 1) fireEvent.click(button('Next'));
    expect(inView(container)).toEqual([5, 6, 7]);
    expect(button('Next')).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button('Previous'));
    expect(inView(container)).toEqual([4, 5, 6]);
  });

  it('never moves on its own', () => {
    vi.useFakeTimers();
    const container = serverContainer();
    mount(container);
    act(() => vi.advanceTimersByTime(60_000));
    expect(inView(container)).toEqual([0, 1, 2]);
  });

  it('keeps the last slides in view when a resize shows more per view', () => {
    const container = serverContainer();
    resizeTo(390);
    mount(container);
    for (let i = 0; i < 7; i += 1) fireEvent.click(button('Next'));
    expect(inView(container)).toEqual([7]);
    resizeTo(1280);
    expect(inView(container)).toEqual([5, 6, 7]);
  });

  it('takes slidesToShow and slidesToScroll from the props', () => {
    const container = serverContainer();
    mount(container, { slidesToShow: { desktop: 4, tablet: 2, mobile: 1 }, slidesToScroll: 2 });
    expect(inView(container)).toEqual([0, 1, 2, 3]);
    fireEvent.click(button('Next'));
    expect(inView(container)).toEqual([2, 3, 4, 5]);
    expect(container.style.getPropertyValue('--carousel-desktop')).toBe('4');
  });

  it('a swipe with a finger moves it; a mouse drag does not', () => {
    const container = serverContainer();
    mount(container);
    const list = container.querySelector('.slides')!;
    const swipe = (pointerType: string, dx: number) => {
      fireEvent.pointerDown(list, { pointerId: 3, pointerType, clientX: 300, clientY: 100 });
      fireEvent.pointerUp(list, { pointerId: 3, pointerType, clientX: 300 + dx, clientY: 105 });
    };
    swipe('touch', -120);
    expect(inView(container)).toEqual([1, 2, 3]);
    swipe('mouse', -120);
    expect(inView(container)).toEqual([1, 2, 3]);
    swipe('pen', 120);
    expect(inView(container)).toEqual([0, 1, 2]);
  });

  it('with all slides in view: both buttons disabled', () => {
    const container = serverContainer(['A', 'B']);
    mount(container);
    expect(inView(container)).toEqual([0, 1]);
    expect(button('Previous')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Next')).toHaveAttribute('aria-disabled', 'true');
  });

  it('with fewer than 2 slides: does not start (the list stays, no buttons)', () => {
    const container = serverContainer(['Gift card']);
    const before = container.innerHTML;
    mount(container);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(container).not.toHaveAttribute('role');
    expect(container.querySelector('.slides')!.outerHTML).toBe(before.replace(/<div.*$/, ''));
  });

  it('unmounted: the server markup is back as it was', () => {
    const container = serverContainer();
    const list = container.querySelector('.slides')!;
    const before = list.outerHTML;
    const { unmount } = mount(container);
    fireEvent.click(within(container).getByRole('button', { name: 'Next' }));
    unmount();
    expect(list.outerHTML).toBe(before);
    expect(container.querySelector('.carousel-controls')).toBeNull();
    for (const name of ['role', 'aria-roledescription', 'aria-label', 'data-carousel-on']) {
      expect(container).not.toHaveAttribute(name);
    }
    expect(container.getAttribute('style') ?? '').toBe('');
  });
});

describe('CarouselPropsSchema', () => {
  it('has the §9 defaults', () => {
    expect(CarouselPropsSchema.parse({ label: 'x' })).toEqual({
      label: 'x',
      slidesToShow: { desktop: 3, tablet: 2, mobile: 1 },
      slidesToScroll: 1,
      animationSpeed: 600,
    });
  });

  it.each([
    [{}, 'label'],
    [{ label: '' }, 'label'],
    [{ label: 'x', slidesToShow: { desktop: 0, tablet: 2, mobile: 1 } }, 'slidesToShow'],
    [{ label: 'x', slidesToShow: { desktop: 3 } }, 'slidesToShow'],
    [{ label: 'x', slidesToScroll: 1.5 }, 'slidesToScroll'],
    [{ label: 'x', animationSpeed: 100_000 }, 'animationSpeed'],
  ])('refuses %j (%s)', (props, field) => {
    const result = CarouselPropsSchema.safeParse(props);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it('takes props as PHP prints them', () => {
    expect(CarouselPropsSchema.parse({ label: 'x', slidesToShow: [], slidesToScroll: '2' })).toMatchObject({
      slidesToShow: { desktop: 3, tablet: 2, mobile: 1 },
      slidesToScroll: 2,
    });
  });
});
