import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REGION_IDS } from '../../src/a11y/announce';
import { IslandContainerContext } from '../../src/islands/container';
import { SliderPropsSchema, type SliderProps } from './schema';
import { Slider } from './Slider';

const SLIDES = ['Running', 'Tennis', 'Football', 'Kit', 'Gloves'];

/** The server's markup: `<ul class="slides">`, each slide with an image, a caption and a link. */
function serverContainer(titles: readonly string[] = SLIDES): HTMLElement {
  const container = document.createElement('div');
  container.setAttribute('data-island', 'slider');
  container.innerHTML =
    '<ul class="slides">' +
    titles
      .map(
        (title, i) =>
          `<li><img src="/demo-assets/img/kit-bag.svg" alt="" width="600" height="600">` +
          `<div class="slide-caption"><h2>${title}</h2><a href="/s/${i}/">Shop ${title}</a></div></li>`,
      )
      .join('') +
    '</ul>';
  document.body.append(container);
  return container;
}

/** Mounts the slider over `container` as `defineIsland(…, { adopt: true })` does. */
function mount(container: HTMLElement, props: Partial<SliderProps> = {}) {
  const host = document.createElement('div');
  host.setAttribute('data-island-root', '');
  container.append(host);
  const options = SliderPropsSchema.parse({ label: 'Lookbook', ...props });
  return render(
    <IslandContainerContext value={container}>
      <Slider {...options} />
    </IslandContainerContext>,
    { container: host },
  );
}

const slides = (container: HTMLElement) => Array.from(container.querySelectorAll('.slides > li'));
/** The index of the one slide not inert. */
const shown = (container: HTMLElement) => {
  const active = slides(container).filter((li) => !li.hasAttribute('inert'));
  expect(active).toHaveLength(1);
  return slides(container).indexOf(active[0]!);
};
const button = (name: string) => screen.getByRole('button', { name });
const liveText = () => document.getElementById(LIVE_REGION_IDS.polite)?.textContent ?? '';
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
/** `times` slide changes of autoplay, one after the other (each schedules the next when rendered). */
const autoplays = (times: number, ms = 7000) => {
  for (let i = 0; i < times; i += 1) advance(ms);
};

function reducedMotion(on: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: on && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion(false);
});
afterEach(() => {
  vi.useRealTimers();
  delete (window as Partial<Window>).matchMedia;
});

