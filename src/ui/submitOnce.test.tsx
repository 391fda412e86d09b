import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchLifecycle } from '../test/lifecycle';
import { guardSubmissions, leavesThePage, useSubmitOnce } from './submitOnce';

/**
 * Submissions that reached the browser (not prevented once every listener ran): this recorder is
 * added after the guard, so it sees the final word, then stands in for the browser's page load,
 * which jsdom does not do.
 */
let sent: HTMLFormElement[] = [];
const record = (event: Event) => {
  if (!event.defaultPrevented) sent.push(event.target as HTMLFormElement);
  event.preventDefault();
};
const startRecording = () => window.addEventListener('submit', record);

function page(
  html = '<form id="f" action="/post" method="post"><input name="q"><button>Send</button></form>',
) {
  document.body.innerHTML = html;
  return document.getElementById('f') as HTMLFormElement;
}

/** A `pageshow` as the browser fires it when the page is shown again from the back-forward cache. */
const shownAgain = () => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));

type WithNavigation = Window & { navigation?: EventTarget };

beforeEach(() => {
  sent = [];
});
afterEach(() => {
  window.removeEventListener('submit', record);
  delete (window as WithNavigation).navigation;
});

describe('guardSubmissions', () => {
  it('lets the first submission through and cancels the next ones while the page loads', () => {
    const form = page();
    const onBusy = vi.fn();
    const stop = guardSubmissions(form, onBusy);
    startRecording();
    form.requestSubmit();
    form.requestSubmit();
    form.querySelector('button')!.click();
    expect(sent).toHaveLength(1);
    expect(onBusy.mock.calls).toEqual([[true]]);
    stop();
  });

  it('a submission someone prevented (a required field the island checks) does not count', () => {
    const form = page();
    const onBusy = vi.fn();
    const stop = guardSubmissions(form, onBusy);
    const block = (event: Event) => event.preventDefault();
    form.addEventListener('submit', block);
    startRecording();
    form.requestSubmit();
    expect(sent).toHaveLength(0);
    expect(onBusy).not.toHaveBeenCalled();
    form.removeEventListener('submit', block);
    form.requestSubmit();
    form.requestSubmit();
    expect(sent).toHaveLength(1);
    stop();
  });

  it('the page shown again (back from the answer or an error page): one more submission goes', () => {
    const form = page();
    const onBusy = vi.fn();
    const stop = guardSubmissions(form, onBusy);
    startRecording();
    form.requestSubmit();
    shownAgain();
    form.requestSubmit();
    form.requestSubmit();
    expect(sent).toHaveLength(2);
    expect(onBusy.mock.calls).toEqual([[true], [false], [true]]);
    stop();
  });

  it('the page load stopped (Navigation API navigateerror): one more submission goes', () => {
    const navigation = new EventTarget();
    (window as WithNavigation).navigation = navigation;
    const form = page();
    const stop = guardSubmissions(form, () => undefined);
    startRecording();
    form.requestSubmit();
    navigation.dispatchEvent(new Event('navigateerror'));
    form.requestSubmit();
    form.requestSubmit();
    expect(sent).toHaveLength(2);
    stop();
  });

  it('holds back only its own form', () => {
    const form = page(
      '<form id="f" method="post"><button>Send</button></form><form id="g" method="post"><button>Other</button></form>',
    );
    const stop = guardSubmissions(form, () => undefined);
    startRecording();
    form.requestSubmit();
    const other = document.getElementById('g') as HTMLFormElement;
    other.requestSubmit();
    other.requestSubmit();
    expect(sent).toEqual([form, other, other]);
    stop();
  });

  it('stops guarding when stopped (the island unmounted)', () => {
    const form = page();
    const stop = guardSubmissions(form, () => undefined);
    startRecording();
    form.requestSubmit();
    stop();
    form.requestSubmit();
    expect(sent).toHaveLength(2);
  });

  it('does not hold back a form that opens elsewhere (target, formtarget) or closes a dialog', () => {
    const form = page('<form id="f" method="post" target="_blank"><button>Send</button></form>');
    const stop = guardSubmissions(form, () => undefined);
    startRecording();
    form.requestSubmit();
    form.requestSubmit();
    expect(sent).toHaveLength(2);
    stop();
  });
});

describe('leavesThePage', () => {
  const form = (attributes: string, button = '') =>
    page(`<form id="f" ${attributes}><button ${button}>Send</button></form>`);
  it.each([
    ['', '', true],
    ['method="post"', '', true],
    ['target="_self"', '', true],
    ['target="_top"', '', true],
    ['target="_blank"', '', false],
    ['target="preview"', '', false],
    ['', 'formtarget="_blank"', false],
    ['target="_blank"', 'formtarget="_self"', true],
    ['method="dialog"', '', false],
    ['method="post"', 'formmethod="dialog"', false],
  ])('form %s, button %s: %s', (attributes, button, expected) => {
    const el = form(attributes, button);
    expect(leavesThePage(el, el.querySelector('button'))).toBe(expected);
  });

  it('follows <base target>', () => {
    document.head.insertAdjacentHTML('beforeend', '<base target="_blank">');
    const el = form('');
    expect(leavesThePage(el, null)).toBe(false);
    document.head.querySelector('base')!.remove();
  });
});

function Form() {
  const ref = useRef<HTMLFormElement>(null);
  const busy = useSubmitOnce(ref);
  return (
    <form ref={ref} method="post" action="/post" aria-busy={busy || undefined} aria-label="Form">
      <button type="submit" aria-disabled={busy || undefined}>
        Send
      </button>
    </form>
  );
}

describe('useSubmitOnce', () => {
  it('is busy while the submission is on its way: a double click sends once', async () => {
    render(<Form />);
    startRecording();
    const button = screen.getByRole('button', { name: 'Send' });
    await userEvent.dblClick(button);
    expect(sent).toHaveLength(1);
    expect(screen.getByRole('form', { name: 'Form' })).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    act(() => shownAgain());
    expect(screen.getByRole('form', { name: 'Form' })).not.toHaveAttribute('aria-busy');
    await userEvent.click(button);
    expect(sent).toHaveLength(2);
  });

  it('unmounted: leaves nothing behind', async () => {
    const watch = watchLifecycle();
    const { unmount } = render(<Form />);
    startRecording();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    unmount();
    watch.unmounted();
    expect(await watch.leftovers()).toEqual([]);
  });
});
