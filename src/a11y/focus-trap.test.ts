import userEvent from '@testing-library/user-event';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFocusTrap, type FocusTrap } from './focus-trap';
import { getTabbables } from './tabbable';

let traps: FocusTrap[] = [];
afterEach(() => {
  // Leave the module-level stack empty for the next test.
  traps.reverse().forEach((t) => t.deactivate());
  traps = [];
});
const trap = (...args: Parameters<typeof createFocusTrap>): FocusTrap => {
  const t = createFocusTrap(...args);
  traps.push(t);
  return t;
};

function setup(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.getElementById('dialog')!;
}

const PAGE = `
  <button>Open drawer</button>
  <div id="dialog">
    <button>Close</button>
    <a href="/cart/">View cart</a>
    <button disabled>Disabled</button>
    <div hidden><button>Hidden</button></div>
    <div style="display:none"><button>Not displayed</button></div>
    <div inert><button>Inert</button></div>
    <span tabindex="-1">Skipped</span>
    <input aria-label="Quantity" />
  </div>
  <button>After</button>`;

describe('getTabbables', () => {
  it('keeps visible, enabled, non-inert elements with tabindex >= 0, one stop per radio group', () => {
    const container = setup(`<div id="dialog">
      <button>A</button><input type="hidden" /><span tabindex="0">B</span>
      <details><summary>More</summary><button>In closed details</button></details>
      <fieldset disabled><input aria-label="In disabled fieldset" /></fieldset>
      <input type="radio" name="size" aria-label="S" /><input type="radio" name="size" aria-label="M" checked />
      <input type="radio" name="colour" aria-label="Red" /><input type="radio" name="colour" aria-label="Blue" />
      <button tabindex="2">Second</button><button tabindex="1">First</button>
    </div>`);
    const names = getTabbables(container).map((el) => el.getAttribute('aria-label') ?? el.textContent);
    expect(names).toEqual(['First', 'Second', 'A', 'B', 'More', 'M', 'Red']);
  });
});

describe('createFocusTrap', () => {
  it('focuses the first tabbable, wraps Tab and Shift+Tab, and returns focus to the opener', async () => {
    const user = userEvent.setup();
    const dialog = setup(PAGE);
    const opener = screen.getByRole('button', { name: 'Open drawer' });
    opener.focus();
    const t = trap(dialog);
    t.activate();
    const close = screen.getByRole('button', { name: 'Close' });
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    expect(close).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveFocus();
    await user.tab();
    expect(quantity).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus(); // wrapped forward
    await user.tab({ shift: true });
    expect(quantity).toHaveFocus(); // wrapped back

    // From an element Tab does not stop at (tabindex="-1"), Tab continues from its place.
    const skipped = screen.getByText('Skipped');
    skipped.focus();
    await user.tab();
    expect(quantity).toHaveFocus();
    skipped.focus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveFocus();

    t.deactivate();
    expect(opener).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus(); // no longer trapped: the page's normal order
  });

  it('honours initialFocus as an element, a selector or a function', () => {
    const dialog = setup(PAGE);
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    const a = trap(dialog, { initialFocus: 'input' });
    a.activate();
    expect(quantity).toHaveFocus();
    a.deactivate();
    const b = trap(dialog, { initialFocus: () => screen.getByRole('link') });
    b.activate();
    expect(screen.getByRole('link')).toHaveFocus();
    b.deactivate();
    const c = trap(dialog, { initialFocus: quantity });
    c.activate();
    expect(quantity).toHaveFocus();
  });

  it('calls onEscape unless an inner widget already handled Escape', async () => {
    const user = userEvent.setup();
    const dialog = setup(PAGE);
    const onEscape = vi.fn();
    trap(dialog, { onEscape }).activate();
    await user.keyboard('{Escape}');
    expect(onEscape).toHaveBeenCalledTimes(1);

    const input = screen.getByRole('textbox', { name: 'Quantity' });
    input.addEventListener('keydown', (e) => e.key === 'Escape' && e.preventDefault());
    input.focus();
    await user.keyboard('{Escape}');
    expect(onEscape).toHaveBeenCalledTimes(1);
  });

  it('pulls focus back when a click or script moves it outside', async () => {
    const user = userEvent.setup();
    const dialog = setup(`${PAGE}<p>Plain text outside</p>`);
    trap(dialog).activate();
    const link = screen.getByRole('link', { name: 'View cart' });
    await user.click(link);
    expect(link).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'After' }));
    expect(link).toHaveFocus(); // back to the last focused element inside

    screen.getByRole('button', { name: 'Open drawer' }).focus();
    expect(link).toHaveFocus();

    await user.click(screen.getByText('Plain text outside')); // focus would go to <body>
    await vi.waitFor(() => expect(link).toHaveFocus());
  });

  it('focuses the container when it has nothing tabbable, and restores its tabindex', async () => {
    const user = userEvent.setup();
    const dialog = setup('<button>Open</button><div id="dialog"><p>Only text</p></div>');
    screen.getByRole('button').focus();
    const t = trap(dialog);
    t.activate();
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(dialog).toHaveFocus();
    t.deactivate();
    expect(dialog).not.toHaveAttribute('tabindex');
    expect(screen.getByRole('button')).toHaveFocus();
  });

  it('does not return focus when returnFocus is false, or when the opener is gone', () => {
    const dialog = setup(PAGE);
    const opener = screen.getByRole('button', { name: 'Open drawer' });
    opener.focus();
    const a = trap(dialog, { returnFocus: false });
    a.activate();
    a.deactivate();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();

    opener.focus();
    const b = trap(dialog);
    b.activate();
    opener.remove();
    b.deactivate();
    expect(document.activeElement).not.toBe(opener);
  });
});

