import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_SETTLE_MS } from '../a11y/announce';
import { ensurePopup, POPUP_ID, resetPopup, showPopup } from './popup';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  resetPopup();
  vi.useRealTimers();
});

const popup = () => document.getElementById(POPUP_ID);

describe('message popup', () => {
  it('is one empty status region, created once', () => {
    const first = ensurePopup();
    expect(ensurePopup()).toBe(first);
    expect(document.querySelectorAll(`#${POPUP_ID}`)).toHaveLength(1);
    expect(first).toHaveAttribute('role', 'status');
    expect(first).toBeEmptyDOMElement();
    expect(first).not.toHaveAttribute('data-shown');
  });

  it('shows a message for the given time, then empties', () => {
    showPopup({ html: 'Product <strong>added</strong>' }, { duration: 2000 });
    expect(popup()).toHaveTextContent('Product added');
    expect(popup()).toHaveAttribute('data-shown');
    vi.advanceTimersByTime(1999);
    expect(popup()).toHaveTextContent('Product added');
    vi.advanceTimersByTime(1);
    expect(popup()).toBeEmptyDOMElement();
    expect(popup()).not.toHaveAttribute('data-shown');
  });

  it('shows text of ours as text', () => {
    showPopup({ text: 'Fish & <chips>' }, { duration: 2000 });
    expect(popup()).toHaveTextContent('Fish & <chips>');
    expect(popup()?.children).toHaveLength(0);
  });

  it('a new message replaces the shown one and restarts the time', () => {
    showPopup({ text: 'One' }, { duration: 2000 });
    vi.advanceTimersByTime(1500);
    showPopup({ text: 'Two' }, { duration: 2000 });
    expect(popup()).toHaveTextContent('Two');
    vi.advanceTimersByTime(1500);
    expect(popup()).toHaveTextContent('Two');
    vi.advanceTimersByTime(500);
    expect(popup()).toBeEmptyDOMElement();
  });

  it('the same message again is cleared first, so it is announced again', () => {
    showPopup({ html: 'Product removed' }, { duration: 2000 });
    vi.advanceTimersByTime(1000);
    showPopup({ html: 'Product removed' }, { duration: 2000 });
    expect(popup()).toBeEmptyDOMElement();
    vi.advanceTimersByTime(ANNOUNCE_SETTLE_MS);
    expect(popup()).toHaveTextContent('Product removed');
    vi.advanceTimersByTime(1999);
    expect(popup()).toHaveTextContent('Product removed');
    vi.advanceTimersByTime(1);
    expect(popup()).toBeEmptyDOMElement();
  });
});

describe('hiding a message (an island unmounting)', () => {
  it('hides the message at once and leaves no timer', () => {
    const hide = showPopup({ text: 'Removed' }, { duration: 2000 });
    hide();
    expect(popup()).toBeEmptyDOMElement();
    expect(popup()).not.toHaveAttribute('data-shown');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves a newer message alone', () => {
    const hideFirst = showPopup({ text: 'First' }, { duration: 2000 });
    showPopup({ text: 'Second' }, { duration: 2000 });
    hideFirst();
    expect(popup()).toHaveTextContent('Second');
    vi.advanceTimersByTime(2000);
    expect(popup()).toBeEmptyDOMElement();
  });

  it('stops a repeated message waiting to be set again', () => {
    showPopup({ text: 'Again' }, { duration: 2000 });
    const hide = showPopup({ text: 'Again' }, { duration: 2000 });
    hide();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(ANNOUNCE_SETTLE_MS);
    expect(popup()).toBeEmptyDOMElement();
  });
});
