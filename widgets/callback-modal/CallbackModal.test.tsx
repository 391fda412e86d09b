import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpResponseResolver, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callbackFormMarkup } from '../../demo/chrome/contact';
import { LIVE_REGION_IDS } from '../../src/a11y/announce';
import { locatorOf, resolve } from '../../src/islands/locate';
import { withTestServer } from '../../src/test/server';
import { preloadModalDialog } from '../../src/ui/LazyModalDialog';
import island from './island';
import { DEFAULT_SUCCESS_MESSAGE, SEND_FAILED_MESSAGE } from './model';

const server = setupServer();
withTestServer(server);
beforeAll(() => preloadModalDialog());

const PROPS = { title: 'Request a callback', triggerLabel: 'Request a callback' };
const NONCE = '0123456789';
const context = { name: 'callback-modal', locate: { locatorOf, resolve } };

/** Every admin-ajax request's form body. */
let posts: URLSearchParams[] = [];
function answer(resolver: HttpResponseResolver) {
  posts = [];
  server.use(
    http.post('http://localhost:3000/wp-admin/admin-ajax.php', async (info) => {
      posts.push(new URLSearchParams(await info.request.clone().text()));
      return resolver(info);
    }),
  );
}
const json = (body: JsonBodyType) => () => HttpResponse.json(body);
const text =
  (body: string, status = 200) =>
  () =>
    new HttpResponse(body, { status, headers: { 'Content-Type': 'text/html; charset=UTF-8' } });

let container: HTMLElement;
let unmount = () => {};

function serve(formHtml = callbackFormMarkup(NONCE, '/contact/')) {
  container = document.createElement('div');
  container.setAttribute('data-island', 'callback-modal');
  container.innerHTML =
    '<p><a class="callback-trigger button" href="#callback-request">Request a callback</a></p>' + formHtml;
  document.body.append(container);
  return container;
}

async function mount(props: Record<string, unknown> = PROPS, formHtml?: string) {
  serve(formHtml);
  const result = await island.mount(container, props, context);
  if (!result.ok) throw new Error(`${result.field}: ${result.problem}`);
  unmount = result.unmount;
}

afterEach(() => {
  unmount();
  unmount = () => {};
  container?.remove();
});

const trigger = () => screen.getByRole('button', { name: 'Request a callback' });
const dialog = () => screen.getByRole('dialog', { name: 'Request a callback' });
const section = () => container.querySelector<HTMLElement>('#callback-request')!;
const form = () => document.querySelector<HTMLFormElement>('form.callback-request__form')!;
const field = (name: string) => within(dialog()).getByLabelText(name);
const send = () => within(dialog()).getByRole('button', { name: 'Send request' });

async function openAndFill(values = { name: 'Ada', phone: '020 7946 0000' }) {
  await userEvent.click(trigger());
  await userEvent.type(field('Your name *'), values.name);
  await userEvent.type(field('Phone number *'), values.phone);
  await userEvent.click(field('I agree to be called about my request.'));
}

