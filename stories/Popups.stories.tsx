import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect, useState } from 'react';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { renderIsland } from '../demo/html';
import { islandSrc } from '../src/test/islands';
import { STORAGE_KEY } from '../widgets/popups/model';
import { PopupDialog, type PopupCloseReason } from '../widgets/popups/PopupDialog';
import type { PopupConfig, PopupDisplay } from '../widgets/popups/types';
import { islandRuntime } from './support/server-markup';
import { silenceConsoleError } from './support/console';

/**
 * Popups (widgets/popups): the engine over the server's container (a non-React island started by
 * the runtime, its dialog code imported when a popup shows), and the dialog's states.
 */

const { start: startRuntime, stop: stopIslands } = islandRuntime({
  popups: () => import('../widgets/popups/island'),
});
const GUEST = { logged_in: false, roles: [] };
const LOAD = { timeout: 5000 };
const NEWSLETTER =
  '<p>Be the first to hear about new junior boots.</p><form action="/" method="get">' +
  '<p><label for="story-email">E-mail address</label> <input type="email" id="story-email" name="newsletter" required></p>' +
  '<p><button type="submit">Sign up</button></p></form>';

/** The server's popups container (props + one template per popup), then the runtime starts. */
function ServerMarkup({ html }: { html: string }) {
  useLayoutEffect(() => {
    startRuntime();
  }, []);
  return (
    <div className="island-page">
      <h1>Junior football boots</h1>
      <p>The shop’s page, with its popups.</p>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

const popupsContainer = (popups: PopupConfig[], props: unknown = { popups, user: GUEST }) =>
  renderIsland(
    'popups',
    props,
    popups.map((p) => `<template data-popup-id="${p.id}">${NEWSLETTER}</template>`).join(''),
    { hydrate: 'load', src: islandSrc('popups'), attrs: { hidden: true } },
  );

const config = (triggers: PopupConfig['triggers'], display: PopupDisplay = {}): PopupConfig => ({
  id: 1,
  title: 'Join our newsletter',
  timing: {},
  triggers,
  display,
});

/** One popup's dialog, open, as the engine shows it; closed, what closed it. */
function PopupPreview({
  title,
  display,
  html,
  width,
}: {
  title: string;
  display: PopupDisplay;
  html: string;
  width?: number;
}) {
  const [closed, setClosed] = useState<PopupCloseReason | null>(null);
  return (
    <div style={width ? { width, maxWidth: width } : undefined}>
      <p>The page beneath.</p>
      {closed ? (
        <p role="status">Closed ({closed})</p>
      ) : (
        <PopupDialog title={title} display={display} html={html} onClose={setClosed} />
      )}
    </div>
  );
}

const page = () => within(document.body);
const container = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-island="popups"]')!;

const meta = {
  title: 'Widgets/Popups',
  component: PopupPreview,
  args: { title: 'Join our newsletter', display: {}, html: NEWSLETTER },
  beforeEach: () => {
    localStorage.removeItem(STORAGE_KEY);
    return () => {
      stopIslands();
      localStorage.removeItem(STORAGE_KEY);
      document.documentElement.style.overflow = '';
    };
  },
} satisfies Meta<typeof PopupPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Armed: Story = {
  name: 'Engine armed, nothing shown yet (page_load in 60 s)',
  render: () => <ServerMarkup html={popupsContainer([config({ page_load: { delay: 60 } })])} />,
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(container(canvasElement)).toHaveAttribute('data-island-state', 'mounted'),
      LOAD,
    );
    expect(page().queryByRole('dialog')).not.toBeInTheDocument();
    // The page view was counted.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toMatchObject({ pageViews: 1, sessions: 1 });
  },
};

export const OpenOnPageLoad: Story = {
  name: 'Open: shown by the engine, focus moved in after 250 ms',
  render: () => <ServerMarkup html={popupsContainer([config({ page_load: { delay: 0 } })])} />,
  play: async () => {
    const dialog = await page().findByRole('dialog', { name: 'Join our newsletter' }, LOAD);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(dialog).toHaveFocus());
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).popups['1'].shown).toHaveLength(1);
  },
};

