import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalDialog, type ModalCloseReason, type ModalDialogProps } from './ModalDialog';

type Options = Partial<Pick<ModalDialogProps, 'placement' | 'portalClassName'>> & {
  onClose?: (reason: ModalCloseReason) => void;
};

/** A page with a button opening the dialog, a link before and after, and the dialog itself. */
function Page({ placement, portalClassName, onClose }: Options) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <a href="/before">Before</a>
      <button type="button" onClick={() => setOpen(true)}>
        Open notes
      </button>
      <ModalDialog
        open={open}
        onClose={(reason) => {
          onClose?.(reason);
          setOpen(false);
        }}
        title="Notes"
        closeLabel="Close notes"
        block="test-modal"
        placement={placement}
        portalClassName={portalClassName}
      >
        <p>Some text</p>
        <a href="/inside">A link inside</a>
      </ModalDialog>
      <a href="/after">After</a>
    </main>
  );
}

const opener = () => screen.getByRole('button', { name: 'Open notes' });
const dialog = () => screen.getByRole('dialog', { name: 'Notes' });

afterEach(() => {
  document.documentElement.style.overflow = '';
});

describe('ModalDialog', () => {
  it('closed: renders nothing and leaves the page alone', () => {
    const { container } = render(<Page />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container.querySelector('.test-modal')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('open: a modal dialog named by its title, a named close button, focus inside, the page locked', async () => {
    render(<Page />);
    await userEvent.click(opener());
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog()).getByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Close notes' })).toHaveFocus();
    expect(within(dialog()).getByText('Some text')).toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe('hidden');
  });

  it.each([
    ['Escape', 'escape', () => userEvent.keyboard('{Escape}')],
    [
      'the close button',
      'button',
      () => userEvent.click(screen.getByRole('button', { name: 'Close notes' })),
    ],
    [
      'a click on the backdrop',
      'outside',
      () => userEvent.click(document.querySelector('.test-modal__backdrop')!),
    ],
  ] as const)(
    '%s closes it (%s); the focus goes back to the opener; the page scrolls again',
    async (_, reason, act) => {
      const onClose = vi.fn();
      render(<Page onClose={onClose} />);
      await userEvent.click(opener());
      await act();
      expect(onClose).toHaveBeenCalledWith(reason);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(opener()).toHaveFocus();
      expect(document.documentElement.style.overflow).toBe('');
    },
  );

  it('a click inside does not close it', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    await userEvent.click(opener());
    await userEvent.click(within(dialog()).getByText('Some text'));
    expect(dialog()).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Tab and Shift+Tab cycle inside', async () => {
    render(<Page />);
    await userEvent.click(opener());
    const close = within(dialog()).getByRole('button', { name: 'Close notes' });
    const link = within(dialog()).getByRole('link', { name: 'A link inside' });
    await userEvent.tab();
    expect(link).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(link).toHaveFocus();
  });

  it("keeps the widget's markup: the block's parts and the placement", async () => {
    render(<Page placement="side" />);
    await userEvent.click(opener());
    const overlay = document.querySelector('.test-modal')!;
    expect(overlay).toHaveClass('test-modal--side');
    expect(overlay).toHaveAttribute('data-placement', 'side');
    expect(dialog()).toHaveClass('test-modal__panel');
    expect(overlay.querySelector('.test-modal__header .test-modal__title')).toHaveTextContent('Notes');
    expect(overlay.querySelector('.test-modal__close')).toBe(
      within(dialog()).getByRole('button', { name: 'Close notes' }),
    );
  });

  it('centred by default', async () => {
    render(<Page />);
    await userEvent.click(opener());
    expect(document.querySelector('.test-modal')).toHaveAttribute('data-placement', 'center');
  });

  it('with a portal class: at the end of <body> while open, gone when closed', async () => {
    const { container } = render(<Page portalClassName="test-modal-host" />);
    await userEvent.click(opener());
    const host = dialog().closest('.test-modal-host')!;
    expect(host.parentElement).toBe(document.body);
    expect(container).not.toContainElement(dialog());
    await userEvent.keyboard('{Escape}');
    expect(document.querySelector('.test-modal-host')).toBeNull();
  });

  it('unmounted while open: the page scrolls again, its host goes, no key or focus listener is left', async () => {
    const onClose = vi.fn();
    const { unmount } = render(<Page onClose={onClose} portalClassName="test-modal-host" />);
    await userEvent.click(opener());
    const button = opener();
    const outside = document.body.appendChild(document.createElement('button'));
    outside.textContent = 'Elsewhere';
    // The opener goes with the page: the focus has nowhere to return, and nothing pulls it back.
    unmount();
    expect(document.documentElement.style.overflow).toBe('');
    expect(document.querySelector('.test-modal-host')).toBeNull();
    expect(button.isConnected).toBe(false);
    outside.focus();
    await userEvent.keyboard('{Escape}');
    await userEvent.tab();
    expect(onClose).not.toHaveBeenCalled();
    outside.remove();
  });
});