describe('CallbackModal: the trigger and the dialog', () => {
  it('mounted: the form section is hidden, the link is a button announcing a dialog', async () => {
    await mount({ ...PROPS, triggerLabel: 'Call me back' });
    expect(section()).not.toBeVisible();
    const button = screen.getByRole('button', { name: 'Call me back' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button.tagName).toBe('A');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens on a click, holding the server’s own form node; the close button closes it, focus back', async () => {
    await mount();
    const serverForm = form();
    await userEvent.click(trigger());
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(dialog().contains(serverForm)).toBe(true);
    expect(document.querySelectorAll('form.callback-request__form')).toHaveLength(1);
    expect(dialog().contains(document.activeElement)).toBe(true);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Close callback request' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(section().contains(serverForm)).toBe(true);
    expect(trigger()).toHaveFocus();
  });

  it('Escape and a click outside close it', async () => {
    await mount();
    await userEvent.click(trigger());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger()).toHaveFocus();
    await userEvent.click(trigger());
    await userEvent.click(document.querySelector('.callback-modal__backdrop')!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger()).toHaveFocus();
  });

  it('by keyboard: Enter and Space open it', async () => {
    await mount();
    trigger().focus();
    await userEvent.keyboard('{Enter}');
    expect(dialog()).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(trigger()).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(dialog()).toBeInTheDocument();
  });

  it('what was typed is kept when it closes and opens again', async () => {
    await mount();
    await userEvent.click(trigger());
    await userEvent.type(field('Your name *'), 'Ada');
    await userEvent.selectOptions(field('Preferred time'), 'evening');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(trigger());
    expect(field('Your name *')).toHaveValue('Ada');
    expect(field('Preferred time')).toHaveValue('evening');
  });

  it('unmounted while open: the form back in its section, the markup as the server made it', async () => {
    serve();
    const before = container.innerHTML;
    const result = await island.mount(container, PROPS, context);
    if (!result.ok) throw new Error('not mounted');
    await userEvent.click(trigger());
    await userEvent.type(field('Your name *'), 'Ada');
    act(() => result.unmount());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('.callback-modal-host')).toBeNull();
    expect(section().contains(form())).toBe(true);
    expect(form().querySelector<HTMLInputElement>('[name="name"]')!.value).toBe('Ada');
    expect(container.innerHTML).toBe(before);
  });

  it('mounted while the shopper is in the form on the page: the form stays where it is', async () => {
    serve();
    container.querySelector<HTMLInputElement>('[name="name"]')!.focus();
    const result = await island.mount(container, PROPS, context);
    if (!result.ok) throw new Error('not mounted');
    unmount = result.unmount;
    expect(section()).toBeVisible();
    expect(container.querySelector('[name="name"]')).toHaveFocus();
  });
});