export const CloseButtonDelayed: Story = {
  name: 'Close button delayed (1 s): reachable by Tab meanwhile',
  args: { display: { close_button_delay: 1 } },
  play: async ({ canvasElement }) => {
    const frame = canvasElement.querySelector('.shop-popup-frame')!;
    expect(frame).toHaveClass('shop-popup-frame--close-later');
    const close = page().getByRole('button', { name: 'Close' });
    expect(close).toBeInTheDocument();
    await waitFor(() => expect(frame).not.toHaveClass('shop-popup-frame--close-later'), { timeout: 3000 });
  },
};

export const AutoClosing: Story = {
  name: 'Closes by itself (close_automatically 1 s)',
  args: { display: { close_automatically: 1 } },
  play: async ({ canvasElement }) => {
    expect(page().getByRole('dialog')).toBeInTheDocument();
    await waitFor(
      () => expect(within(canvasElement).getByRole('status')).toHaveTextContent('Closed (auto)'),
      {
        timeout: 3000,
      },
    );
  },
};

export const PreventEsc: Story = {
  name: 'Escape and backdrop prevented: the close button closes',
  args: { display: { prevent_close_on_esc_key: true, prevent_close_on_background_click: true } },
  play: async ({ canvasElement }) => {
    const dialog = page().getByRole('dialog', { name: 'Join our newsletter' });
    await waitFor(() => expect(dialog).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await userEvent.click(canvasElement.querySelector('.shop-popup__backdrop')!);
    expect(dialog).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(within(canvasElement).getByRole('status')).toHaveTextContent('Closed (button)');
  },
};

export const DoNotShowAgain: Story = {
  name: 'Do not show again: closing it is remembered',
  render: () => (
    <ServerMarkup
      html={popupsContainer([config({ page_load: { delay: 0 } }, { do_not_show_again: true })])}
    />
  ),
  play: async () => {
    const dialog = await page().findByRole('dialog', { name: 'Join our newsletter' }, LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).popups['1'].never).toBe(true);
  },
};

export const WithForm: Story = {
  name: 'Content with a form (sanitised, kept working)',
  args: {
    html: `${NEWSLETTER}<p><a href="/shop/">Shop the boots</a></p><img src="x" alt="" onerror="alert(1)"><script>alert(2)</script>`,
  },
  play: async () => {
    const dialog = page().getByRole('dialog', { name: 'Join our newsletter' });
    expect(within(dialog).getByRole('textbox', { name: 'E-mail address' })).toBeRequired();
    expect(within(dialog).getByRole('button', { name: 'Sign up' })).toHaveAttribute('type', 'submit');
    expect(within(dialog).getByRole('link', { name: 'Shop the boots' })).toHaveAttribute('href', '/shop/');
    expect(dialog.querySelector('script, [onerror]')).toBeNull();
  },
};

export const Narrow: Story = {
  name: 'Narrow (320 px)',
  args: { width: 320 },
  play: async () => {
    const dialog = page().getByRole('dialog', { name: 'Join our newsletter' });
    expect(within(dialog).getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  },
};

export const InvalidProps: Story = {
  name: 'Invalid props: refused, nothing shown',
  render: () => (
    <ServerMarkup
      html={popupsContainer([config({ page_load: { delay: 0 } })], {
        popups: [{ ...config({ page_load: { delay: 0 } }), id: 'one' }],
        user: GUEST,
      })}
    />
  ),
  beforeEach: silenceConsoleError,
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(container(canvasElement)).toHaveAttribute('data-island-state', 'failed'),
      LOAD,
    );
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/island "popups" was not mounted: invalid props: "popups\[0\]\.id"/),
    );
    expect(page().queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  },
};

export const StorageBlocked: Story = {
  name: 'Storage blocked: popups still show (this page counted only)',
  render: () => <ServerMarkup html={popupsContainer([config({ page_load: { delay: 0 } })])} />,
  beforeEach: () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const get = spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
    const set = spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
    return () => {
      get.mockRestore();
      set.mockRestore();
    };
  },
  play: async () => {
    expect(await page().findByRole('dialog', { name: 'Join our newsletter' }, LOAD)).toBeInTheDocument();
  },
};
