import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locatorOf, resolve } from '../../src/islands/locate';
import type { MountResult } from '../../src/islands/types';
import island from './island';

const CONTEXT = { name: 'anchor-scroll', locate: { locatorOf, resolve } };

let unmount: (() => void) | undefined;
let scrollTo: ReturnType<typeof vi.spyOn>;

async function mount(props: unknown = { offset: 80 }): Promise<MountResult> {
  const container = document.createElement('div');
  document.body.append(container);
  const result = await island.mount(container, props, CONTEXT);
  if (result.ok) unmount = result.unmount;
  return result;
}

function page() {
  document.body.insertAdjacentHTML(
    'beforeend',
    '<nav><a id="to-running" href="#running">Running</a> <a id="to-bad" href="#1-top">Top</a> ' +
      '<a id="to-missing" href="#nowhere">Nowhere</a> <a id="to-hostile" href="#&quot;&gt;&lt;img src=x&gt;">X</a> ' +
      '<a id="to-empty" href="#">Empty</a> <a id="to-other" href="/other/#running">Other page</a> ' +
      '<a id="to-new" href="#running" target="_blank">New tab</a></nav>' +
      '<section id="running"><h2>Running</h2></section><section id="1-top">Top</section>' +
      '<button id="running-button" type="button">b</button>',
  );
  const section = document.getElementById('running')!;
  vi.spyOn(section, 'getBoundingClientRect').mockReturnValue({ top: 600 } as DOMRect);
}

/** Clicks link `id`; returns whether the click was left to the browser (not prevented). */
function click(id: string, init: MouseEventInit = {}): boolean {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  return document.getElementById(id)!.dispatchEvent(event);
}

beforeEach(() => {
  history.replaceState(null, '', '/lookbook/');
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  page();
});
afterEach(() => {
  unmount?.();
  unmount = undefined;
  vi.restoreAllMocks();
  delete (window as Partial<Window>).matchMedia;
});

describe('anchor-scroll island', () => {
  it('scrolls smoothly to a valid, present target, 80 px below the top, focuses it, adds the hash', async () => {
    await mount();
    const length = history.length;
    expect(click('to-running')).toBe(false);
    expect(scrollTo).toHaveBeenCalledWith({ top: 520, behavior: 'smooth' });
    const target = document.getElementById('running')!;
    expect(target).toHaveAttribute('tabindex', '-1');
    expect(document.activeElement).toBe(target);
    expect(location.hash).toBe('#running');
    expect(history.length).toBe(length + 1);
    // Again: no second history entry for the same hash.
    click('to-running');
    expect(history.length).toBe(length + 1);
  });

  it('jumps at once when reduced motion is asked for', async () => {
    window.matchMedia = vi.fn((query: string) => ({
      matches: query.includes('reduce'),
    })) as unknown as typeof window.matchMedia;
    await mount();
    click('to-running');
    expect(scrollTo).toHaveBeenCalledWith({ top: 520, behavior: 'instant' });
  });

  it('takes its offset from the props, and 80 by default', async () => {
    await mount({ offset: 120 });
    click('to-running');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 480 }));
    unmount?.();
    scrollTo.mockClear();
    await mount({});
    click('to-running');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 520 }));
  });

  it('keeps a focusable target as it is', async () => {
    await mount();
    const link = document.createElement('a');
    link.href = '#running-button';
    link.id = 'to-button';
    document.body.append(link);
    click('to-button');
    const target = document.getElementById('running-button')!;
    expect(target).not.toHaveAttribute('tabindex');
    expect(document.activeElement).toBe(target);
  });

  it.each([
    ['an id that is not valid, even if present', 'to-bad', {}],
    ['a missing target', 'to-missing', {}],
    ['a hostile hash', 'to-hostile', {}],
    ['a bare "#"', 'to-empty', {}],
    ['a link to another page', 'to-other', {}],
    ['a link opening a new tab', 'to-new', {}],
    ['a ctrl-click', 'to-running', { ctrlKey: true }],
    ['a meta-click', 'to-running', { metaKey: true }],
    ['a shift-click', 'to-running', { shiftKey: true }],
    ['a middle click', 'to-running', { button: 1 }],
  ])('leaves %s to the browser', async (_, id, init: MouseEventInit) => {
    await mount();
    const querySelector = vi.spyOn(document, 'querySelector');
    expect(click(id, init)).toBe(true);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(querySelector).not.toHaveBeenCalled();
    expect(location.hash).toBe('');
  });

  it('leaves a click another script handled', async () => {
    await mount();
    const link = document.getElementById('to-running')!;
    link.addEventListener('click', (event) => event.preventDefault());
    click('to-running');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('handles links added later, and nothing once unmounted', async () => {
    await mount();
    document.body.insertAdjacentHTML('beforeend', '<a id="later" href="#running"><span>Later</span></a>');
    document.querySelector<HTMLElement>('#later span')!.click();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    unmount?.();
    unmount = undefined;
    expect(click('to-running')).toBe(true);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('refuses invalid props, naming the field', async () => {
    expect(await mount({ offset: -5 })).toMatchObject({ ok: false, field: 'offset' });
    expect(click('to-running')).toBe(true);
  });
});