describe('CallbackModal: sending the form (the general admin call)', () => {
  it('success: the server’s message as text replaces the form, announced, with a Close button', async () => {
    answer(json({ success: true, data: { message: 'Thanks, <b>Ada</b>. We will call you back.' } }));
    await mount();
    await openAndFill();
    await userEvent.click(send());
    const message = await within(dialog()).findByText('Thanks, Ada. We will call you back.');
    expect(message).toHaveFocus();
    expect(form()).not.toBeVisible();
    expect(posts).toHaveLength(1);
    expect(Object.fromEntries(posts[0]!)).toEqual({
      name: 'Ada',
      phone: '020 7946 0000',
      preferred_time: 'any',
      consent: 'yes',
      action: 'shop_islands_callback_request',
      _wpnonce: NONCE,
      _wp_http_referer: '/contact/',
    });
    await waitFor(() =>
      expect(document.getElementById(LIVE_REGION_IDS.polite)).toHaveTextContent(
        'Thanks, Ada. We will call you back.',
      ),
    );
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger()).toHaveFocus();
    // Opened again: a fresh form.
    await userEvent.click(trigger());
    expect(field('Your name *')).toHaveValue('');
    expect(form()).toBeVisible();
  });

  it('"1": the props’ message, else the default one', async () => {
    answer(text('1'));
    await mount({ ...PROPS, successMessage: 'We will ring you today.' });
    await openAndFill();
    await userEvent.click(send());
    expect(await within(dialog()).findByText('We will ring you today.')).toBeInTheDocument();
    unmount();
    container.remove();
    await mount();
    await openAndFill();
    await userEvent.click(send());
    expect(await within(dialog()).findByText(DEFAULT_SUCCESS_MESSAGE)).toBeInTheDocument();
  });

  it('one request per submission: clicks and Enter while it is on its way are ignored', async () => {
    let release = () => {};
    answer(async () => {
      await new Promise<void>((done) => (release = done));
      return HttpResponse.json({ success: true, data: { message: 'Thanks.' } });
    });
    await mount();
    await openAndFill();
    await userEvent.dblClick(send());
    await userEvent.type(field('Your name *'), '{Enter}');
    expect(send()).toHaveAttribute('aria-disabled', 'true');
    expect(form()).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog()).getByText('Sending your request…')).toBeInTheDocument();
    await waitFor(() => expect(posts).toHaveLength(1));
    release();
    expect(await within(dialog()).findByText('Thanks.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
  });

  it('refused (success: false): the server’s words as an alert, the fields untouched', async () => {
    answer(json({ success: false, data: { message: 'Please enter your name and phone number.' } }));
    await mount();
    await openAndFill({ name: 'Ada', phone: ' ' });
    await userEvent.click(send());
    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('Please enter your name and phone number.');
    expect(field('Your name *')).toHaveValue('Ada');
    expect(field('I agree to be called about my request.')).toBeChecked();
    expect(send()).not.toHaveAttribute('aria-disabled');
  });

  it('refused with text data, or HTML: text only', async () => {
    answer(json({ success: false, data: '<img src=x onerror="alert(1)">Try <em>later</em>.' }));
    await mount();
    await openAndFill();
    await userEvent.click(send());
    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('Try later.');
    expect(alert.querySelector('img, em')).toBeNull();
  });

  it.each([
    ['HTTP 500', text('Internal Server Error', 500)],
    ['"-1" with 403 (nonce refused)', text('-1', 403)],
    ['"0" (no handler)', text('0', 400)],
    ['malformed JSON', text('{"success":')],
    ['a network failure', () => HttpResponse.error()],
    ['success: false without words', json({ success: false })],
  ])('%s: a clear error, the fields untouched, and the shopper can send again', async (_name, failing) => {
    answer(failing);
    await mount();
    await openAndFill();
    await userEvent.click(send());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(SEND_FAILED_MESSAGE);
    expect(field('Your name *')).toHaveValue('Ada');
    expect(field('Phone number *')).toHaveValue('020 7946 0000');
    answer(json({ success: true, data: { message: 'Thanks, Ada.' } }));
    await userEvent.click(send());
    expect(await within(dialog()).findByText('Thanks, Ada.')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('alert')).toBeNull();
  });

  it('no answer within the timeout: the same clear error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      answer(() => new Promise<never>(() => undefined));
      await mount();
      await openAndFill();
      fireEvent.click(send());
      await waitFor(() => expect(posts).toHaveLength(1));
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(SEND_FAILED_MESSAGE);
    } finally {
      vi.useRealTimers();
    }
  });

  it('unmounted while sending: the request is aborted, nothing shown', async () => {
    let aborted = false;
    answer(({ request }) => {
      request.signal.addEventListener('abort', () => (aborted = true));
      return new Promise<never>(() => undefined);
    });
    await mount();
    await openAndFill();
    await userEvent.click(send());
    await waitFor(() => expect(posts).toHaveLength(1));
    act(() => unmount());
    unmount = () => {};
    await waitFor(() => expect(aborted).toBe(true));
    expect(container.querySelector('.callback-request__status')).toBeNull();
  });

  it('a form posting anywhere else is submitted by the browser', async () => {
    answer(json({ success: true }));
    await mount(
      PROPS,
      callbackFormMarkup(NONCE, '/contact/').replace('/wp-admin/admin-ajax.php', '/contact/'),
    );
    await openAndFill();
    let prevented: boolean | null = null;
    const spy = (event: Event) => {
      prevented = event.defaultPrevented;
      event.preventDefault(); // jsdom cannot navigate
    };
    window.addEventListener('submit', spy);
    try {
      await userEvent.click(send());
    } finally {
      window.removeEventListener('submit', spy);
    }
    expect(prevented).toBe(false);
    expect(posts).toHaveLength(0);
  });

  it('a submission a page script stopped is not sent', async () => {
    answer(json({ success: true }));
    await mount();
    await openAndFill();
    const stop = (event: Event) => event.preventDefault();
    form().addEventListener('submit', stop);
    await userEvent.click(send());
    form().removeEventListener('submit', stop);
    expect(posts).toHaveLength(0);
  });
});

describe('callback-modal island', () => {
  it.each([
    [{ ...PROPS, title: '' }, 'title'],
    [{ ...PROPS, triggerLabel: '  ' }, 'triggerLabel'],
    [{ title: 'x' }, 'triggerLabel'],
    [{ ...PROPS, successMessage: 3 }, 'successMessage'],
  ])('refuses bad props (%#) naming the field; the markup stays', async (props, field) => {
    serve();
    const before = container.innerHTML;
    expect(await island.mount(container, props, context)).toMatchObject({ ok: false, field });
    expect(container.innerHTML).toBe(before);
  });

  it('accepts PHP’s absent successMessage (null)', async () => {
    await mount({ ...PROPS, successMessage: null });
    expect(trigger()).toBeInTheDocument();
  });

  it('refuses a container without the trigger or the form', async () => {
    container = document.createElement('div');
    container.innerHTML = '<a class="callback-trigger" href="#callback-request">Request a callback</a>';
    expect(await island.mount(container, PROPS, context)).toMatchObject({ ok: false, field: '(markup)' });
  });
});
