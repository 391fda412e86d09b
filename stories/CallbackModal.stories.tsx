import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { useLayoutEffect } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { callbackFormMarkup } from '../demo/chrome/contact';
import { renderIsland } from '../demo/html';
import { islandSrc } from '../src/test/islands';
import { SEND_FAILED_MESSAGE } from '../widgets/callback-modal/model';
import { islandRuntime } from './support/server-markup';
import { silenceConsoleError } from './support/console';

/**
 * The callback-request modal over the server's markup (demo/chrome/contact.ts: the trigger link and
 * the plugin's form), mounted by the island runtime as on the page. The form posts to admin-ajax.php:
 * each story answers it with its own handler. The dialog is rendered at the end of <body>.
 */
const { start: startRuntime, stop: stopIslands } = islandRuntime({
  'callback-modal': () => import('../widgets/callback-modal/island'),
});

const PROPS = { title: 'Request a callback', triggerLabel: 'Request a callback' };
const LOAD = { timeout: 5000 };

interface PageArgs {
  props: unknown;
  /** The page's width in CSS pixels (a phone's: 320). */
  width?: number;
}

/** The contact page's callback block as the server prints it, then the runtime starts. */
function CallbackPage({ props, width }: PageArgs) {
  useLayoutEffect(() => {
    startRuntime();
  }, []);
  const html = renderIsland(
    'callback-modal',
    props,
    '<p><a class="callback-trigger button" href="#callback-request">Request a callback</a></p>' +
      callbackFormMarkup('0123456789', '/contact/'),
    { hydrate: 'load', src: islandSrc('callback-modal') },
  );
  return (
    <div style={width ? { width, maxWidth: '100%' } : undefined}>
      <h1>Contact us</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

const page = () => within(document.body);
const container = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('[data-island]')!;

async function mounted(canvas: HTMLElement) {
  await waitFor(() => expect(container(canvas)).toHaveAttribute('data-island-state', 'mounted'), LOAD);
  return within(canvas).getByRole('button', { name: 'Request a callback' });
}

async function open(canvas: HTMLElement) {
  await userEvent.click(await mounted(canvas));
  return page().findByRole('dialog', { name: 'Request a callback' }, LOAD);
}

async function fillAndSend(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText('Your name *'), 'Ada');
  await userEvent.type(within(dialog).getByLabelText('Phone number *'), '020 7946 0000');
  await userEvent.click(within(dialog).getByLabelText('I agree to be called about my request.'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
}

const answering = (resolver: HttpResponseResolver) => ({
  handlers: [http.post('*/wp-admin/admin-ajax.php', resolver)],
});

const meta = {
  title: 'Widgets/Callback modal',
  component: CallbackPage,
  args: { props: PROPS },
  parameters: {
    msw: answering(() =>
      HttpResponse.json({ success: true, data: { message: 'Thanks, Ada. We will call you back.' } }),
    ),
  },
  beforeEach: () => () => {
    stopIslands();
    // A story that ends with the dialog open leaves the page scrollable again for the next one.
    document.documentElement.style.overflow = '';
  },
} satisfies Meta<typeof CallbackPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  name: 'Closed: a button opening a dialog, the form out of sight',
  play: async ({ canvasElement }) => {
    const trigger = await mounted(canvasElement);
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(canvasElement.querySelector('#callback-request')).not.toBeVisible();
    expect(page().queryByRole('dialog')).not.toBeInTheDocument();
  },
};

export const Open: Story = {
  name: 'Open: the server’s form in a modal dialog',
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('Your name *')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Preferred time')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close callback request' })).toBeInTheDocument();
  },
};

export const Submitting: Story = {
  name: 'Submitting: one request on its way',
  parameters: { msw: answering(() => new Promise<never>(() => undefined)) },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await fillAndSend(dialog);
    expect(await within(dialog).findByText('Sending your request…')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send request' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const Success: Story = {
  name: 'Success: the server’s message, a Close button',
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await fillAndSend(dialog);
    expect(await within(dialog).findByText('Thanks, Ada. We will call you back.')).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
  },
};

export const ServerError: Story = {
  name: 'Refused by the server: its message, the fields kept',
  parameters: {
    msw: answering(() =>
      HttpResponse.json({ success: false, data: { message: 'Please enter your name and phone number.' } }),
    ),
  },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await fillAndSend(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please enter your name and phone number.',
    );
    expect(within(dialog).getByLabelText('Your name *')).toHaveValue('Ada');
  },
};

export const NetworkError: Story = {
  name: 'No answer (network error): a clear error, the fields kept',
  parameters: { msw: answering(() => HttpResponse.error()) },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await fillAndSend(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SEND_FAILED_MESSAGE);
    expect(within(dialog).getByLabelText('Phone number *')).toHaveValue('020 7946 0000');
    expect(within(dialog).getByRole('button', { name: 'Send request' })).not.toHaveAttribute('aria-disabled');
  },
};

export const Phone: Story = {
  name: 'Phone width (320 px): open',
  args: { width: 320 },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    expect(within(dialog).getByLabelText('Phone number *')).toBeInTheDocument();
  },
};

export const InvalidProps: Story = {
  name: 'Invalid props: the server’s link and form stay',
  args: { props: { ...PROPS, title: '' } },
  beforeEach: silenceConsoleError,
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(container(canvasElement)).toHaveAttribute('data-island-state', 'failed'),
      LOAD,
    );
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/island "callback-modal" was not mounted.*"title"/),
    );
    const link = within(canvasElement).getByRole('link', { name: 'Request a callback' });
    expect(link).toHaveAttribute('href', '#callback-request');
    expect(canvasElement.querySelector('#callback-request')).toBeVisible();
  },
};
