/**
 * The triggers' wiring (jsdom, fake timers): each fires once, at the right moment, and not after
 * being disarmed. The rules' edges are model.test.ts's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { armOpenOnClick, armTrigger, isSamePageAction } from './triggers';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const keydown = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));

describe('triggers', () => {
  it('page_load fires after its delay, once', () => {
    const fire = vi.fn();
    armTrigger('page_load', { delay: 2 }, fire);
    vi.advanceTimersByTime(1999);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('a delay past the timers’ limit (30 days) never fires, rather than at once', () => {
    const fire = vi.fn();
    armTrigger('page_load', { delay: 30 * 86400 }, fire);
    armTrigger('adblock_detection', { delay: 30 * 86400 }, fire);
    vi.advanceTimersByTime(60_000);
    expect(fire).not.toHaveBeenCalled();
  });

  it('click fires at the Nth click anywhere', () => {
    const fire = vi.fn();
    armTrigger('click', { times: 3 }, fire);
    document.body.click();
    document.body.click();
    expect(fire).not.toHaveBeenCalled();
    document.body.click();
    document.body.click();
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('inactivity waits for seconds without input, starting again at each input', () => {
    const fire = vi.fn();
    armTrigger('inactivity', { time: 5 }, fire);
    vi.advanceTimersByTime(4000);
    keydown();
    vi.advanceTimersByTime(4000);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('exit_intent fires when the pointer leaves through the top', () => {
    const fire = vi.fn();
    armTrigger('exit_intent', true, fire);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 200, relatedTarget: null }));
    document.body.dispatchEvent(
      new MouseEvent('mouseout', { clientY: 0, relatedTarget: document.body, bubbles: true }),
    );
    expect(fire).not.toHaveBeenCalled();
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: -2, relatedTarget: null }));
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('adblock_detection fires when the bait is hidden, and removes it', () => {
    const fire = vi.fn();
    armTrigger('adblock_detection', { delay: 1 }, fire);
    const bait = document.querySelector<HTMLElement>('.adsbox.ad-banner')!;
    expect(bait).not.toBeNull();
    bait.style.display = 'none'; // what a blocker's cosmetic rule does
    vi.advanceTimersByTime(1000);
    vi.runOnlyPendingTimers(); // the frame after
    expect(fire).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.adsbox')).toBeNull();
  });

  it('scrolling_to with an invalid selector is off and warns once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    armTrigger('scrolling_to', { selector: '#[bad' }, vi.fn())();
    armTrigger('scrolling_to', { selector: '#[bad' }, vi.fn())();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"#[bad" is invalid'));
  });

  it('scrolling_to fires when the element comes into view', () => {
    let callback: IntersectionObserverCallback = () => undefined;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback) {
          callback = cb;
        }
        observe = observe;
        disconnect = vi.fn();
      },
    );
    document.body.innerHTML = '<section id="reviews-teaser"></section>';
    const fire = vi.fn();
    armTrigger('scrolling_to', { selector: '#reviews-teaser' }, fire);
    expect(observe).toHaveBeenCalledWith(document.getElementById('reviews-teaser'));
    callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(fire).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('a disarmed trigger never fires', () => {
    const fire = vi.fn();
    armTrigger('page_load', { delay: 1 }, fire)();
    armTrigger('click', { times: 1 }, fire)();
    document.body.click();
    vi.advanceTimersByTime(5000);
    expect(fire).not.toHaveBeenCalled();
  });
});

describe('open_on_click', () => {
  it('prevents only a same-page action', () => {
    document.body.innerHTML =
      '<a id="a" href="#tips">Tips</a><a id="b" href="/shop/">Shop</a><button id="c" type="button">Open</button>' +
      '<form><button id="d">Send</button></form>' +
      `<a id="e" href="${location.pathname}${location.search}#tips">Tips</a><a id="f" href="">Here</a>` +
      `<a id="g" href="${location.pathname}?other=1#tips">Elsewhere</a><a href="/shop/"><span id="h">Shop</span></a>` +
      '<span id="i" role="button" tabindex="0">Open</span>';
    const by = (id: string) => document.getElementById(id)!;
    expect(isSamePageAction(by('a'))).toBe(true);
    expect(isSamePageAction(by('b'))).toBe(false);
    expect(isSamePageAction(by('c'))).toBe(true);
    expect(isSamePageAction(by('d'))).toBe(false);
    expect(isSamePageAction(by('e'))).toBe(true);
    expect(isSamePageAction(by('f'))).toBe(true);
    expect(isSamePageAction(by('g'))).toBe(false);
    expect(isSamePageAction(by('h'))).toBe(false);
    expect(isSamePageAction(by('i'))).toBe(true);
  });

  it('opens on a click inside the matching element', () => {
    document.body.innerHTML = '<button class="open-popup" type="button"><span>Open</span></button>';
    const open = vi.fn();
    const disarm = armOpenOnClick('.open-popup', open);
    document.querySelector('span')!.click();
    expect(open).toHaveBeenCalledTimes(1);
    disarm();
    document.querySelector('span')!.click();
    expect(open).toHaveBeenCalledTimes(1);
  });
});