describe('nested traps', () => {
  const NESTED = `
    <button>Header cart</button>
    <div id="dialog">
      <button>Close drawer</button>
      <button>Remove item</button>
    </div>
    <div id="confirm">
      <button>Yes</button>
      <button>No</button>
    </div>`;

  it('only the topmost trap handles keys; closing it reactivates the outer one', async () => {
    const user = userEvent.setup();
    const drawer = setup(NESTED);
    const confirm = document.getElementById('confirm')!;
    const headerCart = screen.getByRole('button', { name: 'Header cart' });
    const remove = screen.getByRole('button', { name: 'Remove item' });
    const outerEscape = vi.fn();
    const innerEscape = vi.fn();

    headerCart.focus();
    const outer = trap(drawer, { onEscape: outerEscape });
    outer.activate();
    await user.tab();
    expect(remove).toHaveFocus();

    const inner = trap(confirm, { onEscape: innerEscape });
    inner.activate();
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus(); // cycles in the inner trap
    await user.keyboard('{Escape}');
    expect(innerEscape).toHaveBeenCalledTimes(1);
    expect(outerEscape).not.toHaveBeenCalled();

    inner.deactivate();
    expect(remove).toHaveFocus(); // the inner trap's opener
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close drawer' })).toHaveFocus(); // outer wraps again
    await user.keyboard('{Escape}');
    expect(outerEscape).toHaveBeenCalledTimes(1);

    outer.deactivate();
    expect(headerCart).toHaveFocus();
  });

  it('when the outer trap closes first, the inner one falls back to the outer opener', () => {
    const drawer = setup(NESTED);
    const confirm = document.getElementById('confirm')!;
    const headerCart = screen.getByRole('button', { name: 'Header cart' });
    headerCart.focus();
    const outer = trap(drawer);
    outer.activate();
    const inner = trap(confirm);
    inner.activate(); // opened from "Close drawer" inside the drawer
    outer.deactivate();
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus(); // inner still in charge
    drawer.remove(); // the drawer (and the inner opener with it) unmounts
    inner.deactivate();
    expect(headerCart).toHaveFocus();
  });
});
