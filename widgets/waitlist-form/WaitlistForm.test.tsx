import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHandlers } from '../../demo/handlers';
import { resetStore, store } from '../../demo/store';
import { waitlistProps, WAITLIST_TEXT } from '../../demo/waitlist';
import { gate, type Gate } from '../../src/test/gate';
import { withTestServer } from '../../src/test/server';
import { WaitlistFormPropsSchema } from './schema';
import { WaitlistForm } from './WaitlistForm';

const server = setupServer();
const AJAX = '*/wp-admin/admin-ajax.php';
const props = (overrides: Record<string, unknown> = {}) =>
  WaitlistFormPropsSchema.parse({
    ...waitlistProps({ productId: 15, action: '/product/goalkeeper-gloves/', nonce: 'abcdef0123' }),
    ...overrides,
  });

const email = () => screen.getByRole('textbox', { name: 'Email address' });
const consent = () =>
  screen.getByRole('checkbox', { name: 'I consent to being contacted by the store owner' });
const join = () => screen.getByRole('button', { name: 'Join waiting list' });
const EMAIL_ERROR = 'Please enter a valid email address.';
const CONSENT_ERROR = 'Please give your consent to be contacted.';
const FAILED = 'Sorry, your request could not be sent. Please try again.';

let posted: URLSearchParams[] = [];
const ajax = (answer: () => Response | Promise<Response>) =>
  http.post(AJAX, async ({ request }) => {
    posted.push(new URLSearchParams(await request.text()));
    return answer();
  });
/** Success; held until `until` opens (a fixed delay may run out before a slow test looks). */
const ok = (until?: Gate) =>
  ajax(async () => {
    await until?.passed;
    return HttpResponse.json({ status: 1, message: WAITLIST_TEXT.success });
  });

async function fillValid() {
  await userEvent.type(email(), 'shopper@example.com');
  await userEvent.click(consent());
}

withTestServer(server);
beforeEach(() => {
  posted = [];
});

