/**
 * The popup dialog (lazy chunk): named by the title, content sanitised, focus in after 250 ms and
 * back on close, Escape/backdrop unless prevented, the delayed close button (reachable by keyboard
 * meanwhile), auto close (not once the shopper typed), islands keep their props.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { popupContent, showPopup, type ShowPopupOptions } from './PopupDialog';

const open = (options: Partial<ShowPopupOptions> = {}) => {
  const onClose = vi.fn();
  let remove: () => void = () => undefined;
  act(() => {
    remove = showPopup({
      id: 7,
      title: 'Join our newsletter',
      display: {},
      html: '<p>Hello</p><form action="/" method="get"><label for="e">E-mail</label><input id="e" name="e" type="email"><button type="submit">Sign up</button></form>',
      onClose,
      ...options,
    });
  });
  return { onClose, remove, dialog: screen.getByRole('dialog', { name: 'Join our newsletter' }) };
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.documentElement.style.overflow = '';
});

describe('PopupDialog', () => {
  it('is a modal dialog named by the title, with the sanitised content', () => {
    const { dialog } = open({ html: '<p>Hi <img src="x" onerror="alert(1)"></p><script>alert(2)</script>' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img')).not.toHaveAttribute('onerror');
    expect(document.body.lastElementChild).toHaveClass('shop-popup-host');
  });

  it('keeps forms, links and buttons', () => {
    const { dialog } = open();
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('moves the focus in after 250 ms and gives it back on close', () => {
    const opener = document.body.appendChild(document.createElement('button'));
    opener.focus();
    const { dialog, onClose } = open();
    expect(dialog).toHaveAttribute('inert');
    act(() => void vi.advanceTimersByTime(250));
    expect(dialog).not.toHaveAttribute('inert');
    expect(dialog).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith('escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('Escape and the backdrop do nothing when prevented; the close button still closes', () => {
    const { dialog, onClose } = open({
      display: { prevent_close_on_esc_key: true, prevent_close_on_background_click: true },
    });
    act(() => void vi.advanceTimersByTime(250));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(document.querySelector('.shop-popup__backdrop')!);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith('button');
  });

  it('the backdrop closes it by default', () => {
    const { onClose } = open();
    fireEvent.click(document.querySelector('.shop-popup__backdrop')!);
    expect(onClose).toHaveBeenCalledWith('outside');
  });

  it('shows the close button after close_button_delay, reachable by keyboard meanwhile', () => {
    const { dialog } = open({ display: { close_button_delay: 3 } });
    const frame = dialog.closest('.shop-popup-frame')!;
    expect(frame).toHaveClass('shop-popup-frame--close-later');
    // Hidden from sight only: still a button in the accessibility tree and the tab order.
    expect(within(dialog).getByRole('button', { name: 'Close' })).not.toHaveAttribute('tabindex', '-1');
    act(() => void vi.advanceTimersByTime(2999));
    expect(frame).toHaveClass('shop-popup-frame--close-later');
    act(() => void vi.advanceTimersByTime(1));
    expect(frame).not.toHaveClass('shop-popup-frame--close-later');
  });

  it('closes by itself after close_automatically, unless the shopper typed in it', () => {
    const first = open({ display: { close_automatically: 10 } });
    act(() => void vi.advanceTimersByTime(9999));
    expect(first.onClose).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(first.onClose).toHaveBeenCalledWith('auto');
    expect(screen.queryByRole('dialog')).toBeNull();

    const second = open({ display: { close_automatically: 10 } });
    fireEvent.input(within(second.dialog).getByRole('textbox'), { target: { value: 'a@b.co' } });
    act(() => void vi.advanceTimersByTime(20000));
    expect(second.onClose).not.toHaveBeenCalled();
    act(() => second.remove());
  });

  it('removing it (the engine stopping) does not call onClose', () => {
    const { remove, onClose } = open();
    act(() => remove());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('links the stylesheet if the page has not', () => {
    open({ stylesheet: '/assets/popups.css' });
    expect(document.head.querySelectorAll('link[href$="/assets/popups.css"]')).toHaveLength(1);
  });
});

describe('popupContent', () => {
  it('keeps an island’s JSON props as data-props, drops every script', () => {
    const fragment = popupContent(
      '<div data-island="store-notice" data-island-src="/x.js"><script type="application/json" data-island-props>{"a":1}</script><p>Fallback</p></div><script>alert(1)</script>',
    );
    const island = fragment.querySelector('[data-island]')!;
    expect(island.getAttribute('data-props')).toBe('{"a":1}');
    expect(fragment.querySelector('script')).toBeNull();
  });
});
