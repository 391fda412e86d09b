import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { waitlistProps, WAITLIST_TEXT } from '../demo/waitlist';
import { WaitlistForm } from '../widgets/waitlist-form/WaitlistForm';
import { adminAjaxAction, malformed, never, posted, resetPosted, serverError } from './support/commercekit';
import { demoHandlers } from './support/msw';

const EMAIL_ERROR = 'Please enter a valid email address.';
const CONSENT_ERROR = 'Please give your consent to be contacted.';
const FAILED = 'Sorry, your request could not be sent. Please try again.';
const SLOW_MS = 1200;

const email = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('textbox', { name: 'Email address' });
const consent = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('checkbox', { name: 'I consent to being contacted by the store owner' });
const join = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('button', { name: 'Join waiting list' });

async function fillValid(canvasElement: HTMLElement) {
  await userEvent.type(email(canvasElement), 'shopper@example.com');
  await userEvent.click(consent(canvasElement));
}

/** The product summary of an out-of-stock product, where CommerceKit prints the form. */
function OutOfStockSummary(props: Parameters<typeof WaitlistForm>[0]) {
  return (
    <div className="summary entry-summary">
      <h1 className="product_title entry-title">Goalkeeper Gloves</h1>
      <p className="stock out-of-stock">Out of stock</p>
      <WaitlistForm {...props} />
    </div>
  );
}

const meta = {
  title: 'Widgets/Waitlist form',
  component: WaitlistForm,
  render: (args) => <OutOfStockSummary {...args} />,
  args: {
    ...waitlistProps({ productId: 15, action: '/product/goalkeeper-gloves/', nonce: '0123456789' }),
    timeout: 20_000,
  },
  beforeEach: () => {
    resetPosted();
    const error = spyOn(console, 'error');
    return () => error.mockRestore();
  },
} satisfies Meta<typeof WaitlistForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByText(WAITLIST_TEXT.intro)).toBeVisible();
    expect(email(canvasElement)).toHaveAttribute('placeholder', WAITLIST_TEXT.placeholder);
    expect(email(canvasElement)).not.toHaveAttribute('aria-invalid');
    expect(consent(canvasElement)).not.toBeChecked();
    expect(join(canvasElement)).toBeDisabled();
  },
};

export const Invalid: Story = {
  name: 'Invalid e-mail, no consent',
  play: async ({ canvasElement }) => {
    await userEvent.type(email(canvasElement), 'shopper@example.store');
    expect(email(canvasElement)).toHaveAttribute('aria-invalid', 'true');
    expect(email(canvasElement)).toHaveAccessibleDescription(EMAIL_ERROR);
    expect(consent(canvasElement)).toHaveAttribute('aria-invalid', 'true');
    expect(consent(canvasElement)).toHaveAccessibleDescription(CONSENT_ERROR);
    expect(join(canvasElement)).toBeDisabled();
  },
};

export const Valid: Story = {
  play: async ({ canvasElement }) => {
    await fillValid(canvasElement);
    expect(email(canvasElement)).not.toHaveAttribute('aria-invalid');
    expect(consent(canvasElement)).not.toHaveAttribute('aria-invalid');
    expect(join(canvasElement)).toBeEnabled();
  },
};