describe('WaitlistForm', () => {
  it('shows the intro, an e-mail field, the consent checkbox and a disabled button, with no errors yet', () => {
    render(<WaitlistForm {...props()} />);
    expect(screen.getByText('Notify me when the item is back in stock.')).toBeInTheDocument();
    expect(email()).toHaveAttribute('type', 'email');
    expect(email()).toHaveAttribute('placeholder', 'Enter your email address...');
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(consent()).not.toBeChecked();
    expect(join()).toBeDisabled();
    expect(screen.queryByText(EMAIL_ERROR)).toBeNull();
  });

  it('validates on keyup: invalid fields are marked, the button stays disabled until both are valid', async () => {
    render(<WaitlistForm {...props()} />);
    await userEvent.type(email(), 'shopper@example');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription(EMAIL_ERROR);
    expect(consent()).toHaveAttribute('aria-invalid', 'true');
    expect(consent()).toHaveAccessibleDescription(CONSENT_ERROR);
    expect(join()).toBeDisabled();

    await userEvent.type(email(), '.com');
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(EMAIL_ERROR)).toBeNull();
    expect(join()).toBeDisabled();

    await userEvent.click(consent());
    expect(consent()).not.toHaveAttribute('aria-invalid');
    expect(join()).toBeEnabled();

    await userEvent.click(consent());
    expect(screen.getByText(CONSENT_ERROR)).toBeInTheDocument();
    expect(join()).toBeDisabled();
  });

  it('validates on keyup alone too (an input event may not come, as with some IMEs)', () => {
    render(<WaitlistForm {...props()} />);
    (email() as HTMLInputElement).value = 'x'; // the value changes without an input event
    fireEvent.keyUp(email(), { key: 'x' });
    expect(email()).toHaveAttribute('aria-invalid', 'true');
  });

  it('validates on change (autofill, paste)', () => {
    render(<WaitlistForm {...props()} />);
    fireEvent.change(email(), { target: { value: 'shopper@example.com' } });
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(consent()).toHaveAttribute('aria-invalid', 'true');
  });

  it('tabbing through shows no error before the shopper types', async () => {
    render(<WaitlistForm {...props()} />);
    await userEvent.tab();
    expect(email()).toHaveFocus();
    await userEvent.tab();
    expect(consent()).toHaveFocus();
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(CONSENT_ERROR)).toBeNull();
  });

  it('a TLD longer than 4 characters is refused (spec §5)', async () => {
    render(<WaitlistForm {...props()} />);
    await userEvent.type(email(), 'shopper@example.store');
    await userEvent.click(consent());
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(join()).toBeDisabled();
  });

  it('sends product_id and email, disables the button meanwhile (aria-disabled), then the message replaces the form', async () => {
    const answer = gate();
    server.use(ok(answer));
    render(<WaitlistForm {...props()} />);
    await fillValid();
    await userEvent.click(join());
    // Disabled for assistive technologies and to the eye, and still focused (a `disabled` button
    // would drop the keyboard focus to the page).
    expect(join()).toHaveAttribute('aria-disabled', 'true');
    expect(join()).toHaveFocus();
    answer.open();
    const message = await screen.findByRole('status');
    expect(message).toHaveTextContent(WAITLIST_TEXT.success);
    expect(message).toHaveClass('success');
    expect(message).toHaveFocus();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(Object.fromEntries(posted[0]!)).toEqual({
      action: 'commercekit_save_waitlist',
      product_id: '15',
      email: 'shopper@example.com',
    });
  });

  it('status ≠ 1: the server’s message replaces the form as an error paragraph (role=alert)', async () => {
    server.use(
      ajax(() => HttpResponse.json({ status: 0, message: 'Error on submitting for waiting list.' })),
    );
    render(<WaitlistForm {...props()} />);
    await fillValid();
    await userEvent.click(join());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error on submitting for waiting list.');
    expect(alert).toHaveClass('error');
    expect(alert.tagName).toBe('P');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('is sent once, however often the shopper presses', async () => {
    const answer = gate();
    server.use(ok(answer));
    render(<WaitlistForm {...props()} />);
    await fillValid();
    await userEvent.click(join());
    await userEvent.click(join());
    fireEvent.submit((email() as HTMLInputElement).form!);
    answer.open();
    await screen.findByRole('status');
    expect(posted).toHaveLength(1);
  });

  it('by keyboard: Tab, type, Space, Enter', async () => {
    server.use(ok());
    render(<WaitlistForm {...props()} />);
    await userEvent.tab();
    await userEvent.keyboard('shopper@example.com');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    expect(join()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveFocus();
  });

  it.each([
    ['a server error (500)', () => new HttpResponse('Internal Server Error', { status: 500 })],
    [
      'a malformed answer',
      () => new HttpResponse('{"status":', { headers: { 'Content-Type': 'application/json' } }),
    ],
    ['an answer without message', () => HttpResponse.json({ status: 1 })],
    ['a network failure', () => HttpResponse.error()],
  ])('%s: the form stays as filled in, says so, and can be sent again', async (_case, fail) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      ajax(() => (posted.length === 1 ? fail() : HttpResponse.json({ status: 1, message: 'Joined' }))),
    );
    render(<WaitlistForm {...props()} />);
    await fillValid();
    await userEvent.click(join());
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(email()).toHaveValue('shopper@example.com');
    expect(consent()).toBeChecked();
    expect(join()).toBeEnabled();
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('waitlist-form: the sign-up was not sent'),
      expect.anything(),
    );
    await userEvent.click(join());
    expect(await screen.findByRole('status')).toHaveTextContent('Joined');
  });

  it('a timeout: the form stays and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      ajax(async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    render(<WaitlistForm {...props({ timeout: 50 })} />);
    await fillValid();
    await userEvent.click(join());
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(join()).toBeEnabled();
  });

  it('against the demo store: the sign-up is stored in the session', async () => {
    resetStore();
    server.use(...createHandlers({ store, singleSession: true }));
    render(<WaitlistForm {...props({ productId: 24 })} />);
    await fillValid();
    await userEvent.click(join());
    expect(await screen.findByRole('status')).toHaveTextContent(WAITLIST_TEXT.success);
  });

  describe('one request per sign-up (issue #11)', () => {
    const form = () => (email() as HTMLInputElement).form!;

    it('a double click sends once; meanwhile the form is busy and the button keeps the focus', async () => {
      const answer = gate();
      server.use(ok(answer));
      render(<WaitlistForm {...props()} />);
      await fillValid();
      await userEvent.dblClick(join());
      expect(form()).toHaveAttribute('aria-busy', 'true');
      expect(join()).toHaveAttribute('aria-disabled', 'true');
      expect(join()).toHaveFocus();
      answer.open();
      expect(await screen.findByRole('status')).toHaveFocus();
      expect(posted).toHaveLength(1);
    });

    it('Enter twice in the e-mail field sends once', async () => {
      const answer = gate();
      server.use(ok(answer));
      render(<WaitlistForm {...props()} />);
      await fillValid();
      await userEvent.type(email(), '{Enter}{Enter}');
      answer.open();
      await screen.findByRole('status');
      expect(posted).toHaveLength(1);
    });

    it('two submissions in one go (a script’s requestSubmit(), a replayed double click) send once', async () => {
      const answer = gate();
      server.use(ok(answer));
      render(<WaitlistForm {...props()} />);
      await fillValid();
      act(() => {
        form().requestSubmit();
        form().requestSubmit();
      });
      answer.open();
      await screen.findByRole('status');
      expect(posted).toHaveLength(1);
    });

    it('a slow answer: clicks, Enter and requestSubmit() while it runs send nothing more', async () => {
      const answer = gate();
      server.use(ok(answer));
      render(<WaitlistForm {...props()} />);
      await fillValid();
      await userEvent.click(join());
      await waitFor(() => expect(posted).toHaveLength(1));
      await userEvent.click(join());
      await userEvent.type(email(), '{Enter}');
      act(() => form().requestSubmit());
      answer.open();
      await screen.findByRole('status');
      expect(posted).toHaveLength(1);
    });

    it('failed, then sent again: exactly 2 requests, with what was typed', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const first = gate();
      server.use(
        ajax(async () => {
          if (posted.length > 1) return HttpResponse.json({ status: 1, message: 'Joined' });
          await first.passed;
          return new HttpResponse('Internal Server Error', { status: 500 });
        }),
      );
      render(<WaitlistForm {...props()} />);
      await fillValid();
      await userEvent.dblClick(join());
      first.open();
      expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
      expect(form()).not.toHaveAttribute('aria-busy', 'true');
      expect(join()).not.toHaveAttribute('aria-disabled');
      expect(email()).toHaveValue('shopper@example.com');
      expect(consent()).toBeChecked();
      await userEvent.dblClick(join());
      expect(await screen.findByRole('status')).toHaveTextContent('Joined');
      expect(posted).toHaveLength(2);
      expect(posted[1]!.get('email')).toBe('shopper@example.com');
    });
  });
});
