import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusTrap } from './useFocusTrap';

function Drawer({ onClose, label }: { onClose: () => void; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState(false);
  // A new options object each render: the hook must not re-create the trap for it.
  useFocusTrap(ref, true, { initialFocus: '[data-autofocus]', onEscape: onClose });
  return (
    <div ref={ref} role="dialog" aria-label={label}>
      <button onClick={onClose}>Close</button>
      <button data-autofocus onClick={() => setConfirming(true)}>
        Remove item
      </button>
      {confirming && <Confirm onClose={() => setConfirming(false)} />}
    </div>
  );
}

function Confirm({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, true, { onEscape: onClose });
  return (
    <div ref={ref} role="alertdialog" aria-label="Remove?">
      <button onClick={onClose}>Yes</button>
      <button onClick={onClose}>No</button>
    </div>
  );
}

function Page() {
  const [open, setOpen] = useState(false);
  const [escapes, setEscapes] = useState(0);
  return (
    <>
      <button onClick={() => setOpen(true)}>Cart ({escapes})</button>
      {open && (
        <Drawer
          label={`Cart drawer ${escapes}`}
          onClose={() => {
            setEscapes((n) => n + 1);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

describe('useFocusTrap', () => {
  it.each([false, true])(
    'traps while mounted and returns focus to the opener (StrictMode: %s)',
    async (strict) => {
      const user = userEvent.setup();
      render(
        strict ? (
          <StrictMode>
            <Page />
          </StrictMode>
        ) : (
          <Page />
        ),
      );
      await user.click(screen.getByRole('button', { name: 'Cart (0)' }));
      const dialog = screen.getByRole('dialog');
      const remove = screen.getByRole('button', { name: 'Remove item' });
      expect(remove).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus(); // wrapped
      await user.tab({ shift: true });
      expect(remove).toHaveFocus();

      // Nested: the confirm traps focus, Escape closes only it, focus goes back to "Remove item".
      await user.click(remove);
      expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
      await user.tab();
      await user.tab();
      expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(dialog).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Remove item' })).toHaveFocus();

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Cart (1)' })).toHaveFocus();
    },
  );

  it('does nothing while inactive and activates when the flag turns on', async () => {
    const user = userEvent.setup();
    function Toggle() {
      const ref = useRef<HTMLDivElement>(null);
      const [active, setActive] = useState(false);
      useFocusTrap(ref, active);
      return (
        <>
          <button onClick={() => setActive(true)}>Trap</button>
          <div ref={ref}>
            <button onClick={() => setActive(false)}>Release</button>
          </div>
          <button>Outside</button>
        </>
      );
    }
    render(<Toggle />);
    const trapButton = screen.getByRole('button', { name: 'Trap' });
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Outside' })).toHaveFocus();
    await user.click(trapButton);
    expect(screen.getByRole('button', { name: 'Release' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Release' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Release' }));
    expect(trapButton).toHaveFocus();
  });
});