export const JoinAgainstDemoStore: Story = {
  name: 'Join (demo store), by keyboard',
  play: async ({ canvasElement }) => {
    email(canvasElement).focus();
    await userEvent.keyboard('shopper@example.com');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    expect(join(canvasElement)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const message = await within(canvasElement).findByRole('status');
    expect(message).toHaveTextContent(WAITLIST_TEXT.success);
    expect(message).toHaveFocus();
    expect(within(canvasElement).queryByRole('textbox')).not.toBeInTheDocument();
  },
};

export const Sending: Story = {
  name: 'Sending (slow server)',
  parameters: {
    msw: {
      handlers: [
        adminAjaxAction('commercekit_save_waitlist', async () => {
          await delay(SLOW_MS);
          return HttpResponse.json({ status: 1, message: WAITLIST_TEXT.success });
        }),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await fillValid(canvasElement);
    await userEvent.click(join(canvasElement));
    expect(join(canvasElement)).toHaveAttribute('aria-disabled', 'true');
    expect(join(canvasElement)).toHaveFocus();
    expect(canvasElement.querySelector('form')).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(join(canvasElement));
    expect(
      await within(canvasElement).findByRole('status', {}, { timeout: SLOW_MS + 2000 }),
    ).toHaveTextContent(WAITLIST_TEXT.success);
    expect(posted).toHaveLength(1);
    expect(Object.fromEntries(posted[0]!)).toEqual({
      action: 'commercekit_save_waitlist',
      product_id: '15',
      email: 'shopper@example.com',
    });
  },
};

export const Refused: Story = {
  name: 'Refused (status 0): error paragraph',
  parameters: {
    msw: {
      handlers: [
        adminAjaxAction('commercekit_save_waitlist', () =>
          HttpResponse.json({ status: 0, message: WAITLIST_TEXT.error }),
        ),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await fillValid(canvasElement);
    await userEvent.click(join(canvasElement));
    const alert = await within(canvasElement).findByRole('alert');
    expect(alert).toHaveTextContent(WAITLIST_TEXT.error);
    expect(alert).toHaveClass('error');
    expect(within(canvasElement).queryByRole('textbox')).not.toBeInTheDocument();
  },
};

/** The request failed: the form stays as filled in, says so, and the button works again. */
async function expectFailed(canvasElement: HTMLElement) {
  expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(FAILED);
  expect(email(canvasElement)).toHaveValue('shopper@example.com');
  expect(consent(canvasElement)).toBeChecked();
  await waitFor(() => expect(join(canvasElement)).toBeEnabled());
  expect(console.error).toHaveBeenCalledWith(
    expect.stringContaining('waitlist-form: the sign-up was not sent'),
    expect.anything(),
  );
}

export const ServerError: Story = {
  name: 'Server error (500), then a retry',
  parameters: {
    msw: {
      handlers: [
        adminAjaxAction('commercekit_save_waitlist', () =>
          posted.length === 1
            ? serverError()
            : HttpResponse.json({ status: 1, message: WAITLIST_TEXT.success }),
        ),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await fillValid(canvasElement);
    await userEvent.click(join(canvasElement));
    await expectFailed(canvasElement);
    await userEvent.click(join(canvasElement));
    expect(await within(canvasElement).findByRole('status')).toHaveTextContent(WAITLIST_TEXT.success);
  },
};

export const MalformedResponse: Story = {
  parameters: {
    msw: { handlers: [adminAjaxAction('commercekit_save_waitlist', malformed), ...demoHandlers] },
  },
  play: async ({ canvasElement }) => {
    await fillValid(canvasElement);
    await userEvent.click(join(canvasElement));
    await expectFailed(canvasElement);
  },
};

export const Timeout: Story = {
  args: { timeout: 300 },
  parameters: { msw: { handlers: [adminAjaxAction('commercekit_save_waitlist', never), ...demoHandlers] } },
  play: async ({ canvasElement }) => {
    await fillValid(canvasElement);
    await userEvent.click(join(canvasElement));
    await expectFailed(canvasElement);
  },
};

export const OutOfStockVariation: Story = {
  name: 'An out-of-stock variation (long texts)',
  args: {
    ...waitlistProps({
      productId: 24,
      action: '/product/junior-football-boots/',
      nonce: '0123456789',
      intro: 'UK 3, Blue is out of stock. Notify me when it is back in stock.',
    }),
    consentLabel:
      'I consent to being contacted by the store owner about this product coming back in stock, and understand that my address is deleted once I have been told',
  },
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByText(/UK 3, Blue is out of stock/)).toBeVisible();
    expect(
      within(canvasElement).getByRole('checkbox', { name: /I consent to being contacted/ }),
    ).toBeVisible();
  },
};
