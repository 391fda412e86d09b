import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Each test loads its own copy of the module (the fetched code is cached per page: here, per test),
 * so the first opening is the one that fetches ModalDialog.
 */
async function fresh(options: { offline?: boolean } = {}) {
  vi.resetModules();
  if (options.offline) {
    vi.doMock('./ModalDialog', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
  }
  return import('./LazyModalDialog');
}

afterEach(() => {
  vi.doUnmock('./ModalDialog');
  vi.restoreAllMocks();
});

describe('LazyModalDialog', () => {
  it('renders nothing while closed, and the dialog once its code has come', async () => {
    const { LazyModalDialog } = await fresh();
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <LazyModalDialog
            open={open}
            onClose={() => setOpen(false)}
            title="Guide"
            closeLabel="Close"
            block="b"
          >
            <p>Inside</p>
          </LazyModalDialog>
        </>
      );
    }
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const button = screen.getByRole('button', { name: 'Open' });
    button.focus();
    button.click();
    const dialog = await screen.findByRole('dialog', { name: 'Guide' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    screen.getByRole('button', { name: 'Close' }).click();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
  });

  it('preloaded, it opens in the same render', async () => {
    const { LazyModalDialog, preloadModalDialog } = await fresh();
    await preloadModalDialog();
    render(
      <LazyModalDialog open onClose={() => undefined} title="Guide" closeLabel="Close" block="b">
        <p>Inside</p>
      </LazyModalDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Guide' })).toBeInTheDocument();
  });

  it('when the code cannot be fetched: the owner is told (onUnavailable), the error logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { LazyModalDialog, preloadModalDialog } = await fresh({ offline: true });
    await preloadModalDialog(); // a failed preload is silent: the opening tries again
    expect(error).not.toHaveBeenCalled();
    const onUnavailable = vi.fn();
    const onClose = vi.fn();
    render(
      <LazyModalDialog
        open
        onClose={onClose}
        onUnavailable={onUnavailable}
        title="Guide"
        closeLabel="Close"
        block="b"
      >
        <p>Inside</p>
      </LazyModalDialog>,
    );
    await vi.waitFor(() => expect(onUnavailable).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(error).toHaveBeenCalledWith('[shop-islands] the dialog could not be loaded.', expect.anything());
  });

  it('without onUnavailable, a dialog that cannot load closes itself', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { LazyModalDialog } = await fresh({ offline: true });
    const onClose = vi.fn();
    render(
      <LazyModalDialog open onClose={onClose} title="Guide" closeLabel="Close" block="b">
        <p>Inside</p>
      </LazyModalDialog>,
    );
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledWith('button'));
  });
});