describe('Slider', () => {
  it('turns the server list into a named carousel region with one slide shown', () => {
    const container = serverContainer();
    mount(container);
    const region = screen.getByRole('region', { name: 'Lookbook' });
    expect(region).toBe(container);
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(slides(container).map((li) => li.getAttribute('aria-label'))).toEqual([
      '1 of 5',
      '2 of 5',
      '3 of 5',
      '4 of 5',
      '5 of 5',
    ]);
    expect(slides(container).every((li) => li.getAttribute('aria-roledescription') === 'slide')).toBe(true);
    expect(shown(container)).toBe(0);
    // The controls come first (rotation control first), and control the list.
    const controls = within(container)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(controls).toEqual(['❚❚Pause', '‹Previous', '›Next']);
    const listId = container.querySelector('.slides')!.id;
    expect(listId).not.toBe('');
    expect(button('Next')).toHaveAttribute('aria-controls', listId);
    expect(container.firstElementChild).toHaveClass('slider-controls');
  });

  it('moves on every 7000 ms by itself, from the last to the first, announcing nothing', () => {
    const container = serverContainer();
    mount(container);
    advance(6999);
    expect(shown(container)).toBe(0);
    advance(1);
    expect(shown(container)).toBe(1);
    autoplays(4);
    expect(shown(container)).toBe(0);
    expect(liveText()).toBe('');
  });

  it("'Pause' stops it and becomes 'Play'; 'Play' starts it again", () => {
    const container = serverContainer();
    mount(container);
    fireEvent.click(button('Pause'));
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    advance(30_000);
    expect(shown(container)).toBe(0);
    fireEvent.click(button('Play'));
    expect(button('Pause')).toBeInTheDocument();
    advance(7000);
    expect(shown(container)).toBe(1);
  });

  it("'Next' and 'Previous' move one slide, loop by default, and announce the position", () => {
    const container = serverContainer();
    mount(container);
    fireEvent.click(button('Next'));
    expect(shown(container)).toBe(1);
    advance(100);
    expect(liveText()).toBe('Slide 2 of 5');
    fireEvent.click(button('Previous'));
    fireEvent.click(button('Previous'));
    expect(shown(container)).toBe(4);
    advance(100);
    expect(liveText()).toBe('Slide 5 of 5');
  });

  it('counts the 7000 ms again after the shopper moved it', () => {
    const container = serverContainer();
    mount(container);
    advance(5000);
    fireEvent.click(button('Next'));
    advance(6999);
    expect(shown(container)).toBe(1);
    advance(1);
    expect(shown(container)).toBe(2);
  });

  it('without loop: stops at the ends, and the show ends on the last slide', () => {
    const container = serverContainer(['A', 'B', 'C']);
    mount(container, { loop: false });
    expect(button('Previous')).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button('Previous'));
    expect(shown(container)).toBe(0);
    autoplays(2);
    expect(shown(container)).toBe(2);
    expect(button('Next')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Play')).toBeInTheDocument();
    advance(30_000);
    expect(shown(container)).toBe(2);
  });

  it('waits while the pointer is over the slides', () => {
    const container = serverContainer();
    mount(container);
    const list = container.querySelector('.slides')!;
    fireEvent.pointerEnter(list);
    advance(20_000);
    expect(shown(container)).toBe(0);
    // Still playing: the button still offers to pause.
    expect(button('Pause')).toBeInTheDocument();
    fireEvent.pointerLeave(list);
    advance(7000);
    expect(shown(container)).toBe(1);
  });

  it('waits while the focus is in a slide', () => {
    const container = serverContainer();
    mount(container);
    const link = within(container).getByRole('link', { name: 'Shop Running' });
    act(() => link.focus());
    advance(20_000);
    expect(shown(container)).toBe(0);
    act(() => link.blur());
    advance(7000);
    expect(shown(container)).toBe(1);
  });

  it('does not start by itself when reduced motion is asked for; Play starts it', () => {
    reducedMotion(true);
    const container = serverContainer();
    mount(container);
    expect(button('Play')).toBeInTheDocument();
    advance(30_000);
    expect(shown(container)).toBe(0);
    fireEvent.click(button('Play'));
    advance(7000);
    expect(shown(container)).toBe(1);
  });

  it('with autoplay off, waits for the shopper', () => {
    const container = serverContainer();
    mount(container, { autoplay: false });
    expect(button('Play')).toBeInTheDocument();
    advance(30_000);
    expect(shown(container)).toBe(0);
  });

  it('takes its speeds from the props', () => {
    const container = serverContainer();
    mount(container, { slideshowSpeed: 3000, animationSpeed: 250 });
    expect(container.style.getPropertyValue('--slider-speed')).toBe('250ms');
    advance(3000);
    expect(shown(container)).toBe(1);
  });

  it('a swipe with a finger moves it; a short or vertical one does not', () => {
    const container = serverContainer();
    mount(container, { autoplay: false });
    const list = container.querySelector('.slides')!;
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.pointerDown(list, { pointerId: 1, pointerType: 'touch', clientX: from[0], clientY: from[1] });
      fireEvent.pointerUp(list, { pointerId: 1, pointerType: 'touch', clientX: to[0], clientY: to[1] });
    };
    swipe([300, 100], [150, 110]);
    expect(shown(container)).toBe(1);
    swipe([300, 100], [280, 100]);
    swipe([300, 100], [250, 300]);
    expect(shown(container)).toBe(1);
    swipe([100, 100], [300, 90]);
    expect(shown(container)).toBe(0);
  });

  it('with one slide, leaves the server list as it is', () => {
    const container = serverContainer(['Only']);
    const before = container.querySelector('.slides')!.outerHTML;
    mount(container);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(container.querySelector('.slides')!.outerHTML).toBe(before);
    expect(container).not.toHaveAttribute('role');
    advance(30_000);
  });

  it('unmounted: the server markup is back as it was, and no timer runs', () => {
    const container = serverContainer();
    const list = container.querySelector('.slides')!;
    list.id = 'server-id';
    const before = list.outerHTML;
    const { unmount } = mount(container);
    unmount();
    expect(list.outerHTML).toBe(before);
    expect(container.querySelector('.slider-controls')).toBeNull();
    for (const name of ['role', 'aria-roledescription', 'aria-label', 'data-slider-on', 'style']) {
      expect(container.getAttribute(name) ?? '').toBe('');
    }
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('SliderPropsSchema', () => {
  it('has the §9 defaults', () => {
    expect(SliderPropsSchema.parse({ label: 'Lookbook' })).toEqual({
      label: 'Lookbook',
      slideshowSpeed: 7000,
      animationSpeed: 600,
      autoplay: true,
      loop: true,
    });
  });

  it.each([
    [{}, 'label'],
    [{ label: '  ' }, 'label'],
    [{ label: 'x', slideshowSpeed: 0 }, 'slideshowSpeed'],
    [{ label: 'x', slideshowSpeed: 7000.5 }, 'slideshowSpeed'],
    [{ label: 'x', animationSpeed: -1 }, 'animationSpeed'],
    [{ label: 'x', autoplay: 'yes' }, 'autoplay'],
  ])('refuses %j (%s)', (props, field) => {
    const result = SliderPropsSchema.safeParse(props);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it('takes props as PHP prints them', () => {
    expect(
      SliderPropsSchema.parse({ label: 'x', slideshowSpeed: '5000', autoplay: false, loop: null }),
    ).toMatchObject({ slideshowSpeed: 5000, autoplay: false, loop: true });
  });
});
